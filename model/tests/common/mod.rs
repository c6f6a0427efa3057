//! Helpers shared by the model's integration tests.

// Each test binary uses some of them.
#![allow(dead_code)]

use battlecheck::check::{check, CheckOptions, CheckReport, Status};
use battlecheck::rules::cards::CardName;
use battlecheck::rules::config::{Config, Seat};
use battlecheck::Fault;

/// A configuration from seats given as (hand, battlefield) card lists.
pub fn config(turns: u8, defense: u8, seats: &[(&[CardName], &[CardName])]) -> Config {
    Config {
        name: "test".into(),
        turns,
        life: 20,
        defense,
        concede: true,
        seats: seats
            .iter()
            .map(|(h, b)| Seat {
                hand: h.to_vec(),
                battlefield: b.to_vec(),
            })
            .collect(),
        variant: Default::default(),
        faults: Vec::new(),
    }
}

pub fn with_fault(mut c: Config, f: Fault) -> Config {
    c.faults.push(f);
    c
}

pub fn run(c: Config) -> CheckReport {
    check(
        c,
        &CheckOptions {
            threads: 2,
            symmetry: true,
            ..CheckOptions::default()
        },
    )
    .expect("valid configuration")
}

/// Each property's name, status and counterexample (its decisions): what
/// two checks of one configuration must agree on.
pub fn verdicts(r: &CheckReport) -> Vec<(&'static str, Status, Option<Vec<String>>)> {
    r.properties
        .iter()
        .map(|p| {
            let path = p.counterexample.as_ref().map(|t| {
                t.steps
                    .iter()
                    .map(|s| format!("{:?}", s.decision))
                    .collect()
            });
            (p.name, p.status, path)
        })
        .collect()
}
