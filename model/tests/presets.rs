//! The presets: each passes, and together they reach every witness, so
//! that no invariant holds only vacuously.

use battlecheck::check::{check, CheckOptions, Status};
use battlecheck::rules::config::{Config, PRESETS};
use battlecheck_properties::{Kind, CATALOGUE};
use std::collections::BTreeSet;

/// `deep` is the default's job scaled up (minutes): run by `battlecheck
/// check --preset deep`, not by the test suite.
const SLOW: &[&str] = &["deep"];

#[test]
fn presets_pass_and_reach_every_witness() {
    let mut witnessed = BTreeSet::new();
    for (name, _) in PRESETS.iter().filter(|(n, _)| !SLOW.contains(n)) {
        let report = check(
            Config::preset(name).unwrap(),
            &CheckOptions {
                threads: 2,
                symmetry: true,
                ..CheckOptions::default()
            },
        )
        .unwrap();
        let failing: Vec<_> = report
            .properties
            .iter()
            .filter(|p| matches!(p.status, Status::Violated | Status::NotWitnessed))
            .map(|p| p.name)
            .collect();
        assert!(failing.is_empty(), "preset {name}: {failing:?}");
        witnessed.extend(
            report
                .properties
                .iter()
                .filter(|p| p.status == Status::Witnessed)
                .map(|p| p.name),
        );
    }
    for spec in CATALOGUE.iter().filter(|s| s.kind == Kind::Sometimes) {
        assert!(
            witnessed.contains(spec.name),
            "no preset witnesses {}",
            spec.name
        );
    }
}

#[test]
fn unknown_preset_is_an_error_naming_it() {
    let err = Config::preset("nope").unwrap_err();
    assert!(
        err.0.contains("'nope'") && err.0.contains("default"),
        "{err}"
    );
}
