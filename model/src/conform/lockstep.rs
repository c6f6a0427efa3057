//! The model and the engine explored in lockstep: a breadth-first search
//! over the model's reachable states (each visited once, keyed by a
//! fingerprint of the model state), carrying the engine game reached by the
//! same decisions. After every step the engine's observation must equal the
//! model's and the engine's legal decisions must equal the model's; the
//! first difference in breadth-first order (levels in order, states in
//! discovery order, decisions in the model's order) is the counterexample,
//! so it has the fewest decisions and is the same on every run and with any
//! number of threads.

use super::bridge::{advance, engine_decisions, expected, model_decisions, Stuck};
use crate::config::Config;
use crate::model::BattleModel;
use crate::state::GameState;
use battlecheck_engine::observe::{differences, FieldDiff};
use battlecheck_engine::{EngineFault, Game};
use battlecheck_properties::{Decision, Observation};
use rayon::prelude::*;
use serde::Serialize;
use stateright::{Model, Representative};
use std::collections::hash_map::DefaultHasher;
use std::collections::HashSet;
use std::hash::{Hash, Hasher};
use std::sync::atomic::Ordering;

/// How the engine differed from the model at one step.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Divergence {
    /// The engine refused the model's decision (with the engine's reason).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
    /// After the decision the engine did not move on through the steps the
    /// model does not explore (see [`super::bridge::advance`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stuck: Option<String>,
    /// Observation fields that differ (expected: the model's).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<FieldDiff>,
    /// Decisions the model offers and the engine does not accept.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub model_only: Vec<Decision>,
    /// Decisions the engine accepts and the model does not offer.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub engine_only: Vec<Decision>,
    /// What the engine must observe (the model's observation).
    #[serde(skip)]
    pub expected: Option<Observation>,
}

/// Compare the engine with the model in corresponding states.
pub fn compare(config: &Config, model: &GameState, game: &Game) -> Option<Divergence> {
    let want = expected(model, game);
    let fields = differences(&want, &game.observe());
    let ours = model_decisions(model);
    let theirs = engine_decisions(config, game);
    let model_only: Vec<Decision> = ours
        .iter()
        .filter(|d| theirs.binary_search(d).is_err())
        .cloned()
        .collect();
    let engine_only: Vec<Decision> = theirs
        .iter()
        .filter(|d| ours.binary_search(d).is_err())
        .cloned()
        .collect();
    if fields.is_empty() && model_only.is_empty() && engine_only.is_empty() {
        return None;
    }
    Some(Divergence {
        refused: None,
        stuck: None,
        fields,
        model_only,
        engine_only,
        expected: Some(want),
    })
}

/// Take decision `d` on both sides. The engine's game is advanced through
/// the steps the model does not explore.
pub fn step(
    config: &Config,
    model: &GameState,
    game: &Game,
    d: &Decision,
) -> (GameState, Result<Game, Divergence>) {
    let mut m = model.clone();
    m.apply(d);
    let engine = match game.after(d) {
        Ok(mut g) => match advance(&mut g, config.turns) {
            Ok(_) => match compare(config, &m, &g) {
                None => Ok(g),
                Some(div) => Err(div),
            },
            Err(stuck) => Err(Divergence::stuck(stuck)),
        },
        Err(e) => Err(Divergence {
            refused: Some(e.to_string()),
            ..Divergence::default()
        }),
    };
    (m, engine)
}

impl Divergence {
    fn stuck(s: Stuck) -> Divergence {
        Divergence {
            stuck: Some(s.why),
            ..Divergence::default()
        }
    }
}

pub(super) fn fingerprint(s: &GameState) -> u64 {
    let mut h = DefaultHasher::new();
    s.hash(&mut h);
    h.finish()
}

/// The result of a lockstep exploration.
pub struct Exploration {
    /// Distinct model states reached (each compared with its engine game).
    pub states: usize,
    /// Decisions taken, duplicates included.
    pub transitions: usize,
    /// Levels of the breadth-first search.
    pub depth: usize,
    /// The shortest path to the first divergence, and the divergence.
    pub divergence: Option<(Vec<Decision>, Divergence)>,
    /// The symmetry reduction was asked for but was not exact for this run
    /// (see `Setup::seat_order_mattered`).
    pub symmetry_not_exact: bool,
}

struct Node {
    model: GameState,
    game: Game,
    id: u32,
}

/// States expanded together: large enough to keep every thread busy, small
/// enough that a level's children are not all held at once.
const CHUNK: usize = 2048;

/// Explore every reachable model state in lockstep with the engine (see the
/// module documentation). Runs on the current rayon pool.
///
/// With `symmetry`, model states are identified up to a renaming of
/// interchangeable seats (as `check` does): the engine game carried is the
/// one of the first state of each class reached. A run in which seat order
/// turned out to matter reports it (`symmetry_not_exact`) and must be
/// repeated without.
pub fn explore(
    config: &Config,
    faults: &[EngineFault],
    symmetry: bool,
) -> Result<Exploration, crate::config::ConfigError> {
    let model = BattleModel::new(config.clone())?;
    let key = |s: &GameState| {
        if symmetry {
            fingerprint(&s.representative())
        } else {
            fingerprint(s)
        }
    };
    let init = model.init_states().remove(0);
    let mut result = Exploration {
        states: 1,
        transitions: 0,
        depth: 0,
        divergence: None,
        symmetry_not_exact: false,
    };
    let game = match super::bridge::engine_game(config, faults) {
        Ok(game) => game,
        Err(stuck) => {
            result.divergence = Some((Vec::new(), Divergence::stuck(stuck)));
            return Ok(result);
        }
    };
    if let Some(div) = compare(config, &init, &game) {
        result.divergence = Some((Vec::new(), div));
        return Ok(result);
    }
    // parents[id] = (parent id, decision); the root is its own parent.
    let mut parents: Vec<(u32, Decision)> = vec![(0, Decision::PassAll)];
    let mut seen: HashSet<u64> = HashSet::from([key(&init)]);
    let mut frontier = vec![Node {
        model: init,
        game,
        id: 0,
    }];
    while !frontier.is_empty() {
        result.depth += 1;
        let mut next = Vec::new();
        for chunk in frontier.chunks(CHUNK) {
            let children: Vec<Vec<(Decision, GameState, u64)>> = chunk
                .par_iter()
                .map(|n| {
                    let mut ds = Vec::new();
                    n.model.decisions(&mut ds);
                    ds.into_iter()
                        .map(|d| {
                            let mut m = n.model.clone();
                            m.apply(&d);
                            let fp = key(&m);
                            (d, m, fp)
                        })
                        .collect()
                })
                .collect();
            let mut fresh: Vec<(usize, Decision)> = Vec::new();
            for (i, kids) in children.into_iter().enumerate() {
                for (d, _, fp) in kids {
                    result.transitions += 1;
                    if seen.insert(fp) {
                        fresh.push((i, d));
                    }
                }
            }
            let stepped: Vec<(GameState, Result<Game, Divergence>)> = fresh
                .par_iter()
                .map(|(i, d)| step(config, &chunk[*i].model, &chunk[*i].game, d))
                .collect();
            for ((i, d), (m, g)) in fresh.into_iter().zip(stepped) {
                let parent = chunk[i].id;
                match g {
                    Ok(game) => {
                        let id = parents.len() as u32;
                        parents.push((parent, d));
                        next.push(Node { model: m, game, id });
                    }
                    Err(div) => {
                        let mut path = vec![d];
                        let mut at = parent;
                        while at != 0 {
                            let (up, d) = &parents[at as usize];
                            path.push(d.clone());
                            at = *up;
                        }
                        path.reverse();
                        result.states = parents.len() + 1;
                        result.divergence = Some((path, div));
                        result.symmetry_not_exact =
                            symmetry && model.setup.seat_order_mattered.load(Ordering::Relaxed);
                        return Ok(result);
                    }
                }
            }
        }
        result.states = parents.len();
        frontier = next;
    }
    result.symmetry_not_exact = symmetry && model.setup.seat_order_mattered.load(Ordering::Relaxed);
    Ok(result)
}
