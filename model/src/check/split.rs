//! One configuration's states split into shards (`check --shard K/N`), so
//! that N machines (a CI matrix) check a configuration too large for one,
//! and `merge-reports` joins their reports into the configuration's
//! verdict.
//!
//! The search tree is cut at a *frontier*. Every shard judges the states
//! above it (the *prefix*) and explores depth-first from its own frontier
//! states (those whose key is its number modulo N), taking the other
//! shards' frontier states as already visited. Where the cut falls:
//!
//! - *At the second turn*, in a game of several turns: the frontier is
//!   every state that begins the second turn, the prefix every state of
//!   the first (explored by the parallel search). A turn ends only by
//!   counting one more (the model's `end_turn`; nothing counts back), so
//!   every state of a later turn lies below the frontier, and the first
//!   turn's history is written into each frontier state: their subtrees
//!   meet less than those of the breadth-first cut, and the frontier is
//!   large enough for any number of shards, at the cost of a prefix as
//!   large as the first turn.
//! - *At a breadth-first level*, in a game of one turn: the first level
//!   that holds at least [`PER_SHARD`] states per shard.
//!
//! The shards together cover every reachable state. A state above the
//! frontier is in the prefix. Take any other reachable state X and a path
//! to it: with the turn cut, the last frontier state F on the path (every
//! state after it is of the second turn or later, so neither in the prefix
//! nor in any shard's starting set); with the level cut, a shortest path,
//! which passes through one state F at the frontier's distance (every
//! state at that distance is in the frontier), and every state after F is
//! farther, so in no shard's starting set. F's owner explores from F and,
//! depth-first, every successor of every state it reaches that it has not
//! reached before: it reaches X. (With the symmetry reduction the same
//! holds of the quotient graph, since renaming keeps distances and turns.)
//! A state can be reached by several shards (paths from different
//! frontier states meet), so the shards' counts overlap: their sum bounds
//! the configuration's count from above.
//!
//! Verdicts merge exactly: an invariant holds if it holds in every shard,
//! a witness is reached if some shard reaches it (each shard alone may
//! miss one). Each counterexample is the shortest path of the whole
//! configuration (found by the same breadth-first search as an unsplit
//! check), so every shard that sees a violation reports the same one.

use crate::check::frontier::FrontierOut;
use crate::check::model::{tally, BattleModel, Judged, Tally};
use crate::check::search::{depth_first_part, initial, key_of, Part, Searched};
use crate::check::sweep::Shard;
use crate::check::visited::{Seen, VisitedSet};
use crate::check::{property_results, trace, Canonical, CheckReport, Status, SymmetryUse};
use crate::rules::config::{Config, ConfigError};
use battlecheck_properties::{Decision, CATALOGUE};
use serde::{Deserialize, Serialize};
use std::hash::Hash;
use std::sync::Mutex;

/// Frontier states per shard, at least, of the breadth-first cut: enough
/// that the subtrees below them even out between shards. (With 64, one of
/// the 1,359 frontier states of a 3-player full round held most of its
/// states, and one shard of four took 56 s while the others took 13-15 s;
/// with 2,048 the four took 34-42 s.)
pub const PER_SHARD: usize = 2048;

/// Where a shard's states come from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SplitInfo {
    /// This shard, K of N (1-based).
    pub index: usize,
    pub count: usize,
    /// The frontier's breadth-first level (the initial state is at 1); 0
    /// when the frontier is a turn's first states.
    pub frontier_depth: usize,
    /// The turn (1-based) whose first states are the frontier, when the
    /// cut is at a turn. Absent from the reports of versions before it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frontier_turn: Option<u8>,
    /// States above the frontier, judged by every shard.
    pub prefix_states: usize,
    /// States at the frontier, of every shard.
    pub frontier_states: usize,
    /// This shard's frontier states.
    pub owned_frontier_states: usize,
    /// The keys of the frontier states, and of this shard's, summed
    /// (wrapping): every shard of one split computes the same frontier sum,
    /// and their own sums add up to it, unless their states were keyed
    /// differently (another build of battlecheck), which would leave
    /// frontier states to no shard or to two. Absent from the reports of
    /// versions before they were reported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frontier_keys: Option<KeySums>,
    /// The checksum of the frontier file this shard started from
    /// (`--frontier-in`, [`crate::check::frontier`]): the states above the
    /// frontier were judged by the run that wrote it, whose report carries
    /// the same checksum, not by this shard.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub frontier_file: Option<u32>,
}

impl SplitInfo {
    /// Where the frontier lies and its size, as a merge's errors name it.
    fn frontier(&self) -> String {
        let states = self.frontier_states;
        match self.frontier_turn {
            Some(turn) => format!("the first states of turn {turn}, {states} states"),
            None => format!("level {}, {states} states", self.frontier_depth),
        }
    }
}

/// See [`SplitInfo::frontier_keys`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KeySums {
    /// The sum of every frontier state's key.
    pub all: u64,
    /// The sum of the keys of the frontier states this shard owns.
    pub owned: u64,
}

/// Shard `shard` of `model`'s states (see the module documentation; a
/// breadth-first frontier holds at least `per_shard` states per shard),
/// tallied as [`crate::check::search::depth_first`] tallies, with `visited` holding the
/// keys of the states reached (and the other shards' frontier states).
/// The count of unique states is of this shard's states.
pub fn depth_first_shard<M>(
    model: &M,
    threads: usize,
    canonical: Option<Canonical<M>>,
    progress: bool,
    shard: Shard,
    per_shard: usize,
    visited: &impl Seen,
) -> (Searched, SplitInfo)
where
    M: Judged + Sync,
    M::State: Clone + Hash + Send + Sync,
{
    if model.turns() > 1 {
        return at_second_turn(model, threads, canonical, progress, shard, visited);
    }
    let key = key_of::<M>(canonical);
    let mut generated = 0;
    let mut level = Vec::new();
    for s in model.init_states() {
        generated += 1;
        if visited.insert(key(&s)) {
            level.push(s);
        }
    }
    let (mut depth, mut prefix) = (1, 0);
    let mut actions = Vec::new();
    while !level.is_empty() && level.len() < per_shard * shard.count {
        let mut next = Vec::new();
        for s in &level {
            if !tally(model, s) {
                // Stopped (a limit, an interrupt) above the frontier.
                let info = split_info(shard, depth, prefix, 0, 0);
                let run = Searched {
                    unique: visited.count(),
                    generated,
                    skipped: 0,
                    depth,
                };
                return (run, info);
            }
            model.actions(s, &mut actions);
            for action in actions.drain(..) {
                let Some(n) = model.next_state(s, action) else {
                    continue;
                };
                if !model.within_boundary(&n) {
                    continue;
                }
                generated += 1;
                if visited.insert(key(&n)) {
                    next.push(n);
                }
            }
        }
        prefix += level.len();
        level = next;
        depth += 1;
    }
    let frontier = level.len();
    let mut sums = KeySums { all: 0, owned: 0 };
    // By key, not by place in the level: consecutive frontier states are
    // siblings, alike in the size of their subtrees.
    let start: Vec<(M::State, usize)> = level
        .into_iter()
        .filter(|s| {
            let k = key(s);
            sums.all = sums.all.wrapping_add(k);
            let mine = owner(k, shard.count) == shard.index;
            if mine {
                sums.owned = sums.owned.wrapping_add(k);
            }
            mine
        })
        .map(|s| (s, depth))
        .collect();
    let owned = start.len();
    let run = depth_first_part(
        model,
        threads,
        canonical,
        progress,
        start,
        visited,
        &below(),
    );
    let info = SplitInfo {
        frontier_keys: Some(sums),
        ..split_info(shard, depth, prefix, frontier, owned)
    };
    let searched = Searched {
        // The other shards' frontier states are in `visited`, not explored.
        unique: run.unique - (frontier - owned),
        generated: generated + run.generated,
        skipped: run.skipped,
        depth: run.depth.max(depth),
    };
    (searched, info)
}

/// The frontier found while the prefix is explored: how many states, the
/// sums of their keys, and this shard's own, with their depths.
struct Frontier<S> {
    states: usize,
    keys: KeySums,
    owned: Vec<(S, usize)>,
}

/// Shard `shard` of a game of several turns, cut where the second turn
/// begins (see the module documentation).
fn at_second_turn<M>(
    model: &M,
    threads: usize,
    canonical: Option<Canonical<M>>,
    progress: bool,
    shard: Shard,
    visited: &impl Seen,
) -> (Searched, SplitInfo)
where
    M: Judged + Sync,
    M::State: Clone + Hash + Send + Sync,
{
    let frontier = Mutex::new(Frontier {
        states: 0,
        keys: KeySums { all: 0, owned: 0 },
        owned: Vec::new(),
    });
    let prefix = first_turn(
        model,
        threads,
        canonical,
        progress,
        visited,
        |s, depth, k| {
            let mut f = frontier.lock().unwrap_or_else(|e| e.into_inner());
            f.states += 1;
            f.keys.all = f.keys.all.wrapping_add(k);
            if owner(k, shard.count) == shard.index {
                f.keys.owned = f.keys.owned.wrapping_add(k);
                f.owned.push((s.clone(), depth));
            }
        },
    );
    let f = frontier.into_inner().unwrap_or_else(|e| e.into_inner());
    let prefix_states = prefix.unique - f.states;
    let mut info = SplitInfo {
        frontier_turn: Some(2),
        ..split_info(shard, 0, prefix_states, 0, 0)
    };
    if model.tally().is_some_and(Tally::stopped) {
        // Stopped above the frontier: it is not all known.
        return (prefix, info);
    }
    info.frontier_states = f.states;
    info.owned_frontier_states = f.owned.len();
    info.frontier_keys = Some(f.keys);
    let run = depth_first_part(
        model,
        threads,
        canonical,
        progress,
        f.owned,
        visited,
        &below(),
    );
    let searched = Searched {
        // The other shards' frontier states are in `visited`, not explored.
        unique: run.unique - (info.frontier_states - info.owned_frontier_states),
        generated: prefix.generated + run.generated,
        skipped: prefix.skipped + run.skipped,
        depth: run.depth.max(prefix.depth),
    };
    (searched, info)
}

/// The first turn of `model` explored and judged (the prefix of the cut
/// at the second turn), each state beginning the second turn left
/// unexplored and given once to `found` with its depth and key: a shard's
/// search above its frontier, and `check --frontier-out`'s, which finds
/// the frontier once for every shard. The unique states counted include
/// the frontier's.
pub fn first_turn<M>(
    model: &M,
    threads: usize,
    canonical: Option<Canonical<M>>,
    progress: bool,
    visited: &impl Seen,
    found: impl Fn(&M::State, usize, u64) + Sync,
) -> Searched
where
    M: Judged + Sync,
    M::State: Clone + Hash + Send + Sync,
{
    let key = key_of::<M>(canonical);
    let (start, generated) = initial(model, canonical, visited);
    // Called once per state reached (a state is explored, or cut, when its
    // key is first inserted).
    let cut = |s: &M::State, depth: usize| {
        if M::turn(s) == 0 {
            return false;
        }
        found(s, depth, key(s));
        true
    };
    let above = Part { cut, commute: true };
    let prefix = depth_first_part(model, threads, canonical, progress, start, visited, &above);
    Searched {
        generated: generated + prefix.generated,
        ..prefix
    }
}

/// A shard explored from a frontier found by another run (`check --shard
/// K/N --frontier-in`): `keys` are every frontier state's, `start` this
/// shard's states with their depths; nothing above the frontier is
/// explored (that run judged it).
pub fn from_frontier<M>(
    model: &M,
    threads: usize,
    canonical: Option<Canonical<M>>,
    progress: bool,
    start: Vec<(M::State, usize)>,
    keys: &[u64],
    visited: &impl Seen,
) -> Searched
where
    M: Judged + Sync,
    M::State: Clone + Hash + Send + Sync,
{
    let others = keys.len() - start.len();
    for k in keys {
        visited.insert(*k);
    }
    let run = depth_first_part(
        model,
        threads,
        canonical,
        progress,
        start,
        visited,
        &below(),
    );
    Searched {
        // The other shards' frontier states are in `visited`, not explored.
        unique: run.unique - others,
        ..run
    }
}

/// The search below a shard's frontier: to the end, skipping no
/// concession (see [`Part::commute`]).
fn below<S>() -> Part<impl Fn(&S, usize) -> bool + Sync> {
    Part {
        cut: |_: &S, _: usize| false,
        commute: false,
    }
}

/// The shard (1-based, of `count`) that explores the frontier state with
/// key `key`.
pub fn owner(key: u64, count: usize) -> usize {
    (key % count as u64) as usize + 1
}

fn split_info(
    shard: Shard,
    depth: usize,
    prefix: usize,
    frontier: usize,
    owned: usize,
) -> SplitInfo {
    SplitInfo {
        index: shard.index,
        count: shard.count,
        frontier_depth: depth,
        prefix_states: prefix,
        frontier_states: frontier,
        owned_frontier_states: owned,
        frontier_turn: None,
        frontier_keys: None,
        frontier_file: None,
    }
}

/// What `merge-reports` reads of a shard's JSON check report (a
/// [`CheckReport`] names its properties by the catalogue's static strings,
/// so it is read back through this view, not whole).
#[derive(Debug, Deserialize)]
pub struct ShardReport {
    pub config: Config,
    /// Absent (and shard 0 of 0) from the frontier run's report.
    #[serde(default)]
    pub shard: SplitInfo,
    /// The frontier run's ([`crate::check::frontier`]): no shard's.
    #[serde(default)]
    pub frontier_out: Option<FrontierOut>,
    pub threads: usize,
    pub symmetry: SymmetryUse,
    pub unique_states: usize,
    pub generated_states: usize,
    pub max_depth: usize,
    pub seconds: f64,
    /// Absent from the reports of versions before it was reported: whole
    /// fingerprints then.
    #[serde(default)]
    pub visited: Option<VisitedSet>,
    pub complete: bool,
    pub properties: Vec<PropertyPart>,
}

/// One property's verdict in a shard's report.
#[derive(Debug, Deserialize)]
pub struct PropertyPart {
    pub name: String,
    pub status: Status,
    #[serde(default)]
    pub counterexample: Option<TracePart>,
}

/// The decisions of a counterexample (the rest is rebuilt from them).
#[derive(Debug, Deserialize)]
pub struct TracePart {
    pub steps: Vec<StepPart>,
    pub shortest: bool,
}

#[derive(Debug, Deserialize)]
pub struct StepPart {
    pub decision: Decision,
}

/// Merge the reports of every shard of one configuration's split into the
/// configuration's report: the reports are of one configuration and one
/// split in N, each shard 1..=N exactly once. Counts are summed (states
/// reached by several shards are counted by each), the time is the
/// longest shard's. `reports` are (name, report) pairs; every error names
/// the report at fault.
pub fn merge(all: Vec<(String, ShardReport)>) -> Result<CheckReport, ConfigError> {
    let err = |name: &str, what: String| Err(ConfigError(format!("{name}: {what}")));
    let (runs, reports): (Vec<_>, Vec<_>) =
        all.into_iter().partition(|(_, r)| r.frontier_out.is_some());
    if let [(first, _), (second, _), ..] = &runs[..] {
        return err(
            second,
            format!("the report of a second frontier run (also {first}): merge the shards of one"),
        );
    }
    let run = runs.into_iter().next();
    let Some((first_name, first)) = reports.first() else {
        return Err(ConfigError(match &run {
            Some((name, _)) => format!("{name} is the frontier run's report: merge it with the reports of its shards (`check --shard K/N --frontier-in`)"),
            None => "merge-reports needs at least one report".into(),
        }));
    };
    if let Some((name, r)) = &run {
        if r.config != first.config {
            return err(name, format!("a different configuration than {first_name}"));
        }
    }
    let count = first.shard.count;
    for (i, (name, r)) in reports.iter().enumerate() {
        if r.config != first.config {
            return err(name, format!("a different configuration than {first_name}"));
        }
        if r.shard.count != count {
            return err(
                name,
                format!(
                    "shard {}/{} is of a split in {}, {first_name} of a split in {count}",
                    r.shard.index, r.shard.count, r.shard.count
                ),
            );
        }
        if r.shard.index == 0 || r.shard.index > count {
            return err(
                name,
                format!("shard {}/{count} is not a shard", r.shard.index),
            );
        }
        if let Some((other, _)) = reports[..i]
            .iter()
            .find(|(_, o)| o.shard.index == r.shard.index)
        {
            return err(
                name,
                format!("shard {}/{count} again (also {other})", r.shard.index),
            );
        }
    }
    let missing: Vec<usize> = (1..=count)
        .filter(|k| !reports.iter().any(|(_, r)| r.shard.index == *k))
        .collect();
    if !missing.is_empty() {
        return Err(ConfigError(format!(
            "the reports miss shards {missing:?} of {count}: merge every shard"
        )));
    }
    frontiers_agree(&reports)?;
    from_one_file(run.as_ref(), &reports)?;
    let sets: Vec<VisitedSet> = run
        .iter()
        .chain(&reports)
        .map(|(_, r)| {
            r.visited
                .unwrap_or_else(|| VisitedSet::fingerprints(r.unique_states))
        })
        .collect();
    let Some(visited) = VisitedSet::combined(&sets) else {
        return Err(ConfigError(
            "the shards kept their visited states differently (whole fingerprints in some, a bit array in others, or bit arrays of different sizes): merge shards run with the same --bitstate".into(),
        ));
    };
    let mut found: Vec<&'static str> = Vec::new();
    for (name, r) in run.iter().chain(&reports) {
        for p in &r.properties {
            let Some(spec) = CATALOGUE.iter().find(|s| s.name == p.name) else {
                return err(
                    name,
                    format!("names no property of the catalogue: {}", p.name),
                );
            };
            if matches!(p.status, Status::Violated | Status::Witnessed)
                && !found.contains(&spec.name)
            {
                found.push(spec.name);
            }
        }
    }
    let model = BattleModel::new(first.config.clone())?;
    // The frontier run's report first (shard 0), then the shards'.
    let mut by_index: Vec<&ShardReport> = run.iter().chain(&reports).map(|(_, r)| r).collect();
    by_index.sort_by_key(|r| r.shard.index);
    let properties = property_results(&model.not_applicable(), &found, |id| {
        by_index.iter().find_map(|r| {
            let part = r.properties.iter().find(|p| p.name == id.name())?;
            let t = part.counterexample.as_ref()?;
            let path: Vec<Decision> = t.steps.iter().map(|s| s.decision.clone()).collect();
            Some(trace(&model, &path, t.shortest))
        })
    });
    let symmetry = if by_index
        .iter()
        .any(|r| r.symmetry == SymmetryUse::NotExactRerun)
    {
        SymmetryUse::NotExactRerun
    } else {
        first.symmetry
    };
    // The frontier run reached the frontier's states; the shards explore
    // (and count) them.
    let unique_states = by_index
        .iter()
        .map(|r| match r.frontier_out {
            Some(f) => f.prefix_states,
            None => r.unique_states,
        })
        .sum();
    // The shards run side by side, after the frontier run.
    let seconds = reports.iter().map(|(_, r)| r.seconds).fold(0.0, f64::max)
        + run.as_ref().map_or(0.0, |(_, r)| r.seconds);
    let complete = by_index.iter().all(|r| r.complete);
    Ok(CheckReport {
        config: first.config.clone(),
        threads: by_index.iter().map(|r| r.threads).max().unwrap_or(1),
        symmetry,
        unique_states,
        generated_states: by_index.iter().map(|r| r.generated_states).sum(),
        max_depth: by_index.iter().map(|r| r.max_depth).max().unwrap_or(0),
        seconds,
        states_per_second: unique_states as f64 / seconds.max(1e-9),
        visited,
        complete,
        stopped_by: (!complete).then_some("a shard was stopped"),
        properties,
        shard: None,
        frontier_out: None,
        merged_shards: Some(count),
        merged_frontier_run: run.is_some(),
        random_games: None,
    })
}

/// Did the shards start from the file of the frontier run `run` (when
/// one did, all did, from the same file), or all from none, with no such
/// run among the reports? A shard that started from a file judged nothing
/// above the frontier: without its run's report the merge would pass
/// states no report judged.
fn from_one_file(
    run: Option<&(String, ShardReport)>,
    reports: &[(String, ShardReport)],
) -> Result<(), ConfigError> {
    let err = |what: String| Err(ConfigError(what));
    let (first_name, first) = &reports[0];
    for (name, r) in reports {
        match (first.shard.frontier_file, r.shard.frontier_file) {
            (Some(a), Some(b)) if a != b => {
                return err(format!(
                    "{name} started from another frontier file (checksum {b:08x}) than {first_name} ({a:08x}): merge the shards of one frontier"
                ))
            }
            (Some(_), None) | (None, Some(_)) => {
                let (from, own) = if r.shard.frontier_file.is_some() {
                    (name, first_name)
                } else {
                    (first_name, name)
                };
                return err(format!(
                    "{from} started from a frontier file (--frontier-in), {own} explored the first turn itself: merge the shards of one split"
                ));
            }
            _ => {}
        }
    }
    match (run, first.shard.frontier_file) {
        (None, None) => Ok(()),
        (Some((name, _)), None) => err(format!(
            "{name} is a frontier run's report, but no shard started from its file: merge it with its shards (`check --shard K/N --frontier-in`)"
        )),
        (None, Some(c)) => err(format!(
            "the shards started from a frontier file (checksum {c:08x}), and the report of the run that wrote it is missing: it judged the states above the frontier; merge it too (`check --frontier-out ... --format json`)"
        )),
        (Some((name, r)), Some(c)) => match r.frontier_out {
            Some(f) if f.checksum == c => Ok(()),
            Some(f) => err(format!(
                "{name} wrote another frontier file (checksum {:08x}) than the shards started from ({c:08x}): merge the run whose file they read",
                f.checksum
            )),
            None => Ok(()),
        },
    }
}

/// Do the shards of `reports` (one of each) split one frontier? Those that
/// reached it must have found the same frontier, and, when all did, each
/// frontier state must be some shard's and only one's: their counts and
/// their keys' sums add up to the frontier's. Shards whose states were
/// keyed differently (reports of different builds) would leave states to
/// no shard unnoticed, each passing.
fn frontiers_agree(reports: &[(String, ShardReport)]) -> Result<(), ConfigError> {
    let reached: Vec<&(String, ShardReport)> = reports
        .iter()
        .filter(|(_, r)| r.shard.frontier_states > 0)
        .collect();
    let Some((first_name, first)) = reached.first() else {
        return Ok(());
    };
    let all = |r: &ShardReport| r.shard.frontier_keys.map(|k| k.all);
    for (name, r) in &reached {
        let (a, b) = (&r.shard, &first.shard);
        let at = |x: &SplitInfo| (x.frontier_depth, x.frontier_turn, x.frontier_states);
        if (at(a), all(r)) != (at(b), all(first)) {
            let what = if at(a) == at(b) {
                format!(
                    "its frontier's states ({}) are keyed otherwise than {first_name}'s",
                    a.frontier()
                )
            } else {
                format!(
                    "its frontier ({}) is not {first_name}'s ({})",
                    a.frontier(),
                    b.frontier()
                )
            };
            return Err(ConfigError(format!(
                "{name}: {what}: merge the shards of one run of one build"
            )));
        }
    }
    if reached.len() < reports.len() {
        return Ok(());
    }
    let owned: usize = reports
        .iter()
        .map(|(_, r)| r.shard.owned_frontier_states)
        .sum();
    let keys: Option<u64> = reports
        .iter()
        .map(|(_, r)| r.shard.frontier_keys.map(|k| k.owned))
        .try_fold(0u64, |sum, k| Some(sum.wrapping_add(k?)));
    if owned != first.shard.frontier_states || keys.zip(all(first)).is_some_and(|(k, a)| k != a) {
        return Err(ConfigError(format!(
            "the shards do not split their frontier of {} states between them ({owned} owned in all{}): merge the shards of one run of one build",
            first.shard.frontier_states,
            if owned == first.shard.frontier_states {
                ", owned by other keys"
            } else {
                ""
            }
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{depth_first_shard, split_info, Shard};
    use crate::check::model::{BattleModel, Tally};
    use crate::check::stop::Stop;
    use crate::check::visited::{Seen, Visited};
    use crate::check::{
        canonical_fingerprint, property_results, CheckOptions, CheckReport, Status,
    };
    use crate::rules::config::Config;
    use crate::rules::state::GameState;
    use stateright::Model;
    use std::collections::HashSet;
    use std::sync::Arc;

    /// Every state reachable in `table` (one turn: cut at a level) and in
    /// `duel` (two turns: cut where the second begins), up to symmetry,
    /// found here by a plain breadth-first search, is visited by some shard
    /// of a split in N, for several N, and a shard visits only reachable
    /// states.
    #[test]
    fn the_shards_together_visit_every_reachable_state() {
        for (preset, turn) in [("table", None), ("duel", Some(2))] {
            let model = BattleModel::new(Config::preset(preset).expect("a preset")).expect("valid");
            let mut all = HashSet::new();
            let mut level = model.init_states();
            all.extend(level.iter().map(canonical_fingerprint));
            while !level.is_empty() {
                let mut next = Vec::new();
                for s in &level {
                    let mut actions = Vec::new();
                    model.actions(s, &mut actions);
                    for a in actions {
                        if let Some(n) = model.next_state(s, a) {
                            if model.within_boundary(&n) && all.insert(canonical_fingerprint(&n)) {
                                next.push(n);
                            }
                        }
                    }
                }
                level = next;
            }
            for count in [1, 2, 5] {
                let mut covered = HashSet::new();
                let (mut summed, mut owned, mut frontier) = (0, 0, 0);
                for index in 1..=count {
                    let visited = Visited::default();
                    let shard = Shard { index, count };
                    let (run, info) = depth_first_shard(
                        &model,
                        2,
                        Some(canonical_fingerprint),
                        false,
                        shard,
                        8,
                        &visited,
                    );
                    assert_eq!(info.frontier_turn, turn, "{preset}");
                    summed += run.unique;
                    owned += info.owned_frontier_states;
                    frontier = info.frontier_states;
                    // `visited` also holds the other shards' frontier states
                    // (reachable, and explored by their owners).
                    let reached = visited.count();
                    let mut mine = 0;
                    for k in &all {
                        if !visited.insert(*k) {
                            mine += 1;
                            covered.insert(*k);
                        }
                    }
                    assert_eq!(
                        mine, reached,
                        "{preset}, shard {shard}: a state visited is not reachable"
                    );
                }
                assert_eq!(
                    covered.len(),
                    all.len(),
                    "{preset}: the shards of {count} miss states"
                );
                // Every frontier state has one owner.
                assert_eq!(owned, frontier);
                assert!(
                    frontier >= 8 * count,
                    "{preset}, split in {count}: the frontier was not reached"
                );
                assert!(summed >= all.len());
            }
        }
    }

    /// A shard's counts as a plain reading of the module's documentation
    /// gives them, breadth-first throughout: the frontier's depth, the
    /// states above it, the frontier's states and this shard's, the unique
    /// states (the other shards' frontier states left out) and the states
    /// generated.
    fn read(model: &BattleModel, shard: Shard, per_shard: usize) -> [usize; 6] {
        let key = canonical_fingerprint;
        let successors = |s: &GameState| successors(model, s);
        let mut seen = HashSet::new();
        let init = model.init_states();
        let mut generated = init.len();
        let mut level: Vec<GameState> = init.into_iter().filter(|s| seen.insert(key(s))).collect();
        let (mut depth, mut prefix) = (1, 0);
        while !level.is_empty() && level.len() < per_shard * shard.count {
            let next: Vec<GameState> = level
                .iter()
                .flat_map(successors)
                .inspect(|_| generated += 1)
                .filter(|n| seen.insert(key(n)))
                .collect();
            prefix += level.len();
            level = next;
            depth += 1;
        }
        let frontier = level.len();
        let todo: Vec<GameState> = level.into_iter().filter(|s| mine(s, shard)).collect();
        let owned = todo.len();
        generated += explore_below(todo, &mut seen, successors);
        let unique = seen.len() - (frontier - owned);
        [depth, prefix, frontier, owned, unique, generated]
    }

    /// The successors of `s` within the model's boundary.
    fn successors(model: &BattleModel, s: &GameState) -> Vec<GameState> {
        let mut actions = Vec::new();
        model.actions(s, &mut actions);
        actions
            .into_iter()
            .filter_map(|a| model.next_state(s, a))
            .filter(|n| model.within_boundary(n))
            .collect()
    }

    /// Whether the frontier state `s` is `shard`'s.
    fn mine(s: &GameState, shard: Shard) -> bool {
        canonical_fingerprint(s) % shard.count as u64 == shard.index as u64 - 1
    }

    /// Every state reached depth-first from `todo` and not `seen`, added
    /// to `seen`; the states generated.
    fn explore_below(
        mut todo: Vec<GameState>,
        seen: &mut HashSet<u64>,
        successors: impl Fn(&GameState) -> Vec<GameState>,
    ) -> usize {
        let mut generated = 0;
        while let Some(s) = todo.pop() {
            for n in successors(&s) {
                generated += 1;
                if seen.insert(canonical_fingerprint(&n)) {
                    todo.push(n);
                }
            }
        }
        generated
    }

    /// A shard's counts cut at the second turn, as a plain reading of the
    /// module's documentation gives them: breadth-first through the first
    /// turn, then depth-first from this shard's states beginning the
    /// second: the states above the frontier, the frontier's states and
    /// this shard's, the unique states (the other shards' frontier states
    /// left out) and the states generated.
    fn read_turns(model: &BattleModel, shard: Shard) -> [usize; 5] {
        let key = canonical_fingerprint;
        let successors = |s: &GameState| successors(model, s);
        let mut seen = HashSet::new();
        let mut level: Vec<GameState> = model.init_states();
        let mut generated = level.len();
        level.retain(|s| seen.insert(key(s)));
        let (mut prefix, mut frontier, mut todo) = (0, 0, Vec::new());
        while !level.is_empty() {
            let mut next = Vec::new();
            for s in level {
                if s.turn > 0 {
                    frontier += 1;
                    if mine(&s, shard) {
                        todo.push(s);
                    }
                    continue;
                }
                prefix += 1;
                for n in successors(&s) {
                    generated += 1;
                    if seen.insert(key(&n)) {
                        next.push(n);
                    }
                }
            }
            level = next;
        }
        let owned = todo.len();
        generated += explore_below(todo, &mut seen, successors);
        let unique = seen.len() - (frontier - owned);
        [prefix, frontier, owned, unique, generated]
    }

    /// Each shard of `duel` (2 players, 2 turns), `gobakhan` (3 players)
    /// and `attack-right` (4 players, 4 turns) counts what the reading
    /// above counts, split in 1, 2 and 3: with concessions skipped below
    /// the frontier, a shard would leave states to another (see
    /// [`crate::check::search::Part::commute`]).
    #[test]
    fn a_shards_counts_cut_at_a_turn_are_those_of_a_plain_reading() {
        for preset in ["duel", "gobakhan", "attack-right"] {
            let model = BattleModel::new(Config::preset(preset).expect("a preset")).expect("valid");
            shards_read_plainly(&model);
        }
    }

    fn shards_read_plainly(model: &BattleModel) {
        for count in [1, 2, 3] {
            for index in 1..=count {
                let shard = Shard { index, count };
                // Without the breadth-first level, which the turn cut has not.
                assert_eq!(
                    counted(model, shard, 8)[1..],
                    read_turns(model, shard),
                    "{}, shard {shard}",
                    model.setup.config.name
                );
            }
        }
    }

    /// Each shard counts what the reading above counts, split in 1, 2 and
    /// 3, and with the frontier's size exactly the states asked for (the
    /// cut is at the first level that holds at least that many).
    #[test]
    fn a_shards_counts_are_those_of_a_breadth_first_reading() {
        let model = BattleModel::new(Config::preset("table").expect("a preset")).expect("valid");
        let whole = Shard { index: 1, count: 1 };
        let exact = read(&model, whole, 2)[2];
        let mut cases = vec![(whole, exact)];
        for count in [1, 2, 3] {
            cases.extend((1..=count).map(|index| (Shard { index, count }, 8)));
        }
        for (shard, per_shard) in cases {
            assert_eq!(
                counted(&model, shard, per_shard),
                read(&model, shard, per_shard),
                "shard {shard}, {per_shard} states per shard"
            );
        }
    }

    /// A shard's counts as its search gives them, in the order of
    /// [`read`]'s.
    fn counted(model: &BattleModel, shard: Shard, per_shard: usize) -> [usize; 6] {
        let visited = Visited::default();
        let (run, info) = depth_first_shard(
            model,
            2,
            Some(canonical_fingerprint),
            false,
            shard,
            per_shard,
            &visited,
        );
        [
            info.frontier_depth,
            info.prefix_states,
            info.frontier_states,
            info.owned_frontier_states,
            run.unique,
            run.generated,
        ]
    }

    /// A shard may miss a witness that the whole configuration reaches
    /// (here `reselect` cut after 4 states per shard, in 16), and its
    /// report still passes: a shard fails only on a violated invariant;
    /// the merge judges the witnesses.
    #[test]
    fn a_shard_passes_without_the_witnesses_of_the_others() {
        let model = BattleModel::new(Config::preset("reselect").expect("a preset")).expect("valid");
        let whole = crate::check::check(model.setup.config.clone(), &CheckOptions::default())
            .expect("valid");
        assert!(whole.passed());
        let mut missed = 0;
        for index in 1..=16 {
            let stop = Arc::new(Stop::new(None, None));
            let tally = Arc::new(Tally::new(&model.properties, stop, None));
            let counted = BattleModel {
                tally: Some(tally.clone()),
                ..model.clone()
            };
            let shard = Shard { index, count: 16 };
            let visited = Visited::default();
            depth_first_shard(
                &counted,
                1,
                Some(canonical_fingerprint),
                false,
                shard,
                4,
                &visited,
            );
            let properties = property_results(&model.not_applicable(), &tally.found(), |_| None);
            let unwitnessed = properties
                .iter()
                .filter(|p| p.status == Status::NotWitnessed)
                .count();
            let mut report = CheckReport {
                properties,
                shard: None,
                ..whole.clone()
            };
            assert_eq!(report.passed(), unwitnessed == 0);
            report.shard = Some(split_info(shard, 0, 0, 0, 0));
            assert!(report.passed(), "shard {shard}");
            missed += usize::from(unwitnessed > 0);
        }
        assert!(missed > 0, "every shard reached every witness");
    }
}
