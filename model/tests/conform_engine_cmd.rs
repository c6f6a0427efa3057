//! `conform --engine-cmd`: the lockstep check of an engine behind the
//! engine protocol. With this repository's engine as a process
//! (`battlecheck serve-engine`), every configuration of the CI suite gives
//! the same verdict and the same counts as in process, with snapshots and
//! without (decisions replayed); an engine process that fails mid-run is
//! reported as such (exit 2), within the time limit, never as a verdict.

mod process;

use battlecheck::conform::{conform, suite, ConformOptions, ConformReport};
use battlecheck::report::conform::human_report;
use battlecheck::Config;
use process::{battlecheck, text};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_battlecheck");

fn run(config: Config, engine_cmd: Option<String>) -> ConformReport {
    let opts = ConformOptions {
        threads: 2,
        engine_cmd,
        ..ConformOptions::default()
    };
    let r = conform(config, &opts).unwrap();
    eprintln!("{}", human_report(&r));
    r
}

fn same(a: &ConformReport, b: &ConformReport) {
    let name = &a.config.name;
    assert!(a.passed() && b.passed(), "{name}");
    assert_eq!(
        (a.states, a.transitions, a.depth),
        (b.states, b.transitions, b.depth),
        "{name}: the same counts in process and through the protocol"
    );
    assert_eq!(a.symmetry, b.symmetry, "{name}");
}

/// Every small configuration of the CI suite (the default is checked in
/// process by `.ci/run`, and through the protocol by the ignored test
/// below: about 7 minutes). A preset the suite varies over printed
/// defenses goes through once, at the first: the protocol carries the
/// same kinds of message at every defense, and the in-process check
/// (`tests/conform.rs`, `battlecheck coverage`) takes all four.
#[test]
fn the_ci_suite_through_serve_engine_gives_the_same_counts() {
    let serve = format!("'{BIN}' serve-engine");
    let configs = suite::ci().unwrap();
    assert!(configs.len() > 10);
    let mut varied = std::collections::HashSet::new();
    let piped: Vec<Config> = configs
        .into_iter()
        .filter(|c| c.name != "default")
        .filter(|c| match c.name.split_once("-defense-") {
            Some((preset, _)) => varied.insert(preset.to_string()),
            None => true,
        })
        .collect();
    assert!(varied.len() > 5 && piped.len() > 20, "{}", piped.len());
    for config in piped {
        let piped = run(config.clone(), Some(serve.clone()));
        assert!(
            piped.engine.name.starts_with("battlecheck-engine"),
            "{:?}",
            piped.engine
        );
        same(&run(config, None), &piped);
    }
}

#[test]
#[ignore = "about 7 minutes: run with --ignored"]
fn the_default_through_serve_engine_gives_the_same_counts() {
    let config = Config::preset("default").unwrap();
    let piped = run(config.clone(), Some(format!("'{BIN}' serve-engine")));
    same(&run(config, None), &piped);
}

/// An engine without snapshots is driven by replaying decisions from the
/// position: the same exploration, more slowly.
#[test]
fn an_engine_without_snapshots_gives_the_same_counts() {
    let serve = format!("'{BIN}' serve-engine --no-snapshots");
    for preset in ["tiny", "copies"] {
        let config = Config::preset(preset).unwrap();
        same(
            &run(config.clone(), None),
            &run(config, Some(serve.clone())),
        );
    }
}

#[test]
fn an_injected_bug_is_caught_through_the_command_line() {
    let dir = std::env::temp_dir().join(format!("battlecheck-engine-cmd-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let engine = format!("'{BIN}' serve-engine --engine-fault trigger-per-source");
    let out = battlecheck(&[
        "conform",
        "--preset",
        "tiny",
        "--engine-cmd",
        &engine,
        "--save-counterexample",
        dir.to_str().unwrap(),
    ]);
    let said = text(&out);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("DIVERGES"), "{said}");
    assert!(
        said.contains("engine process: battlecheck-engine"),
        "{said}"
    );
    let file = dir.join("conform-tiny.json");
    assert!(said.contains("battlecheck replay --engine-cmd"), "{said}");
    // The counterexample replays through the protocol: it fails on the
    // faulty engine and passes on the correct one.
    let replay =
        |engine: &str| battlecheck(&["replay", "--engine-cmd", engine, file.to_str().unwrap()]);
    let faulty = replay(&engine);
    assert_eq!(faulty.status.code(), Some(1), "{}", text(&faulty));
    let correct = replay(&format!("'{BIN}' serve-engine"));
    assert_eq!(correct.status.code(), Some(0), "{}", text(&correct));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every hand-written scenario replays through the protocol as in
/// process: shared decisions through `apply`, one player's actions and
/// steps expected to be refused through `act` (protocol 6); expectations
/// of the player to act counted as not checked where the engine does not
/// tell.
#[test]
fn every_scenario_replays_through_serve_engine() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/scenarios");
    let files = std::fs::read_dir(dir)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "json")
        })
        .count();
    let out = battlecheck(&[
        "replay",
        "--engine-cmd",
        &format!("'{BIN}' serve-engine"),
        dir,
    ]);
    let said = text(&out);
    assert_eq!(out.status.code(), Some(0), "{said}");
    let summary = said.lines().last().unwrap();
    assert_eq!(
        summary,
        format!("{files} scenarios: {files} passed, 0 failed, 0 could not be run"),
        "{said}"
    );
}

/// The engine `serve-engine` is, without the feature "act" in its hello.
fn without_act() -> String {
    format!("sh -c \"'{BIN}' serve-engine | sed -u 's/\\\"act\\\",//'\"")
}

/// On an engine that does not serve `act`, a scenario with one player's
/// action is skipped, naming the step, and the run fails (exit code 2)
/// unless `--allow-skipped`: a skipped check is not a passed one.
#[test]
fn a_scenario_the_engine_cannot_take_fails_the_run_unless_allowed() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/scenarios");
    let files = [
        format!("{dir}/b01-battle-timing-refused.json"),
        format!("{dir}/b05-excess-damage-not-carried.json"),
    ];
    let engine = without_act();
    let mut args = vec!["replay", "--engine-cmd", &engine];
    args.extend(files.iter().map(String::as_str));
    let out = battlecheck(&args);
    let said = text(&out);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(
        said.contains("skipped: ") && said.contains("— step 1 (")
            && said.contains("is expected to be refused, which the engine can show only by serving the protocol's 'act'"),
        "{said}"
    );
    assert!(said.contains("1 skipped"), "{said}");
    args.insert(1, "--allow-skipped");
    let out = battlecheck(&args);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
}

/// A step expected to be refused by 310.1: an engine that refuses it citing
/// no rule passes, the rule counted as not compared; one that cites another
/// rule fails.
#[test]
fn a_refusal_citing_no_rule_is_counted_and_another_rule_fails() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../engine/scenarios/b01-battle-timing-refused.json"
    );
    let dir = std::env::temp_dir().join(format!("battlecheck-uncited-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("engine.sh");
    let through = |edit: &str| {
        std::fs::write(&script, format!("'{BIN}' serve-engine | sed -u '{edit}'\n")).unwrap();
        let engine = format!("sh '{}'", script.display());
        let out = battlecheck(&["replay", "--engine-cmd", &engine, file]);
        (out.status.code(), text(&out))
    };
    let (code, said) = through(r#"s/"rule":"310.1",//"#);
    assert_eq!(code, Some(0), "{said}");
    assert!(
        said.contains("3 refusal(s) citing no rule: refused as expected, the rule not compared")
            && said.contains(
                "; 3 expected refusal(s) cited no rule (the refusal checked, not its rule)"
            ),
        "{said}"
    );
    let (code, said) = through(r#"s/"rule":"310.1"/"rule":"117.1"/"#);
    assert_eq!(code, Some(1), "{said}");
    assert!(
        said.contains("expected refused by rule 310.1, got refused: "),
        "{said}"
    );
}

/// `conform --preset duel` on `engine` with an answer time limit of
/// `limit` seconds: the exit code, what was printed, and how long it took.
fn conform_on_duel(engine: &str, limit: &str) -> (Option<i32>, String, Duration) {
    let start = Instant::now();
    let out = battlecheck(&[
        "conform",
        "--preset",
        "duel",
        "--engine-cmd",
        engine,
        "--engine-timeout",
        limit,
    ]);
    (out.status.code(), text(&out), start.elapsed())
}

/// The engine process ends after its 60th request: the run stops with a
/// protocol failure naming it, exit 2.
#[test]
fn an_engine_that_dies_mid_run_is_reported_not_judged() {
    let engine = format!("sh -c \"stdbuf -oL head -n 60 | '{BIN}' serve-engine\"");
    let (code, said, took) = conform_on_duel(&engine, "2");
    assert_eq!(code, Some(2), "{said}");
    assert!(said.contains("exited") || said.contains("closed"), "{said}");
    assert!(said.contains("last request sent"), "{said}");
    assert!(took < Duration::from_secs(20));
}

/// The engine process stops answering after its 60th request: reported at
/// the time limit, exit 2.
#[test]
fn an_engine_that_hangs_mid_run_is_reported_at_the_time_limit() {
    let engine = format!("sh -c \"(stdbuf -oL head -n 60; sleep 5) | '{BIN}' serve-engine\"");
    let (code, said, took) = conform_on_duel(&engine, "1");
    assert_eq!(code, Some(2), "{said}");
    assert!(said.contains("time limit of 1.0 s"), "{said}");
    assert!(took < Duration::from_secs(15));
}

#[test]
fn bad_engine_flags_are_refused() {
    let engine = format!("'{BIN}' serve-engine");
    for (args, named) in [
        (
            vec![
                "--engine-cmd",
                engine.as_str(),
                "--engine-fault",
                "trigger-per-source",
            ],
            "serve-engine --engine-fault",
        ),
        (
            vec!["--engine-cmd", engine.as_str(), "--engine-timeout", "0"],
            "--engine-timeout",
        ),
        (vec!["--engine-cmd", "'unclosed"], "unclosed quote"),
        (vec!["--engine-cmd", "/no/such/engine"], "cannot start"),
    ] {
        let mut all = vec!["conform", "--preset", "tiny"];
        all.extend(args);
        let out = battlecheck(&all);
        let said = text(&out);
        assert_eq!(out.status.code(), Some(2), "{all:?}: {said}");
        assert!(said.contains(named), "{all:?}: {said}");
    }
}

/// `suite` writes the check as scenario files: they pass on the engine in
/// process and through the protocol, and fail on an engine with a bug; a
/// bug the shortest paths miss (damage that never wears off, in `duel`) is
/// caught with `--known-bugs`.
#[test]
fn the_written_suite_replays_and_catches_bugs() {
    let dir = std::env::temp_dir().join(format!("battlecheck-suite-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let write = |preset: &str, extra: &[&str]| {
        let out_dir = dir.join(preset);
        let mut args = vec![
            "suite",
            "--preset",
            preset,
            "--out",
            out_dir.to_str().unwrap(),
        ];
        args.extend(extra);
        let out = battlecheck(&args);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out));
        out_dir
    };
    let replay = |dir: &std::path::Path, engine: Option<&str>| {
        let mut args = vec!["replay".to_string()];
        if let Some(e) = engine {
            args.extend(["--engine-cmd".to_string(), e.to_string()]);
        }
        args.push(dir.display().to_string());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = battlecheck(&args);
        (out.status.code(), text(&out))
    };
    let tiny = write("tiny", &[]);
    let files = std::fs::read_dir(&tiny).unwrap().count();
    assert!(files >= 10, "{files} files");
    assert_eq!(replay(&tiny, None).0, Some(0));
    let serve = format!("'{BIN}' serve-engine");
    let (code, said) = replay(&tiny, Some(&serve));
    assert_eq!(code, Some(0), "{said}");
    let faulty = format!("'{BIN}' serve-engine --engine-fault optional-trigger");
    assert_eq!(replay(&tiny, Some(&faulty)).0, Some(1));
    let stays = format!("'{BIN}' serve-engine --engine-fault damage-stays");
    let duel = write("duel", &[]);
    assert_eq!(
        replay(&duel, Some(&stays)).0,
        Some(0),
        "missed without --known-bugs"
    );
    // The files expect who holds priority after each decision (117.3),
    // which an engine that tells it is held to through the protocol.
    let caster = format!("'{BIN}' serve-engine --engine-fault priority-to-caster");
    let (code, said) = replay(&duel, Some(&caster));
    assert_eq!(code, Some(1), "{said}");
    assert!(said.contains("to act"), "{said}");
    let duel = write("duel", &["--known-bugs"]);
    assert!(duel.join("duel-catches-damage-stays.json").exists());
    assert_eq!(replay(&duel, None).0, Some(0));
    assert_eq!(replay(&duel, Some(&stays)).0, Some(1));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `check --target engine --engine-cmd`: an engine process checked against
/// the property catalogue on its own finds what the check of the engine in
/// process finds, with counterexamples of the same length, and writes them
/// as scenario files that fail through the protocol on the faulty engine.
#[test]
fn check_target_engine_through_the_protocol() {
    let serve = format!("'{BIN}' serve-engine");
    let out = battlecheck(&[
        "check",
        "--target",
        "engine",
        "--preset",
        "tiny",
        "--engine-cmd",
        &serve,
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out));
    let violated = |args: &[&str]| -> Vec<(String, usize)> {
        let mut all = vec![
            "check", "--target", "engine", "--preset", "tiny", "--format", "json",
        ];
        all.extend(args);
        let out = battlecheck(&all);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out));
        let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        r["properties"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["status"] == "violated")
            .map(|p| {
                let steps = p["counterexample"]["steps"].as_array().unwrap().len();
                (p["name"].as_str().unwrap().to_string(), steps)
            })
            .collect()
    };
    let faulty = format!("'{BIN}' serve-engine --engine-fault optional-trigger");
    let dir = std::env::temp_dir().join(format!("battlecheck-walk-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let piped = violated(&[
        "--engine-cmd",
        &faulty,
        "--save-counterexample",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(piped, violated(&["--engine-fault", "optional-trigger"]));
    assert_eq!(piped, vec![("defeat-trigger-accounted".to_string(), 8)]);
    let file = dir.join("tiny-defeat-trigger-accounted.json");
    let replay =
        |engine: &str| battlecheck(&["replay", "--engine-cmd", engine, file.to_str().unwrap()]);
    assert_eq!(replay(&faulty).status.code(), Some(1));
    std::fs::remove_dir_all(&dir).unwrap();
    let out = battlecheck(&["check", "--preset", "tiny", "--engine-cmd", &serve]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    assert!(text(&out).contains("--target engine"), "{}", text(&out));
}

/// An engine process whose observations name players or cards that are
/// not there is reported as a protocol failure (exit 2), never read.
#[test]
fn an_observation_that_cannot_be_read_is_a_protocol_failure() {
    let dir = std::env::temp_dir().join(format!("battlecheck-unreadable-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (i, (edit, named)) in [
        (r#"s/"active":0/"active":9/"#, "active names player 9"),
        (
            r#"s/"objects":\[{"id":0/"objects":[{"id":7/"#,
            "objects[0].id is 7",
        ),
        (r#"s/"priority":0/"priority":5/"#, "priority names player 5"),
    ]
    .into_iter()
    .enumerate()
    {
        let script = dir.join(format!("engine-{i}.sh"));
        std::fs::write(&script, format!("'{BIN}' serve-engine | sed -u '{edit}'\n")).unwrap();
        let engine = format!("sh '{}'", script.display());
        let out = battlecheck(&["conform", "--preset", "tiny", "--engine-cmd", &engine]);
        let said = text(&out);
        assert_eq!(out.status.code(), Some(2), "{said}");
        assert!(
            said.contains("an observation that cannot be read"),
            "{said}"
        );
        assert!(said.contains(named), "{said}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Through the protocol as in process, the verdict, the counts and the
/// shortest counterexample do not depend on the number of threads (one
/// engine process each).
#[test]
fn the_same_counterexample_on_one_thread_and_two() {
    let engine = format!("'{BIN}' serve-engine --engine-fault protector-left-kept");
    let run = |threads: &str| {
        let out = battlecheck(&[
            "conform",
            "--preset",
            "tiny",
            "--players",
            "3",
            "--engine-cmd",
            &engine,
            "--threads",
            threads,
            "--format",
            "json",
        ]);
        assert_eq!(out.status.code(), Some(1), "{}", text(&out));
        let mut r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        for volatile in ["seconds", "threads"] {
            r.as_object_mut().unwrap().remove(volatile);
        }
        r
    };
    assert_eq!(run("1"), run("2"));
}

/// Expectations the engine protocol does not carry (a card's mana value,
/// colors, name and subtypes, a player's mana pool) are compared in
/// process and counted as not checked through the protocol, one by one:
/// never compared against a guess, never dropped from the count.
#[test]
fn expectations_the_protocol_does_not_carry_are_counted_unchecked() {
    let dir = std::env::temp_dir().join(format!("battlecheck-unchecked-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("unchecked.json");
    // Invasion of Xerex {2}{W}{U}: mana value 4 (202.3), white and blue
    // (105.2), a Siege (205.3).
    std::fs::write(
        &file,
        r#"{
  "name": "what the protocol does not carry",
  "players": 2,
  "cards": [{"id": "siege", "card": "Invasion of Xerex", "owner": "P1", "zone": "battlefield", "protector": "P2"}],
  "steps": [{"expect": [
    {"card": "siege", "zone": "battlefield", "defense": 4, "mana_value": 4, "colors": ["white", "blue"], "name": "Invasion of Xerex", "subtypes": ["Siege"]},
    {"player": "P1", "mana": "", "life": 20}
  ]}]
}"#,
    )
    .unwrap();
    let unchecked = |engine: Option<String>| -> u64 {
        let mut args = vec!["replay", "--format", "json"];
        if let Some(e) = &engine {
            args.extend(["--engine-cmd", e.as_str()]);
        }
        args.push(file.to_str().unwrap());
        let out = battlecheck(&args);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out));
        let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let s = &r[0];
        assert_eq!(s["failures"].as_array().map_or(0, Vec::len), 0, "{s}");
        s["unchecked"].as_u64().unwrap_or(0)
    };
    assert_eq!(unchecked(None), 0);
    assert_eq!(unchecked(Some(format!("'{BIN}' serve-engine"))), 5);
    let human = battlecheck(&[
        "replay",
        "--engine-cmd",
        &format!("'{BIN}' serve-engine"),
        file.to_str().unwrap(),
    ]);
    let said = text(&human);
    assert!(said.contains("5 expectation(s) not checked"), "{said}");
    std::fs::remove_dir_all(&dir).unwrap();
}
