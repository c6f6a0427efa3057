//! The model and the engine explored in lockstep: a breadth-first search
//! over the model's reachable states (each visited once, keyed by a
//! fingerprint of the model state), each compared with the engine game
//! reached by the same decisions. The frontier keeps the ids of nodes of
//! the search tree ([`Parents`], 8 bytes a state); the model states and
//! engine games of the states being expanded are rebuilt by replaying
//! their decisions (see [`Rebuilt`], [`Replay`]): on `default` this takes
//! 2.8x less memory than carrying a game per state, for about 10-20% more
//! time. After every step the engine's observation must equal the model's
//! and the engine's legal decisions must equal the model's; the
//! first difference in breadth-first order (levels in order, states in
//! discovery order, decisions in the model's order) is the counterexample,
//! so it has the fewest decisions and is the same on every run and with any
//! number of threads.

use super::bridge::{model_decisions, Driven, Saved, Stuck};
use super::engine::Engine;
use super::process::{Problem, ProcessError};
use crate::check::canonical_fingerprint;
use crate::check::model::BattleModel;
use crate::check::search::fingerprint;
use crate::check::stop::Stop;
use crate::check::visited::{Seen, Visited};
use crate::rules::config::{Config, ConfigError};
use crate::rules::state::GameState;
use battlecheck_engine::event::{Branch, Event};
use battlecheck_properties::diff::{differences, FieldDiff};
use battlecheck_properties::step;
use battlecheck_properties::{Decision, Observation, PlayerId};
use rayon::prelude::*;
use serde::Serialize;
use stateright::Model;
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::Ordering;
use std::sync::Mutex;

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
    /// The engine gave priority to the wrong player (117.3), in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub priority: Option<String>,
    /// What happened in the decision breaks a rule, though the game may
    /// end where the model's does (the engine's events, when it tells).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub events: Option<String>,
    /// Who must hold priority, for a scenario's expectation.
    #[serde(skip)]
    pub priority_holder: Option<PlayerId>,
    /// What the engine must observe (the model's observation).
    #[serde(skip)]
    pub expected: Option<Observation>,
}

/// Compare the engine, in the state reached by the same decisions, with
/// the model in state `model`.
pub fn compare<E: Engine>(
    config: &Config,
    model: &GameState,
    engine: &mut Driven<E>,
) -> Result<Option<Divergence>, ProcessError> {
    let seen = engine.engine.observe()?;
    compare_seen(config, model, engine, &seen)
}

/// [`compare`], given what the engine observes now.
fn compare_seen<E: Engine>(
    config: &Config,
    model: &GameState,
    engine: &mut Driven<E>,
    seen: &Observation,
) -> Result<Option<Divergence>, ProcessError> {
    let want = engine.expected(model)?;
    let fields = differences(&want, seen);
    let ours = model_decisions(model);
    let theirs = engine.decisions(config)?;
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
        return Ok(None);
    }
    Ok(Some(Divergence {
        fields,
        model_only,
        engine_only,
        expected: Some(want),
        ..Divergence::default()
    }))
}

/// Who must hold priority after decision `d`, if the game then waits for
/// priority (117.3): the player who cast a spell or activated an ability
/// (117.3c); after anything else the model decides (a resolution, a
/// declaration, combat damage, the start of a step) the active player
/// (117.3a, 117.3b, 508.2, 509.2, 510.3), or the next player in turn order
/// still in the game if the active player left (800.4j). After a
/// concession or a protector choice the player who would have received
/// priority receives it (117.5), which depends on what came before: not
/// judged.
pub fn priority_after(d: &Decision, o: &Observation) -> Option<PlayerId> {
    match d {
        Decision::Cast { player, .. }
        | Decision::Equip { player, .. }
        | Decision::Activate { player, .. }
        | Decision::ActivateMana { player, .. }
        | Decision::PlayLand { player, .. } => Some(*player),
        Decision::Concede { .. } | Decision::ChooseProtectors { .. } => None,
        _ => {
            let n = o.players.len();
            (0..n)
                .map(|i| PlayerId(((usize::from(o.active.0) + i) % n) as u8))
                .find(|p| o.players[usize::from(p.0)].in_game)
        }
    }
}

/// How the engine's priority holder after decision `d` breaks 117.3, if
/// it tells who holds priority and does; `o` is what it observes.
fn priority_divergence<E: Engine>(
    d: &Decision,
    engine: &Driven<E>,
    o: &Observation,
) -> Option<Divergence> {
    let status = engine.engine.status();
    let holder = status.priority?;
    let want = priority_after(d, o)?;
    if holder == want {
        return None;
    }
    let why = match d {
        Decision::Cast { .. }
        | Decision::Equip { .. }
        | Decision::Activate { .. }
        | Decision::ActivateMana { .. }
        | Decision::PlayLand { .. } => "117.3c: the player who cast the spell, activated the ability or took the special action receives priority afterward",
        _ if want == o.active => "117.3a, 117.3b: the active player receives priority after a resolution, a declaration or the start of a step",
        _ => "800.4j: the active player left, so the next player in turn order receives priority",
    };
    Some(Divergence {
        priority: Some(format!("{holder} holds priority; {want} must ({why})")),
        priority_holder: Some(want),
        ..Divergence::default()
    })
}

/// What one decision taken on both sides gave: how the engine differs
/// from the model (if it does), and the branches of the rules the engine
/// went through (if it tells its events, [`Engine::events`]).
pub type Stepped = (Option<Divergence>, Vec<Branch>);

/// Take decision `d` on both sides, from the model's state `model` and the
/// engine's corresponding game (which it leaves for the next one). The
/// engine is driven through the steps the model does not explore.
pub fn step<E: Engine>(
    config: &Config,
    model: &GameState,
    engine: &mut Driven<E>,
    d: &Decision,
) -> Result<Stepped, ProcessError> {
    let mut m = model.clone();
    m.apply(d);
    // What replaying to this state went through is not this decision's.
    engine.engine.events();
    engine.engine.happened();
    let divergence = match engine.apply(d)? {
        Ok(()) => match engine.advance()? {
            Ok(_) => {
                let seen = engine.engine.observe()?;
                match compare_seen(config, &m, engine, &seen)? {
                    Some(div) => Some(div),
                    None => priority_divergence(d, engine, &seen),
                }
            }
            Err(stuck) => Some(Divergence::stuck(stuck)),
        },
        Err(refusal) => Some(Divergence {
            refused: Some(refusal.message),
            ..Divergence::default()
        }),
    };
    let events = engine.engine.events();
    // What the decision did (if the engine tells) is reported beside any
    // other difference: it often says why the observations differ. It is
    // judged with the model's seating after the decision (the engines'
    // seatings are compared through their observations).
    let table = m.table();
    let broken: Vec<String> = engine
        .engine
        .happened()
        .iter()
        .flat_map(|facts| step::breaks(facts, &table))
        .map(|b| b.to_string())
        .collect();
    let events_broken = (!broken.is_empty()).then(|| broken.join("; "));
    let divergence = match divergence {
        Some(d) => Some(Divergence {
            events: events_broken,
            ..d
        }),
        None => events_broken.map(|e| Divergence {
            events: Some(e),
            ..Divergence::default()
        }),
    };
    let mut branches: Vec<Branch> = events.iter().flatten().map(Event::branch).collect();
    branches.sort_unstable();
    branches.dedup();
    Ok((divergence, branches))
}

impl Divergence {
    pub(super) fn stuck(s: Stuck) -> Divergence {
        Divergence {
            stuck: Some(s.why),
            ..Divergence::default()
        }
    }
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
    /// For each branch of the rules the engine went through, the number of
    /// decisions compared that went through it (empty for an engine that
    /// does not tell).
    pub branches: BTreeMap<Branch, u64>,
    /// Why the run stopped before it compared every reachable state
    /// (`--timeout`, `--max-states`, an interrupt), if it did.
    pub stopped: Option<&'static str>,
}

/// A state being expanded: the model state and its id in the search tree.
/// Its engine game is not kept either (a game is a few kilobytes): it is
/// rebuilt by replaying the decisions that reached it (see [`Replay`]).
struct Node {
    model: GameState,
    id: u32,
}

/// The model states of the search tree's nodes, rebuilt from the root by
/// the decisions that reached them. The breadth-first frontier holds ids
/// only: a model state is a kilobyte and a level of a full round holds
/// tens of millions of states, while the model takes a decision in well
/// under a microsecond. The states on the path to the last node rebuilt
/// are kept, so that the next node of a level (whose parent is the same or
/// the next) costs about one decision.
struct Rebuilt {
    path: Vec<(u32, GameState)>,
}

impl Rebuilt {
    fn new(root: GameState) -> Rebuilt {
        Rebuilt {
            path: vec![(0, root)],
        }
    }

    /// The model state of node `id`.
    fn state(&mut self, parents: &Parents, id: u32) -> GameState {
        for node in cut_to_ancestor(parents, &mut self.path, id) {
            let mut s = self.path.last().expect("the root stays").1.clone();
            s.apply(parents.decision(node));
            self.path.push((node, s));
        }
        self.path.last().expect("the root stays").1.clone()
    }
}

/// The search tree: each node's parent and the decision that reached it;
/// the root (id 0) is its own parent. The decisions are interned: a
/// configuration has about a hundred distinct ones (115 on the default)
/// and its tree up to tens of millions of nodes (a 3-player full round:
/// 72.8 million), so a node takes 8 bytes instead of a decision's 48 and
/// its allocations.
pub(super) struct Parents {
    /// Per node: its parent, and its decision's number in `decisions`.
    nodes: Vec<(u32, u32)>,
    decisions: Vec<Decision>,
    numbers: HashMap<Decision, u32>,
}

impl Parents {
    /// The tree of the root alone.
    pub(super) fn new() -> Parents {
        let mut tree = Parents {
            nodes: Vec::new(),
            decisions: Vec::new(),
            numbers: HashMap::new(),
        };
        tree.push(0, Decision::PassAll);
        tree
    }

    /// Add a node below `parent`, reached by `d`; its id.
    pub(super) fn push(&mut self, parent: u32, d: Decision) -> u32 {
        let next = self.decisions.len() as u32;
        let number = *self.numbers.entry(d).or_insert_with_key(|d| {
            self.decisions.push(d.clone());
            next
        });
        self.nodes.push((parent, number));
        self.nodes.len() as u32 - 1
    }

    /// The number of nodes, the root included.
    pub(super) fn len(&self) -> usize {
        self.nodes.len()
    }

    /// The parent of node `id`; the root's is the root itself, so that a
    /// walk up from any node ends there.
    pub(super) fn parent(&self, id: u32) -> u32 {
        self.nodes[id as usize].0
    }

    /// The decision that reached node `id`.
    pub(super) fn decision(&self, id: u32) -> &Decision {
        &self.decisions[self.nodes[id as usize].1 as usize]
    }
}

/// The decisions from the root to state `at` of the search tree.
pub(super) fn path_to(parents: &Parents, mut at: u32) -> Vec<Decision> {
    let mut path = Vec::new();
    while at != 0 {
        path.push(parents.decision(at).clone());
        at = parents.parent(at);
    }
    path.reverse();
    path
}

/// Cut `path` (the root, then nodes below it, each with what was kept of
/// it) back to the last node that is `id` or an ancestor of it; the nodes
/// still to take to reach `id`, from the first below that one to `id`.
/// A node's id is greater than its parent's (ids are given in
/// breadth-first order), so the ids along `path` increase and the nodes a
/// walk up from `id` meets are looked for in it by bisection; consecutive
/// nodes of a level mostly share a parent, so the walk is mostly one step.
fn cut_to_ancestor<T>(parents: &Parents, path: &mut Vec<(u32, T)>, id: u32) -> Vec<u32> {
    let mut below = Vec::new();
    let mut at = id;
    loop {
        if let Ok(i) = path.binary_search_by_key(&at, |(node, _)| *node) {
            path.truncate(i + 1);
            below.reverse();
            return below;
        }
        // The root (id 0) is always the first node of `path`.
        below.push(at);
        at = parents.parent(at);
    }
}

/// States expanded together: large enough to keep every thread busy, small
/// enough that a level's children are not all held at once.
pub(super) const CHUNK: usize = 2048;

/// How many keys ahead of the one inserted the visited set is asked to
/// bring a key's slot into the cache.
const PREFETCH_AHEAD: usize = 8;

/// States whose engine games one thread rebuilds in a row, sharing the
/// replay of their common ancestors (consecutive states of a level have
/// consecutive parents).
pub(super) const REPLAY_RUN: usize = 32;

/// The engines of the worker threads: a run of states takes one and gives
/// it back (an engine process serves one request at a time).
pub struct Engines<E, F> {
    start: F,
    idle: Mutex<Vec<Driven<E>>>,
}

impl<E: Engine, F: Fn() -> Result<Driven<E>, ProcessError>> Engines<E, F> {
    /// Engines made by `start`, as many as the threads use at once.
    pub fn new(start: F) -> Self {
        Engines {
            start,
            idle: Mutex::new(Vec::new()),
        }
    }

    pub fn take(&self) -> Result<Driven<E>, ProcessError> {
        let idle = self.idle.lock().ok().and_then(|mut idle| idle.pop());
        match idle {
            Some(engine) => Ok(engine),
            None => (self.start)(),
        }
    }

    pub fn give_back(&self, engine: Driven<E>) {
        if let Ok(mut idle) = self.idle.lock() {
            idle.push(engine);
        }
    }
}

/// The engine games on the path from the root to the parent of the last
/// state rebuilt, remembered: rebuilding the next state in breadth-first
/// order replays only the decisions below the common ancestor. The state
/// itself is remembered only if more than one decision is taken from it
/// (the states of a run are all of one level: none is another's
/// ancestor).
pub(super) struct Replay<'a, E: Engine> {
    parents: &'a Parents,
    path: Vec<(u32, Saved<E::Saved>)>,
    /// The state last rebuilt, remembered if it needs to be.
    state: Option<(u32, Option<Saved<E::Saved>>)>,
    /// The engine's game is the state last rebuilt, untouched.
    fresh: bool,
}

impl<'a, E: Engine> Replay<'a, E> {
    /// Start the engine's game again; the path holds its root.
    pub(super) fn new(parents: &'a Parents, engine: &mut Driven<E>) -> Result<Self, ProcessError> {
        if let Err(stuck) = engine.reset()? {
            return Err(not_deterministic(engine, stuck.why));
        }
        Ok(Replay {
            parents,
            path: vec![(0, engine.save()?)],
            state: None,
            fresh: false,
        })
    }

    /// Bring the engine to the game of state `id`, from which `decisions`
    /// will be taken. The engine accepted these decisions when the state
    /// was reached: a refusal now means the engine is not deterministic,
    /// and is reported.
    pub(super) fn go_to(
        &mut self,
        id: u32,
        decisions: usize,
        engine: &mut Driven<E>,
    ) -> Result<(), ProcessError> {
        // The path holds the ancestors of the state (the root's, none).
        let last = (id != 0).then_some(id);
        let below = cut_to_ancestor(self.parents, &mut self.path, self.parents.parent(id));
        engine.restore(&self.path.last().expect("the root stays").1)?;
        for ancestor in below {
            self.take(ancestor, engine)?;
            self.path.push((ancestor, engine.save()?));
        }
        self.state = match last {
            Some(id) => {
                self.take(id, engine)?;
                let saved = if decisions > 1 {
                    Some(engine.save()?)
                } else {
                    None
                };
                Some((id, saved))
            }
            None => None,
        };
        self.fresh = true;
        Ok(())
    }

    /// Take again the decision that reached state `id`.
    fn take(&self, id: u32, engine: &mut Driven<E>) -> Result<(), ProcessError> {
        let d = self.parents.decision(id);
        if let Err(refusal) = engine.apply(d)? {
            return Err(not_deterministic(
                engine,
                format!("the engine refused {d:?} ({})", refusal.message),
            ));
        }
        if let Err(stuck) = engine.advance()? {
            return Err(not_deterministic(engine, stuck.why));
        }
        Ok(())
    }

    /// Take decision `d` from the state last brought to.
    fn step(
        &mut self,
        config: &Config,
        model: &GameState,
        engine: &mut Driven<E>,
        d: &Decision,
    ) -> Result<Stepped, ProcessError> {
        self.back(engine)?;
        step(config, model, engine, d)
    }

    /// Bring the engine back to the state last brought to, for the next of
    /// its decisions (the first finds it there).
    pub(super) fn back(&mut self, engine: &mut Driven<E>) -> Result<(), ProcessError> {
        if !self.fresh {
            let saved = match &self.state {
                Some((_, Some(saved))) => saved,
                Some((_, None)) => unreachable!("a state left by one decision is not remembered"),
                None => &self.path[0].1,
            };
            engine.restore(saved)?;
        }
        self.fresh = false;
        Ok(())
    }
}

/// The engine did not take again decisions it took before.
fn not_deterministic<E: Engine>(engine: &Driven<E>, why: String) -> ProcessError {
    engine.engine.failure(
        Problem::NotDeterministic,
        format!(
            "replaying the decisions to a game it reached before, {why}: the engine is not deterministic"
        ),
    )
}

/// Explore every reachable model state in lockstep with the engine (see
/// the module documentation); `engines` gives each worker thread its
/// engine. Runs on the current rayon pool. A failure of an engine process
/// stops the exploration.
///
/// With `symmetry`, model states are identified up to a renaming of
/// interchangeable seats (as `check` does): the engine game compared is the
/// one of the first state of each class reached. A run in which seat order
/// turned out to matter stops there, reports it (`symmetry_not_exact`) and
/// must be repeated without.
pub fn explore<E, F>(
    config: &Config,
    engines: &Engines<E, F>,
    symmetry: bool,
    stop: &Stop,
) -> Result<Exploration, ConformError>
where
    E: Engine + Send,
    F: Fn() -> Result<Driven<E>, ProcessError> + Sync,
{
    let model = BattleModel::new(config.clone())?;
    let key = |s: &GameState| {
        if symmetry {
            canonical_fingerprint(s)
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
        branches: BTreeMap::new(),
        stopped: None,
    };
    // The initial state is the first compared (`--max-states` counts it).
    stop.visit();
    let mut engine = engines.take()?;
    let start = match engine.reset()? {
        Ok(()) => compare(config, &init, &mut engine)?,
        Err(stuck) => Some(Divergence::stuck(stuck)),
    };
    engines.give_back(engine);
    if let Some(div) = start {
        result.divergence = Some((Vec::new(), div));
        return Ok(result);
    }
    let mut parents = Parents::new();
    let seen = Visited::default();
    seen.insert(key(&init));
    let mut rebuilt = Rebuilt::new(init);
    let mut frontier: Vec<u32> = vec![0];
    while !frontier.is_empty() {
        result.depth += 1;
        let mut next = Vec::new();
        for ids in frontier.chunks(CHUNK) {
            // A symmetric run that met a seat dependence is repeated
            // without the reduction: it stops here.
            if symmetry && model.setup.seat_order_mattered.load(Ordering::Relaxed) {
                result.symmetry_not_exact = true;
                return Ok(result);
            }
            if stop.poll_now() {
                result.stopped = Some(stop.reason());
                result.states = parents.len();
                return Ok(result);
            }
            let chunk: Vec<Node> = ids
                .iter()
                .map(|&id| Node {
                    model: rebuilt.state(&parents, id),
                    id,
                })
                .collect();
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
            // leave, in order. Inserted in order on this thread (so that the
            // first parent in breadth-first order reaches a state), each
            // key's slot asked for a few keys ahead: the trips to memory
            // overlap (see [`Seen::prefetch`]).
            let keys: Vec<u64> = children.iter().flatten().map(|&(_, fp)| fp).collect();
            let mut ahead = keys.iter().skip(PREFETCH_AHEAD);
            let mut fresh: Vec<(usize, Vec<Decision>)> = Vec::new();
            for (i, kids) in children.into_iter().enumerate() {
                let mut ds = Vec::new();
                for (d, fp) in kids {
                    if let Some(&k) = ahead.next() {
                        seen.prefetch(k);
                    }
                    result.transitions += 1;
                    if seen.insert(fp) {
                        ds.push(d);
                    }
                }
                if !ds.is_empty() {
                    fresh.push((i, ds));
                }
            }
            // A run of states stops early when the run must stop (an engine
            // process may take long over a chunk): the states it did not
            // reach are `None`.
            let stepped: Vec<Vec<Option<Vec<Stepped>>>> = fresh
                .par_chunks(REPLAY_RUN)
                .map(|run| -> Result<Vec<Option<Vec<Stepped>>>, ProcessError> {
                    let mut engine = engines.take()?;
                    let mut replay = Replay::new(&parents, &mut engine)?;
                    let mut out = Vec::with_capacity(run.len());
                    for (i, ds) in run {
                        if stop.poll_now() {
                            out.push(None);
                            continue;
                        }
                        let n = &chunk[*i];
                        replay.go_to(n.id, ds.len(), &mut engine)?;
                        let mut kids = Vec::with_capacity(ds.len());
                        for d in ds {
                            kids.push(replay.step(config, &n.model, &mut engine, d)?);
                        }
                        out.push(Some(kids));
                    }
                    engines.give_back(engine);
                    Ok(out)
                })
                .collect::<Result<_, ProcessError>>()?;
            for ((i, ds), results) in fresh.into_iter().zip(stepped.into_iter().flatten()) {
                let parent = chunk[i].id;
                let Some(results) = results else {
                    result.stopped = Some(stop.reason());
                    break;
                };
                for (d, (divergence, branches)) in ds.into_iter().zip(results) {
                    if result.stopped.is_some() {
                        break;
                    }
                    for b in branches {
                        *result.branches.entry(b).or_default() += 1;
                    }
                    match divergence {
                        // `--max-states`: exactly that many states compared.
                        None if stop.visit() => result.stopped = Some(stop.reason()),
                        None => {
                            next.push(parents.push(parent, d));
                        }
                        Some(div) => {
                            let mut path = path_to(&parents, parent);
                            path.push(d);
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
        if result.stopped.is_some() {
            return Ok(result);
        }
        frontier = next;
    }
    result.symmetry_not_exact = symmetry && model.setup.seat_order_mattered.load(Ordering::Relaxed);
    Ok(result)
}

/// Why a conformance run could not give a verdict.
#[derive(Debug)]
pub enum ConformError {
    /// The configuration is not valid.
    Config(ConfigError),
    /// The engine process failed (crashed, hung, broke the protocol, was
    /// not deterministic).
    Engine(ProcessError),
}

impl From<ConfigError> for ConformError {
    fn from(e: ConfigError) -> Self {
        ConformError::Config(e)
    }
}

impl From<ProcessError> for ConformError {
    fn from(e: ProcessError) -> Self {
        ConformError::Engine(e)
    }
}

impl std::fmt::Display for ConformError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConformError::Config(e) => write!(f, "{}", e.0),
            ConformError::Engine(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ConformError {}
