//! The command line on bad or edge input, as a user or a CI pipeline hits
//! it: never a panic, a hang or a silent success. Each test runs the binary.

use std::io::{BufRead, BufReader};
mod process;

use process::{assert_bad_input, battlecheck, bin, text};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Wait for `child`, killing it after `limit` (a watchdog, so that a hang
/// fails the test instead of the suite): its output.
fn wait_at_most(mut child: Child, limit: Duration) -> Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            child.kill().unwrap();
            panic!("still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn flags_with_bad_values_name_the_flag() {
    assert_bad_input(&["check", "--players", "-1"], "--players");
    assert_bad_input(&["check", "--life", "-5"], "life must be 1 to 40, got -5");
    assert_bad_input(&["explore", "--port", "-1"], "--port");
    assert_bad_input(&["sweep", "--shard", "-1/2"], "--shard");
    assert_bad_input(&["check", "--shard", "3/2"], "--shard");
    assert_bad_input(&["check", "--timeout", "1e308"], "--timeout");
    assert_bad_input(&["check", "--hand", "1=bolt,,bolt"], "empty card name");
    assert_bad_input(
        &["check", "--hand", "1=bolt", "--hand", "1=bear"],
        "seat 1 is given twice",
    );
    assert_bad_input(&["bench", "--format", "junit"], "use human or json");
    for flag in ["--timeout", "--engine-timeout"] {
        let args = ["conform", "--preset", "tiny", flag, "1e300"];
        assert_bad_input(&args, &format!("{flag} 1e300: too many seconds"));
        assert!(
            text(&battlecheck(&args)).len() < 200,
            "the number written out"
        );
        assert_bad_input(
            &["conform", "--preset", "tiny", flag, "-1e300"],
            &format!("{flag} must be a positive number of seconds, got -1e300"),
        );
    }
}

#[test]
fn flags_that_do_not_apply_are_refused() {
    assert_bad_input(
        &[
            "check",
            "--preset",
            "tiny",
            "--engine-fault",
            "optional-trigger",
        ],
        "--target engine only",
    );
    assert_bad_input(
        &[
            "check",
            "--preset",
            "tiny",
            "--target",
            "engine",
            "--fault",
            "extra-defense-counter",
        ],
        "use --engine-fault",
    );
    assert_bad_input(
        &[
            "check", "--preset", "tiny", "--target", "engine", "--shard", "1/2",
        ],
        "--target model only",
    );
    assert_bad_input(
        &[
            "check",
            "--preset",
            "tiny",
            "--target",
            "engine",
            "--bitstate",
            "1",
        ],
        "--bitstate keeps the model's visited states: it applies to --target model only",
    );
}

/// `check --bitstate` on the command line: the JSON report says how the
/// visited states were kept and what that may have missed; an exact check
/// reports the chance of a fingerprint collision.
#[test]
fn a_check_reports_how_it_kept_its_visited_states() {
    let json = |args: &[&str]| {
        let o = battlecheck(args);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        serde_json::from_slice::<serde_json::Value>(&o.stdout).expect("a JSON report")
    };
    let exact = json(&["check", "--preset", "tiny", "--format", "json"]);
    assert_eq!(exact["visited"]["mode"], "fingerprints");
    assert!(exact["visited"]["collision_probability"].as_f64().unwrap() < 1e-12);
    let bits = json(&[
        "check",
        "--preset",
        "tiny",
        "--bitstate",
        "1",
        "--format",
        "json",
    ]);
    assert_eq!(bits["visited"]["mode"], "bitstate");
    assert_eq!(bits["visited"]["bits"], 1 << 23);
    assert_eq!(bits["visited"]["hash_functions"], 3);
    assert_eq!(bits["unique_states"], exact["unique_states"]);
    let o = battlecheck(&["check", "--preset", "tiny", "--bitstate", "1"]);
    assert!(
        text(&o).contains("result: PASS (bitstate hashing"),
        "{}",
        text(&o)
    );
}

/// `check --shard` on the command line: each shard's JSON report, merged
/// by `merge-reports`, gives the whole configuration's verdict and exit
/// code; a merge of something else names the file. The default splits at a
/// frontier in three: each shard, a process of its own, must have found
/// the same frontier and keyed its states alike.
#[test]
fn the_shards_of_a_check_merge_on_the_command_line() {
    let dir = std::env::temp_dir().join(format!("battlecheck-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let o = battlecheck(&[
            "check", "--preset", "default", "--shard", &shard, "--format", "json",
        ]);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        let file = dir.join(format!("shard-{k}.json"));
        std::fs::write(&file, &o.stdout).unwrap();
        files.push(file.to_str().unwrap().to_string());
    }
    let mut args = vec!["merge-reports", "--format", "human"];
    args.extend(files.iter().map(String::as_str));
    let o = battlecheck(&args);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("merged from 3 shards") && text(&o).contains("result: PASS"));
    let o = battlecheck(&["merge-reports", &files[0], &files[2]]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("miss shards [2] of 3"), "{}", text(&o));
    let other = dir.join("other.json");
    std::fs::write(&other, "{\"name\": \"not a report\"}").unwrap();
    assert_bad_input(
        &["merge-reports", other.to_str().unwrap()],
        "neither a sweep report",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A frontier file on the command line: written by one run, read by the
/// shards; refused where it does not apply or cannot be read, and not
/// written by a run stopped above the frontier (exit code 3).
#[test]
fn a_frontier_file_on_the_command_line() {
    let dir = std::env::temp_dir().join(format!("battlecheck-frontier-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("duel.frontier");
    let f = file.to_str().unwrap();
    let o = battlecheck(&[
        "check",
        "--preset",
        "duel",
        "--frontier-out",
        f,
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("\"frontier_out\""), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stderr).contains("frontier written to"));
    let o = battlecheck(&[
        "check",
        "--preset",
        "duel",
        "--shard",
        "1/2",
        "--frontier-in",
        f,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(
        text(&o).contains("started from a frontier file"),
        "{}",
        text(&o)
    );
    assert_bad_input(
        &["check", "--preset", "tiny", "--frontier-out", f],
        "a frontier file is for games of several turns",
    );
    assert_bad_input(
        &["check", "--preset", "duel", "--frontier-in", f],
        "--shard",
    );
    assert_bad_input(
        &[
            "check",
            "--preset",
            "duel",
            "--shard",
            "1/2",
            "--frontier-out",
            f,
        ],
        "--frontier-out",
    );
    assert_bad_input(
        &[
            "check",
            "--preset",
            "default",
            "--turns",
            "2",
            "--shard",
            "1/2",
            "--frontier-in",
            f,
        ],
        "the frontier is of another configuration",
    );
    let missing = dir.join("missing.frontier");
    assert_bad_input(
        &[
            "check",
            "--preset",
            "duel",
            "--shard",
            "1/2",
            "--frontier-in",
            missing.to_str().unwrap(),
        ],
        "missing.frontier",
    );
    assert_bad_input(
        &[
            "check",
            "--preset",
            "duel",
            "--frontier-out",
            "/nonexistent-dir/x.frontier",
        ],
        "--frontier-out /nonexistent-dir/x.frontier",
    );
    assert_bad_input(
        &[
            "check",
            "--preset",
            "duel",
            "--target",
            "engine",
            "--frontier-out",
            f,
        ],
        "--target model only",
    );
    let stopped = dir.join("stopped.frontier");
    let o = battlecheck(&[
        "check",
        "--preset",
        "duel",
        "--max-states",
        "500",
        "--frontier-out",
        stopped.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
    assert!(text(&o).contains("no frontier written"), "{}", text(&o));
    assert!(!stopped.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The model's stack and waiting triggers have fixed capacities: a
/// configuration that could exceed them is refused up front (it used to
/// abort with "capacity overflow").
#[test]
fn a_configuration_beyond_the_stack_is_refused_naming_it() {
    let bolts = ["bolt"; 13].join(",");
    let sieges = ["siege"; 11].join(",");
    let (hand1, hand2) = (format!("1={bolts}"), format!("2={sieges}"));
    assert_bad_input(
        &[
            "check",
            "--preset",
            "tiny",
            "--battlefield",
            "1=",
            "--battlefield",
            "2=",
            "--hand",
            &hand1,
            "--hand",
            &hand2,
        ],
        "the stack holds 24 items",
    );
    let many = format!("1={}", ["bolt"; 22].join(","));
    assert_bad_input(
        &["check", "--preset", "tiny", "--hand", &many],
        "at most 24",
    );
}

#[test]
fn a_thread_count_beyond_the_machine_is_capped_with_a_note() {
    let o = battlecheck(&[
        "check",
        "--preset",
        "tiny",
        "--threads",
        "99999999999",
        "--format",
        "json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stderr).contains("note: --threads 99999999999"));
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let cores = std::thread::available_parallelism().unwrap().get();
    assert_eq!(report["threads"], cores);
}

#[test]
fn a_closed_pipe_ends_quietly_and_a_full_disk_is_an_error() {
    let mut child = bin()
        .args(["check", "--preset", "duel"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = wait_at_most(child, Duration::from_secs(120));
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(o.stderr.is_empty(), "{}", text(&o));

    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let o = bin().args(["rules"]).stdout(full).output().unwrap();
    assert_eq!(o.status.code(), Some(4), "{}", text(&o));
    assert!(
        text(&o).contains("could not write the report to standard output"),
        "{}",
        text(&o)
    );
}

#[test]
fn max_states_stops_the_run_there() {
    // Two threads: the second waits for work when the first stops the run,
    // and must be woken (a watchdog, as a hang would not end the test).
    let child = bin()
        .args([
            "check",
            "--preset",
            "tiny",
            "--max-states",
            "1",
            "--threads",
            "2",
            "--format",
            "json",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let o = wait_at_most(child, Duration::from_secs(60));
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(report["complete"], false);
    assert_eq!(report["stopped_by"], "--max-states");
    assert!(report["unique_states"].as_u64().unwrap() < 214, "{report}");
}

/// A shard of a game of two turns (cut where the second turn begins),
/// stopped by `--max-states` in the first turn, before its frontier is
/// known, and in the second, after: each a PARTIAL report (exit code 3)
/// that says where it stopped.
#[test]
fn a_shard_stops_at_max_states_above_and_below_its_split() {
    for (limit, frontier) in [(100, 0), (12_000, 488)] {
        let limit = limit.to_string();
        let run = |format: &str| {
            let args = [
                "check",
                "--preset",
                "duel",
                "--shard",
                "1/2",
                "--max-states",
                &limit,
                "--format",
                format,
            ];
            let child = bin()
                .args(args)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            wait_at_most(child, Duration::from_secs(60))
        };
        let o = run("json");
        assert_eq!(o.status.code(), Some(3), "{}", text(&o));
        let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(report["complete"], false);
        assert_eq!(report["stopped_by"], "--max-states");
        assert_eq!(report["shard"]["frontier_states"], frontier, "{report}");
        assert_eq!(report["shard"]["frontier_turn"], 2, "{report}");
        let human = text(&run("human"));
        let line = if frontier == 0 {
            "shard 1/2: stopped above the split, before its frontier was known".to_string()
        } else {
            format!("{frontier} beginning turn 2")
        };
        assert!(human.contains(&line), "{human}");
    }
}

/// `command` (`check` or `conform`) on `threads` threads with `--timeout
/// 1` on a configuration far too big to finish: its JSON report says it was
/// stopped by the time limit within a second of it (exit code 3).
fn stops_at_a_one_second_timeout(command: &str, threads: &str) {
    let child = bin()
        .args([
            command,
            "--players",
            "4",
            "--threads",
            threads,
            "--timeout",
            "1",
            "--format",
            "json",
        ])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let o = wait_at_most(child, Duration::from_secs(60));
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(report["stopped_by"], "--timeout");
    assert!(
        report["seconds"].as_f64().unwrap() < 2.0,
        "{}",
        report["seconds"]
    );
}

/// stateright alone would look at the deadline only at the end of the
/// search.
#[test]
fn a_timeout_stops_a_single_threaded_run() {
    stops_at_a_one_second_timeout("check", "1");
}

/// At every thread count: with two threads as well (on a machine with
/// one core, `--threads 2` is capped to one thread).
#[test]
fn a_timeout_stops_every_thread() {
    stops_at_a_one_second_timeout("check", "2");
}

/// Ctrl-C to a run of `args` once it has run for 1.5 s: its output,
/// which must end with exit code 3 (a partial report).
fn interrupted(args: &[&str]) -> Output {
    let child = bin().args(args).stdout(Stdio::piped()).spawn().unwrap();
    let o = interrupt(child, Duration::from_millis(1500));
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
    o
}

/// Ctrl-C (SIGINT) to `child` once it has run for `after` (time to start
/// its run and install its handler): its output and exit status.
fn interrupt(child: Child, after: Duration) -> Output {
    std::thread::sleep(after);
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    wait_at_most(child, Duration::from_secs(60))
}

/// Ctrl-C to a run of `args` well under way: it ends with its partial
/// report (exit code 3), said to be stopped by the interrupt.
fn stops_on_interrupt(args: &[&str]) -> String {
    let o = interrupted(args);
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(
        out.contains("PARTIAL: the run was stopped (interrupted)"),
        "{out}"
    );
    out
}

#[test]
fn an_interrupt_prints_the_partial_report() {
    let out = stops_on_interrupt(&["check", "--players", "4", "--threads", "1"]);
    assert!(out.contains("result: PARTIAL"), "{out}");
}

#[test]
fn a_partial_junit_report_says_so() {
    let o = battlecheck(&[
        "check",
        "--preset",
        "tiny",
        "--max-states",
        "5",
        "--format",
        "junit",
    ]);
    assert_eq!(o.status.code(), Some(3));
    let xml = String::from_utf8_lossy(&o.stdout);
    assert!(xml.contains("name=\"exhaustive run\""), "{xml}");
    assert!(
        xml.contains("PARTIAL: the run was stopped (--max-states)"),
        "{xml}"
    );
}

#[test]
fn explore_on_port_0_prints_the_port_it_listens_on() {
    let mut child = bin()
        .args(["explore", "--preset", "tiny", "--port", "0"])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    lines.next();
    let url = lines.next().unwrap().unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    let port: u16 = url
        .trim_start_matches("Explorer: http://127.0.0.1:")
        .trim_end_matches('/')
        .parse()
        .unwrap();
    assert_ne!(port, 0, "{url}");
}

#[test]
fn explore_refuses_a_trace_it_cannot_follow_or_flags_beside_it() {
    let dir = std::env::temp_dir().join(format!("battlecheck-trace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let o = battlecheck(&[
        "check",
        "--preset",
        "tiny",
        "--fault",
        "extra-defense-counter",
        "--save-counterexample",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let file = dir.join("tiny-defense-never-exceeds-printed.json");
    let trace = file.to_str().unwrap();
    assert_bad_input(
        &[
            "explore", "--port", "0", "--trace", trace, "--preset", "duel",
        ],
        "drop the game flags",
    );
    let mut scenario: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    scenario["battlecheck"]["decisions"][0]["card"] = "#99".into();
    let bad = dir.join("bad-card.json");
    std::fs::write(&bad, scenario.to_string()).unwrap();
    assert_bad_input(
        &["explore", "--port", "0", "--trace", bad.to_str().unwrap()],
        "bad-card.json",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Files are read with a bound: what is not a regular file (a device, a
/// named pipe) is refused at once, naming it, instead of being read forever
/// or blocking; a symbolic link loop is called one.
#[test]
fn unreadable_inputs_are_refused_not_waited_for() {
    let dir = std::env::temp_dir().join(format!("battlecheck-inputs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let fifo = dir.join("pipe.json");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let (a, b) = (dir.join("loop-a.json"), dir.join("loop-b.json"));
    std::os::unix::fs::symlink(&b, &a).unwrap();
    std::os::unix::fs::symlink(&a, &b).unwrap();
    let fifo = fifo.to_str().unwrap();
    let cases: &[(&[&str], &str)] = &[
        (
            &["replay", "/dev/zero"],
            "a character device, not a regular file",
        ),
        (
            &["merge-reports", "/dev/zero"],
            "a character device, not a regular file",
        ),
        (
            &["explore", "--port", "0", "--trace", "/dev/zero"],
            "not a regular file",
        ),
        (&["replay", fifo], "a named pipe (FIFO), not a regular file"),
        (
            &["merge-reports", fifo],
            "a named pipe (FIFO), not a regular file",
        ),
        (&["replay", a.to_str().unwrap()], "symbolic link loop"),
    ];
    for (args, says) in cases {
        let child = bin()
            .args(*args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let o = wait_at_most(child, Duration::from_secs(20));
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
        assert!(
            text(&o).contains(says),
            "{args:?} should say {says:?}: {}",
            text(&o)
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `conform` honours the same limits as `check`: exactly N model states
/// compared with `--max-states N`, a stop within a second of `--timeout`
/// on one thread, and a partial report (exit code 3) for both.
#[test]
fn conform_stops_at_its_limits_with_a_partial_report() {
    let o = battlecheck(&["conform", "--max-states", "1000", "--format", "json"]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(report["complete"], false);
    assert_eq!(report["stopped_by"], "--max-states");
    assert_eq!(report["states"], 1000);
    stops_at_a_one_second_timeout("conform", "1");
    assert_bad_input(&["conform", "--max-states", "0"], "--max-states");
    assert_bad_input(&["conform", "--timeout", "-1"], "--timeout");
}

/// Ctrl-C stops `conform` with its partial report, as it stops `check`.
#[test]
fn an_interrupt_stops_conform_with_its_partial_report() {
    stops_on_interrupt(&["conform", "--players", "4", "--threads", "1"]);
}

fn dev_full() -> std::fs::File {
    std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap()
}

/// A full standard error loses the notes only: the report on standard
/// output, the exit code and a counterexample's file are all there, and
/// nothing panics (exit code 101).
#[test]
fn a_full_standard_error_loses_no_report_and_no_exit_code() {
    let dir = std::env::temp_dir().join(format!("battlecheck-full-stderr-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let cx = dir.to_str().unwrap();
    for (args, code, says) in [
        (
            vec!["check", "--preset", "tiny", "--threads", "64"],
            0,
            "result: PASS",
        ),
        (vec!["check", "--preset", "nope"], 2, ""),
        (vec!["replay", "nonexistent.json"], 2, "could not be run"),
        (
            vec!["conform", "--preset", "tiny", "--engine-cmd", "true"],
            2,
            "",
        ),
        (
            vec![
                "check",
                "--preset",
                "tiny",
                "--fault",
                "extra-defense-counter",
                "--save-counterexample",
                cx,
            ],
            1,
            "result: FAIL",
        ),
    ] {
        let o = bin().args(&args).stderr(dev_full()).output().unwrap();
        assert_eq!(o.status.code(), Some(code), "{args:?}: {}", text(&o));
        assert!(text(&o).contains(says), "{args:?}: {}", text(&o));
    }
    assert!(dir
        .join("tiny-defense-never-exceeds-printed.json")
        .is_file());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An output directory that cannot be used is refused before the run
/// (exit code 2, naming it); a closed standard output is exit code 4.
#[test]
fn an_unusable_destination_is_refused_before_the_run() {
    let file = std::env::temp_dir().join(format!("battlecheck-a-file-{}", std::process::id()));
    std::fs::write(&file, "").unwrap();
    let f = file.to_str().unwrap();
    let under = format!("{f}/sub");
    let tmp = std::env::temp_dir().display().to_string();
    for (args, says) in [
        (
            vec![
                "check",
                "--preset",
                "tiny",
                "--fault",
                "extra-defense-counter",
                "--save-counterexample",
                f,
            ],
            format!("{f} is a file; --save-counterexample takes a directory"),
        ),
        (
            vec![
                "conform",
                "--preset",
                "tiny",
                "--save-counterexample",
                &under,
            ],
            format!("--save-counterexample {under}: cannot make the directory"),
        ),
        (
            vec!["suite", "--preset", "tiny", "--out", f],
            format!("{f} is a file; --out takes a directory"),
        ),
        (
            vec!["check", "--preset", "tiny", "--output", &tmp],
            format!("--output {tmp}: {tmp} is a directory; --output takes a file"),
        ),
        (
            vec!["check", "--preset", "tiny", "-o", &under],
            format!("--output {under}: cannot write it"),
        ),
    ] {
        let start = Instant::now();
        assert_bad_input(&args, &says);
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "{args:?} ran first"
        );
    }
    std::fs::remove_file(&file).unwrap();

    let o = Command::new("sh")
        .args([
            "-c",
            &format!(
                "'{}' check --preset tiny >&-",
                env!("CARGO_BIN_EXE_battlecheck")
            ),
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(4), "{}", text(&o));
    assert!(
        text(&o).contains("standard output is closed"),
        "{}",
        text(&o)
    );
    let o = bin()
        .args(["check", "--preset", "tiny"])
        .stdout(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "/dev/null is a place to write: {}",
        text(&o)
    );
}

/// The processes whose command line holds `marker`.
fn processes_with(marker: &str) -> usize {
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| std::fs::read(e.ok()?.path().join("cmdline")).ok())
        .filter(|cmdline| String::from_utf8_lossy(cmdline).contains(marker))
        .count()
}

/// An engine started through a shell leaves nothing running: its process
/// group ends with it after a timeout and after a finished check.
#[test]
fn an_engine_process_leaves_no_process_behind() {
    let pid = std::process::id();
    // A marker no other process has: seconds to sleep, unique to this run.
    let hang = format!("300.{pid}");
    let o = battlecheck(&[
        "conform",
        "--preset",
        "tiny",
        "--engine-cmd",
        &format!("sh -c 'sleep {hang}; echo hi'"),
        "--engine-timeout",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("time limit"), "{}", text(&o));
    let after = format!("301.{pid}");
    let o = battlecheck(&[
        "conform",
        "--preset",
        "tiny",
        "--engine-cmd",
        &format!(
            "sh -c '\"{}\" serve-engine; sleep {after}'",
            env!("CARGO_BIN_EXE_battlecheck")
        ),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(
        processes_with(&hang),
        0,
        "the engine's child outlived a timeout"
    );
    assert_eq!(
        processes_with(&after),
        0,
        "the engine's child outlived the check"
    );
}

/// A restore sent in the same write as the next request does not share
/// its time limit: an engine that takes 0.6 s per request passes a limit
/// of 1 s.
#[test]
fn each_answer_has_the_whole_time_limit() {
    let slow = format!(
        "sh -c 'while read -r line; do sleep 0.6; printf \"%s\\n\" \"$line\"; done | \"{}\" serve-engine'",
        env!("CARGO_BIN_EXE_battlecheck")
    );
    let o = battlecheck(&[
        "conform",
        "--preset",
        "tiny",
        "--threads",
        "1",
        "--max-states",
        "3",
        "--engine-cmd",
        &slow,
        "--engine-timeout",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
    assert!(text(&o).contains("PARTIAL"), "{}", text(&o));
}

/// A replay that ran no scenario (an empty directory, or every file
/// skipped) is not a pass: exit code 2, saying so, unless `--allow-empty`.
#[test]
fn a_replay_that_checks_nothing_fails() {
    let empty = std::env::temp_dir().join(format!("battlecheck-empty-{}", std::process::id()));
    std::fs::create_dir_all(&empty).unwrap();
    let e = empty.to_str().unwrap();
    assert_bad_input(&["replay", e], "nothing was checked: no scenario file in");
    let o = battlecheck(&["replay", "--allow-empty", e]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    std::fs::remove_dir(&empty).unwrap();
    let skipped = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../engine/scenarios/b01-battle-timing-refused.json"
    );
    // serve-engine without the feature "act": it cannot take the file's
    // steps expected to be refused.
    let bin = env!("CARGO_BIN_EXE_battlecheck");
    let without_act = format!("sh -c \"'{bin}' serve-engine | sed -u 's/\\\"act\\\",//'\"");
    assert_bad_input(
        &["replay", "--engine-cmd", &without_act, skipped],
        "nothing was checked: all 1 scenario(s) skipped",
    );
}

/// Ctrl-C stops a replay of a directory between two scenarios, with the
/// report of those run and exit code 3.
#[test]
fn an_interrupt_stops_a_replay_with_the_scenarios_run() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/scenarios");
    let serve = format!("'{}' serve-engine", env!("CARGO_BIN_EXE_battlecheck"));
    // The report streams a line per scenario: to a file, not a pipe that
    // nobody reads while the run goes on.
    let report = std::env::temp_dir().join(format!("battlecheck-replay-{}", std::process::id()));
    let mut args = vec!["replay", "--engine-cmd", &serve];
    args.extend([dir; 20]);
    let child = bin()
        .args(&args)
        .stdout(std::fs::File::create(&report).unwrap())
        .spawn()
        .unwrap();
    let o = interrupt(child, Duration::from_millis(1500));
    let out = std::fs::read_to_string(&report).unwrap();
    std::fs::remove_file(&report).unwrap();
    assert_eq!(o.status.code(), Some(3), "{out}");
    let summary = out.lines().rev().nth(1).unwrap();
    let partial = out.lines().last().unwrap();
    assert!(summary.contains(" scenarios: "), "{summary}");
    assert!(
        partial.starts_with("PARTIAL: the run was stopped (interrupted) after "),
        "{partial}"
    );
}

/// A witness is n/a for the reason that holds: a burn spell too small for
/// the battles' defense is named as such, a configuration with no burn at
/// all as lacking it.
#[test]
fn a_witness_out_of_reach_gives_its_true_reason() {
    let o = battlecheck(&["check", "--defense", "3"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let line = |o: &Output| {
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .find(|l| l.contains("siege-defeated-by-spell"))
            .unwrap()
            .to_string()
    };
    assert!(
        line(&o).contains("n/a")
            && line(&o).contains(
                "(configuration lacks: Burn (the burn spell deals 2, less than defense 3))"
            ),
        "{}",
        line(&o)
    );
    let o = battlecheck(&["check", "--preset", "tiny"]);
    assert!(
        line(&o).ends_with("(configuration lacks: Burn)"),
        "{}",
        line(&o)
    );
    let o = battlecheck(&["check", "--defense", "2"]);
    assert!(line(&o).contains("witnessed"), "{}", line(&o));
    // The README's example of a witness not reached (exit code 1).
    let o = battlecheck(&["check", "--defense", "9"]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert!(
        text(&o).contains("NOT WITNESSED siege-defeated-in-combat-and-cast"),
        "{}",
        text(&o)
    );
}

/// `scenario check` says what a field takes where a value fits none of its
/// forms, not only the schema's "not valid under any of the schemas listed
/// in the 'oneOf' keyword", and still names every path at fault.
#[test]
fn scenario_check_explains_a_value_of_no_form() {
    let file = std::env::temp_dir().join(format!("battlecheck-two-{}.json", std::process::id()));
    std::fs::write(
        &file,
        r#"{"name": "x", "players": "two", "cards": [{"id": "a", "card": "Grizzly Bears", "owner": "P1", "zone": 3}], "steps": []}"#,
    )
    .unwrap();
    let f = file.to_str().unwrap();
    assert_bad_input(
        &["scenario", "check", f],
        "at `/players`: \"two\" is none of the forms this field takes (The number of players",
    );
    let said = text(&battlecheck(&["scenario", "check", f]));
    assert!(
        said.contains("at `/cards/0/zone`: 3 is none of the forms this field takes (Where it is.; one of: hand, battlefield,"),
        "{said}"
    );
    assert!(!said.contains("oneOf"), "{said}");
    std::fs::remove_file(&file).unwrap();
}

/// `--max-memory` stops a check, a conform run and a sweep with a partial
/// report (exit code 3) instead of growing until the kernel ends it.
#[test]
fn max_memory_stops_the_run_with_a_partial_report() {
    for args in [
        vec!["check", "--players", "4", "--max-memory", "48"],
        vec![
            "check",
            "--players",
            "4",
            "--bitstate",
            "64",
            "--max-memory",
            "48",
        ],
        vec!["conform", "--players", "4", "--max-memory", "48"],
    ] {
        let o = battlecheck(&args);
        assert_eq!(o.status.code(), Some(3), "{args:?}: {}", text(&o));
        assert!(
            text(&o).contains("PARTIAL: the run was stopped (--max-memory)"),
            "{args:?}: {}",
            text(&o)
        );
    }
    let o = battlecheck(&[
        "sweep",
        "--presets",
        "default",
        "--players",
        "4",
        "--defenses",
        "2",
        "--turns",
        "1",
        "--concede",
        "true",
        "--max-memory",
        "24",
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
    assert!(
        text(&o).contains("PARTIAL (stopped: --max-memory)"),
        "{}",
        text(&o)
    );
    assert!(
        text(&o).contains("1 PARTIAL (stopped before the end: not a pass)"),
        "{}",
        text(&o)
    );
    assert_bad_input(
        &["check", "--max-memory", "0"],
        "--max-memory must be at least 1 MiB",
    );
}

/// Ctrl-C stops `coverage` with the coverage of what ran, PARTIAL (exit
/// code 3), not an empty report; each stopped configuration says so.
#[test]
fn an_interrupt_stops_coverage_with_a_partial_report() {
    let o = interrupted(&["coverage", "--format", "json"]);
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let stopped = report["stopped"].as_array().unwrap();
    assert!(!stopped.is_empty(), "{report}");
    assert!(
        stopped[0].as_str().unwrap().ends_with("(interrupted)"),
        "{report}"
    );
    assert_eq!(report["diverged"], serde_json::json!([]), "{report}");
}

/// Ctrl-C stops `bench` with the measurements it completed, said to be
/// partial (exit code 3); the variant that was running is left out.
#[test]
fn an_interrupt_stops_bench_with_what_it_measured() {
    let o = interrupted(&["bench", "--preset", "default", "--format", "json"]);
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(report["stopped"], "interrupted", "{report}");
    assert!(
        report["variants"].as_array().unwrap().len() < 10,
        "{report}"
    );
    let o = interrupted(&["bench", "--preset", "default"]);
    assert!(
        String::from_utf8_lossy(&o.stdout)
            .contains("PARTIAL: the benchmark was stopped (interrupted)"),
        "{}",
        text(&o)
    );
}

/// Ctrl-C stops `suite` with the files of the goals it found, said to be
/// partial (exit code 3), and claims no goal unreachable.
#[test]
fn an_interrupt_stops_suite_with_the_files_written() {
    let dir = std::env::temp_dir().join(format!("battlecheck-suite-int-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let child = bin()
        .args(["suite", "--players", "4", "--out", dir.to_str().unwrap()])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let o = interrupt(child, Duration::from_millis(1500));
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
    assert!(
        out.contains("PARTIAL: the suite was stopped (interrupted)"),
        "{out}"
    );
    assert!(!out.contains("not reachable"), "{out}");
}
