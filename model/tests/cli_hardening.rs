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

/// Ctrl-C (SIGINT) to a run of `args` well under way: it ends with its
/// partial report (exit code 3), said to be stopped by the interrupt.
fn stops_on_interrupt(args: &[&str]) -> String {
    let child = bin().args(args).stdout(Stdio::piped()).spawn().unwrap();
    // The report is written when the run ends; give the process time to
    // start its run (and install its handler) first.
    std::thread::sleep(Duration::from_millis(1500));
    let status = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let o = wait_at_most(child, Duration::from_secs(60));
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
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
