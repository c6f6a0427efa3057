//! `check --bitstate`: the visited states in a fixed bit array. A large
//! array gives the exact check's verdict and says how few states it may
//! have missed; a small one misses states, and its estimate of how many is
//! close to what it really missed; a seeded fault is still caught, with the
//! exact check's shortest counterexample.

use battlecheck::check::visited::VisitedSet;
use battlecheck::check::{check, CheckOptions, CheckReport, Status};
use battlecheck::report::{human_report, junit_report};
use battlecheck::rules::config::Config;
use battlecheck::rules::faults::Fault;

fn run(config: &Config, bitstate: Option<u64>) -> CheckReport {
    check(
        config.clone(),
        &CheckOptions {
            threads: 1,
            bitstate,
            ..CheckOptions::default()
        },
    )
    .expect("a valid configuration")
}

fn statuses(r: &CheckReport) -> Vec<(&'static str, Status)> {
    r.properties.iter().map(|p| (p.name, p.status)).collect()
}

/// The summary of a bitstate run: (bits set, false-hit chance, states
/// expected missed).
fn bits(r: &CheckReport) -> (u64, f64, f64) {
    match r.visited {
        VisitedSet::Bitstate {
            bits_set,
            false_hit_probability,
            expected_missed,
            ..
        } => (bits_set, false_hit_probability, expected_missed),
        VisitedSet::Fingerprints { .. } => panic!("a bitstate run"),
    }
}

#[test]
fn a_large_bit_array_gives_the_exact_verdict() {
    let config = Config::preset("default").expect("a preset");
    let exact = run(&config, None);
    let VisitedSet::Fingerprints {
        collision_probability,
    } = exact.visited
    else {
        panic!("whole fingerprints by default");
    };
    // 1.2 million states: n^2 / 2^65.
    assert!(
        (3e-8..5e-8).contains(&collision_probability),
        "{collision_probability}"
    );
    let bitstate = run(&config, Some(64 << 20));
    assert_eq!(statuses(&bitstate), statuses(&exact));
    assert!(bitstate.passed() && exact.passed());
    let (set, false_hit, expected) = bits(&bitstate);
    assert!(set <= 3 * bitstate.unique_states as u64);
    assert!(false_hit < 1e-6, "{false_hit}");
    assert!(expected < 2.0, "{expected}");
    let missed = exact.unique_states - bitstate.unique_states;
    assert!(missed <= 2, "{missed} states missed");
    let xml = junit_report(&bitstate);
    assert!(
        xml.contains(
            "name=\"exhaustive run\"><skipped message=\"visited states kept in a bit array"
        ),
        "{xml}"
    );
    assert!(!junit_report(&exact).contains("exhaustive run"));
    let text = human_report(&bitstate);
    assert!(text.contains("bitstate hashing"), "{text}");
    assert!(text.contains("result: PASS (bitstate hashing"), "{text}");
    assert!(human_report(&exact).contains("64-bit fingerprints"));
}

#[test]
fn a_small_bit_array_misses_states_and_says_how_many() {
    let config = Config::preset("default").expect("a preset");
    let exact = run(&config, None);
    let small = run(&config, Some(1 << 20));
    let (set, false_hit, expected) = bits(&small);
    assert!(small.unique_states < exact.unique_states);
    assert!(set > (1 << 23) / 3, "a crowded array: {set} bits set");
    assert!(false_hit > 0.01, "{false_hit}");
    let missed = (exact.unique_states - small.unique_states) as f64;
    assert!(
        expected / 2.0 < missed && missed < expected * 2.0,
        "{missed} states missed, {expected} expected"
    );
    // One thread: the same states missed on every run.
    let again = run(&config, Some(1 << 20));
    assert_eq!(
        (again.unique_states, again.generated_states),
        (small.unique_states, small.generated_states)
    );
}

#[test]
fn a_seeded_fault_is_caught_with_a_bit_array() {
    let mut config = Config::preset("default").expect("a preset");
    config.faults = vec![Fault::AnyoneMayBlock];
    let exact = run(&config, None);
    let bitstate = run(&config, Some(16 << 20));
    assert_eq!(
        bitstate.status(battlecheck_properties::PropertyId::OnlyProtectorBlocks),
        Some(Status::Violated)
    );
    assert!(!bitstate.passed());
    let path = |r: &CheckReport| {
        r.properties
            .iter()
            .find(|p| p.status == Status::Violated)
            .and_then(|p| p.counterexample.as_ref())
            .map(|t| t.steps.iter().map(|s| s.text.clone()).collect::<Vec<_>>())
    };
    assert!(path(&bitstate).is_some());
    assert_eq!(path(&bitstate), path(&exact));
    assert!(human_report(&bitstate).contains("result: FAIL"));
}
