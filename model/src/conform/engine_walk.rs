//! An engine behind the engine protocol checked against the property
//! catalogue on its own (`battlecheck check --target engine --engine-cmd
//! CMD`), as [`super::check_engine`] checks this repository's engine: a
//! breadth-first search from a configuration's position through the
//! decisions the engine offers (within the model's bounds, driven through
//! the steps the model does not explore), every state judged on the
//! engine's observation. The first state that violates an invariant, or
//! witnesses a `sometimes` property, is reached by the fewest decisions.
//!
//! States are identified by the model's state reached by the same
//! decisions, while the model takes them (what the engine shows cannot
//! tell apart, say, a spell on the stack aimed at a Siege from one aimed at
//! a player: observations carry no targets); past a decision the model
//! does not offer, by the path itself, so the engine's own continuations
//! are explored as a tree (the turn bound ends them; `--max-states` and
//! `--timeout` bound them). `conform` compares the engine with the model
//! in every state the model reaches.

use super::bridge::{scenario, Driven};
use super::engine::{Engine, Process};
use super::lockstep::{path_to, ConformError, Engines, Parents, Replay, CHUNK, REPLAY_RUN};
use super::process::ProcessError;
use crate::check::model::BattleModel;
use crate::check::search::fingerprint;
use crate::check::stop::Stop;
use crate::check::visited::VisitedSet;
use crate::check::{property_results, CheckOptions, CheckReport, Exploration, SymmetryUse, Trace};
use crate::rules::config::{Config, ConfigError};
use crate::rules::state::GameState;
use battlecheck_properties::diff::differences;
use battlecheck_properties::{catalogue, Decision, Observation, CATALOGUE};
use rayon::prelude::*;
use stateright::Model;
use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, HashSet};
use std::hash::{Hash, Hasher};
use std::time::{Duration, Instant};

/// Every property has its own bit of the properties a walk wants.
const _: () = assert!(CATALOGUE.len() <= u64::BITS as usize);

/// A state of the frontier: its id in the search tree, its key, the
/// model's state reached by the same decisions (if the model takes them)
/// and the decisions the engine offers there.
struct Node {
    id: u32,
    key: u64,
    model: Option<GameState>,
    decisions: Vec<Decision>,
}

/// What a decision led to: the catalogue entries that hold there, and the
/// decisions offered there (`None`: the engine refused the decision it
/// offered, or did not move on, and the state has no successor here;
/// `conform` reports such engines with their path).
type Child = Option<(u64, Vec<Decision>)>;

/// The key of the state `d` leads to from `parent`: its model state's
/// fingerprint while the model takes the decisions, else the path's.
fn key_of(parent: &Node, d: &Decision) -> (u64, Option<GameState>) {
    // The engine's decisions are canonical; the model's in its own order.
    let offered = parent.model.as_ref().and_then(|m| {
        let mut all = Vec::new();
        m.decisions(&mut all);
        all.into_iter()
            .find(|x| x.canonical() == *d)
            .map(|x| (m, x))
    });
    match offered {
        Some((m, x)) => {
            let mut m = m.clone();
            m.apply(&x);
            (fingerprint(&m), Some(m))
        }
        None => {
            let mut h = DefaultHasher::new();
            (parent.key, d).hash(&mut h);
            (h.finish(), None)
        }
    }
}

/// Check the engine started by `command` over `config` (one process per
/// thread; `timeout` bounds each answer).
pub fn check_engine_process(
    config: Config,
    opts: &CheckOptions,
    command: &str,
    timeout: Duration,
) -> Result<CheckReport, ConformError> {
    let start = Instant::now();
    let model = BattleModel::new(config.clone())?;
    let wanted = model.properties.iter().fold(0u64, |bits, id| {
        bits | 1 << CATALOGUE.iter().position(|p| p.id == *id).unwrap_or(0)
    });
    let position = scenario(&config, &[]);
    let turns = config.turns;
    let engines = Engines::new(|| {
        let engine = Process::start(command, timeout, position.clone())?;
        Driven::new(engine, turns)
    });
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads.max(1))
        .build()
        .map_err(|e| ConfigError(format!("cannot start {} threads: {e}", opts.threads)))?;
    let stop = Stop::new(opts.timeout, opts.max_states);
    let mut engine = engines.take()?;
    if let Err(stuck) = engine.reset()? {
        return Err(ConfigError(format!(
            "the engine does not reach the starting position: {}",
            stuck.why
        ))
        .into());
    }
    let (holds, decisions) = look(&config, wanted, &mut engine)?;
    engines.give_back(engine);
    let mut parents = Parents::new();
    let mut found: HashMap<&'static str, u32> = HashMap::new();
    record(&mut found, wanted, holds, 0);
    let init = model.init_states().remove(0);
    let key = fingerprint(&init);
    let mut seen = HashSet::from([key]);
    let mut frontier = vec![Node {
        id: 0,
        key,
        model: Some(init),
        decisions,
    }];
    let (mut generated, mut depth) = (1, 0);
    stop.visit();
    'search: while !frontier.is_empty() {
        depth += 1;
        let mut next = Vec::new();
        for chunk in frontier.chunks(CHUNK) {
            if stop.poll() {
                break 'search;
            }
            let stepped: Vec<Vec<Vec<Child>>> = pool.install(|| {
                chunk
                    .par_chunks(REPLAY_RUN)
                    .map(|run| -> Result<Vec<Vec<Child>>, ProcessError> {
                        let mut engine = engines.take()?;
                        let mut replay = Replay::new(&parents, &mut engine)?;
                        let mut out = Vec::with_capacity(run.len());
                        for n in run {
                            // A slow engine is not waited for past the
                            // limits: the run stops, its level unfinished.
                            if stop.poll_now() {
                                break;
                            }
                            replay.go_to(n.id, n.decisions.len(), &mut engine)?;
                            let mut kids = Vec::with_capacity(n.decisions.len());
                            for d in &n.decisions {
                                replay.back(&mut engine)?;
                                kids.push(child(&config, wanted, &mut engine, d)?);
                            }
                            out.push(kids);
                        }
                        engines.give_back(engine);
                        Ok(out)
                    })
                    .collect::<Result<_, ProcessError>>()
            })?;
            if stop.stopped() {
                break 'search;
            }
            for (n, kids) in chunk.iter().zip(stepped.into_iter().flatten()) {
                for (d, kid) in n.decisions.iter().zip(kids) {
                    generated += 1;
                    let Some((holds, decisions)) = kid else {
                        continue;
                    };
                    let (key, model) = key_of(n, d);
                    if !seen.insert(key) {
                        continue;
                    }
                    if stop.visit() {
                        break 'search;
                    }
                    let id = parents.push(n.id, d.clone());
                    record(&mut found, wanted, holds, id);
                    next.push(Node {
                        id,
                        key,
                        model,
                        decisions,
                    });
                }
            }
        }
        frontier = next;
    }
    let run = Exploration {
        unique: parents.len(),
        generated,
        skipped: 0,
        depth,
        elapsed: start.elapsed(),
        found: found.keys().copied().collect(),
        split: None,
        visited: VisitedSet::fingerprints(seen.len()),
    };
    let mut traces = HashMap::new();
    for (name, id) in &found {
        let spec = CATALOGUE.iter().find(|p| p.name == *name).expect("found");
        if spec.kind == battlecheck_properties::Kind::Always {
            let path = path_to(&parents, *id);
            traces.insert(spec.id, trace(&config, &engines, &path)?);
        }
    }
    let properties = property_results(&model.not_applicable(), &run.found, |id| {
        traces.get(&id).cloned()
    });
    Ok(CheckReport::of(
        config,
        opts,
        SymmetryUse::Off,
        &run,
        &stop,
        properties,
    ))
}

/// The state the engine is in: the catalogue entries of `wanted` that hold
/// there, and the decisions it offers there.
fn look<E: Engine>(
    config: &Config,
    wanted: u64,
    engine: &mut Driven<E>,
) -> Result<(u64, Vec<Decision>), ProcessError> {
    let o = engine.engine.observe()?;
    let holds = catalogue::evaluate(&o, wanted);
    Ok((holds, engine.decisions(config)?))
}

/// Take decision `d` and look at the state it leads to.
fn child<E: Engine>(
    config: &Config,
    wanted: u64,
    engine: &mut Driven<E>,
    d: &Decision,
) -> Result<Child, ProcessError> {
    if engine.apply(d)?.is_err() || engine.advance()?.is_err() {
        return Ok(None);
    }
    look(config, wanted, engine).map(Some)
}

/// Note the catalogue entries of `wanted` found in state `id` (where
/// `holds` of them hold) that were not found before: a violated invariant,
/// a witnessed `sometimes` property.
fn record(found: &mut HashMap<&'static str, u32>, wanted: u64, holds: u64, id: u32) {
    for (i, spec) in CATALOGUE.iter().enumerate() {
        let hit = match spec.kind {
            battlecheck_properties::Kind::Always => holds >> i & 1 == 0,
            battlecheck_properties::Kind::Sometimes => holds >> i & 1 == 1,
        };
        if hit && wanted >> i & 1 == 1 {
            found.entry(spec.name).or_insert(id);
        }
    }
}

/// A path of the engine in game terms (see
/// [`super::engine_check::in_words`]), and what its last decision changed.
fn trace<E, F>(
    config: &Config,
    engines: &Engines<E, F>,
    path: &[Decision],
) -> Result<Trace, ProcessError>
where
    E: Engine,
    F: Fn() -> Result<Driven<E>, ProcessError>,
{
    let mut engine = engines.take()?;
    let _ = engine.reset()?;
    let mut before: Observation = engine.engine.observe()?;
    for d in path {
        before = engine.engine.observe()?;
        let _ = engine.apply(d)?;
        let _ = engine.advance()?;
    }
    let after = engine.engine.observe()?;
    engines.give_back(engine);
    Ok(Trace {
        steps: super::engine_check::in_words(config, path),
        final_state: serde_json::to_string(&after).unwrap_or_default(),
        last_changes: differences(&before, &after),
        shortest: true,
        breaks: crate::check::breaking(&after, |c| c.to_string()),
    })
}
