//! `conform --random-games N`: random long games in lockstep, for
//! configurations no exhaustive run finishes (a 4-player full round, beyond
//! 10^11 states). The games conform on this repository's engine; seeded
//! engine bugs are caught, one of them a bug the exhaustive run of the
//! default (one turn) cannot see; the same seed gives the same games at
//! any thread count and through the protocol; the limits stop a run with
//! a partial report; bad flags are refused.

mod process;

use battlecheck::check::random::Games;
use battlecheck::conform::{conform, ConformOptions, ConformReport};
use battlecheck::report::conform::human_report;
use battlecheck::Config;
use battlecheck_engine::EngineFault;
use process::{assert_bad_input, battlecheck, text};
use serde_json::Value;
use std::process::Output;
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_battlecheck");

/// The default preset at four seats for a full round of four turns.
fn full_round() -> Config {
    let mut c = Config::preset("default").unwrap();
    c.seats.push(c.seats[2].clone());
    c.turns = 4;
    c.validate().unwrap();
    c
}

fn random(config: Config, games: usize, faults: Vec<EngineFault>) -> ConformReport {
    let opts = ConformOptions {
        threads: 2,
        engine_faults: faults,
        random_games: Some(Games {
            count: games,
            seed: 1,
        }),
        ..ConformOptions::default()
    };
    let r = conform(config, &opts).unwrap();
    eprintln!("{}", human_report(&r));
    r
}

#[test]
fn random_games_on_a_four_player_full_round_conform() {
    let r = random(full_round(), 2000, Vec::new());
    assert!(r.passed() && r.complete);
    let g = r.random_games.as_ref().expect("random games were played");
    assert_eq!((g.asked.count, g.played), (2000, 2000));
    // Most games last the four turns: conceding is rare enough.
    assert!(g.to_the_bound > 1500, "{} to the bound", g.to_the_bound);
    // Some end earlier, with one player left.
    assert!(g.to_the_bound < 2000, "{} to the bound", g.to_the_bound);
    // Each game's start and each decision's state are compared.
    assert_eq!(r.states, g.played + r.transitions);
    assert!(r.depth >= 30, "the longest game took {} decisions", r.depth);
    // The engine's own events were judged and its rule branches counted.
    assert!(r.coverage.len() > 20, "{} branches", r.coverage.len());
}

/// Seeded engine bugs, each caught by 2,000 random games of the full
/// round (of the injected bugs, `non-siege-waits` needs a non-Siege
/// battle, which this configuration lacks). Damage that stays past the
/// turn (514.2) shows only in a later turn: the exhaustive run of the
/// default, one turn, cannot see it.
#[test]
fn random_games_catch_seeded_engine_bugs() {
    let mut shrunk = 0;
    for fault in [
        EngineFault::DamageStays,
        EngineFault::DamageOffByOne,
        EngineFault::ProtectorLeftKept,
        EngineFault::ProtectorRechosenWhileAttacked,
        EngineFault::TriggerPerSource,
        EngineFault::SiegeEntersProtectedByController,
        EngineFault::BattleDamageToProtector,
        EngineFault::BattleDamageTwice,
        EngineFault::OptionalTrigger,
    ] {
        let r = random(full_round(), 2000, vec![fault]);
        let c = r
            .counterexample
            .as_ref()
            .unwrap_or_else(|| panic!("{fault:?} not caught"));
        assert!(!r.passed(), "{fault:?}");
        let g = r.random_games.as_ref().unwrap();
        assert_eq!(
            c.game,
            Some(g.played - 1),
            "{fault:?}: the last game played"
        );
        // The game's decisions, shrunk.
        let played = c.game_decisions.unwrap();
        assert!(played <= r.depth, "{fault:?}");
        assert!(
            !c.steps.is_empty() && c.steps.len() <= played,
            "{fault:?}: {} decisions of {played}",
            c.steps.len()
        );
        shrunk += played - c.steps.len();
    }
    // Shrinking left decisions out.
    assert!(shrunk > 0);
    let one_turn = conform(
        Config::preset("default").unwrap(),
        &ConformOptions {
            threads: 2,
            engine_faults: vec![EngineFault::DamageStays],
            ..ConformOptions::default()
        },
    )
    .unwrap();
    assert!(one_turn.passed(), "{}", human_report(&one_turn));
}

/// The counterexample of a random game is written as a scenario file that
/// `replay` runs: it fails on the engine with the bug (which the file
/// names), as it diverged.
#[test]
fn a_random_game_s_counterexample_replays() {
    let dir = std::env::temp_dir().join(format!("battlecheck-random-{}", std::process::id()));
    let out = full_round_conform(&[
        "--random-games",
        "2000",
        "--engine-fault",
        "damage-stays",
        "--save-counterexample",
        dir.to_str().unwrap(),
    ]);
    let said = text(&out);
    assert_eq!(out.status.code(), Some(1), "{said}");
    assert!(said.contains("not the shortest"), "{said}");
    assert!(
        said.contains("].damage (Pool Siege 2): model 0, engine 2 (120.3e)"),
        "{said}"
    );
    let file = dir.join("conform-default.json");
    let replayed = battlecheck(&["replay", file.to_str().unwrap()]);
    let said = text(&replayed);
    assert_eq!(replayed.status.code(), Some(1), "{said}");
    assert!(said.contains("damage: expected 0, got 2"), "{said}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `conform` on the full round (the default's cards at four seats, four
/// turns) with `args`.
fn full_round_conform(args: &[&str]) -> Output {
    let mut all = vec!["conform", "--players", "4", "--turns", "4"];
    all.extend_from_slice(args);
    battlecheck(&all)
}

/// [`full_round_conform`] as JSON, without what depends on the machine.
fn json_run(args: &[&str]) -> (Option<i32>, Value) {
    let mut all = vec!["--format", "json"];
    all.extend_from_slice(args);
    let out = full_round_conform(&all);
    let mut r: Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", text(&out)));
    for volatile in ["seconds", "threads"] {
        r.as_object_mut().unwrap().remove(volatile);
    }
    (out.status.code(), r)
}

/// The same seed plays the same games on one thread and two: the same
/// counts, and the same counterexample from the same game, though games
/// are played 16 at a time across the threads. Another seed plays other
/// games.
#[test]
fn the_same_seed_gives_the_same_games_at_any_thread_count() {
    for fault in [None, Some("protector-rechosen-while-attacked")] {
        let mut args = vec!["--random-games", "300"];
        if let Some(f) = fault {
            args.extend(["--engine-fault", f]);
        }
        let run = |threads: &str| {
            let mut a = args.clone();
            a.extend(["--threads", threads]);
            json_run(&a)
        };
        let (one, two) = (run("1"), run("2"));
        assert_eq!(one, two, "{fault:?}");
        assert_eq!(
            one.0,
            Some(if fault.is_some() { 1 } else { 0 }),
            "{fault:?}"
        );
    }
    // The divergent game is not the first: the games before it counted.
    let (_, r) = json_run(&[
        "--random-games",
        "300",
        "--engine-fault",
        "protector-rechosen-while-attacked",
    ]);
    let game = r["counterexample"]["game"].as_u64().unwrap();
    assert!(game > 16, "{r}");
    // It is the lowest-numbered game that diverges: the games before it
    // conform.
    let before = game.to_string();
    let (code, r) = json_run(&[
        "--random-games",
        &before,
        "--engine-fault",
        "protector-rechosen-while-attacked",
    ]);
    assert_eq!(code, Some(0), "{r}");
    let (_, seed_1) = json_run(&["--random-games", "300"]);
    let (_, seed_2) = json_run(&["--random-games", "300", "--seed", "2"]);
    assert_eq!(seed_1["random_games"]["seed"], 1);
    assert_eq!(seed_2["random_games"]["seed"], 2);
    assert_ne!(seed_1["transitions"], seed_2["transitions"]);
}

/// Through the engine protocol (`serve-engine`) the games are the same as
/// in process: the same counts, the same counterexample.
#[test]
fn random_games_through_the_protocol_are_the_same() {
    for (fault, code) in [(None, 0), (Some("damage-stays"), 1)] {
        let mut engine = format!("'{BIN}' serve-engine");
        let mut args = vec!["--random-games".to_string(), "200".to_string()];
        if let Some(f) = fault {
            engine.push_str(&format!(" --engine-fault {f}"));
            args.extend(["--engine-fault".to_string(), f.to_string()]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (in_process_code, mut in_process) = json_run(&args);
        let (process_code, mut process) =
            json_run(&["--random-games", "200", "--engine-cmd", &engine]);
        assert_eq!((in_process_code, process_code), (Some(code), Some(code)));
        for r in [&mut in_process, &mut process] {
            let o = r.as_object_mut().unwrap();
            for only_one_side in ["engine", "engine_cmd", "engine_faults", "coverage"] {
                o.remove(only_one_side);
            }
            if let Some(c) = o.get_mut("counterexample") {
                c.as_object_mut().unwrap().remove("divergence");
            }
        }
        assert_eq!(in_process, process, "{fault:?}");
    }
}

/// `--max-states` compares exactly that many states; `--timeout` stops a
/// run of a hundred million games within a second of the limit; both with
/// the partial report and exit code 3.
#[test]
fn the_limits_stop_random_games_with_a_partial_report() {
    let (code, r) = json_run(&["--random-games", "1000", "--max-states", "500"]);
    assert_eq!(code, Some(3), "{r}");
    assert_eq!(r["states"], 500, "{r}");
    assert_eq!(r["complete"], false);
    assert_eq!(r["stopped_by"], "--max-states");
    let start = Instant::now();
    let out = full_round_conform(&[
        "--random-games",
        "100000000",
        "--timeout",
        "1",
        "--threads",
        "1",
    ]);
    let took = start.elapsed();
    let said = text(&out);
    assert_eq!(out.status.code(), Some(3), "{said}");
    assert!(
        said.contains(
            "PARTIAL: the run was stopped (--timeout); the games not played may hold divergences"
        ),
        "{said}"
    );
    assert!(took < Duration::from_secs(3), "{took:?}");
}

#[test]
fn bad_random_game_flags_are_refused() {
    for (args, named) in [
        (
            vec!["--random-games", "0"],
            "--random-games must be at least 1",
        ),
        (vec!["--random-games", "many"], "--random-games"),
        (vec!["--seed", "3"], "--random-games"),
        (vec!["--random-games", "5", "--seed", "-1"], "--seed"),
        (
            vec!["--random-games", "5", "--no-symmetry"],
            "--no-symmetry",
        ),
    ] {
        let mut all = vec!["conform"];
        all.extend_from_slice(&args);
        assert_bad_input(&all, named);
    }
}
