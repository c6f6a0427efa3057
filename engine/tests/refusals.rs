//! The engine's list of refusal rules ([`REFUSALS`], what `battlecheck
//! coverage` counts as rule branches) is held to the source: every rule
//! written at a refusal (`illegal("…", …)`, `refuse("…", …)`) is listed,
//! every listed rule is written somewhere in the engine's source, and every
//! refusal the scenarios make cites a listed rule.

use battlecheck_engine::scenario::run_path;
use battlecheck_engine::state::error::{refusals_in, REFUSALS};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The engine's source files, each with its text.
fn source_texts() -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    sources(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let text = std::fs::read_to_string(&f).unwrap();
            (f, text)
        })
        .collect()
}

/// The string literals that stand first in a call of `refuse(` or
/// `illegal(` in `text`.
fn refusal_literals(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for call in ["refuse(", "illegal("] {
        for (at, _) in text.match_indices(call) {
            let before = text[..at].chars().next_back();
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            let rest = text[at + call.len()..].trim_start();
            if let Some(lit) = rest.strip_prefix('"') {
                out.push(lit[..lit.find('"').unwrap()].to_string());
            }
        }
    }
    out
}

#[test]
fn every_rule_written_at_a_refusal_is_listed() {
    let listed: BTreeSet<&str> = REFUSALS.iter().copied().collect();
    assert_eq!(listed.len(), REFUSALS.len(), "a rule is listed twice");
    let mut written = BTreeSet::new();
    for (file, text) in source_texts() {
        for rule in refusal_literals(&text) {
            assert!(
                listed.contains(rule.as_str()),
                "{}: a refusal by {rule} is not in REFUSALS",
                file.display()
            );
            written.insert(rule);
        }
    }
    assert!(written.len() > 50, "only {} rules found", written.len());
}

#[test]
fn every_listed_rule_is_in_the_source() {
    let all: String = source_texts()
        .into_iter()
        .filter(|(f, _)| !f.ends_with("state/error.rs"))
        .map(|(_, t)| t)
        .collect();
    // The reselection rules are computed in the shared vocabulary
    // (`battlecheck_properties::step::reselect_break`).
    let shared = include_str!("../../properties/src/step.rs");
    for rule in REFUSALS {
        let quoted = format!("\"{rule}\"");
        assert!(
            all.contains(&quoted) || shared.contains(&quoted),
            "REFUSALS lists {rule}, which no refusal of the engine cites"
        );
    }
}

#[test]
fn every_refusal_of_the_scenarios_is_listed() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let (results, rules) = refusals_in(|| run_path(&dir));
    assert!(results.len() > 200);
    for rule in &rules {
        assert!(
            REFUSALS.contains(rule),
            "a scenario was refused by {rule}, which REFUSALS does not list"
        );
    }
    assert!(rules.len() > 40, "the scenarios cite only {rules:?}");
}

#[test]
fn recording_nests() {
    let ((), outer) = refusals_in(|| {
        let ((), inner) = refusals_in(|| {
            let _ = battlecheck_engine::state::error::illegal::<()>("702.9b", "flying");
        });
        assert_eq!(inner, ["702.9b"]);
        let _ = battlecheck_engine::state::error::illegal::<()>("302.6", "haste");
    });
    assert_eq!(outer, ["302.6", "702.9b"]);
}
