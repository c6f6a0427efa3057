//! The table of a benchmark.

use crate::conform::bench::{BenchReport, Search};

/// The report as a table.
pub fn table(r: &BenchReport) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let factor = r.unique_without_symmetry as f64 / r.unique_with_symmetry.max(1) as f64;
    let _ = writeln!(
        s,
        "preset {}: {} unique states with symmetry, {} without (reduction x{factor:.2}); timed runs stop after {} generated states",
        r.preset, r.unique_with_symmetry, r.unique_without_symmetry, r.budget
    );
    let _ = writeln!(
        s,
        "{:<14} {:>8} {:>9} {:>16} {:>19} {:>9} {:>14}",
        "search",
        "threads",
        "symmetry",
        "unique states/s",
        "generated states/s",
        "speed-up",
        "vs stateright"
    );
    for v in &r.variants {
        let single = r
            .variants
            .iter()
            .find(|w| w.search == v.search && w.symmetry == v.symmetry && w.threads == 1)
            .map_or(1.0, |w| w.unique_states_per_second);
        // The check's search against stateright's, same threads and symmetry.
        let baseline = (v.search == Search::Dfs)
            .then(|| {
                r.variants.iter().find(|w| {
                    w.search == Search::StaterightDfs
                        && w.symmetry == v.symmetry
                        && w.threads == v.threads
                })
            })
            .flatten()
            .map_or(String::new(), |w| {
                format!(
                    "{:.2}x",
                    v.unique_states_per_second / w.unique_states_per_second.max(1e-9)
                )
            });
        let _ = writeln!(
            s,
            "{:<14} {:>8} {:>9} {:>16.0} {:>19.0} {:>8.2}x {:>14}",
            v.search.label(),
            v.threads,
            if v.symmetry { "on" } else { "off" },
            v.unique_states_per_second,
            v.generated_states_per_second,
            v.unique_states_per_second / single,
            baseline
        );
    }
    if let Some(g) = &r.random_games {
        let _ = writeln!(
            s,
            "random games ({} games each, random decisions to the end, {} rounds): engine {} decisions, {:.0} decisions/s; model {} decisions, {:.0} decisions/s; engine/model {:.3} (median of the rounds)",
            g.games,
            g.rounds,
            g.engine_decisions,
            g.engine_decisions_per_second,
            g.model_decisions,
            g.model_decisions_per_second,
            g.ratio
        );
    }
    if let Some(why) = r.stopped {
        let _ = writeln!(
            s,
            "PARTIAL: the benchmark was stopped ({why}) after {} of 10 variants{}; only complete measurements are shown",
            r.variants.len(),
            if r.random_games.is_none() { ", before the random games" } else { "" }
        );
    }
    s
}
