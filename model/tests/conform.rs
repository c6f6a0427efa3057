//! Conformance of the engine to the model: presets explored in lockstep
//! agree, and the engine passes the property catalogue.

use battlecheck::conform::{conform, ConformOptions, ConformReport};
use battlecheck::report::conform::human_report;
use battlecheck::Config;

fn run(preset: &str) -> ConformReport {
    let opts = ConformOptions {
        threads: 2,
        ..ConformOptions::default()
    };
    let r = conform(Config::preset(preset).unwrap(), &opts).unwrap();
    eprintln!("{}", human_report(&r));
    r
}

#[test]
fn the_engine_conforms_on_tiny() {
    let r = run("tiny");
    assert!(r.passed(), "{}", human_report(&r));
    assert!(r.states > 100, "{} states", r.states);
}

#[test]
fn the_engine_conforms_on_duel() {
    let r = run("duel");
    assert!(r.passed(), "{}", human_report(&r));
}

#[test]
fn the_engine_conforms_on_copies() {
    let r = run("copies");
    assert!(r.passed(), "{}", human_report(&r));
}

#[test]
fn the_engine_conforms_on_mimic() {
    let r = run("mimic");
    assert!(r.passed(), "{}", human_report(&r));
}

/// The main job: minutes on two threads, so run by CI explicitly
/// (`cargo test --release -p battlecheck --test conform -- --ignored`).
#[test]
#[ignore]
fn the_engine_conforms_on_default() {
    let r = run("default");
    assert!(r.passed(), "{}", human_report(&r));
}
