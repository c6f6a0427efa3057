//! `battlecheck bench`: throughput of the checker on a preset, with 1 and 2
//! threads, with and without the symmetry reduction, depth-first and
//! breadth-first. Each variant runs several times over the same budget of
//! generated states and reports the median; one complete run with and one
//! without symmetry give the reduction factor. Wall-clock numbers: run on a
//! quiet machine, never as a test assertion.

use crate::config::Config;
use crate::model::BattleModel;
use serde::Serialize;
use stateright::{Checker, Model};
use std::time::Instant;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Search {
    Dfs,
    Bfs,
}

#[derive(Clone, Debug, Serialize)]
pub struct Variant {
    pub search: Search,
    pub threads: usize,
    pub symmetry: bool,
    /// Median over the runs.
    pub unique_states_per_second: f64,
    pub generated_states_per_second: f64,
    pub unique_states: usize,
    pub runs: usize,
}

#[derive(Clone, Debug, Serialize)]
pub struct BenchReport {
    pub preset: String,
    /// Generated-state budget of each timed run.
    pub budget: usize,
    /// Unique states of complete runs with and without symmetry.
    pub unique_with_symmetry: usize,
    pub unique_without_symmetry: usize,
    pub variants: Vec<Variant>,
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// (unique states, generated states, seconds) of one run.
fn run(
    model: &BattleModel,
    search: Search,
    threads: usize,
    symmetry: bool,
    budget: Option<usize>,
) -> (usize, usize, f64) {
    let mut b = model.clone().checker().threads(threads);
    if let Some(n) = budget {
        b = b.target_state_count(n);
    }
    let start = Instant::now();
    let (unique, generated) = match (search, symmetry) {
        (Search::Dfs, true) => {
            let c = b.symmetry().spawn_dfs().join();
            (c.unique_state_count(), c.state_count())
        }
        (Search::Dfs, false) => {
            let c = b.spawn_dfs().join();
            (c.unique_state_count(), c.state_count())
        }
        (Search::Bfs, _) => {
            let c = b.spawn_bfs().join();
            (c.unique_state_count(), c.state_count())
        }
    };
    (unique, generated, start.elapsed().as_secs_f64())
}

/// Benchmark a configuration.
pub fn bench(
    config: Config,
    budget: usize,
    runs: usize,
) -> Result<BenchReport, crate::config::ConfigError> {
    let preset = config.name.clone();
    let fresh = || BattleModel::new(config.clone());
    let unique_with_symmetry = run(&fresh()?, Search::Dfs, 2, true, None).0;
    let unique_without_symmetry = run(&fresh()?, Search::Dfs, 2, false, None).0;
    let mut variants = Vec::new();
    // stateright's breadth-first search ignores symmetry (notes, pitfalls).
    for (search, symmetry) in [
        (Search::Dfs, true),
        (Search::Dfs, false),
        (Search::Bfs, false),
    ] {
        for threads in [1, 2] {
            let mut unique_rates = Vec::new();
            let mut generated_rates = Vec::new();
            let mut unique = 0;
            for _ in 0..runs.max(1) {
                let (u, g, secs) = run(&fresh()?, search, threads, symmetry, Some(budget));
                unique = u;
                unique_rates.push(u as f64 / secs.max(1e-9));
                generated_rates.push(g as f64 / secs.max(1e-9));
            }
            variants.push(Variant {
                search,
                threads,
                symmetry,
                unique_states_per_second: median(unique_rates),
                generated_states_per_second: median(generated_rates),
                unique_states: unique,
                runs: runs.max(1),
            });
        }
    }
    Ok(BenchReport {
        preset,
        budget,
        unique_with_symmetry,
        unique_without_symmetry,
        variants,
    })
}

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
        "{:<6} {:>8} {:>9} {:>16} {:>19} {:>9}",
        "search", "threads", "symmetry", "unique states/s", "generated states/s", "speed-up"
    );
    for v in &r.variants {
        let single = r
            .variants
            .iter()
            .find(|w| w.search == v.search && w.symmetry == v.symmetry && w.threads == 1)
            .map_or(1.0, |w| w.unique_states_per_second);
        let _ = writeln!(
            s,
            "{:<6} {:>8} {:>9} {:>16.0} {:>19.0} {:>8.2}x",
            format!("{:?}", v.search).to_lowercase(),
            v.threads,
            if v.symmetry { "on" } else { "off" },
            v.unique_states_per_second,
            v.generated_states_per_second,
            v.unique_states_per_second / single
        );
    }
    s
}
