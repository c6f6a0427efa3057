//! The model and the engine explored in lockstep: a breadth-first search
//! over the model's reachable states (each visited once, keyed by a
//! fingerprint of the model state), each compared with the engine game
//! reached by the same decisions. The frontier keeps model states only;
//! the engine games of the states being expanded are rebuilt by replaying
//! their decisions (see [`Replay`]): on `default` this takes 2.8x less
//! memory than carrying a game per state, for about 10-20% more time. After
//! every step the engine's observation must equal the
//! model's and the engine's legal decisions must equal the model's; the
//! first difference in breadth-first order (levels in order, states in
//! discovery order, decisions in the model's order) is the counterexample,
//! so it has the fewest decisions and is the same on every run and with any
//! number of threads.

use super::bridge::{advance, engine_decisions, expected, model_decisions, Stuck};
use crate::check::model::BattleModel;
use crate::rules::config::Config;
use crate::rules::state::GameState;
use battlecheck_engine::{EngineFault, Game};
use battlecheck_properties::diff::{differences, FieldDiff};
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

/// A state of the breadth-first frontier: the model state and its id in
/// the search tree. Its engine game is not kept (a game is a few kilobytes,
/// and a level of `deep` holds millions of states): it is rebuilt when the
/// state is expanded, by replaying the decisions that reached it.
struct Node {
    model: GameState,
    id: u32,
}

/// The search tree: `parents[id]` = (parent id, decision); the root (id 0)
/// is its own parent.
type Parents = Vec<(u32, Decision)>;

/// States expanded together: large enough to keep every thread busy, small
/// enough that a level's children are not all held at once.
const CHUNK: usize = 2048;

/// States whose engine games one thread rebuilds in a row, sharing the
/// replay of their common ancestors (consecutive states of a level have
/// consecutive parents).
const REPLAY_RUN: usize = 32;

/// The engine games on the path from the root to the last state rebuilt:
/// rebuilding the next state in breadth-first order replays only the
/// decisions below the common ancestor.
struct Replay<'a> {
    turns: u8,
    parents: &'a Parents,
    path: Vec<(u32, Game)>,
}

impl<'a> Replay<'a> {
    fn new(turns: u8, parents: &'a Parents, root: &Game) -> Replay<'a> {
        Replay {
            turns,
            parents,
            path: vec![(0, root.clone())],
        }
    }

    /// The engine game of state `id`. The engine accepted these decisions
    /// when the state was reached: a refusal now means the engine is not
    /// deterministic, and is reported.
    fn game_of(&mut self, id: u32) -> Result<&Game, String> {
        let mut ids = Vec::new();
        let mut at = id;
        while at != 0 {
            ids.push(at);
            at = self.parents[at as usize].0;
        }
        ids.reverse();
        let common = self.path[1..]
            .iter()
            .zip(&ids)
            .take_while(|((a, _), b)| a == *b)
            .count();
        self.path.truncate(common + 1);
        for &id in &ids[common..] {
            let d = &self.parents[id as usize].1;
            let (_, game) = self.path.last().expect("the root stays");
            let not_deterministic = |why: String| {
                format!("replaying the decisions before the last one, {why}: the engine is not deterministic")
            };
            let mut next = game
                .after(d)
                .map_err(|e| not_deterministic(format!("the engine refused {d:?} ({e})")))?;
            advance(&mut next, self.turns).map_err(|s| not_deterministic(s.why))?;
            self.path.push((id, next));
        }
        Ok(&self.path.last().expect("the root stays").1)
    }
}

/// Explore every reachable model state in lockstep with the engine (see the
/// module documentation). Runs on the current rayon pool.
///
/// With `symmetry`, model states are identified up to a renaming of
/// interchangeable seats (as `check` does): the engine game compared is the
/// one of the first state of each class reached. A run in which seat order
/// turned out to matter stops there, reports it (`symmetry_not_exact`) and
/// must be repeated without.
pub fn explore(
    config: &Config,
    faults: &[EngineFault],
    symmetry: bool,
) -> Result<Exploration, crate::rules::config::ConfigError> {
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
    let root = game;
    let mut parents: Parents = vec![(0, Decision::PassAll)];
    let mut seen: HashSet<u64> = HashSet::from([key(&init)]);
    let mut frontier = vec![Node { model: init, id: 0 }];
    while !frontier.is_empty() {
        result.depth += 1;
        let mut next = Vec::new();
        for chunk in frontier.chunks(CHUNK) {
            // A symmetric run that met a seat dependence is repeated
            // without the reduction: it stops here.
            if symmetry && model.setup.seat_order_mattered.load(Ordering::Relaxed) {
                result.symmetry_not_exact = true;
                return Ok(result);
            }
            let children: Vec<Vec<(Decision, u64)>> = chunk
                .par_iter()
                .map(|n| {
                    let mut ds = Vec::new();
                    n.model.decisions(&mut ds);
                    ds.into_iter()
                        .map(|d| {
                            let mut m = n.model.clone();
                            m.apply(&d);
                            let fp = key(&m);
                            (d, fp)
                        })
                        .collect()
                })
                .collect();
            // The decisions reaching new states, grouped by the state they
            // leave, in order.
            let mut fresh: Vec<(usize, Vec<Decision>)> = Vec::new();
            for (i, kids) in children.into_iter().enumerate() {
                let mut ds = Vec::new();
                for (d, fp) in kids {
                    result.transitions += 1;
                    if seen.insert(fp) {
                        ds.push(d);
                    }
                }
                if !ds.is_empty() {
                    fresh.push((i, ds));
                }
            }
            let stepped: Vec<Vec<(GameState, Result<Game, Divergence>)>> = fresh
                .par_chunks(REPLAY_RUN)
                .flat_map_iter(|run| {
                    let mut replay = Replay::new(config.turns, &parents, &root);
                    run.iter()
                        .map(|(i, ds)| {
                            let n = &chunk[*i];
                            match replay.game_of(n.id) {
                                Ok(game) => {
                                    ds.iter().map(|d| step(config, &n.model, game, d)).collect()
                                }
                                // Reported with the first decision leaving it.
                                Err(why) => vec![(
                                    n.model.clone(),
                                    Err(Divergence {
                                        refused: Some(why),
                                        ..Divergence::default()
                                    }),
                                )],
                            }
                        })
                        .collect::<Vec<_>>()
                })
                .collect();
            for ((i, ds), results) in fresh.into_iter().zip(stepped) {
                let parent = chunk[i].id;
                for (d, (m, g)) in ds.into_iter().zip(results) {
                    match g {
                        Ok(_) => {
                            let id = parents.len() as u32;
                            parents.push((parent, d));
                            next.push(Node { model: m, id });
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
        }
        result.states = parents.len();
        frontier = next;
    }
    result.symmetry_not_exact = symmetry && model.setup.seat_order_mattered.load(Ordering::Relaxed);
    Ok(result)
}
