//! Running the `battlecheck` binary from the command-line tests.

use std::process::{Command, Output};

/// The binary under test, ready for arguments.
pub fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_battlecheck"))
}

/// Run the binary with `args` to the end.
pub fn battlecheck(args: &[&str]) -> Output {
    bin().args(args).output().expect("the binary runs")
}

/// Run the binary with `args`, which it must refuse as bad input: exit code
/// 2, a message that says `says`, and no panic.
#[allow(dead_code)] // not every test binary refuses input
pub fn assert_bad_input(args: &[&str], says: &str) {
    let o = battlecheck(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
    assert!(
        text(&o).contains(says),
        "{args:?} should say {says:?}: {}",
        text(&o)
    );
    assert!(!text(&o).contains("panicked"), "{args:?}: {}", text(&o));
}

/// What a run printed: standard output, then standard error.
pub fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}
