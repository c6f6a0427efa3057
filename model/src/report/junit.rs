//! JUnit XML, the format CI systems read: one test case per property,
//! scenario, configuration or conformance run.

use super::check::{config_line, human_report, visited_line};
use crate::check::{CheckReport, Status};
use crate::display::xml_escape;
use std::fmt::Write;

/// The outcome of one JUnit test case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Case {
    Passed,
    Failed { message: String, details: String },
    Skipped(String),
}

/// A JUnit XML document with one suite of named cases; `seconds`, the time
/// it took, is left out when it is not known (a merged sweep's reports keep
/// no timings), never written as zero.
pub fn junit(suite: &str, seconds: Option<f64>, cases: &[(String, Case)]) -> String {
    let failures = cases
        .iter()
        .filter(|c| matches!(c.1, Case::Failed { .. }))
        .count();
    let skipped = cases
        .iter()
        .filter(|c| matches!(c.1, Case::Skipped(_)))
        .count();
    let mut s = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(s, "<testsuites name=\"battlecheck\" tests=\"{}\" failures=\"{failures}\" skipped=\"{skipped}\">", cases.len());
    let time = seconds.map_or(String::new(), |t| format!(" time=\"{t:.3}\""));
    let _ = writeln!(
        s,
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failures}\" skipped=\"{skipped}\"{time}>",
        xml_escape(suite),
        cases.len()
    );
    for (name, outcome) in cases {
        let name = xml_escape(name);
        match outcome {
            Case::Passed => {
                let _ = writeln!(
                    s,
                    "    <testcase classname=\"battlecheck\" name=\"{name}\"/>"
                );
            }
            Case::Failed { message, details } => {
                let _ = writeln!(
                    s,
                    "    <testcase classname=\"battlecheck\" name=\"{name}\">"
                );
                let _ = writeln!(
                    s,
                    "      <failure message=\"{}\">{}</failure>",
                    xml_escape(message),
                    xml_escape(details)
                );
                let _ = writeln!(s, "    </testcase>");
            }
            Case::Skipped(reason) => {
                let _ = writeln!(s, "    <testcase classname=\"battlecheck\" name=\"{name}\"><skipped message=\"{}\"/></testcase>", xml_escape(reason));
            }
        }
    }
    s.push_str("  </testsuite>\n</testsuites>\n");
    s
}

/// The JUnit report of a check: one test case per property, and for a run
/// that was stopped early one failed case that says so (CI systems read
/// the XML, not the exit code).
pub fn junit_report(r: &CheckReport) -> String {
    let full = human_report(r);
    let mut cases: Vec<_> = r
        .properties
        .iter()
        .map(|p| {
            let outcome = match p.status {
                Status::Holds | Status::Witnessed => Case::Passed,
                Status::NotApplicable => {
                    Case::Skipped(format!("configuration lacks {}", super::check::lacking(r, p)))
                }
                Status::Violated => {
                    let details = full
                        .split(&format!("counterexample to {} (", p.name))
                        .nth(1)
                        .map(|rest| {
                            rest.split("\ncounterexample to ")
                                .next()
                                .unwrap_or(rest)
                                .to_string()
                        })
                        .unwrap_or_default();
                    Case::Failed {
                        message: format!("violated: {}", p.statement),
                        details,
                    }
                }
                Status::NotWitnessed if r.shard.is_some() => Case::Skipped(
                    "not reached in this shard: the merge of every shard's report judges witnesses"
                        .into(),
                ),
                Status::NotWitnessed if r.random_games.is_some() => Case::Skipped(
                    "not reached by the random games: only an exhaustive check shows a witness unreachable"
                        .into(),
                ),
                Status::NotWitnessed => Case::Failed {
                    message: format!(
                        "not witnessed{}: {}",
                        if r.complete { "" } else { " (partial run)" },
                        p.statement
                    ),
                    details: String::new(),
                },
            };
            (format!("{} ({})", p.name, p.checklist.join(" ")), outcome)
        })
        .collect();
    if r.complete && r.visited.is_bitstate() {
        // Not a failure, but not the whole state space for certain either.
        cases.push((
            "exhaustive run".to_string(),
            Case::Skipped(visited_line(&r.visited)),
        ));
    }
    if !r.complete {
        let why = r.stopped_by.unwrap_or("early");
        cases.push((
            "exhaustive run".to_string(),
            Case::Failed {
                message: format!(
                    "PARTIAL: the run was stopped ({why}) after {} states; unexplored states may hold violations",
                    r.unique_states
                ),
                details: String::new(),
            },
        ));
    }
    junit(
        &format!("battlecheck check: {}", config_line(&r.config)),
        Some(r.seconds),
        &cases,
    )
}
