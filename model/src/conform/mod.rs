//! Conformance of the engine (`battlecheck-engine`) to the model: the two
//! explored in lockstep over a configuration ([`conform`]), and the engine
//! checked against the property catalogue as a stateright model of its own
//! ([`check_engine`]). A divergence comes back as the shortest path in game
//! terms and as an engine scenario file that `battlecheck replay` runs.
//! For configurations beyond exhaustive exploration, [`random`] games in
//! lockstep. The [`bench`]mark races the engine's random games against the
//! model's.
//!
//! Depends on [`crate::rules`], [`crate::display`], [`crate::check`] and
//! the engine crate: the only library layer that knows the engine.

pub mod bench;
pub mod bridge;
pub mod coverage;
pub mod engine;
pub mod engine_check;
pub mod engine_walk;
pub mod export;
pub mod lockstep;
pub mod probe;
pub mod process;
pub mod protocol;
pub mod random;
pub mod scenario;
pub mod schema;
pub mod serve;
pub mod suite;

use crate::check::model::BattleModel;
use crate::check::stop::Stop;
use crate::check::{SymmetryUse, TraceStep};
use crate::rules::config::{Config, ConfigError};
use battlecheck_engine::EngineFault;
use bridge::Driven;
use engine::{Engine, Process};
use lockstep::{Divergence, Engines};
use process::ProcessError;
use protocol::EngineInfo;
use serde::Serialize;
use std::path::PathBuf;
use std::time::{Duration, Instant};

pub use lockstep::ConformError;

pub use engine_check::check_engine;

/// How to run a conformance check.
#[derive(Clone, Debug)]
pub struct ConformOptions {
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Where a counterexample's scenario file is written (`None`: not
    /// written).
    pub out_dir: Option<PathBuf>,
    /// Bugs injected into the engine (tests only).
    pub engine_faults: Vec<EngineFault>,
    /// Identify model states up to renaming interchangeable seats, when
    /// that is exact for the configuration (as `check` does).
    pub symmetry: bool,
    /// The engine checked: this repository's, in process (`None`), or one
    /// behind the engine protocol, started by this command (one process
    /// per thread).
    pub engine_cmd: Option<String>,
    /// The time limit for each answer of an engine process.
    pub engine_timeout: Duration,
    /// Stop the run after this long, with a partial report.
    pub timeout: Option<Duration>,
    /// Stop the run after comparing this many model states, with a partial
    /// report.
    pub max_states: Option<usize>,
    /// Play these random games in lockstep instead of exploring every
    /// reachable state.
    pub random_games: Option<crate::check::random::Games>,
}

impl Default for ConformOptions {
    fn default() -> Self {
        ConformOptions {
            threads: 1,
            out_dir: None,
            engine_faults: Vec::new(),
            symmetry: true,
            engine_cmd: None,
            engine_timeout: Duration::from_secs(10),
            timeout: None,
            max_states: None,
            random_games: None,
        }
    }
}

/// A divergence between the engine and the model.
#[derive(Clone, Debug, Serialize)]
pub struct Counterexample {
    /// The decisions from the initial state, in game terms; the engine
    /// diverges after the last one.
    pub steps: Vec<TraceStep>,
    pub divergence: Divergence,
    /// The random game that diverged (numbered from 0; `None` for the
    /// exhaustive lockstep, whose counterexample has the fewest decisions).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<usize>,
    /// The decisions that game took up to its divergence, which `steps`
    /// shrinks (random games only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_decisions: Option<usize>,
    /// The scenario file written, if an output directory was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scenario: Option<PathBuf>,
    /// Why the scenario file could not be written (the report still is:
    /// the command then ends with exit code 4).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scenario_error: Option<String>,
    /// The scenario itself.
    #[serde(skip)]
    pub scenario_json: serde_json::Value,
}

/// The result of a conformance check.
#[derive(Clone, Debug, Serialize)]
pub struct ConformReport {
    pub config: Config,
    /// The engine checked (its hello, for an engine process).
    pub engine: EngineInfo,
    /// The engine process's command, if the engine is not in process.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine_cmd: Option<String>,
    pub threads: usize,
    pub symmetry: SymmetryUse,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub engine_faults: Vec<EngineFault>,
    /// Distinct model states reached, each compared with its engine game
    /// (with random games, the states compared: each game's start and the
    /// state after each decision, whether or not another game met it).
    pub states: usize,
    /// The model's legal decisions at the states explored, each checked
    /// against the engine's legal decisions there (the engine takes only
    /// those that reach a new state: `states - 1`); with random games, the
    /// decisions both took.
    pub transitions: usize,
    /// Levels of the breadth-first search (with random games, the most
    /// decisions of one game).
    pub depth: usize,
    /// The random games played instead of the exhaustive exploration.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub random_games: Option<RandomGamesRun>,
    pub seconds: f64,
    /// Every reachable model state was compared, or every random game
    /// played (false when `--timeout`, `--max-states` or an interrupt
    /// stopped the run first).
    pub complete: bool,
    /// Why the run stopped early, if it did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped_by: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counterexample: Option<Counterexample>,
    /// The branches of the rules the engine went through, each with the
    /// number of decisions compared that went through it (an engine in
    /// process only): see `battlecheck coverage`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub coverage: Vec<BranchCount>,
    /// What the engine does not tell and so was not compared, in words.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_compared: Vec<String>,
}

/// Random games played in lockstep (`--random-games`).
#[derive(Clone, Debug, Serialize)]
pub struct RandomGamesRun {
    /// The games asked for and their seed.
    #[serde(flatten)]
    pub asked: crate::check::random::Games,
    /// The games played to their end or to a divergence.
    pub played: usize,
    /// Of those, the games that ended at the turn bound rather than with
    /// one player left.
    pub to_the_bound: usize,
}

/// How many decisions compared went through one branch of the rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BranchCount {
    pub kind: &'static str,
    pub rule: &'static str,
    pub decisions: u64,
}

impl ConformReport {
    /// The engine agreed with the model in every reachable state.
    pub fn passed(&self) -> bool {
        self.complete && self.counterexample.is_none()
    }
}

/// Explore the model and the engine in lockstep over `config`; see
/// [`lockstep`]. A counterexample is written to `opts.out_dir` as
/// `conform-<preset>.json`.
pub fn conform(config: Config, opts: &ConformOptions) -> Result<ConformReport, ConformError> {
    match &opts.engine_cmd {
        None => {
            // The lockstep restores a saved game after every refusal.
            let start = bridge::in_process(&config, &opts.engine_faults).part_way();
            let turns = config.turns;
            let info = EngineInfo {
                name: "battlecheck-engine (in process)".into(),
                version: env!("CARGO_PKG_VERSION").into(),
            };
            let engines = Engines::new(|| Driven::new(start.clone(), turns));
            run(config, opts, info, Vec::new(), &engines)
        }
        Some(command) => {
            if !opts.engine_faults.is_empty() {
                return Err(ConformError::Config(ConfigError(
                    "--engine-fault injects bugs into the engine in process; for an engine process give them to it (`battlecheck serve-engine --engine-fault BUG`)".into(),
                )));
            }
            let position = bridge::scenario(&config, &[]);
            let turns = config.turns;
            let start = || {
                let engine = Process::start(command, opts.engine_timeout, position.clone())?;
                Driven::new(engine, turns)
            };
            let first = start()?;
            let info = first.engine.engine().info().clone();
            let mut not_compared = Vec::new();
            if !first.engine.tells_defenders() {
                not_compared.push(format!(
                    "each attacking creature's defending player (508.5): the engine does not announce the feature '{}'",
                    protocol::FEATURE_DEFENDERS
                ));
            }
            let engines = Engines::new(start);
            engines.give_back(first);
            run(config, opts, info, not_compared, &engines)
        }
    }
}

/// [`conform`] with the engines given.
fn run<E, F>(
    config: Config,
    opts: &ConformOptions,
    engine: EngineInfo,
    not_compared: Vec<String>,
    engines: &Engines<E, F>,
) -> Result<ConformReport, ConformError>
where
    E: Engine + Send,
    F: Fn() -> Result<Driven<E>, ProcessError> + Sync,
{
    let threads = opts.threads.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| ConfigError(format!("cannot start {threads} threads: {e}")))?;
    let start = Instant::now();
    let mut symmetry = if opts.symmetry {
        SymmetryUse::Exact
    } else {
        SymmetryUse::Off
    };
    let stop = Stop::new(opts.timeout, opts.max_states);
    let (run, random_games, game) = match opts.random_games {
        Some(games) => {
            symmetry = SymmetryUse::Off;
            let played = pool.install(|| random::play(&config, engines, games, &stop))?;
            let game = played.divergence.as_ref().map(|d| (d.game, d.played));
            let run = lockstep::Exploration {
                states: played.states,
                transitions: played.decisions,
                depth: played.longest,
                divergence: played.divergence.map(|d| (d.path, d.divergence)),
                symmetry_not_exact: false,
                branches: played.branches,
                stopped: played.stopped,
            };
            let asked = RandomGamesRun {
                asked: games,
                played: played.games,
                to_the_bound: played.to_the_bound,
            };
            (run, Some(asked), game)
        }
        None => {
            let mut run =
                pool.install(|| lockstep::explore(&config, engines, opts.symmetry, &stop))?;
            if run.symmetry_not_exact && run.stopped.is_none() {
                // The limits hold for the whole run: the repetition goes on
                // counting states and time from where the first stopped.
                run = pool.install(|| lockstep::explore(&config, engines, false, &stop))?;
                symmetry = SymmetryUse::NotExactRerun;
            }
            (run, None, None)
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    let counterexample = match run.divergence {
        None => None,
        Some((path, divergence)) => {
            let mut driven = engines.take()?;
            let scenario_json = scenario::counterexample(
                &config,
                &opts.engine_faults,
                &mut driven,
                &path,
                &divergence,
            )?;
            let (file, scenario_error) = match &opts.out_dir {
                Some(dir) => match write_scenario(dir, &config.name, &scenario_json) {
                    Ok(file) => (Some(file), None),
                    Err(e) => (None, Some(e.0)),
                },
                None => (None, None),
            };
            let model = BattleModel::new(config.clone())?;
            let trace = crate::check::trace(&model, &path, true);
            Some(Counterexample {
                steps: trace.steps,
                divergence,
                game: game.map(|(g, _)| g),
                game_decisions: game.map(|(_, n)| n),
                scenario: file,
                scenario_error,
                scenario_json,
            })
        }
    };
    Ok(ConformReport {
        config,
        engine,
        engine_cmd: opts.engine_cmd.clone(),
        threads,
        symmetry,
        engine_faults: opts.engine_faults.clone(),
        states: run.states,
        transitions: run.transitions,
        depth: run.depth,
        random_games,
        seconds,
        complete: run.stopped.is_none(),
        stopped_by: run.stopped,
        counterexample,
        coverage: run
            .branches
            .into_iter()
            .map(|((kind, rule), decisions)| BranchCount {
                kind,
                rule,
                decisions,
            })
            .collect(),
        not_compared,
    })
}

fn write_scenario(
    dir: &std::path::Path,
    preset: &str,
    s: &serde_json::Value,
) -> Result<PathBuf, ConfigError> {
    let io = |e: std::io::Error| {
        ConfigError(format!(
            "cannot write the counterexample to {}: {e}",
            dir.display()
        ))
    };
    std::fs::create_dir_all(dir).map_err(io)?;
    let file = dir.join(format!("conform-{preset}.json"));
    let text = serde_json::to_string_pretty(s).expect("a scenario serialises");
    std::fs::write(&file, text + "\n").map_err(io)?;
    Ok(file)
}
