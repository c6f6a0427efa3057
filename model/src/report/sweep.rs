//! The text summary of a sweep.

use crate::check::sweep::SweepReport;

/// The human-readable sweep summary.
pub fn human(r: &SweepReport) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    if let Some(sh) = r.shard {
        let _ = writeln!(s, "shard {}/{}", sh.index, sh.count);
    }
    for e in &r.entries {
        let c = &e.config;
        let mut notes: Vec<String> = e.violated.iter().map(|v| format!("VIOLATED {v}")).collect();
        notes.extend(
            e.not_witnessed
                .iter()
                .map(|w| format!("(not witnessed: {w})")),
        );
        let verdict = match (&e.stopped_by, e.passed) {
            (_, false) => "FAIL".to_string(),
            (Some(why), true) => format!("PARTIAL (stopped: {why})"),
            (None, true) => "pass".to_string(),
        };
        let _ = writeln!(
            s,
            "{:>3} {:<7} players {} defense {} turns {} concede {:<3} {:>10} states  {verdict} {}",
            e.index,
            c.name,
            c.players(),
            c.defense,
            c.turns,
            if c.concede { "on" } else { "off" },
            e.unique_states,
            notes.join(" ")
        );
    }
    let failed = r.entries.iter().filter(|e| !e.passed).count();
    let partial = r
        .entries
        .iter()
        .filter(|e| e.passed && e.stopped_by.is_some())
        .count();
    let _ = writeln!(
        s,
        "{} configurations: {} passed, {failed} failed{}",
        r.entries.len(),
        r.entries.len() - failed - partial,
        if partial > 0 {
            format!(", {partial} PARTIAL (stopped before the end: not a pass)")
        } else {
            String::new()
        }
    );
    s
}
