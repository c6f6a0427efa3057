//! The text report of a check: the configuration, the search's numbers,
//! each property's verdict and the shortest counterexample of a violation.

use crate::check::split::SplitInfo;
use crate::check::visited::VisitedSet;
use crate::check::{CheckReport, PropertyResult, Status};
use crate::rules::cards::CardName;
use crate::rules::config::Config;
use battlecheck_properties::Kind;
use std::fmt::Write;

/// One line describing a configuration.
pub fn config_line(c: &Config) -> String {
    let seats: Vec<String> = c
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let names = |v: &[CardName]| v.iter().map(|c| c.as_str()).collect::<Vec<_>>().join(",");
            format!(
                "P{}: hand [{}] battlefield [{}]",
                i + 1,
                names(&s.hand),
                names(&s.battlefield)
            )
        })
        .collect();
    let faults: Vec<&str> = c.faults.iter().map(|f| f.as_str()).collect();
    let mut line = format!(
        "preset {}: {} players, {} turn(s), life {}, defense {}, concede {}, {}; {}",
        c.name,
        c.players(),
        c.turns,
        c.life,
        c.defense,
        if c.concede { "on" } else { "off" },
        c.variant.describe(),
        seats.join("; ")
    );
    if !faults.is_empty() {
        let _ = write!(line, "; SEEDED FAULTS: {}", faults.join(", "));
    }
    let unjudged: Vec<&str> = c
        .faults
        .iter()
        .filter(|f| !f.judged_by_properties())
        .map(|f| f.as_str())
        .collect();
    if !unjudged.is_empty() {
        let _ = write!(
            line,
            " ({} no property judges: only `conform`, against an engine, catches it)",
            unjudged.join(", ")
        );
    }
    line
}

fn thousands(n: usize) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// A chance, readably: a percentage down to 0.1%, then in scientific
/// notation.
fn chance(p: f64) -> String {
    if p == 0.0 {
        "0".into()
    } else if p >= 1e-3 {
        format!("{:.2}%", p * 100.0)
    } else {
        format!("{p:.1e}")
    }
}

/// How visited states were kept, and what the run may have missed
/// because of it.
pub fn visited_line(v: &VisitedSet) -> String {
    match *v {
        VisitedSet::Fingerprints {
            collision_probability,
        } => format!(
            "visited states kept as 64-bit fingerprints: the chance that two states shared one (and one of them went unexplored) is at most {}",
            chance(collision_probability)
        ),
        VisitedSet::Bitstate {
            bits,
            hash_functions,
            bits_set,
            false_hit_probability,
            expected_missed,
        } => format!(
            "visited states kept in a bit array (bitstate hashing): {} bits ({} MiB), {hash_functions} per state, {} set; a state not yet visited was taken for visited with a chance of at most {}, so about {} states at most were missed, each with what only it leads to",
            thousands(bits as usize),
            bits >> 23,
            chance(bits_set as f64 / bits as f64),
            chance(false_hit_probability),
            match expected_missed {
                m if !m.is_finite() => "all new".to_string(),
                m if m < 10.0 => format!("{m:.1}"),
                m => thousands(m.round() as usize),
            }
        ),
    }
}

/// The human-readable report of a check.
pub fn human_report(r: &CheckReport) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}", config_line(&r.config));
    if let Some(g) = &r.random_games {
        let _ = writeln!(
            s,
            "{} of {} random games (seed {}) played, {} states judged (games meet: not distinct states), the longest game {} decisions, in {:.2} s: {} states/s on {} thread(s)",
            thousands(g.played),
            thousands(g.asked.count),
            g.asked.seed,
            thousands(g.states),
            g.longest,
            r.seconds,
            thousands(r.states_per_second as usize),
            r.threads
        );
        let _ = writeln!(
            s,
            "random games are evidence, not proof: an invariant that holds held in these games, and a witness no game reached fails nothing"
        );
        return verdicts(s, r);
    }
    let _ = writeln!(
        s,
        "explored {} unique states ({} generated), max depth {}, in {:.2} s: {} states/s on {} thread(s); symmetry reduction: {:?}",
        thousands(r.unique_states),
        thousands(r.generated_states),
        r.max_depth,
        r.seconds,
        thousands(r.states_per_second as usize),
        r.threads,
        r.symmetry
    );
    let _ = writeln!(s, "{}", visited_line(&r.visited));
    match &r.shard {
        Some(x) if x.frontier_states == 0 && !r.complete => {
            let _ = writeln!(
                s,
                "shard {}/{}: stopped above the split, before its frontier was known",
                x.index, x.count
            );
        }
        Some(x) if x.frontier_states == 0 && x.frontier_turn.is_some() => {
            let _ = writeln!(
                s,
                "shard {}/{}: no state of this configuration reaches its second turn, so every shard explores all of it",
                x.index, x.count
            );
        }
        Some(x) if x.frontier_states == 0 => {
            let _ = writeln!(
                s,
                "shard {}/{}: no breadth-first level of this configuration holds {} states per shard, so every shard explores all of it",
                x.index,
                x.count,
                crate::check::split::PER_SHARD
            );
        }
        Some(
            x @ SplitInfo {
                frontier_file: Some(checksum),
                ..
            },
        ) => {
            let _ = writeln!(
                s,
                "shard {}/{} of this configuration's states, started from a frontier file (checksum {:08x}): {} states above the split (judged by the run that wrote it, not here), {} beginning turn {} ({} of them this shard's); a witness not reached here may be reached by another shard: merge the JSON reports of all {} and the frontier run's with merge-reports",
                x.index,
                x.count,
                checksum,
                thousands(x.prefix_states),
                thousands(x.frontier_states),
                x.frontier_turn.unwrap_or(2),
                thousands(x.owned_frontier_states),
                x.count
            );
        }
        Some(x) => {
            let _ = writeln!(
                s,
                "shard {}/{} of this configuration's states: {} states above the split (judged by every shard), {} {} ({} of them this shard's); a witness not reached here may be reached by another shard: merge the JSON reports of all {} with merge-reports",
                x.index,
                x.count,
                thousands(x.prefix_states),
                thousands(x.frontier_states),
                match x.frontier_turn {
                    Some(turn) => format!("beginning turn {turn}"),
                    None => format!("at depth {}", x.frontier_depth),
                },
                thousands(x.owned_frontier_states),
                x.count
            );
        }
        None => {}
    }
    if let Some(f) = &r.frontier_out {
        let _ = writeln!(
            s,
            "frontier run: {} states above the split judged here; {} states beginning turn {} written for the shards (checksum {:08x}), which start from them with --frontier-in; a witness not reached here may be reached by a shard: merge this JSON report with theirs",
            thousands(f.prefix_states),
            thousands(f.states),
            f.turn,
            f.checksum
        );
    }
    match r.merged_shards {
        Some(n) if r.merged_frontier_run => {
            let _ = writeln!(
                s,
                "merged from the frontier run and {n} shards started from its file: the counts are summed (a state reached by several shards is counted by each), the time is the frontier run's and the longest shard's"
            );
        }
        Some(n) => {
            let _ = writeln!(
                s,
                "merged from {n} shards: the counts are summed (a state reached by several shards is counted by each), the time is the longest shard's"
            );
        }
        None => {}
    }
    verdicts(s, r)
}

/// The report's end, after the lines of how it searched: whether it was
/// stopped, each property's verdict, the counterexamples and the result.
fn verdicts(mut s: String, r: &CheckReport) -> String {
    if !r.complete {
        let _ = writeln!(
            s,
            "PARTIAL: the run was stopped ({}); unexplored states may hold violations",
            r.stopped_by.unwrap_or("early")
        );
    }
    for (title, kind) in [("invariants", Kind::Always), ("witnesses", Kind::Sometimes)] {
        let _ = writeln!(s, "{title}:");
        for p in r.properties.iter().filter(|p| p.kind == kind) {
            let status = match p.status {
                Status::Holds => "holds",
                Status::Violated => "VIOLATED",
                Status::Witnessed => "witnessed",
                Status::NotWitnessed if r.shard.is_some() => "not here",
                Status::NotWitnessed if r.random_games.is_some() => "not reached",
                Status::NotWitnessed => "NOT WITNESSED",
                Status::NotApplicable => "n/a",
            };
            let mut line = format!("  {status:<13} {:<40} {}", p.name, p.checklist.join(" "));
            if !p.missing_features.is_empty() {
                let _ = write!(line, " (configuration lacks: {})", lacking(r, p));
            }
            let _ = writeln!(s, "{line}");
        }
    }
    for p in r.properties.iter().filter(|p| p.status == Status::Violated) {
        let _ = writeln!(s, "\ncounterexample to {} ({}):", p.name, p.statement);
        let _ = writeln!(s, "  rules: {}", p.rules.join(", "));
        match &p.counterexample {
            Some(t) => {
                let _ = writeln!(
                    s,
                    "  {} decisions{}:",
                    t.steps.len(),
                    if t.shortest { " (shortest)" } else { "" }
                );
                for (i, step) in t.steps.iter().enumerate() {
                    let _ = writeln!(s, "  {:>3}. {}", i + 1, step.text);
                }
                let _ = writeln!(s, "  final state:");
                for line in t.final_state.lines() {
                    let _ = writeln!(s, "    {line}");
                }
                if let Some(b) = t.breaks.iter().find(|b| b.property == p.name) {
                    if !b.objects.is_empty() {
                        let _ = writeln!(s, "  breaks it: {}", b.objects.join("; "));
                    }
                }
                if !t.last_changes.is_empty() {
                    let _ = writeln!(s, "  changed by the last decision:");
                    for c in &t.last_changes {
                        let _ = writeln!(s, "    {}: {} -> {}", c.field, c.expected, c.actual);
                    }
                }
            }
            None => {
                let _ = writeln!(s, "  (no path found by the shortest-path search)");
            }
        }
    }
    let count = |status| r.properties.iter().filter(|p| p.status == status).count();
    let (violated, unwitnessed) = (count(Status::Violated), count(Status::NotWitnessed));
    let verdict = match (r.passed(), r.complete) {
        (true, _) if r.visited.is_bitstate() => {
            "PASS (bitstate hashing: no violation among the states visited; see above for those it may have missed)".to_string()
        }
        (true, _) => "PASS".to_string(),
        (false, false) if violated == 0 => "PARTIAL".to_string(),
        (false, _) if violated > 0 => format!("FAIL ({violated} invariant(s) violated)"),
        (false, _) => format!(
            "FAIL ({unwitnessed} witness(es) not reached: the configuration never shows what they describe)"
        ),
    };
    let _ = writeln!(s, "\nresult: {verdict}");
    s
}

/// What the configuration lacks for property `p`, in words
/// ([`crate::rules::config::Config::lacks`]).
pub fn lacking(r: &CheckReport, p: &PropertyResult) -> String {
    let lacks: Vec<String> = p
        .missing_features
        .iter()
        .map(|f| r.config.lacks(*f))
        .collect();
    lacks.join(", ")
}
