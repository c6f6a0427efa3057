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
        let verdict = if e.passed { "pass" } else { "FAIL" };
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
    let _ = writeln!(
        s,
        "{} configurations: {} passed, {failed} failed",
        r.entries.len(),
        r.entries.len() - failed
    );
    s
}
