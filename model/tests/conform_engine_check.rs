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

/// What a decision did is judged in the engine's own check too (issue 18,
/// classes 3 and 4): a battle dealt combat damage twice, a protector losing
/// life to damage dealt to their battle, or a Siege protected by its
/// controller until a state-based action replaces them, breaks
/// `what-happened-follows-rules`, and its counterexample says which rule
/// and where.
#[test]
fn the_engine_check_judges_what_each_decision_did() {
    for (fault, rule) in [
        (EngineFault::BattleDamageTwice, "510.2 at #2"),
        (EngineFault::BattleDamageToProtector, "120.3a at P2"),
        (
            EngineFault::SiegeEntersProtectedByController,
            "310.12a at #2",
        ),
    ] {
        let r = check_engine(Config::preset("tiny").unwrap(), &opts(), &[fault]).unwrap();
        let p = r
            .properties
            .iter()
            .find(|p| p.name == "what-happened-follows-rules")
            .unwrap();
        assert_eq!(p.status, Status::Violated, "{fault:?}");
        let trace = p.counterexample.as_ref().unwrap();
        let breaks = &trace.breaks[0];
        assert_eq!(breaks.property, "what-happened-follows-rules");
        assert_eq!(breaks.objects, [rule], "{fault:?}");
    }
}
