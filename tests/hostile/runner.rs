//! Running one hostile case through the release binary and judging what a player would see.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What the case must end with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// Exit 2 with a message on stderr.
    Refused,
    /// Exit 0.
    Accepted,
    /// Exit 0 with a `warning:` line, or exit 2: damage seen either way.
    Noticed,
    /// Either exit 0 or exit 2.
    Either,
    /// Exit 0 with a `warning:` line: cleaned, and said so.
    Warned,
}

/// A check of the files a case leaves behind; returns what is wrong.
pub type Leftovers = Box<dyn Fn(bool) -> Option<String> + Send>;

/// One hostile input and the command that feeds it to the game.
pub struct Case {
    /// The class the tally counts it in.
    pub class: &'static str,
    /// A short name for the report.
    pub name: String,
    /// `omms` arguments.
    pub args: Vec<String>,
    /// Working folder for the run.
    pub dir: PathBuf,
    pub expect: Expect,
    /// Seconds before the run counts as hung.
    pub limit: Duration,
    /// Words stderr must contain when the input is refused (e.g. the file's name).
    pub names: Vec<String>,
    /// What must (not) be on disk afterwards; told whether the run succeeded.
    pub leftovers: Option<Leftovers>,
}

/// How a run ended, as the tally counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    Clean,
    Panicked,
    Hung,
    WrongExit,
    Partial,
}

/// Tallies per class.
#[derive(Default)]
pub struct Tally {
    rows: BTreeMap<&'static str, [usize; 6]>,
    /// Every case that was not clean, with why.
    pub failures: Vec<String>,
}

impl Tally {
    pub fn add(&mut self, class: &'static str, v: Verdict, why: Option<String>) {
        let row = self.rows.entry(class).or_default();
        row[0] += 1;
        row[1 + v as usize] += 1;
        if let Some(w) = why {
            self.failures.push(format!("[{class}] {w}"));
        }
    }

    pub fn table(&self) -> String {
        let mut s = format!(
            "{:<18} {:>6} {:>6} {:>9} {:>5} {:>11} {:>15}\n",
            "class", "tried", "clean", "panicked", "hung", "wrong exit", "partial output"
        );
        let mut total = [0usize; 6];
        for (class, r) in &self.rows {
            s += &format!(
                "{:<18} {:>6} {:>6} {:>9} {:>5} {:>11} {:>15}\n",
                class, r[0], r[1], r[2], r[3], r[4], r[5]
            );
            for (t, v) in total.iter_mut().zip(r) {
                *t += v;
            }
        }
        s += &format!(
            "{:<18} {:>6} {:>6} {:>9} {:>5} {:>11} {:>15}\n",
            "total", total[0], total[1], total[2], total[3], total[4], total[5]
        );
        s
    }

    pub fn clean(&self) -> bool {
        self.failures.is_empty()
    }
}

/// Run a case and judge it.
pub fn run(case: &Case) -> (Verdict, Option<String>) {
    let start = Instant::now();
    let mut child = Command::new(env!("CARGO_BIN_EXE_omms"))
        .args(&case.args)
        .current_dir(&case.dir)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run omms");
    // Read both pipes on threads, so a chatty run never blocks on a full pipe.
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let t_out = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = std::io::Read::read_to_end(&mut out, &mut s);
        s
    });
    let t_err = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = std::io::Read::read_to_end(&mut err, &mut s);
        s
    });
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break Some(s);
        }
        if start.elapsed() > case.limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let stdout = String::from_utf8_lossy(&t_out.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&t_err.join().unwrap()).into_owned();
    let what = format!("{} ({})", case.name, case.args.join(" "));
    let Some(status) = status else {
        return (
            Verdict::Hung,
            Some(format!("{what}: still running after {:?}", case.limit)),
        );
    };
    if status.code() == Some(101)
        || stderr.contains("panicked")
        || stderr.contains("RUST_BACKTRACE")
    {
        return (Verdict::Panicked, Some(format!("{what}: {stderr}")));
    }
    let code = status.code();
    let warned = stdout.contains("warning:") || stderr.contains("warning:");
    let ok = match case.expect {
        Expect::Refused => code == Some(2),
        Expect::Accepted => code == Some(0),
        Expect::Noticed => code == Some(2) || (code == Some(0) && warned),
        Expect::Either => code == Some(0) || code == Some(2),
        Expect::Warned => code == Some(0) && warned,
    };
    if !ok {
        return (
            Verdict::WrongExit,
            Some(format!(
                "{what}: exit {code:?}, expected {:?}; stdout: {}; stderr: {stderr}",
                case.expect,
                stdout.lines().take(8).collect::<Vec<_>>().join(" | ")
            )),
        );
    }
    if code == Some(2) {
        // One clear line: `error: …` naming what was wrong.
        let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
        let named = case.names.iter().all(|n| stderr.contains(n.as_str()));
        if lines.first().is_none_or(|l| !l.starts_with("error:")) || !named {
            return (
                Verdict::WrongExit,
                Some(format!(
                    "{what}: refused without a clear message naming {:?}: {stderr}",
                    case.names
                )),
            );
        }
    }
    if let Some(check) = &case.leftovers {
        if let Some(why) = check(code == Some(0)) {
            return (Verdict::Partial, Some(format!("{what}: {why}")));
        }
    }
    (Verdict::Clean, None)
}

/// Hidden entries (staging folders, `.old-PID` leftovers) in `dir`.
pub fn hidden_in(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n.starts_with('.'))
                .collect()
        })
        .unwrap_or_default()
}
