//! `check --random-games N`: the model's states in random games judged by
//! the catalogue, for configurations no exhaustive run finishes (a
//! 4-player full round). The games pass on the model as it is; seeded
//! faults in the model are caught, each with a path that ends in a state
//! breaking the invariant; the games are those of `conform --random-games`
//! with the same seed, the same at any thread count; the limits stop a run
//! with a partial report; bad flags are refused.

mod process;

use battlecheck::check::model::{BattleModel, Judged};
use battlecheck::check::random::Games;
use battlecheck::check::{check, CheckOptions, CheckReport, Status};
use battlecheck::conform::{conform, ConformOptions};
use battlecheck::rules::faults::Fault;
use battlecheck::Config;
use battlecheck_properties::{Kind, CATALOGUE};
use process::{assert_bad_input, battlecheck, text};
use serde_json::Value;
use stateright::Model;

/// The default preset at four seats for a full round of four turns.
fn full_round() -> Config {
    let mut c = Config::preset("default").unwrap();
    c.seats.push(c.seats[2].clone());
    c.turns = 4;
    c.validate().unwrap();
    c
}

fn random(config: Config, games: usize, threads: usize) -> CheckReport {
    let opts = CheckOptions {
        threads,
        random_games: Some(Games {
            count: games,
            seed: 1,
        }),
        ..CheckOptions::default()
    };
    check(config, &opts).unwrap()
}

#[test]
fn random_games_of_a_four_player_full_round_pass() {
    let r = random(full_round(), 2000, 2);
    assert!(r.passed() && r.complete, "{r:?}");
    let g = r.random_games.as_ref().expect("random games were played");
    assert_eq!((g.asked.count, g.played), (2000, 2000));
    assert!(g.longest >= 30, "the longest game took {}", g.longest);
    // Nothing is explored exhaustively.
    assert_eq!(r.unique_states, 0);
    for p in &r.properties {
        let expected = match p.kind {
            Kind::Always => vec![Status::Holds],
            Kind::Sometimes => vec![
                Status::Witnessed,
                Status::NotWitnessed,
                Status::NotApplicable,
            ],
        };
        assert!(expected.contains(&p.status), "{}: {:?}", p.name, p.status);
    }
    assert!(r.properties.iter().any(|p| p.status == Status::Witnessed));
}

/// A witness no game reached fails nothing, unlike in an exhaustive check.
#[test]
fn a_witness_no_game_reached_fails_nothing() {
    let mut r = random(full_round(), 50, 2);
    let witness = r
        .properties
        .iter_mut()
        .find(|p| p.status == Status::Witnessed)
        .expect("a witness reached");
    witness.status = Status::NotWitnessed;
    assert!(r.passed());
    assert!(battlecheck::report::human_report(&r).contains("not reached"));
    assert!(!battlecheck::report::junit_report(&r).contains("<failure"));
    r.random_games = None;
    assert!(!r.passed());
}

/// Seeded faults in the model's rules, each caught by 2,000 games of the
/// full round: the invariant is violated, and its path, replayed on the
/// faulty model, ends in a state that breaks it.
#[test]
fn random_games_catch_seeded_model_faults() {
    for fault in [
        Fault::DamageOffByOne,
        Fault::ExtraDefenseCounter,
        Fault::TriggerPerSource,
        Fault::ProtectorLeftIgnored,
        Fault::BattleDamageTwice,
        Fault::OptionalTrigger,
        Fault::ProtectorMayAttack,
    ] {
        let mut config = full_round();
        config.faults = vec![fault];
        let r = random(config.clone(), 2000, 2);
        assert!(!r.passed(), "{fault:?} not caught");
        let model = BattleModel::new(config).unwrap();
        for p in r.properties.iter().filter(|p| p.status == Status::Violated) {
            let t = p.counterexample.as_ref().expect("a path");
            assert!(!t.shortest);
            let mut state = model.init_states().remove(0);
            for step in &t.steps {
                state = model.next_state(&state, step.decision.clone()).unwrap();
            }
            let i = CATALOGUE.iter().position(|s| s.name == p.name).unwrap();
            assert_eq!(
                BattleModel::evaluate(&state, 1 << i),
                0,
                "{fault:?}: the path to {} ends where it holds",
                p.name
            );
        }
    }
}

/// Game `i` of a seed is the game `conform --random-games` plays with the
/// same seed: as many states, and the same at 1 and 2 threads, with the
/// same counterexample.
#[test]
fn the_games_are_conform_s_and_the_same_at_any_thread_count() {
    let config = full_round();
    let r = random(config.clone(), 500, 2);
    let opts = ConformOptions {
        threads: 2,
        random_games: Some(Games {
            count: 500,
            seed: 1,
        }),
        ..ConformOptions::default()
    };
    let c = conform(config.clone(), &opts).unwrap();
    assert!(c.passed());
    let g = r.random_games.as_ref().unwrap();
    assert_eq!(g.states, c.states);
    assert_eq!(g.longest, c.depth);
    let mut broken = config;
    broken.faults = vec![Fault::ExtraDefenseCounter];
    let paths = |r: &CheckReport| -> Vec<(String, Vec<String>)> {
        r.properties
            .iter()
            .filter_map(|p| {
                let t = p.counterexample.as_ref()?;
                Some((
                    p.name.to_string(),
                    t.steps
                        .iter()
                        .map(|s| format!("{:?}", s.decision))
                        .collect(),
                ))
            })
            .collect()
    };
    let one = random(broken.clone(), 500, 1);
    let two = random(broken.clone(), 500, 2);
    assert!(!paths(&one).is_empty());
    assert_eq!(paths(&one), paths(&two));
    // The path is that of the lowest-numbered game that violates the
    // invariant: the first that a run of that many games catches.
    let fewest = (1..=500)
        .find(|&n| !random(broken.clone(), n, 2).passed())
        .expect("a game of the 500 violates it");
    assert_eq!(paths(&random(broken, fewest, 2)), paths(&two));
    let counts = |r: &CheckReport| {
        let g = r.random_games.as_ref().unwrap();
        (g.played, g.states, g.longest)
    };
    assert_eq!(counts(&one), counts(&two));
}

/// `--max-states N` judges exactly N states and gives the partial report
/// (exit code 3); `--timeout` stops within a second of it.
#[test]
fn the_limits_stop_random_games_with_a_partial_report() {
    let args = [
        "check",
        "--players",
        "4",
        "--turns",
        "4",
        "--random-games",
        "100000000",
        "--format",
        "json",
    ];
    let mut limited = args.to_vec();
    limited.extend(["--max-states", "1000"]);
    let o = battlecheck(&limited);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
    let report: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(report["complete"], false);
    assert_eq!(report["stopped_by"], "--max-states");
    assert_eq!(report["random_games"]["states"], 1000);
    assert!(report["random_games"]["played"].as_u64().unwrap() < 100);
    let mut timed = args.to_vec();
    timed.extend(["--timeout", "1"]);
    let o = battlecheck(&timed);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
    let report: Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(report["stopped_by"], "--timeout");
    assert!(report["seconds"].as_f64().unwrap() < 2.0, "{report}");
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
        (
            vec!["--random-games", "5", "--no-symmetry"],
            "--no-symmetry",
        ),
        (
            vec!["--random-games", "5", "--shard", "1/2"],
            "--shard and --bitstate apply to the exhaustive search only",
        ),
        (
            vec!["--random-games", "5", "--bitstate", "16"],
            "--shard and --bitstate apply to the exhaustive search only",
        ),
        (
            vec!["--random-games", "5", "--target", "engine"],
            "`conform --random-games`",
        ),
    ] {
        let mut all = vec!["check"];
        all.extend_from_slice(&args);
        assert_bad_input(&all, named);
    }
}
