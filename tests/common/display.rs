//! Running the real binary's window under a virtual X server.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Whether `xvfb-run` is installed (CI installs it; a developer machine may not have it).
pub fn have_xvfb() -> bool {
    Command::new("xvfb-run")
        .arg("--help")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

/// `omms ARGS` under `xvfb-run` with a 1280×800 screen, not yet run.
pub fn under_xvfb() -> Command {
    let mut cmd = Command::new("xvfb-run");
    cmd.args(["-a", "-s", "-screen 0 1280x800x24"])
        .arg(env!("CARGO_BIN_EXE_omms"));
    cmd
}

/// Run the command, killing it if its window never closes.
pub fn run_with_timeout(cmd: &mut Command, limit: Duration) -> std::process::Output {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            child.kill().unwrap();
            panic!("the window did not close within {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    child.wait_with_output().unwrap()
}
