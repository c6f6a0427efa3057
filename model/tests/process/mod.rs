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

/// What a run printed: standard output, then standard error.
pub fn text(o: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}
