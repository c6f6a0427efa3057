//! The model written twice: `scripts/bench/*.pml` is the core of the battle
//! model in Promela. For each configuration, SPIN (exhaustive, exact
//! storage: `-DSAFETY -DNOREDUCE`) must store exactly one state more than
//! battlecheck explores with symmetry off: SPIN also stores its initial
//! state before the Promela process has set up the game (see the header of
//! `scripts/bench/battle.pml`). Equal counts cross-check both models.
//!
//! Needs `spin` and `gcc` (`apt-get install -y spin gcc`); the test fails,
//! it does not skip, when they are missing.

use battlecheck::check::{check, CheckOptions};
use battlecheck::rules::config::Config;
use std::path::{Path, PathBuf};
use std::process::Command;

fn bench_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/bench")
}

fn require(tool: &str, version_arg: &str) {
    match Command::new(tool).arg(version_arg).output() {
        Ok(_) => {}
        Err(e) => panic!(
            "`{tool}` is not installed ({e}). The SPIN cross-check needs it: install it with \
             `apt-get install -y spin gcc` (CI installs it)."
        ),
    }
}

fn run(cmd: &mut Command) -> String {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("could not run {cmd:?}: {e}"));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{cmd:?} failed:\n{text}");
    text
}

/// Runs SPIN on `scripts/bench/<name>.pml` and returns "states, stored".
fn spin_states(name: &str) -> u64 {
    require("spin", "-V");
    require("gcc", "--version");
    let model = bench_dir()
        .join(format!("{name}.pml"))
        .canonicalize()
        .expect("the Promela model exists");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("spin-{name}"));
    std::fs::create_dir_all(&dir).unwrap();
    run(Command::new("spin").arg("-a").arg(&model).current_dir(&dir));
    run(Command::new("gcc")
        .args([
            "-O2",
            "-DSAFETY",
            "-DNOREDUCE",
            "-DVMAX=320",
            "-o",
            "pan",
            "pan.c",
        ])
        .current_dir(&dir));
    let out = run(Command::new(dir.join("pan"))
        .args(["-m100000", "-w22"])
        .current_dir(&dir));
    assert!(
        out.contains("errors: 0"),
        "SPIN found an error (assertion or invalid end state):\n{out}"
    );
    assert!(
        !out.contains("max search depth too small"),
        "SPIN's depth bound cut the search:\n{out}"
    );
    out.lines()
        .find(|l| l.contains("states, stored"))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no 'states, stored' in SPIN's output:\n{out}"))
}

fn battlecheck_states(config: Config) -> u64 {
    let report = check(
        config,
        &CheckOptions {
            threads: 1,
            symmetry: false,
            ..Default::default()
        },
    )
    .unwrap();
    report.unique_states as u64
}

fn assert_equal_counts(pml: &str, config: Config) {
    let ours = battlecheck_states(config);
    let spin = spin_states(pml);
    assert_eq!(
        spin,
        ours + 1,
        "scripts/bench/{pml}.pml: SPIN stored {spin} states, battlecheck explored {ours} (+1 for SPIN's setup state)"
    );
}

fn no_concede(preset: &str) -> Config {
    let mut c = Config::preset(preset).unwrap();
    c.concede = false;
    c
}

#[test]
fn tiny_counts_equal() {
    assert_equal_counts("tiny", no_concede("tiny"));
}

#[test]
fn duo_counts_equal() {
    let mut c = no_concede("default");
    c.set_players(2).unwrap();
    assert_equal_counts("duo", c);
}

/// The benchmark configuration of `scripts/bench.sh` (1.4M states).
#[test]
fn bench_counts_equal() {
    assert_equal_counts("bench", no_concede("default"));
}

/// Four players (`scripts/bench.sh`'s second configuration, 6.3M states):
/// the default with a fourth seat holding a bear and no card in hand.
#[test]
fn quad_counts_equal() {
    let mut c = no_concede("default");
    c.set_players(4).unwrap();
    c.seats[3].hand.clear();
    assert_equal_counts("quad", c);
}
