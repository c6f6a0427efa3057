//! The report of `battlecheck coverage` in words (see
//! [`crate::conform::coverage`]).

use crate::conform::coverage::Coverage;
use std::fmt::Write;

/// The coverage table in words.
pub fn human_report(c: &Coverage) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "coverage of the engine's rule branches by `conform` over {} configuration(s): {}",
        c.configs.len(),
        c.configs.join(", ")
    );
    for name in &c.diverged {
        let _ = writeln!(
            s,
            "  DIVERGED: {name} stopped early (run `battlecheck conform` on it)"
        );
    }
    for file in &c.scenarios {
        let _ = writeln!(
            s,
            "  counterexample written to {} (replay it with `battlecheck replay`)",
            file.display()
        );
    }
    for error in &c.scenario_errors {
        let _ = writeln!(s, "  counterexample not written: {error}");
    }
    for name in &c.stopped {
        let _ = writeln!(
            s,
            "  STOPPED: {name} before its end: a gap below may be a branch not reached in time"
        );
    }
    let _ = writeln!(
        s,
        "\n  {:<24} {:<9} {:>12} {:>8}",
        "branch", "rule", "decisions", "configs"
    );
    for b in &c.branches {
        let listed = if b.listed {
            ""
        } else {
            " (not listed in Event::BRANCHES)"
        };
        let _ = writeln!(
            s,
            "  {:<24} {:<9} {:>12} {:>8}{listed}",
            b.kind, b.rule, b.decisions, b.configs
        );
    }
    if !c.explained_gaps.is_empty() {
        let _ = writeln!(s, "\nnot reached, and why no model game reaches them:");
    }
    for b in c.branches.iter().filter(|b| b.decisions == 0) {
        if let Some(why) = b.unreachable {
            let _ = writeln!(s, "  {} ({}): {why}", b.kind, b.rule);
        }
    }
    if c.gaps.is_empty() {
        let _ = writeln!(s, "\nno unexplained gaps");
    } else {
        let _ = writeln!(
            s,
            "\nGAPS: {} branch(es) no configuration exercised and none explained: {}",
            c.gaps.len(),
            c.gaps.join(", ")
        );
    }
    if !c.stale.is_empty() {
        let _ = writeln!(
            s,
            "\nSTALE: {} branch(es) explained as unreachable, but exercised (drop the explanation): {}",
            c.stale.len(),
            c.stale.join(", ")
        );
    }
    let verdict = if c.passed() {
        "PASS"
    } else if c.partial() && c.gaps.is_empty() {
        "PARTIAL"
    } else if c.partial() {
        "PARTIAL (gaps found in a run stopped early)"
    } else {
        "FAIL"
    };
    let _ = writeln!(s, "\nresult: {verdict}");
    s
}
