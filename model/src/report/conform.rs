//! The text report of a conformance run.

use crate::conform::ConformReport;
use std::fmt::Write;

/// The report in words.
pub fn human_report(r: &ConformReport) -> String {
    let mut s = String::new();
    let verdict = match (&r.counterexample, r.complete) {
        (Some(_), _) => "DIVERGES",
        (None, true) => "conforms",
        (None, false) => "conforms so far",
    };
    match &r.random_games {
        None => {
            // At each state compared, the observation and the whole set of
            // legal decisions; the engine takes one decision to reach each
            // state after the first (the others lead to states compared).
            let _ = writeln!(
                s,
                "engine {verdict}: preset '{}', {} model states compared in lockstep, each by its observation and its legal decisions ({} model decisions checked against the engine's, {} of them taken by the engine to reach the states), depth {}, symmetry {:?}, {:.1}s on {} thread(s)",
                r.config.name,
                r.states,
                r.transitions,
                r.states.saturating_sub(1),
                r.depth,
                r.symmetry,
                r.seconds,
                r.threads
            );
        }
        Some(g) => {
            let _ = writeln!(
                s,
                "engine {verdict}: preset '{}', {} of {} random games (seed {}) played in lockstep, {} to the turn bound: {} decisions compared, the longest game {}, {:.1}s on {} thread(s)",
                r.config.name,
                g.played,
                g.asked.count,
                g.asked.seed,
                g.to_the_bound,
                r.transitions,
                r.depth,
                r.seconds,
                r.threads
            );
            if r.passed() {
                let _ = writeln!(
                    s,
                    "random games are evidence, not proof: states no game reached were not compared"
                );
            }
        }
    }
    match &r.engine_cmd {
        Some(cmd) => {
            let _ = writeln!(
                s,
                "engine process: {} {}, command `{cmd}`",
                r.engine.name, r.engine.version
            );
        }
        None => {
            let _ = writeln!(
                s,
                "engine: {} {}, in process",
                r.engine.name, r.engine.version
            );
        }
    }
    for what in &r.not_compared {
        let _ = writeln!(s, "not compared: {what}");
    }
    if !r.engine_faults.is_empty() {
        let names: Vec<String> = r.engine_faults.iter().map(|f| format!("{f:?}")).collect();
        let _ = writeln!(s, "injected engine faults: {}", names.join(", "));
    }
    if let (None, Some(why)) = (&r.counterexample, r.stopped_by) {
        let _ = writeln!(
            s,
            "PARTIAL: the run was stopped ({why}); {} may hold divergences",
            if r.random_games.is_some() {
                "the games not played"
            } else {
                "unexplored states"
            }
        );
        let _ = writeln!(s, "result: PARTIAL");
    }
    let Some(c) = &r.counterexample else { return s };
    match c.game {
        None => {
            let _ = writeln!(s, "counterexample ({} decisions, shortest):", c.steps.len());
        }
        Some(game) => {
            let _ = writeln!(
                s,
                "counterexample (random game {game}, {} decisions shrunk from its {}; not the shortest):",
                c.steps.len(),
                c.game_decisions.unwrap_or(c.steps.len())
            );
        }
    }
    for (i, st) in c.steps.iter().enumerate() {
        let _ = writeln!(s, "  {}. {}", i + 1, st.text);
    }
    let d = &c.divergence;
    if let Some(why) = &d.refused {
        let _ = writeln!(s, "the engine refuses the last decision: {why}");
    }
    if let Some(why) = &d.stuck {
        let _ = writeln!(
            s,
            "the engine does not move on after the last decision: {why}"
        );
    }
    if let Some(why) = &d.priority {
        let _ = writeln!(s, "after the last decision {why}");
    }
    if let Some(why) = &d.chooser {
        let _ = writeln!(s, "after the last decision {why}");
    }
    if let Some(why) = &d.events {
        let _ = writeln!(s, "what the engine did in the last decision breaks {why}");
    }
    for f in &d.fields {
        let _ = writeln!(
            s,
            "  {}: model {}, engine {}{}",
            f.place(),
            f.expected,
            f.actual,
            f.cited()
        );
    }
    for x in &d.model_only {
        let _ = writeln!(
            s,
            "  only the model allows: {}",
            serde_json::to_string(x).unwrap_or_default()
        );
    }
    for x in &d.engine_only {
        let _ = writeln!(
            s,
            "  only the engine allows: {}",
            serde_json::to_string(x).unwrap_or_default()
        );
    }
    if let Some(f) = &c.scenario {
        let engine = match &r.engine_cmd {
            Some(cmd) => format!("--engine-cmd {} ", shell_quote(cmd)),
            None => String::new(),
        };
        let _ = writeln!(
            s,
            "replay on the engine: battlecheck replay {engine}{}",
            f.display()
        );
    }
    s
}

/// `text` quoted for a POSIX shell (single quotes).
fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}
