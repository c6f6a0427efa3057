//! The engine, as a stateright model of its own, checked against the whole
//! property catalogue (`battlecheck check --target engine`).

use battlecheck::check::{CheckOptions, Status};
use battlecheck::conform::check_engine;
use battlecheck::Config;
use battlecheck_engine::EngineFault;
use battlecheck_properties::Kind;

fn opts() -> CheckOptions {
    CheckOptions {
        threads: 2,
        ..CheckOptions::default()
    }
}

#[test]
fn the_engine_keeps_every_invariant_on_the_small_presets() {
    for preset in ["tiny", "duel", "copies", "mimic"] {
        let r = check_engine(Config::preset(preset).unwrap(), &opts(), &[]).unwrap();
        assert!(r.complete);
        assert!(
            r.unique_states > 100,
            "{preset}: {} states",
            r.unique_states
        );
        for p in r.properties.iter().filter(|p| p.kind == Kind::Always) {
            assert_eq!(
                p.status,
                Status::Holds,
                "{preset}: {} is violated: {:?}",
                p.name,
                p.counterexample
            );
        }
    }
}

#[test]
fn an_engine_bug_violates_an_invariant_with_a_shortest_counterexample() {
    let r = check_engine(
        Config::preset("tiny").unwrap(),
        &opts(),
        &[EngineFault::TriggerPerSource],
    )
    .unwrap();
    let violated: Vec<_> = r
        .properties
        .iter()
        .filter(|p| p.status == Status::Violated)
        .collect();
    assert!(
        !violated.is_empty(),
        "the double defeat trigger breaks an invariant"
    );
    let trace = violated[0]
        .counterexample
        .as_ref()
        .expect("a counterexample");
    assert!(trace.shortest);
    assert_eq!(trace.steps.len(), 7, "{:?}", trace.steps);
}
