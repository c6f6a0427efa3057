//! Checking the model: the stateright [`model`] of the rules, the
//! exhaustive search and its exact reductions ([`symmetry`], concessions
//! that [`commute`] explored once, the lossless [`fingerprint`] of a
//! state), its set of [`visited`] states (or a
//! [`bitstate`] array, and what either may miss), the [`record`] of a path
//! that the Explorer reopens, [`sweep`]s of many configurations, and one
//! configuration [`split`] into shards, which may start from a
//! [`frontier`] file.
//!
//! Depends on [`crate::rules`] and [`crate::display`]; knows nothing of
//! engines or of how reports are printed.
//!
//! This module runs the exhaustive check: a parallel depth-first [`search`]
//! of the stateright model (with the symmetry reduction when it is exact)
//! with the catalogue tallied on every visited state ([`Tally`]), then a
//! breadth-first search of our own for each violated property's shortest
//! counterexample, since stateright 0.31's breadth-first paths are not
//! guaranteed shortest.

pub mod bitstate;
pub mod commute;
pub mod fingerprint;
pub mod frontier;
pub mod model;
pub mod random;
pub mod record;
pub mod search;
pub mod split;
pub mod stop;
pub mod sweep;
pub mod symmetry;
pub mod visited;

use crate::check::bitstate::Bitstate;
use crate::check::model::{BattleModel, Judged, Tally};
use crate::check::stop::Stop;
use crate::check::visited::{Seen, Visited, VisitedSet};
use crate::rules::config::{Config, ConfigError};
use crate::rules::state::GameState;
use battlecheck_properties::catalogue::Feature;
use battlecheck_properties::diff::{differences, FieldDiff};
use battlecheck_properties::view::GameViewExt;
use battlecheck_properties::{
    CardId, Decision, GameView, Kind, Observation, PropertyId, Target, CATALOGUE,
};
use serde::{Deserialize, Serialize};
use stateright::{Checker, Model};
use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How to run a check.
#[derive(Clone, Debug)]
pub struct CheckOptions {
    pub threads: usize,
    pub symmetry: bool,
    /// Stop after this long, with a partial report.
    pub timeout: Option<Duration>,
    /// Stop after visiting this many states, with a partial report.
    pub max_states: Option<usize>,
    /// Show progress (states, states per second, depth, elapsed) on stderr.
    pub progress: bool,
    /// Explore only this shard of the configuration's states (see
    /// [`split`]).
    pub shard: Option<sweep::Shard>,
    /// Keep the visited states in a bit array of this many bytes
    /// ([`bitstate`]) rather than as whole fingerprints: fixed memory, at
    /// the price of states the run may miss, which the report estimates.
    pub bitstate: Option<u64>,
    /// Judge the states of random games instead of exploring every state
    /// ([`random`]).
    pub random_games: Option<random::Games>,
}

impl Default for CheckOptions {
    fn default() -> Self {
        CheckOptions {
            threads: 1,
            symmetry: true,
            timeout: None,
            max_states: None,
            progress: false,
            shard: None,
            bitstate: None,
            random_games: None,
        }
    }
}

/// A spinner for progress on an interactive terminal.
fn progress_bar() -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} [{elapsed_precise}] {msg}")
            .expect("valid template"),
    );
    bar
}

/// What became of a property.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Holds,
    Violated,
    Witnessed,
    NotWitnessed,
    /// A witness this configuration can't reach (it lacks a feature).
    NotApplicable,
}

/// One decision of a counterexample, in game terms.
#[derive(Clone, Debug, Serialize)]
pub struct TraceStep {
    pub decision: Decision,
    pub text: String,
}

/// A path from the initial state, and the state it ends in.
#[derive(Clone, Debug, Serialize)]
pub struct Trace {
    pub steps: Vec<TraceStep>,
    pub final_state: String,
    /// What the last decision changed (the observation before it as
    /// `expected`, after it as `actual`): where to look for the violation.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub last_changes: Vec<FieldDiff>,
    /// True when the path is proven to have the fewest decisions.
    pub shortest: bool,
    /// The invariants the final state breaks, each with the objects that
    /// break it ([`PropertyId::offenders`]): what to look at.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub breaks: Vec<Breaking>,
}

/// An invariant a state breaks, and the objects that break it, named.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Breaking {
    pub property: &'static str,
    pub objects: Vec<String>,
}

/// The invariants `after` breaks, with their objects named by `name`; a
/// rule of one decision (`battlecheck_properties::step`) by its number and
/// what broke it.
pub fn breaking<V: GameView + ?Sized>(after: &V, name: impl Fn(CardId) -> String) -> Vec<Breaking> {
    CATALOGUE
        .iter()
        .filter(|spec| spec.kind == Kind::Always && !spec.id.check(after))
        .map(|spec| Breaking {
            property: spec.name,
            objects: match after.step_broken() {
                Some(b)
                    if matches!(
                        spec.id,
                        PropertyId::WhatHappenedFollowsRules
                            | PropertyId::AttacksFollowTheOptions
                            | PropertyId::ReselectedAttacksFollow508_7
                            | PropertyId::TwoHeadedGiantTeams
                    ) =>
                {
                    let subject = match b.subject {
                        Target::Player(p) => p.to_string(),
                        Target::Permanent(c) | Target::Trigger(c) | Target::Card(c) => name(c),
                    };
                    vec![format!("{} at {subject}", b.rule.rule())]
                }
                None if spec.id == PropertyId::TwoHeadedGiantTeams => {
                    // 810.9: the players whose life differs from a teammate's.
                    let variant = after.table().variant;
                    after
                        .players()
                        .filter(|&(p, x)| {
                            after.players().any(|(q, y)| {
                                variant.team(p) == variant.team(q) && x.life != y.life
                            })
                        })
                        .map(|(p, x)| format!("810.9 at {p} ({} life)", x.life))
                        .collect()
                }
                _ => spec.id.offenders(after).into_iter().map(&name).collect(),
            },
        })
        .collect()
}

#[derive(Clone, Debug, Serialize)]
pub struct PropertyResult {
    pub name: &'static str,
    pub kind: Kind,
    pub status: Status,
    pub statement: &'static str,
    pub checklist: &'static [&'static str],
    pub rules: &'static [&'static str],
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub missing_features: Vec<Feature>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counterexample: Option<Trace>,
}

/// How the symmetry reduction was used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SymmetryUse {
    Off,
    /// On, and exact for this configuration.
    Exact,
    /// Requested, but the configuration made seat order matter, so the run
    /// was repeated without it.
    NotExactRerun,
}

/// The result of a check.
#[derive(Clone, Debug, Serialize)]
pub struct CheckReport {
    pub config: Config,
    pub threads: usize,
    pub symmetry: SymmetryUse,
    pub unique_states: usize,
    /// Transitions generated, duplicates included.
    pub generated_states: usize,
    pub max_depth: usize,
    pub seconds: f64,
    pub states_per_second: f64,
    /// How visited states were recognised, and the chance that the run
    /// missed some because of it.
    pub visited: VisitedSet,
    /// False when `--timeout`, `--max-states` or an interrupt stopped the
    /// run: what was not explored may hold violations, and unfound
    /// witnesses prove nothing.
    pub complete: bool,
    /// What stopped an incomplete run: `--timeout`, `--max-states` or
    /// `interrupted`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped_by: Option<&'static str>,
    pub properties: Vec<PropertyResult>,
    /// The shard of the configuration's states this run explored
    /// (`--shard`): its invariants hold or not, but a witness it does not
    /// reach may be another shard's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard: Option<split::SplitInfo>,
    /// The frontier this run found and wrote for the shards of a split
    /// (`--frontier-out`, [`frontier`]): it judged the states above it,
    /// and a witness it does not reach may be a shard's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frontier_out: Option<frontier::FrontierOut>,
    /// The number of shards whose reports were merged into this one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub merged_shards: Option<usize>,
    /// Whether a frontier run's report was merged with the shards'.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub merged_frontier_run: bool,
    /// The random games judged instead of an exhaustive search
    /// (`--random-games`, [`random`]): an invariant violated is a real
    /// violation, but one that holds held only in the games played, and a
    /// witness no game reached fails nothing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub random_games: Option<random::GamesRun>,
}

impl CheckReport {
    /// The report of an exploration and its properties' results.
    pub(crate) fn of(
        config: Config,
        opts: &CheckOptions,
        symmetry: SymmetryUse,
        run: &Exploration,
        stop: &Stop,
        properties: Vec<PropertyResult>,
    ) -> CheckReport {
        let seconds = run.elapsed.as_secs_f64();
        CheckReport {
            config,
            threads: opts.threads.max(1),
            symmetry,
            unique_states: run.unique,
            generated_states: run.generated,
            max_depth: run.depth,
            seconds,
            states_per_second: run.unique as f64 / seconds.max(1e-9),
            visited: run.visited,
            complete: !stop.stopped(),
            stopped_by: stop.stopped().then(|| stop.reason()),
            properties,
            shard: run.split,
            frontier_out: None,
            merged_shards: None,
            merged_frontier_run: false,
            random_games: None,
        }
    }

    /// Every invariant holds and every applicable witness was found (in a
    /// complete run).
    pub fn passed(&self) -> bool {
        if self.shard.is_some() || self.frontier_out.is_some() || self.random_games.is_some() {
            return self.complete && self.properties.iter().all(|p| p.status != Status::Violated);
        }
        self.complete
            && self.properties.iter().all(|p| {
                matches!(
                    p.status,
                    Status::Holds | Status::Witnessed | Status::NotApplicable
                )
            })
    }

    pub fn status(&self, id: PropertyId) -> Option<Status> {
        self.properties
            .iter()
            .find(|p| p.name == id.name())
            .map(|p| p.status)
    }
}

/// What an exhaustive search saw.
pub struct Exploration {
    pub unique: usize,
    pub generated: usize,
    /// Of the generated, the concessions skipped as commuting
    /// ([`commute`]).
    pub skipped: usize,
    pub depth: usize,
    pub elapsed: Duration,
    /// The invariants violated and the witnesses found.
    pub found: Vec<&'static str>,
    /// The shard explored, if the run explored one ([`split`]).
    pub split: Option<split::SplitInfo>,
    /// How visited states were recognised.
    pub visited: VisitedSet,
}

impl Exploration {
    /// What a search begun at `start` saw, with the verdicts `tally`
    /// gathered.
    pub(crate) fn of(
        run: &search::Searched,
        start: Instant,
        tally: &Tally,
        split: Option<split::SplitInfo>,
        visited: VisitedSet,
    ) -> Exploration {
        Exploration {
            unique: run.unique,
            generated: run.generated,
            skipped: run.skipped,
            depth: run.depth,
            elapsed: start.elapsed(),
            found: tally.found(),
            split,
            visited,
        }
    }
}

/// A state's representative under the symmetry reduction (stateright's
/// searches take it).
pub(crate) type Representation<M> = fn(&<M as Model>::State) -> <M as Model>::State;

/// The fingerprint of a state's representative under the symmetry
/// reduction ([`search::fingerprint`] of it): how the check's search
/// identifies states.
pub(crate) type Canonical<M> = fn(&<M as Model>::State) -> u64;

/// Which search explores.
pub enum Search<M: Model> {
    /// The check's own parallel depth-first search ([`search`]), with the
    /// symmetry reduction if given the fingerprint of a representative.
    DepthFirst(Option<Canonical<M>>),
    /// stateright's depth-first search, likewise: the baseline that
    /// `battlecheck bench` measures the check's search against.
    StaterightDepthFirst(Option<Representation<M>>),
    /// stateright's breadth-first search (no symmetry reduction: stateright
    /// reduces symmetry only depth-first).
    BreadthFirst,
}

/// Explore `model` (the model or the engine wrapper) exhaustively with a
/// fresh [`Tally`] of the catalogue (`with_tally` gives the model a tally),
/// until the search ends or `stop` says the run must stop.
pub(crate) fn explore<M>(
    model: &M,
    opts: &CheckOptions,
    search: Search<M>,
    stop: &Arc<Stop>,
    futile: Option<&'static AtomicBool>,
    with_tally: impl FnOnce(&M, Arc<Tally>) -> M,
) -> Exploration
where
    M: Judged + Clone + Send + Sync + 'static,
    M::State: Hash + Send + Sync + Clone + PartialEq + std::fmt::Debug + 'static,
    M::Action: Clone + PartialEq + std::fmt::Debug,
{
    let start = Instant::now();
    let tally = Arc::new(Tally::new(model.checked(), stop.clone(), futile));
    let model = with_tally(model, tally.clone());
    let builder = || model.clone().checker().threads(opts.threads.max(1));
    let (run, split, visited) = match search {
        Search::DepthFirst(canonical) => match opts.bitstate {
            Some(bytes) => depth_first_into(&model, opts, canonical, &Bitstate::new(bytes)),
            None => depth_first_into(&model, opts, canonical, &Visited::default()),
        },
        // stateright's searches keep 64-bit fingerprints too.
        Search::StaterightDepthFirst(None) => staterights(run_to_end(builder().spawn_dfs())),
        Search::StaterightDepthFirst(Some(representative)) => staterights(run_to_end(
            builder().symmetry_fn(representative).spawn_dfs(),
        )),
        Search::BreadthFirst => staterights(run_to_end(builder().spawn_bfs())),
    };
    Exploration::of(&run, start, &tally, split, visited)
}

/// The check's depth-first search of `model`, or of the shard of its
/// states that `opts` names, with `set` for its visited states.
fn depth_first_into<M>(
    model: &M,
    opts: &CheckOptions,
    canonical: Option<Canonical<M>>,
    set: &impl Seen,
) -> (search::Searched, Option<split::SplitInfo>, VisitedSet)
where
    M: Judged + Sync,
    M::State: Clone + Hash + Send + Sync,
{
    let (run, split) = match opts.shard {
        Some(shard) => {
            let (run, info) = split::depth_first_shard(
                model,
                opts.threads,
                canonical,
                opts.progress,
                shard,
                split::PER_SHARD,
                set,
            );
            (run, Some(info))
        }
        None => (
            search::depth_first(model, opts.threads, canonical, opts.progress, set),
            None,
        ),
    };
    (run, split, set.summary())
}

/// A stateright search's counts, as the check's search gives them.
fn staterights(
    (unique, generated, depth): (usize, usize, usize),
) -> (search::Searched, Option<split::SplitInfo>, VisitedSet) {
    let run = search::Searched {
        unique,
        generated,
        skipped: 0,
        depth,
    };
    (run, None, VisitedSet::fingerprints(unique))
}

/// Wait for a spawned stateright search: its unique states, generated
/// states and depth.
fn run_to_end<M, C>(checker: C) -> (usize, usize, usize)
where
    M: Model,
    M::State: Hash + Clone + PartialEq + std::fmt::Debug,
    M::Action: Clone + PartialEq + std::fmt::Debug,
    C: Checker<M> + Send + Sync,
{
    let checker = checker.join();
    (
        checker.unique_state_count(),
        checker.state_count(),
        checker.max_depth(),
    )
}

/// Explore the model of a configuration (see [`explore`]); the run stops
/// early, its verdicts unused, once `futile` is set.
pub fn explore_model(
    model: &BattleModel,
    opts: &CheckOptions,
    search: Search<BattleModel>,
    stop: &Arc<Stop>,
    futile: Option<&'static AtomicBool>,
) -> Exploration {
    explore(model, opts, search, stop, futile, |m, tally| BattleModel {
        tally: Some(tally),
        ..m.clone()
    })
}

/// The fingerprint of a model state's representative.
pub fn canonical_fingerprint(s: &GameState) -> u64 {
    let mut hasher = search::hasher();
    s.hash_representative(&mut hasher);
    hasher.finish()
}

/// Depth-first, with the symmetry reduction if `symmetry`.
fn depth_first(symmetry: bool) -> Search<BattleModel> {
    Search::DepthFirst(symmetry.then_some(canonical_fingerprint))
}

/// Check a configuration exhaustively.
pub fn check(config: Config, opts: &CheckOptions) -> Result<CheckReport, ConfigError> {
    if let Some(games) = opts.random_games {
        return random::check(config, opts, games);
    }
    let stop = Arc::new(Stop::new(opts.timeout, opts.max_states));
    let mut model = BattleModel::new(config.clone())?;
    // A symmetric run that meets a seat dependence will be repeated without
    // the reduction: it stops there.
    let futile = opts.symmetry.then_some(&model.setup.seat_order_mattered);
    let mut run = explore_model(&model, opts, depth_first(opts.symmetry), &stop, futile);
    let mut symmetry = if opts.symmetry {
        SymmetryUse::Exact
    } else {
        SymmetryUse::Off
    };
    if opts.symmetry && model.setup.seat_order_mattered.load(Ordering::Relaxed) && !stop.stopped() {
        model = BattleModel::new(config.clone())?;
        run = explore_model(&model, opts, depth_first(false), &stop, None);
        symmetry = SymmetryUse::NotExactRerun;
    }
    let symmetric = symmetry == SymmetryUse::Exact;
    let properties = property_results(&model.not_applicable(), &run.found, |id| {
        shortest_trace(&model, id, symmetric, &stop)
    });
    Ok(CheckReport::of(
        config, opts, symmetry, &run, &stop, properties,
    ))
}

/// Each catalogue entry's result: `found` names the properties stateright
/// discovered (a violation or a witness); `counterexample` gives the trace of
/// a violated invariant.
pub fn property_results(
    not_applicable: &[(PropertyId, Vec<Feature>)],
    found: &[&'static str],
    counterexample: impl Fn(PropertyId) -> Option<Trace>,
) -> Vec<PropertyResult> {
    CATALOGUE
        .iter()
        .map(|spec| {
            let missing = not_applicable
                .iter()
                .find(|(id, _)| *id == spec.id)
                .map(|(_, m)| m.clone());
            let status = match (spec.kind, found.contains(&spec.name), &missing) {
                (Kind::Sometimes, _, Some(_)) => Status::NotApplicable,
                (Kind::Always, true, _) => Status::Violated,
                (Kind::Always, false, _) => Status::Holds,
                (Kind::Sometimes, true, _) => Status::Witnessed,
                (Kind::Sometimes, false, _) => Status::NotWitnessed,
            };
            PropertyResult {
                name: spec.name,
                kind: spec.kind,
                status,
                statement: spec.statement,
                checklist: spec.checklist,
                rules: spec.rules,
                missing_features: missing.unwrap_or_default(),
                counterexample: (status == Status::Violated)
                    .then(|| counterexample(spec.id))
                    .flatten(),
            }
        })
        .collect()
}

/// Does `s` end a search for property `id`: a violation of an invariant, or
/// an instance of a witness?
pub(crate) fn target<M: Judged>(id: PropertyId, s: &M::State) -> bool {
    let index = CATALOGUE
        .iter()
        .position(|p| p.id == id)
        .expect("every id is in the catalogue");
    let holds = M::evaluate(s, 1 << index) != 0;
    match id.spec().kind {
        Kind::Always => !holds,
        Kind::Sometimes => holds,
    }
}

/// The fewest decisions from the initial state to a state that violates
/// invariant `id` (or witnesses `id`), by a single-threaded breadth-first
/// search in a fixed action order: the same path on every run. With an exact
/// symmetry, states are identified up to renaming, which keeps the distance
/// (renaming is an automorphism) and shrinks the search.
pub fn shortest_path(
    model: &BattleModel,
    id: PropertyId,
    symmetric: bool,
    stop: &Stop,
) -> Option<Vec<Decision>> {
    let key = |s: &GameState| {
        if symmetric {
            canonical_fingerprint(s)
        } else {
            search::fingerprint(s)
        }
    };
    breadth_first(model, key, |s| target::<BattleModel>(id, s), stop)
}

/// The fewest decisions from `model`'s first initial state to a state
/// satisfying `target`, breadth-first in the model's action order, states
/// identified by `key`; `None` if there is none or `stop` stops the run
/// first.
pub fn breadth_first<M: Model<Action = Decision>>(
    model: &M,
    key: impl Fn(&M::State) -> u64,
    target: impl Fn(&M::State) -> bool,
    stop: &Stop,
) -> Option<Vec<Decision>> {
    let init = model.init_states().remove(0);
    if target(&init) {
        return Some(Vec::new());
    }
    let mut parent: HashMap<u64, Option<(u64, Decision)>> = HashMap::new();
    let init_key = key(&init);
    parent.insert(init_key, None);
    let mut frontier = vec![(init, init_key)];
    let mut actions = Vec::new();
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for (state, fp) in frontier {
            if stop.poll() {
                return None;
            }
            actions.clear();
            model.actions(&state, &mut actions);
            for a in actions.drain(..) {
                let Some(child) = model.next_state(&state, a.clone()) else {
                    continue;
                };
                let cfp = key(&child);
                if let Entry::Vacant(e) = parent.entry(cfp) {
                    e.insert(Some((fp, a)));
                    if target(&child) {
                        let mut path = Vec::new();
                        let mut at = cfp;
                        while let Some(Some((up, d))) = parent.get(&at) {
                            path.push(d.clone());
                            at = *up;
                        }
                        path.reverse();
                        return Some(path);
                    }
                    next.push((child, cfp));
                }
            }
        }
        frontier = next;
    }
    None
}

/// Replay `decisions` from the initial state, in game terms.
pub fn trace(model: &BattleModel, decisions: &[Decision], shortest: bool) -> Trace {
    let mut state = model.init_states().remove(0);
    let mut before = state.clone();
    let mut steps = Vec::new();
    for d in decisions {
        steps.push(TraceStep {
            decision: d.clone(),
            text: state.decision_text(d),
        });
        before = state.clone();
        state = model
            .next_state(&state, d.clone())
            .expect("every decision leads to a state");
    }
    let after = Observation::of(&state);
    Trace {
        steps,
        final_state: state.describe(),
        last_changes: differences(&Observation::of(&before), &after),
        shortest,
        breaks: breaking(&state, |c| state.card_name(c)),
    }
}

pub(crate) fn shortest_trace(
    model: &BattleModel,
    id: PropertyId,
    symmetric: bool,
    stop: &Stop,
) -> Option<Trace> {
    shortest_path(model, id, symmetric, stop).map(|path| trace(model, &path, true))
}
