//! Conformance of the engine to the model: the configurations of the CI
//! suite (`battlecheck::conform::suite`) explored in lockstep agree, and
//! together they exercise every card of the model's pool, every kind of
//! decision and every witness.

use battlecheck::check::{check, CheckOptions, Status};
use battlecheck::conform::coverage::{Coverage, UNREACHABLE};
use battlecheck::conform::{conform, suite, ConformOptions, ConformReport};
use battlecheck::report::conform::human_report;
use battlecheck::report::coverage;
use battlecheck::rules::cards::CardName;
use battlecheck::{BattleModel, Config};
use battlecheck_properties::{Kind, CATALOGUE};
use stateright::Model;
use std::collections::{BTreeSet, HashSet};

fn run(preset: &str) -> ConformReport {
    run_config(Config::preset(preset).unwrap())
}

fn run_config(config: Config) -> ConformReport {
    let opts = ConformOptions {
        threads: 2,
        ..ConformOptions::default()
    };
    let r = conform(config, &opts).unwrap();
    eprintln!("{}", human_report(&r));
    r
}

/// The CI suite but its last configuration, the default, which `.ci/run`
/// checks through the command line (and the ignored test below).
fn small_suite() -> Vec<Config> {
    let mut configs = suite::ci().unwrap();
    assert_eq!(configs.pop().unwrap().name, "default");
    configs
}

/// The engine conforms on every small configuration of the suite, and
/// together they exercise every branch of the rules the engine's events
/// show, but those no model game reaches (each explained, and each
/// explanation of a branch still unreached): a control
/// change and the protector chosen after it (704.5y), once reached only by
/// `default`, are reached by the presets of the multiplayer options too
/// (`battlecheck coverage`, run by `.ci/run`, checks the whole suite).
#[test]
fn the_engine_conforms_on_the_ci_suite() {
    let mut runs = Vec::new();
    for config in small_suite() {
        let name = config.name.clone();
        let r = run_config(config);
        assert!(r.passed(), "{name}: {}", human_report(&r));
        runs.push(r);
    }
    let coverage = Coverage::of(&runs);
    eprintln!("{}", coverage::human_report(&coverage));
    assert!(
        coverage.gaps.is_empty(),
        "the small suite's gaps: {:?}",
        coverage.gaps
    );
    // Every explanation still explains a gap: one whose branch the suite
    // now reaches (704.5h, once the model had deathtouch) is stale.
    assert!(
        coverage.stale.is_empty(),
        "explained as unreachable, but reached: {:?}",
        coverage.stale
    );
    assert_eq!(coverage.explained_gaps.len(), UNREACHABLE.len());
}

/// Every card of the pool is dealt in some configuration of the suite.
#[test]
fn the_ci_suite_deals_every_card() {
    let dealt: BTreeSet<CardName> = suite::ci()
        .unwrap()
        .iter()
        .flat_map(|c| {
            c.seats
                .iter()
                .flat_map(|s| s.hand.iter().chain(&s.battlefield))
        })
        .copied()
        .collect();
    let missing: Vec<_> = CardName::ALL
        .iter()
        .filter(|c| !dealt.contains(c))
        .collect();
    assert!(missing.is_empty(), "never dealt: {missing:?}");
}

/// Every witness is found, by the model (whose every state conform compares
/// with the engine), in some configuration of the suite.
#[test]
fn the_ci_suite_reaches_every_witness() {
    let mut found = BTreeSet::new();
    for config in suite::ci().unwrap() {
        let opts = CheckOptions {
            threads: 2,
            ..CheckOptions::default()
        };
        let report = check(config, &opts).unwrap();
        found.extend(
            report
                .properties
                .iter()
                .filter(|p| p.status == Status::Witnessed)
                .map(|p| p.name),
        );
    }
    let missing: Vec<_> = CATALOGUE
        .iter()
        .filter(|p| p.kind == Kind::Sometimes && !found.contains(p.name))
        .map(|p| p.name)
        .collect();
    assert!(missing.is_empty(), "never witnessed: {missing:?}");
}

/// Every kind of decision but `equip`, which is the engine's alone: the
/// model's pool has no Equipment.
const KINDS: [&str; 10] = [
    "pass_all",
    "cast",
    "concede",
    "choose_copy",
    "choose_protectors",
    "declare_attackers",
    "declare_blockers",
    "assign_trample",
    "cast_transformed",
    "pay_unless",
];

/// Every kind of decision the model offers is offered (and so compared
/// with the engine's) in some configuration of the small suite.
#[test]
#[allow(clippy::mutable_key_type)] // a state's setup flag takes no part in Eq or Hash
fn the_ci_suite_offers_every_kind_of_decision() {
    let mut offered = BTreeSet::new();
    for config in small_suite() {
        let model = BattleModel::new(config).unwrap();
        let mut seen = HashSet::new();
        let mut stack = model.init_states();
        let mut decisions = Vec::new();
        while let Some(s) = stack.pop() {
            if !seen.insert(s.clone()) {
                continue;
            }
            decisions.clear();
            s.decisions(&mut decisions);
            for d in &decisions {
                offered.insert(d.kind());
                let mut next = s.clone();
                next.apply(d);
                stack.push(next);
            }
        }
    }
    let missing: Vec<_> = KINDS.iter().filter(|k| !offered.contains(**k)).collect();
    assert!(
        missing.is_empty(),
        "never offered: {missing:?} (offered: {offered:?})"
    );
}

/// The main job: minutes on two threads, so run by CI explicitly
/// (`cargo test --release -p battlecheck --test conform -- --ignored`).
#[test]
#[ignore]
fn the_engine_conforms_on_default() {
    let r = run("default");
    assert!(r.passed(), "{}", human_report(&r));
}

/// `--max-states N` compares exactly the first N states in breadth-first
/// order wherever N falls (`conform::lockstep` grows the tree a band at a
/// time, then compares the band): amid a level grown from a level of the
/// same band (the first band; the second, levels 6 to 10 of the default),
/// and at the start of the third; the coverage of those states is the same
/// with one thread and with two.
#[test]
fn max_states_compares_exactly_that_many_in_any_band() {
    for n in [5_000, 100_000, 400_000] {
        let run = |threads| {
            let opts = ConformOptions {
                threads,
                max_states: Some(n),
                ..ConformOptions::default()
            };
            conform(Config::preset("default").unwrap(), &opts).unwrap()
        };
        let (one, two) = (run(1), run(2));
        for r in [&one, &two] {
            assert_eq!(r.states, n, "{}", human_report(r));
            assert!(!r.complete && r.counterexample.is_none());
            assert_eq!(r.stopped_by, Some("--max-states"));
        }
        let coverage = |r: &ConformReport| serde_json::to_value(&r.coverage).unwrap();
        assert_eq!(coverage(&one), coverage(&two), "{n} states");
    }
}

/// Every refusal branch explained as no model game's names the scenario
/// that covers it, and that scenario does make that refusal: an
/// explanation cannot name a scenario that no longer exercises the check.
#[test]
fn every_unreached_refusal_names_a_scenario_that_makes_it() {
    use battlecheck_engine::scenario::run_path;
    use battlecheck_engine::state::error::refusals_in;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/scenarios");
    let mut checked = 0;
    for ((kind, rule), why) in UNREACHABLE {
        if *kind != "refused" {
            continue;
        }
        let names: Vec<&str> = why
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty() && dir.join(format!("{w}.json")).is_file())
            .collect();
        assert!(
            !names.is_empty(),
            "refused ({rule}) names no scenario: {why}"
        );
        for name in names {
            let (results, rules) = refusals_in(|| run_path(&dir.join(format!("{name}.json"))));
            assert!(results
                .iter()
                .all(|(_, r)| r.as_ref().is_ok_and(|r| r.passed())));
            assert!(
                rules.contains(rule),
                "scenario {name} makes no refusal by {rule}, but explains it: {rules:?}"
            );
            checked += 1;
        }
    }
    assert!(checked > 40, "only {checked} explanations checked");
}

/// Coverage counts rule branches, keyword checks included: the menace
/// check (702.111b, a creature with menace blocked by one creature) is
/// exercised on the evasion preset, and is a gap of a suite without it.
#[test]
fn a_keyword_check_no_configuration_makes_is_a_gap() {
    let menace = |c: &Coverage| {
        c.branches
            .iter()
            .find(|b| b.kind == "refused" && b.rule == "702.111b")
            .map(|b| b.decisions)
    };
    let with = Coverage::of(&[run("evasion")]);
    assert!(menace(&with).unwrap() > 0);
    assert!(!with.gaps.contains(&"refused (702.111b)".to_string()));
    let without = Coverage::of(&[run("tiny")]);
    assert_eq!(menace(&without), Some(0));
    assert!(
        without.gaps.contains(&"refused (702.111b)".to_string()),
        "{:?}",
        without.gaps
    );
}
