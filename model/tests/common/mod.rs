//! Helpers shared by the model's integration tests.

use battlecheck::check::{check, CheckOptions, CheckReport};
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
