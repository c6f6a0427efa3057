//! The model and the engine explored in lockstep: a breadth-first search
//! over the model's reachable states (each visited once, keyed by a
//! fingerprint of the model state), each compared with the engine game
//! reached by the same decisions. After every decision the engine's
//! observation must equal the model's and the engine's legal decisions
//! must equal the model's; the first difference in breadth-first order
//! (levels in order, states in discovery order, decisions in the model's
//! order) is the counterexample, so it has the fewest decisions and is the
//! same on every run and with any number of threads.
//!
//! The search tree (each state's parent and the decision from it,
//! [`Parents`], 8 bytes a state) is the model's alone: which decisions
//! reach a state first does not depend on the engine. So the model grows
//! the tree by whole levels, a band of them at a time (see [`FIRST_BAND`]),
//! holding the ids of a level only and rebuilding model states by their
//! decisions ([`Rebuilt`]); then the band's states are compared with the
//! engine's games in whatever order is cheapest ([`Band`]): depth-first,
//! each game taken from its parent's by one decision, and only the band's
//! first states and the roots of its subtrees reached by replaying their
//! decisions ([`Replay`]). The first divergence in breadth-first order is
//! the divergent state of least id.

use super::bridge::{card_names, model_decisions, Driven, Saved, Stuck};
use super::engine::Engine;
use super::process::{Problem, ProcessError};
use crate::check::canonical_fingerprint;
use crate::check::model::BattleModel;
use crate::check::search::fingerprint;
use crate::check::stop::Stop;
use crate::check::visited::{Seen, Visited};
use crate::rules::config::{Config, ConfigError};
use crate::rules::state::GameState;
use battlecheck_engine::state::event::{Branch, Event};
use battlecheck_properties::diff::{differences_of_cards, FieldDiff};
use battlecheck_properties::step;
use battlecheck_properties::{Decision, Observation, PlayerId};
use rayon::prelude::*;
use serde::Serialize;
use stateright::Model;
use std::collections::{BTreeMap, HashMap};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Mutex;

/// How the engine differed from the model at one step.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Divergence {
    /// The engine refused the model's decision (with the engine's reason).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
    /// After the decision the engine did not move on through the steps the
    /// model does not explore (see [`super::bridge::Driven::advance`]).
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
    /// The engine waits for the wrong player's choice (a protector, a
    /// damage assignment), in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub chooser: Option<String>,
    /// What happened in the decision breaks a rule, though the game may
    /// end where the model's does (the engine's events, when it tells).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub events: Option<String>,
    /// Who must hold priority, for a scenario's expectation.
    #[serde(skip)]
    pub priority_holder: Option<PlayerId>,
    /// Who must make the choice the game waits for (the first, if there
    /// are several), for a scenario's expectation.
    #[serde(skip)]
    pub to_act: Option<PlayerId>,
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
    let mut want = engine.expected(model)?;
    if !engine.engine.tells_defenders() {
        want.defenders_as_told(seen);
    }
    let fields = if want == *seen {
        Vec::new()
    } else {
        differences_of_cards(&want, seen, &card_names(model.setup()))
    };
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
    let chooser = chooser_divergence(model, engine);
    if fields.is_empty() && model_only.is_empty() && engine_only.is_empty() && chooser.is_none() {
        return Ok(None);
    }
    Ok(Some(Divergence {
        fields,
        model_only,
        engine_only,
        expected: Some(want),
        ..chooser.unwrap_or_default()
    }))
}

/// How the engine's choosers ([`super::engine::Status::choosers`]) differ
/// from the model's, if it tells them and they do: who makes a choice
/// whose decision names nobody.
fn chooser_divergence<E: Engine>(model: &GameState, engine: &Driven<E>) -> Option<Divergence> {
    let told = engine.engine.status().choosers?;
    let want = model.choosers();
    if want.is_empty() || told == want.as_slice() {
        return None;
    }
    let why = match model.pending {
        crate::rules::state::Pending::AssignTrample { .. } => {
            "702.19b: the controller of the attacking creature assigns its combat damage"
        }
        crate::rules::state::Pending::DivideDamage { .. } => {
            "510.1c: the attacker's combat damage is divided as its controller chooses"
        }
        _ => "310.9a, 704.5x–y: a battle's controller chooses its protector",
    };
    let names = |ps: &[PlayerId]| {
        ps.iter()
            .map(PlayerId::to_string)
            .collect::<Vec<_>>()
            .join(" and ")
    };
    let told = if told.is_empty() {
        "nobody".to_string()
    } else {
        names(&told)
    };
    Some(Divergence {
        chooser: Some(format!("{told} chooses; {} must ({why})", names(&want))),
        to_act: want.first().copied(),
        ..Divergence::default()
    })
}

/// Start the engine's game again, at the model's first decision, and
/// compare it with the model's initial state `init`: how they differ, if
/// they do (an engine that does not get there included).
pub fn restart<E: Engine>(
    config: &Config,
    init: &GameState,
    engine: &mut Driven<E>,
) -> Result<Option<Divergence>, ProcessError> {
    match engine.reset()? {
        Ok(()) => compare(config, init, engine),
        Err(stuck) => Ok(Some(Divergence::stuck(stuck))),
    }
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

/// Take decision `d` in the engine's game, which corresponds to the
/// model's state before it, and compare the game it leads to with `m`, the
/// model's state after it. The engine is driven through the steps the
/// model does not explore.
pub fn step<E: Engine>(
    config: &Config,
    m: &GameState,
    engine: &mut Driven<E>,
    d: &Decision,
) -> Result<Stepped, ProcessError> {
    // What replaying to this state went through is not this decision's.
    engine.engine.events();
    engine.engine.happened();
    // The refusals made on the way (the candidates the engine in process
    // judges, keyword checks included) are rule branches too.
    let (divergence, refused) =
        battlecheck_engine::state::error::refusals_in(|| apply_and_compare(config, m, engine, d));
    let divergence = divergence?;
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
    branches.extend(refused.into_iter().map(|rule| (REFUSED, rule)));
    branches.sort_unstable();
    branches.dedup();
    Ok((divergence, branches))
}

/// The kind of branch of a refusal by a rule ([`battlecheck_engine::state::error::REFUSALS`]).
pub const REFUSED: &str = "refused";

/// Take `d` on the engine and compare the game it leads to with `m`.
fn apply_and_compare<E: Engine>(
    config: &Config,
    m: &GameState,
    engine: &mut Driven<E>,
    d: &Decision,
) -> Result<Option<Divergence>, ProcessError> {
    Ok(match engine.apply(d)? {
        Ok(()) => match engine.advance()? {
            Ok(_) => {
                let seen = engine.engine.observe()?;
                match compare_seen(config, m, engine, &seen)? {
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
    })
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
    /// Distinct model states compared with their engine games: with a
    /// divergence, those up to it in breadth-first order.
    pub states: usize,
    /// The model's decisions at the states compared, each checked against
    /// the engine's legal decisions there (with a divergence, those of the
    /// states up to it; with a stop, those of the levels grown by then).
    pub transitions: usize,
    /// Levels of the breadth-first search compared (with a divergence, its
    /// number of decisions).
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
    fn state(&mut self, parents: &Parents, id: u32) -> &GameState {
        for node in cut_to_ancestor(parents, &mut self.path, id) {
            // The parent's state copied into the new slot, then changed
            // there (a state is more than a kilobyte).
            self.path.extend_from_within(self.path.len() - 1..);
            let last = self.path.last_mut().expect("the root stays");
            last.0 = node;
            last.1.apply(parents.decision(node));
        }
        &self.path.last().expect("the root stays").1
    }
}

/// The search tree: each node's parent and the decision that reached it;
/// the root (id 0) is its own parent. The decisions are interned: a
/// configuration has about a hundred distinct ones (115 on the default)
/// and its tree up to tens of millions of nodes (a 3-player full round:
/// 52.9 million), so a node takes 8 bytes instead of a decision's 48 and
/// its allocations.
pub(super) struct Parents {
    /// Per node: its parent, and its decision's number in `decisions`.
    nodes: Vec<(u32, u32)>,
    decisions: Vec<Decision>,
    numbers: HashMap<Decision, u32, ahash::RandomState>,
}

impl Parents {
    /// The tree of the root alone.
    pub(super) fn new() -> Parents {
        let mut tree = Parents {
            nodes: Vec::new(),
            decisions: Vec::new(),
            numbers: HashMap::default(),
        };
        tree.push(0, Decision::PassAll);
        tree
    }

    /// The number of decision `d`, if a node was reached by it.
    fn number(&self, d: &Decision) -> Option<u32> {
        self.numbers.get(d).copied()
    }

    /// Add a node below `parent`, reached by `taken`; its id.
    fn push_taken(&mut self, parent: u32, taken: Taken) -> u32 {
        match taken {
            Taken::Numbered(number) => {
                self.nodes.push((parent, number));
                self.nodes.len() as u32 - 1
            }
            Taken::New(d) => self.push(parent, d),
        }
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

/// A decision the model took while the tree grew: its number if the tree
/// has one (looked up as the states are expanded, on every thread, so
/// that the tree's serial growth neither hashes nor drops decisions),
/// else the decision itself.
enum Taken {
    Numbered(u32),
    New(Decision),
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
/// state brought to, remembered: bringing the engine to the next state in
/// breadth-first order replays only the decisions below the common
/// ancestor (consecutive states of a level have the same or consecutive
/// parents).
pub(super) struct Replay<'a, E: Engine> {
    parents: &'a Parents,
    path: Vec<(u32, Saved<E::Saved>)>,
    /// The state last brought to by [`Replay::go_to`], remembered if more
    /// than one decision is taken from it.
    state: Option<(u32, Option<Saved<E::Saved>>)>,
    /// The node whose game the engine holds, untouched since it was
    /// reached or restored.
    at: Option<u32>,
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
            at: Some(0),
        })
    }

    /// Bring the engine to the game of the parent of state `id` (the
    /// root's: the root), which the path then ends with. The engine
    /// accepted these decisions when the states were reached: a refusal now
    /// means the engine is not deterministic, and is reported.
    fn at_parent_of(&mut self, id: u32, engine: &mut Driven<E>) -> Result<(), ProcessError> {
        let parent = self.parents.parent(id);
        let below = cut_to_ancestor(self.parents, &mut self.path, parent);
        let (top, saved) = self.path.last().expect("the root stays");
        if self.at != Some(*top) {
            engine.restore(saved)?;
        }
        for ancestor in below {
            self.take(ancestor, engine)?;
            self.path.push((ancestor, engine.save()?));
        }
        self.at = Some(parent);
        Ok(())
    }

    /// Bring the engine to the game of state `id`, from which `decisions`
    /// will be taken (each after [`Replay::back`]).
    pub(super) fn go_to(
        &mut self,
        id: u32,
        decisions: usize,
        engine: &mut Driven<E>,
    ) -> Result<(), ProcessError> {
        self.at_parent_of(id, engine)?;
        self.state = match id {
            0 => None,
            _ => {
                self.take(id, engine)?;
                let saved = if decisions > 1 {
                    Some(engine.save()?)
                } else {
                    None
                };
                Some((id, saved))
            }
        };
        self.at = Some(id);
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

    /// Take the decision that reached state `id` from its parent's game and
    /// compare the game it leads to with `model`, the model's state `id`.
    fn compare(
        &mut self,
        id: u32,
        config: &Config,
        model: &GameState,
        engine: &mut Driven<E>,
    ) -> Result<Stepped, ProcessError> {
        self.at_parent_of(id, engine)?;
        self.at = None;
        step(config, model, engine, self.parents.decision(id))
    }

    /// Bring the engine back to the state last brought to by
    /// [`Replay::go_to`], for the next of its decisions (the first finds it
    /// there).
    pub(super) fn back(&mut self, engine: &mut Driven<E>) -> Result<(), ProcessError> {
        let id = self.state.as_ref().map_or(0, |(id, _)| *id);
        if self.at != Some(id) {
            let saved = match &self.state {
                Some((_, Some(saved))) => saved,
                Some((_, None)) => unreachable!("a state left by one decision is not remembered"),
                None => &self.path[0].1,
            };
            engine.restore(saved)?;
        }
        self.at = None;
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
    let start = restart(config, &init, &mut engine)?;
    engines.give_back(engine);
    if let Some(div) = start {
        let mut ds = Vec::new();
        init.decisions(&mut ds);
        result.transitions = ds.len();
        result.divergence = Some((Vec::new(), div));
        return Ok(result);
    }
    let mut tree = Parents::new();
    let mut shape = Shape {
        levels: vec![0, 1],
        ends: Vec::new(),
    };
    let seen = Visited::default();
    seen.insert(key(&init));
    // The ids below are compared (the root's, above); the next level to
    // expand; how many states the next band adds at least; how many states
    // were compared.
    let (mut compared, mut level, mut band, mut done) = (1u32, 0usize, FIRST_BAND, 1usize);
    loop {
        // The model's search tree grows by whole levels, a band at a time.
        let mut limited = false;
        while !limited && tree.len() - (compared as usize) < band {
            let ids: Vec<u32> = (shape.levels[level]..shape.levels[level + 1]).collect();
            if ids.is_empty() {
                break;
            }
            for ids in ids.chunks(CHUNK) {
                // A symmetric run that met a seat dependence is repeated
                // without the reduction: it stops here.
                if symmetry && model.setup.seat_order_mattered.load(Ordering::Relaxed) {
                    result.symmetry_not_exact = true;
                    result.states = done;
                    return Ok(result);
                }
                if stop.poll_now() {
                    result.stopped = Some(stop.reason());
                    result.states = done;
                    return Ok(result);
                }
                let children = expand(&tree, &init, ids, &key);
                // Each key found new where it first occurs in breadth-first
                // order, so that the first parent in that order reaches a
                // state ([`first_seen`]); the decisions were numbered as
                // they were expanded ([`Taken`]).
                let keys: Vec<u64> = children
                    .iter()
                    .flat_map(|run| run.children.iter().map(|&(_, fp)| fp))
                    .collect();
                let mut new = first_seen(&seen, &keys).into_iter();
                let counts: Vec<u32> = children
                    .iter()
                    .flat_map(|run| run.counts.iter().copied())
                    .collect();
                let mut kids = children.into_iter().flat_map(|run| run.children);
                for (&id, count) in ids.iter().zip(counts) {
                    for ((taken, _), new) in kids.by_ref().take(count as usize).zip(new.by_ref()) {
                        result.transitions += 1;
                        if new {
                            // `--max-states`: exactly that many states
                            // compared.
                            if stop.visit() {
                                limited = true;
                                break;
                            }
                            tree.push_taken(id, taken);
                        }
                    }
                    shape.ends.push(tree.len() as u32);
                    if limited {
                        break;
                    }
                }
                if limited {
                    break;
                }
            }
            if !limited {
                shape.levels.push(tree.len() as u32);
                level += 1;
            }
        }
        if stop.out_of_time() {
            result.stopped = Some(stop.reason());
            result.states = done;
            return Ok(result);
        }
        if tree.len() == compared as usize {
            if limited {
                result.stopped = Some(stop.reason());
            }
            break;
        }
        // The band's states compared with their engine games; a band with
        // a divergence again, up to its first (see [`Band`]).
        let levels = shape.band_levels(compared, tree.len() as u32);
        let run =
            |limit| Band::new(config, stop, &tree, &shape, limit).compare(engines, &init, &levels);
        let mut outcome = run(u32::MAX)?;
        if let (Some((first, _)), false) = (&outcome.divergence, outcome.stopped) {
            outcome = run(*first)?;
        }
        for (b, n) in outcome.branches {
            *result.branches.entry(b).or_default() += n;
        }
        if let Some((id, div)) = outcome.divergence {
            result.depth = shape.depth(id) - 1;
            result.states = id as usize + 1;
            // Compared: the states up to the divergence, and their decisions.
            result.transitions = decisions_at(&tree, &init, id + 1);
            result.divergence = Some((path_to(&tree, id), div));
            result.stopped = outcome.stopped.then(|| stop.reason());
            result.symmetry_not_exact =
                symmetry && model.setup.seat_order_mattered.load(Ordering::Relaxed);
            return Ok(result);
        }
        if outcome.stopped {
            result.stopped = Some(stop.reason());
            result.states = done + outcome.compared;
            return Ok(result);
        }
        done += outcome.compared;
        compared = tree.len() as u32;
        result.depth = shape.depth(compared - 1);
        if limited {
            result.stopped = Some(stop.reason());
            break;
        }
        if shape.levels[level] == shape.levels[level + 1] {
            break;
        }
        band = band.saturating_mul(BAND_GROWTH);
    }
    result.states = done;
    result.symmetry_not_exact = symmetry && model.setup.seat_order_mattered.load(Ordering::Relaxed);
    Ok(result)
}

/// The decisions the model takes from the states `ids` of the search
/// tree, each with the key of the state it reaches. Each thread rebuilds
/// the model states of a run of consecutive states (see [`Rebuilt`], from
/// the root for each run: a few runs per thread).
fn expand(
    tree: &Parents,
    root: &GameState,
    ids: &[u32],
    key: &(impl Fn(&GameState) -> u64 + Sync),
) -> Vec<Expanded> {
    let run = ids.len().div_ceil(4 * rayon::current_num_threads());
    ids.par_chunks(run.max(REPLAY_RUN))
        .map(|run| {
            let mut models = Rebuilt::new(root.clone());
            let mut out = Expanded {
                children: Vec::with_capacity(run.len() * 4),
                counts: Vec::with_capacity(run.len()),
            };
            let mut ds = Vec::new();
            for &id in run {
                let m = models.state(tree, id);
                m.decisions(&mut ds);
                out.counts.push(ds.len() as u32);
                for d in ds.drain(..) {
                    let mut next = m.clone();
                    next.apply(&d);
                    let fp = key(&next);
                    let taken = match tree.number(&d) {
                        Some(n) => Taken::Numbered(n),
                        None => Taken::New(d),
                    };
                    out.children.push((taken, fp));
                }
            }
            out
        })
        .collect()
}

/// The number of the model's decisions at the first `n` states of the
/// search tree (in breadth-first order): those compared with the engine's
/// when the first divergence is at state `n - 1`.
fn decisions_at(tree: &Parents, root: &GameState, n: u32) -> usize {
    let ids: Vec<u32> = (0..n).collect();
    ids.par_chunks(CHUNK)
        .map(|run| {
            let mut models = Rebuilt::new(root.clone());
            let mut ds = Vec::new();
            run.iter()
                .map(|&id| {
                    models.state(tree, id).decisions(&mut ds);
                    let n = ds.len();
                    ds.clear();
                    n
                })
                .sum::<usize>()
        })
        .sum()
}

/// The children of a run of expanded states: each state's count of
/// children, and the children in order, with their keys.
struct Expanded {
    counts: Vec<u32>,
    children: Vec<(Taken, u64)>,
}

/// Which of `keys` (a chunk's children, in breadth-first order) `seen`
/// did not hold before: each key inserted, and found new only where it
/// first occurs, as inserting them one after another would find. Each
/// thread inserts the keys of its own block of the visited set's shards,
/// in order, so no insert waits for another's lock or its cache line.
fn first_seen(seen: &Visited, keys: &[u64]) -> Vec<bool> {
    let threads = rayon::current_num_threads();
    let found: Vec<Vec<u32>> = (0..threads)
        .into_par_iter()
        .map(|t| {
            let mine: Vec<u32> = (0..keys.len() as u32)
                .filter(|&i| Visited::shard_of(keys[i as usize]) * threads / Visited::SHARDS == t)
                .collect();
            for &i in mine.iter().take(PREFETCH_AHEAD) {
                seen.prefetch(keys[i as usize]);
            }
            let mut new = Vec::new();
            for (n, &i) in mine.iter().enumerate() {
                if let Some(&j) = mine.get(n + PREFETCH_AHEAD) {
                    seen.prefetch(keys[j as usize]);
                }
                if seen.insert(keys[i as usize]) {
                    new.push(i);
                }
            }
            new
        })
        .collect();
    let mut new = vec![false; keys.len()];
    for i in found.into_iter().flatten() {
        new[i as usize] = true;
    }
    new
}

/// `ids` cut into runs of consecutive ids, each of at most [`REPLAY_RUN`]
/// ids and ending once its ids weigh `most` together.
fn runs(ids: &[u32], weight: impl Fn(u32) -> usize, most: usize) -> Vec<&[u32]> {
    let mut out = Vec::new();
    let (mut begun, mut weighed) = (0, 0);
    for (i, &id) in ids.iter().enumerate() {
        weighed += weight(id);
        if weighed >= most || i + 1 - begun == REPLAY_RUN {
            out.push(&ids[begun..=i]);
            (begun, weighed) = (i + 1, 0);
        }
    }
    if begun < ids.len() {
        out.push(&ids[begun..]);
    }
    out
}

/// The states a band of the search tree adds, at least, before they are
/// compared: few at first, so that an engine that differs within a few
/// decisions is told so at once, then 64 times as many as the band before.
/// Each band's first states are reached by replaying their ancestors'
/// decisions, which the states below them are spared (their games are
/// taken from their parents' games): on the default (2 threads), one
/// band after the first took 3.8-4.0 s, growing 64 times (three bands in
/// all) 4.0 s, growing 16 times (four bands) 4.2-5.1 s.
const FIRST_BAND: usize = 4096;
const BAND_GROWTH: usize = 64;

/// How many subtrees a band is cut into per thread, at least: enough for
/// the threads to share the work evenly, though subtrees differ in size.
const TASKS: usize = 64;

/// The fewest states a band's subtrees are cut to (fewer would be replayed
/// for little work), and the most: an engine process keeps the snapshots
/// taken in a subtree until the next game is set up (engine/PROTOCOL.md,
/// `snapshot`), which a thread does again after as many states.
const MIN_TASK: usize = 256;
const MAX_TASK: usize = 1 << 14;

/// What the search tree's ids tell beyond [`Parents`]: ids are given in
/// breadth-first order, so each level's states, and each node's children,
/// have consecutive ids.
struct Shape {
    /// The first id of each level (the root's, then the next), and one
    /// past the last level expanded.
    levels: Vec<u32>,
    /// For each expanded node, in id order, the id after its last child.
    ends: Vec<u32>,
}

impl Shape {
    /// The children of node `id` (none if it was not expanded).
    fn children(&self, id: u32) -> std::ops::Range<u32> {
        match self.ends.get(id as usize) {
            None => 0..0,
            Some(&end) => match id {
                0 => 1..end,
                _ => self.ends[id as usize - 1]..end,
            },
        }
    }

    /// The number of levels down to the level of state `id`.
    fn depth(&self, id: u32) -> usize {
        self.levels.partition_point(|&l| l <= id)
    }

    /// The ids from `from` (where a level begins) to `to`, level by level.
    fn band_levels(&self, from: u32, to: u32) -> Vec<std::ops::Range<u32>> {
        let first = self.levels.partition_point(|&l| l < from);
        let mut bounds: Vec<u32> = self.levels[first..]
            .iter()
            .copied()
            .filter(|&l| l < to)
            .collect();
        bounds.push(to);
        bounds.windows(2).map(|w| w[0]..w[1]).collect()
    }
}

/// The comparison of one band of the search tree with the engine. Which
/// engine game a model state is compared with depends only on the tree
/// (the model's breadth-first search), so the band's states may be
/// compared in any order, once their ancestors are known to conform. The
/// band is cut into subtrees of about the same size (a few dozen per
/// thread, [`TASKS`]); the states above them are compared one by one,
/// level by level, each reached by replaying its decisions ([`Replay`]);
/// then each subtree's root likewise, and the states below it
/// depth-first, each child's game taken from its parent's. The first
/// divergence in breadth-first order is the one with
/// the least id: once one is found, states with greater ids (their
/// subtrees too, whose ids are greater still) are skipped. Which states
/// were compared then depends on the threads' timing, so a band with a
/// divergence is compared again up to it (`limit`): the branches counted
/// are the same on every run.
struct Band<'a> {
    config: &'a Config,
    stop: &'a Stop,
    tree: &'a Parents,
    shape: &'a Shape,
    /// The least id of a divergent state found so far, or the limit.
    first: AtomicU32,
}

/// What comparing a band (or one thread's part of it) gave.
#[derive(Default)]
struct Compared {
    compared: usize,
    divergence: Option<(u32, Divergence)>,
    /// Counted per state compared, so kept in a hash map (a branch is two
    /// strings, slow to order); the report orders them.
    branches: HashMap<Branch, u64, ahash::RandomState>,
    /// The run stopped (`--timeout`, an interrupt) before the band ended.
    stopped: bool,
}

impl Compared {
    fn merge(mut self, other: Compared) -> Compared {
        self.compared += other.compared;
        for (b, n) in other.branches {
            *self.branches.entry(b).or_default() += n;
        }
        self.stopped |= other.stopped;
        if let Some((id, div)) = other.divergence {
            if self
                .divergence
                .as_ref()
                .is_none_or(|(first, _)| id < *first)
            {
                self.divergence = Some((id, div));
            }
        }
        self
    }
}

impl<'a> Band<'a> {
    /// The comparison of a band whose states are compared up to id
    /// `limit`.
    fn new(
        config: &'a Config,
        stop: &'a Stop,
        tree: &'a Parents,
        shape: &'a Shape,
        limit: u32,
    ) -> Self {
        Band {
            config,
            stop,
            tree,
            shape,
            first: AtomicU32::new(limit),
        }
    }

    /// Compare the states of `levels` (a band's, each a range of ids) with
    /// the engines' games; `root` is the model's initial state.
    fn compare<E, F>(
        &self,
        engines: &Engines<E, F>,
        root: &GameState,
        levels: &[std::ops::Range<u32>],
    ) -> Result<Compared, ProcessError>
    where
        E: Engine + Send,
        F: Fn() -> Result<Driven<E>, ProcessError> + Sync,
    {
        // Subtrees of at most `task` states each are compared depth-first,
        // as tasks the threads share; the states above them one by one.
        let (start, end) = (levels[0].start, levels[levels.len() - 1].end);
        let mut size = vec![1u32; (end - start) as usize];
        for id in (start..end).rev() {
            let parent = self.tree.parent(id);
            if parent >= start {
                size[(parent - start) as usize] += size[(id - start) as usize];
            }
        }
        let task = ((end - start) as usize / (rayon::current_num_threads() * TASKS))
            .clamp(MIN_TASK, MAX_TASK);
        let above = |id: u32| size[(id - start) as usize] as usize > task;
        let mut passes: Vec<(Vec<u32>, bool)> = levels
            .iter()
            .map(|level| {
                (
                    level.clone().filter(|&id| above(id)).collect::<Vec<u32>>(),
                    false,
                )
            })
            .filter(|(ids, _)| !ids.is_empty())
            .collect();
        let roots = (start..end).filter(|&id| {
            let parent = self.tree.parent(id);
            !above(id) && (parent < start || above(parent))
        });
        passes.push((roots.collect(), true));
        // Level by level, then the subtrees: a state is replayed only once
        // its ancestors are known to conform.
        let mut all = Compared::default();
        for (ids, subtrees) in passes {
            // Runs of states one thread compares in a row, sharing the
            // replay of their common ancestors: a state above the subtrees
            // weighs one, a subtree's root its subtree, so that the runs
            // of subtrees are about as large as the largest subtree.
            let weight = |id: u32| {
                if subtrees {
                    size[(id - start) as usize] as usize
                } else {
                    1
                }
            };
            let parts = runs(&ids, weight, task)
                .into_par_iter()
                .map(|run| -> Result<Compared, ProcessError> {
                    let mut engine = engines.take()?;
                    let mut replay = Replay::new(self.tree, &mut engine)?;
                    let mut models = Rebuilt::new(root.clone());
                    let mut out = Compared::default();
                    let mut set_up = 0;
                    for &id in run {
                        if id > self.first.load(Ordering::Relaxed) {
                            break;
                        }
                        // An engine process may forget its snapshots at a
                        // new game: one is begun every so often.
                        if out.compared >= set_up + MAX_TASK {
                            replay = Replay::new(self.tree, &mut engine)?;
                            set_up = out.compared;
                        }
                        if self.stop.out_of_time() {
                            out.stopped = true;
                            break;
                        }
                        let m = models.state(self.tree, id);
                        let stepped = replay.compare(id, self.config, m, &mut engine)?;
                        if self.record(id, stepped, &mut out) && subtrees {
                            self.below(id, m, &mut engine, &mut out)?;
                        }
                    }
                    engines.give_back(engine);
                    Ok(out)
                })
                .collect::<Result<Vec<Compared>, ProcessError>>()?;
            all = parts.into_iter().fold(all, Compared::merge);
            if all.stopped {
                break;
            }
        }
        Ok(all)
    }

    /// Note what comparing state `id` gave; whether it conforms.
    fn record(&self, id: u32, (divergence, branches): Stepped, out: &mut Compared) -> bool {
        out.compared += 1;
        for b in branches {
            *out.branches.entry(b).or_default() += 1;
        }
        match divergence {
            None => true,
            Some(div) => {
                self.first.fetch_min(id, Ordering::Relaxed);
                if out.divergence.as_ref().is_none_or(|(first, _)| id < *first) {
                    out.divergence = Some((id, div));
                }
                false
            }
        }
    }

    /// Compare the states below state `id` depth-first; the engine holds
    /// the game of state `id`, whose model state is `model`.
    fn below<E: Engine>(
        &self,
        id: u32,
        model: &GameState,
        engine: &mut Driven<E>,
        out: &mut Compared,
    ) -> Result<(), ProcessError> {
        let children = self.shape.children(id);
        let first = children.start;
        let saved = match children.len() {
            0 => return Ok(()),
            1 => None,
            _ => Some(engine.save()?),
        };
        for child in children {
            if child > self.first.load(Ordering::Relaxed) {
                break;
            }
            if self.stop.out_of_time() {
                out.stopped = true;
                break;
            }
            // The first child finds the engine at this state already.
            if let Some(saved) = saved.as_ref().filter(|_| child > first) {
                engine.restore(saved)?;
            }
            let d = self.tree.decision(child);
            let mut m = model.clone();
            m.apply(d);
            let stepped = step(self.config, &m, engine, d)?;
            if self.record(child, stepped, out) {
                self.below(child, &m, engine, out)?;
            }
            if out.stopped {
                break;
            }
        }
        Ok(())
    }
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

#[cfg(test)]
mod tests {
    use super::{first_seen, runs, REPLAY_RUN};
    use crate::check::visited::{Seen, Visited};

    /// A key is new where it first occurs, in a chunk or before it, with
    /// the keys of every shard (the top bits pick it) shared among threads.
    #[test]
    fn first_seen_finds_each_key_new_once_where_it_first_occurs() {
        // Keys in shards 0, 21, 42 and 63 of 64: each of 3 threads has some.
        let key = |i: u64| (i % 4 * 21) << 58 | i << 1 | 1;
        let seen = Visited::default();
        seen.insert(key(3));
        let keys: Vec<u64> = [5, 3, 7, 5, 9, 7, 7, 1, 2, 6, 2].map(key).to_vec();
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(3)
            .build()
            .expect("a pool");
        let new = pool.install(|| first_seen(&seen, &keys));
        let want = [
            true, false, true, false, true, false, false, true, true, true, false,
        ];
        assert_eq!(new, want);
        let again = pool.install(|| first_seen(&seen, &keys));
        assert!(again.iter().all(|&n| !n));
        assert_eq!(seen.count(), 7);
    }

    /// Runs keep every id once, in order; each ends at [`REPLAY_RUN`] ids
    /// or once its weight reaches the most, whichever comes first.
    #[test]
    fn runs_end_at_their_weight_or_length() {
        let ids: Vec<u32> = (0..100).collect();
        let light = runs(&ids, |_| 1, 256);
        let lengths: Vec<usize> = light.iter().map(|r| r.len()).collect();
        assert_eq!(lengths, [REPLAY_RUN, REPLAY_RUN, REPLAY_RUN, 4]);
        // Subtrees of 100 states: a run ends at its third, when 300
        // reaches 256; one of 1,000 ends the run it joins at once.
        let weight = |id: u32| if id == 7 { 1000 } else { 100 };
        let heavy = runs(&ids[..12], weight, 256);
        let lengths: Vec<usize> = heavy.iter().map(|r| r.len()).collect();
        assert_eq!(lengths, [3, 3, 2, 3, 1]);
        for (cut, n) in [(light, 100), (heavy, 12)] {
            assert_eq!(cut.concat(), ids[..n]);
        }
    }
}
