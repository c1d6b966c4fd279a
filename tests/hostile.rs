//! The hostile corpus: generated inputs of every kind the game reads (no raw OSM is committed),
//! each fed to the release binary the way a user would, and judged as the issue counts them —
//! clean, panicked, hung, wrong exit or partial output. The tally per class is printed.
//!
//! The suite runs a bounded subset; `OMMS_HOSTILE_FULL=1` (or `tools/hostile`) runs everything,
//! including the huge inputs.

mod common;

#[path = "hostile/file_cases.rs"]
mod file_cases;
#[path = "hostile/import_cases.rs"]
mod import_cases;
#[path = "hostile/runner.rs"]
mod runner;

use runner::{Case, Tally};

fn full() -> bool {
    std::env::var_os("OMMS_HOSTILE_FULL").is_some_and(|v| v != "0")
}

/// Run cases on two threads (the machine has two cores) and tally them.
fn run_all(cases: Vec<Case>) -> Tally {
    let cases = std::sync::Mutex::new(cases.into_iter().collect::<Vec<_>>());
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let Some(case) = cases.lock().unwrap().pop() else {
                    break;
                };
                let (v, why) = runner::run(&case);
                results.lock().unwrap().push((case.class, v, why));
            });
        }
    });
    let mut tally = Tally::default();
    for (class, v, why) in results.into_inner().unwrap() {
        tally.add(class, v, why);
    }
    tally
}

fn report(tally: &Tally) {
    println!("{}", tally.table());
    assert!(
        tally.clean(),
        "{} hostile case(s) not handled cleanly:\n{}",
        tally.failures.len(),
        tally.failures.join("\n")
    );
}

#[test]
fn hostile_imports_are_refused_or_cleaned() {
    let root = tempfile::tempdir().unwrap();
    let mut cases = Vec::new();
    cases.extend(import_cases::cuts(root.path()));
    cases.extend(import_cases::flips(
        root.path(),
        if full() { 200 } else { 16 },
    ));
    cases.extend(import_cases::bad_members(root.path()));
    cases.extend(import_cases::defects(root.path()));
    cases.extend(import_cases::outs(root.path()));
    report(&run_all(cases));
}

#[test]
fn hostile_packages_scenarios_saves_and_arguments_end_cleanly() {
    let root = tempfile::tempdir().unwrap();
    let mut cases = Vec::new();
    cases.extend(file_cases::packages(root.path(), full()));
    cases.extend(file_cases::scenarios(root.path()));
    cases.extend(file_cases::saves(root.path()));
    cases.extend(file_cases::arguments_and_huge(root.path(), full()));
    report(&run_all(cases));
}
