//! `battlecheck bench`: throughput of the checker on a preset, with 1 and 2
//! threads, with and without the symmetry reduction, depth-first and
//! breadth-first. Each variant runs several times over the same budget of
//! generated states and reports the median; one complete run with and one
//! without symmetry give the reduction factor. Every run is the check's own
//! search, property tally included. Random games give the engine's
//! throughput against the model's in the same run. Wall-clock numbers: run
//! on a quiet machine, never as a test assertion.

use crate::check::model::BattleModel;
use crate::check::random::Rng;
use crate::check::stop::{Stop, INTERRUPTED};
use crate::check::{self, explore_model, CheckOptions};
use crate::conform::bridge::{in_process, Driven, Saved, Stuck};
use crate::conform::engine::InProcess;
use crate::rules::config::{Config, ConfigError};
use crate::rules::state::GameState;
use battlecheck_engine::state::game::Game;
use battlecheck_properties::Decision;
use serde::Serialize;
use stateright::{Model, Representative};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Search {
    /// The check's own depth-first search.
    Dfs,
    /// stateright's depth-first search: the baseline.
    StaterightDfs,
    /// stateright's breadth-first search.
    Bfs,
}

impl Search {
    pub fn label(self) -> &'static str {
        match self {
            Search::Dfs => "dfs",
            Search::StaterightDfs => "stateright-dfs",
            Search::Bfs => "bfs",
        }
    }
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

/// Random games played by the engine and, as the baseline of the same
/// run, by the model: decisions per second of each. The games are played
/// in `rounds`, each the engine's games and then the model's, so that both
/// sides of a round meet the same machine; the rates are medians over the
/// rounds, and `ratio` is the median of the rounds' engine/model ratios.
#[derive(Clone, Debug, Serialize)]
pub struct RandomGames {
    pub games: usize,
    pub rounds: usize,
    pub engine_decisions: usize,
    pub engine_decisions_per_second: f64,
    pub model_decisions: usize,
    pub model_decisions_per_second: f64,
    pub ratio: f64,
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
    /// `None` when the benchmark was stopped before its games.
    pub random_games: Option<RandomGames>,
    /// Why the benchmark stopped before its end ("interrupted": Ctrl-C or
    /// SIGTERM). Only complete measurements are reported: the variant that
    /// was running is left out, and unique-state counts of stopped complete
    /// runs are lower bounds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<&'static str>,
}

/// Whether Ctrl-C or SIGTERM asked the benchmark to stop.
fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// (unique states, generated states, seconds) of one run of the check
/// (`battlecheck check`'s search, property tally included).
fn run(
    model: &BattleModel,
    search: Search,
    threads: usize,
    symmetry: bool,
    budget: Option<usize>,
) -> (usize, usize, f64) {
    let opts = CheckOptions {
        threads,
        symmetry,
        ..CheckOptions::default()
    };
    let representative: check::Representation<BattleModel> = GameState::representative;
    let search = match search {
        Search::Dfs => check::Search::DepthFirst(symmetry.then_some(check::canonical_fingerprint)),
        Search::StaterightDfs => {
            check::Search::StaterightDepthFirst(symmetry.then_some(representative))
        }
        Search::Bfs => check::Search::BreadthFirst,
    };
    let stop = Arc::new(Stop::new(None, budget));
    let run = explore_model(model, &opts, search, &stop, None);
    (run.unique, run.generated, run.elapsed.as_secs_f64())
}

/// One of `options`, uniformly; a concession only one time in sixteen (as
/// the random lockstep games, [`pick`](crate::check::random::pick)), or
/// most games would end at once.
fn choose<'a>(rng: &mut Rng, options: &'a [Decision]) -> &'a Decision {
    let concede = |d: &&Decision| matches!(d, Decision::Concede { .. });
    let others = options.iter().filter(|d| !concede(d)).count();
    if rng.below(16) == 0 || others == 0 {
        &options[rng.below(options.len())]
    } else {
        let i = rng.below(others);
        options
            .iter()
            .filter(|d| !concede(d))
            .nth(i)
            .expect("i < others")
    }
}

/// An engine that did not move on, as the benchmark reports it.
fn stuck(s: Stuck) -> ConfigError {
    ConfigError(format!("the engine does not move on: {}", s.why))
}

/// `games` random games played to the end by the engine and by the model,
/// `rounds` times (see [`RandomGames`]).
fn random_games(
    model: &BattleModel,
    games: usize,
    rounds: usize,
) -> Result<Option<RandomGames>, ConfigError> {
    let config = &model.setup.config;
    let mut start = Driven::new(in_process(config, &[]), config.turns)
        .expect("the engine in process does not fail");
    start
        .reset()
        .expect("the engine in process does not fail")
        .map_err(stuck)?;
    let mut engine = Driven::playing(start.engine.game, config.turns);
    let initial_game = engine.save().expect("the engine in process does not fail");
    let initial_state = model.init_states().remove(0);
    let rate = |n: usize, t: Duration| n as f64 / t.as_secs_f64().max(1e-9);
    let (mut engine_rates, mut model_rates, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    let (mut engine_decisions, mut model_decisions) = (0, 0);
    for _ in 0..rounds.max(1) {
        let (n, t) = engine_games(config, &mut engine, &initial_game, games)?;
        let (m, u) = model_games(model, &initial_state, games);
        if interrupted() {
            return Ok(None);
        }
        engine_rates.push(rate(n, t));
        model_rates.push(rate(m, u));
        ratios.push(rate(n, t) / rate(m, u).max(1e-9));
        (engine_decisions, model_decisions) = (n, m);
    }
    Ok(Some(RandomGames {
        games,
        rounds: rounds.max(1),
        engine_decisions,
        engine_decisions_per_second: median(engine_rates),
        model_decisions,
        model_decisions_per_second: median(model_rates),
        ratio: median(ratios),
    }))
}

/// `games` random games played to the end by `engine` (through the shared
/// decisions, as `conform` drives it), each from `initial`, restored as
/// the lockstep restores a saved game: the decisions taken and the time
/// taken. An engine that refuses a decision it offered, or does not move
/// on, stops the benchmark with the reason (`conform` finds the path to
/// it).
fn engine_games(
    config: &Config,
    engine: &mut Driven<InProcess>,
    initial: &Saved<Game>,
    games: usize,
) -> Result<(usize, Duration), ConfigError> {
    let start = Instant::now();
    let mut taken = 0;
    for seed in 0..games as u64 {
        if interrupted() {
            break;
        }
        let mut rng = Rng::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        engine
            .restore(initial)
            .expect("the engine in process does not fail");
        loop {
            let options = engine
                .decisions(config)
                .expect("the engine in process does not fail");
            if options.is_empty() {
                break;
            }
            let d = choose(&mut rng, &options);
            engine
                .apply(d)
                .expect("the engine in process does not fail")
                .map_err(|e| {
                    ConfigError(format!(
                        "the engine refuses the decision it offered: {}",
                        e.message
                    ))
                })?;
            engine
                .advance()
                .expect("the engine in process does not fail")
                .map_err(stuck)?;
            taken += 1;
        }
    }
    Ok((taken, start.elapsed()))
}

/// `games` random games played to the end by the model, each from
/// `initial`, with the same choices as [`engine_games`]: the decisions
/// taken and the time taken.
fn model_games(model: &BattleModel, initial: &GameState, games: usize) -> (usize, Duration) {
    let start = Instant::now();
    let mut taken = 0;
    let mut options: Vec<Decision> = Vec::new();
    for seed in 0..games as u64 {
        if interrupted() {
            break;
        }
        let mut rng = Rng::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let mut state = initial.clone();
        loop {
            options.clear();
            model.actions(&state, &mut options);
            if options.is_empty() {
                break;
            }
            let d = choose(&mut rng, &options).clone();
            state = model
                .next_state(&state, d)
                .expect("every decision leads on");
            taken += 1;
        }
    }
    (taken, start.elapsed())
}

/// Benchmark a configuration: `runs` runs of each search, stopped after
/// `budget` states, and `games` random games on the engine and the model,
/// `runs` rounds of them.
pub fn bench(
    config: Config,
    budget: usize,
    runs: usize,
    games: usize,
) -> Result<BenchReport, ConfigError> {
    let preset = config.name.clone();
    let model = BattleModel::new(config)?;
    let unique_with_symmetry = run(&model, Search::Dfs, 2, true, None).0;
    let unique_without_symmetry = run(&model, Search::Dfs, 2, false, None).0;
    let mut variants = Vec::new();
    // stateright's breadth-first search ignores symmetry (notes, pitfalls).
    'variants: for (search, symmetry) in [
        (Search::Dfs, true),
        (Search::Dfs, false),
        (Search::StaterightDfs, true),
        (Search::StaterightDfs, false),
        (Search::Bfs, false),
    ] {
        for threads in [1, 2] {
            let mut unique_rates = Vec::new();
            let mut generated_rates = Vec::new();
            let mut unique = 0;
            for _ in 0..runs.max(1) {
                let (u, g, secs) = run(&model, search, threads, symmetry, Some(budget));
                if interrupted() {
                    break 'variants;
                }
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
        random_games: if interrupted() {
            None
        } else {
            random_games(&model, games, runs)?
        },
        stopped: interrupted().then_some("interrupted"),
    })
}
