//! The exhaustive search of a check: a parallel depth-first search over any
//! stateright [`Model`] whose states the catalogue judges ([`Judged`]).
//!
//! stateright 0.31's depth-first checker is built to rebuild a path to
//! every state it discovers, so it carries the whole decision path of each
//! queued state (a vector copied at every step), fingerprints every new
//! state twice under a symmetry reduction (its representative, then the
//! state itself for the path), and reads its deadline only when a worker
//! runs out of work. A check needs none of that: it tallies the
//! catalogue's verdicts on every visited state ([`crate::check::model::Tally`]) and finds each
//! counterexample afterwards by a breadth-first search of its own
//! ([`super::shortest_path`]). This search keeps, per queued state, the
//! state and its depth; identifies a visited state by the 64-bit
//! fingerprint of its representative alone (computed once); and stops as
//! soon as the tally says the run must stop. Measured against stateright's
//! search on the same model in `battlecheck bench`.
//!
//! A state reached by a cast skips the concessions that commute with it
//! ([`crate::check::commute`]): each queued state's depth shares its word
//! with the seats whose concessions it skips.
//!
//! Work is shared as in a work-stealing scheduler, coarsely: each worker
//! explores its own stack depth-first and, while another worker waits for
//! work, gives away the older half of its stack (the shallower states,
//! whose subtrees are the largest). The search ends when every worker
//! waits and no work is left.
//!
//! The set of visited states is the same whatever the thread count or the
//! schedule (a state is explored when its fingerprint is first inserted),
//! so a complete run's counts are deterministic; the depth reported is the
//! deepest state of the search tree, which with two or more threads can
//! depend on the schedule.

use crate::check::commute::Conceded;
use crate::check::model::{tally, Judged};
use crate::check::visited::Seen;
use crate::check::Canonical;
use stateright::Model;
use std::hash::{BuildHasher, Hash, Hasher};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Duration;

/// What a search saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Searched {
    /// Distinct states (up to symmetry) reached.
    pub unique: usize,
    /// States generated, duplicates included (initial states too).
    pub generated: usize,
    /// Of those, the concessions skipped as commuting with the decision
    /// before them ([`crate::check::commute`]): counted, not computed.
    pub skipped: usize,
    /// The deepest state explored; the initial state is at depth 1, as in
    /// stateright.
    pub depth: usize,
}

/// States explored between two looks at whether another worker waits.
const SHARE_EVERY: usize = 256;

/// The depth of a queued successor that turned out to be visited already:
/// it is dropped unexplored (real depths start at 1).
const SEEN: usize = 0;

/// A queued state's depth shares its word with the seats whose concessions
/// it skips ([`crate::check::commute`]), in the top byte.
const SKIP_SHIFT: u32 = usize::BITS - 8;
const DEPTH: usize = (1 << SKIP_SHIFT) - 1;

/// The fingerprint of a state: 64 bits of aHash with fixed keys (the same
/// on every run of the same build).
pub fn fingerprint<T: Hash>(value: &T) -> u64 {
    let mut h = hasher();
    value.hash(&mut h);
    h.finish()
}

/// The hasher of [`fingerprint`].
pub fn hasher() -> ahash::AHasher {
    ahash::RandomState::with_seeds(
        0x243f_6a88_85a3_08d3,
        0x1319_8a2e_0370_7344,
        0xa409_3822_299f_31d0,
        0x082e_fa98_ec4e_6c89,
    )
    .build_hasher()
}

/// The work queue shared by the workers.
struct Shared<S> {
    jobs: Mutex<Jobs<S>>,
    wake: Condvar,
    /// Workers waiting for work (read without the lock, to decide whether
    /// to give some away).
    hungry: AtomicUsize,
    /// Set when the search is over: no work left, or the run must stop.
    over: AtomicBool,
}

struct Jobs<S> {
    batches: Vec<Vec<(S, usize)>>,
    waiting: usize,
}

impl<S> Shared<S> {
    fn end(&self) {
        self.over.store(true, Ordering::Relaxed);
        let _jobs = self.jobs.lock().unwrap_or_else(|e| e.into_inner());
        self.wake.notify_all();
    }
}

/// Explore every state of `model` reachable from its initial states (up to
/// symmetry, if given `canonical`: the fingerprint of a representative), tallying the catalogue on each
/// (see [`crate::check::model::Tally`]; `model` must have one), on `threads` workers, until the
/// search ends or the tally says the run must stop; `visited` (empty)
/// keeps the states visited. With `progress`, the count and the rate are
/// shown on stderr every quarter second.
pub fn depth_first<M>(
    model: &M,
    threads: usize,
    canonical: Option<Canonical<M>>,
    progress: bool,
    visited: &impl Seen,
) -> Searched
where
    M: Judged + Sync,
    M::State: Clone + Hash + Send + Sync,
{
    let (start, generated_init) = initial(model, canonical, visited);
    let run = depth_first_part(
        model,
        threads,
        canonical,
        progress,
        start,
        visited,
        &whole(),
    );
    Searched {
        generated: run.generated + generated_init,
        ..run
    }
}

/// The initial states of `model` not yet in `visited`, inserted there,
/// each at depth 1, and how many initial states were generated.
pub(crate) fn initial<M>(
    model: &M,
    canonical: Option<Canonical<M>>,
    visited: &impl Seen,
) -> (Vec<(M::State, usize)>, usize)
where
    M: Model,
    M::State: Hash,
{
    let key = key_of::<M>(canonical);
    let init = model.init_states();
    let generated = init.len();
    let start = init
        .into_iter()
        .filter(|s| visited.insert(key(s)))
        .map(|s| (s, 1))
        .collect();
    (start, generated)
}

/// How states are identified: the fingerprint of their representative
/// with `canonical`, of themselves without.
pub(crate) fn key_of<M: Model>(canonical: Option<Canonical<M>>) -> impl Fn(&M::State) -> u64 + Sync
where
    M::State: Hash,
{
    move |s: &M::State| match canonical {
        Some(c) => c(s),
        None => fingerprint(s),
    }
}

/// The part of a graph a search explores: all of it, or a shard's
/// ([`crate::check::split`]).
pub struct Part<C> {
    /// Given a state and its depth, true to leave the state unexplored (and
    /// unjudged): a frontier, which `cut` records. Called once per state
    /// reached.
    pub cut: C,
    /// Whether the search skips the concessions that commute with the
    /// decision before them ([`crate::check::commute`]). Only where every
    /// state that a skip relies on is explored by the same search: not
    /// below a shard's frontier, where the other shards' frontier states
    /// are taken as visited, and a concession skipped at a state reached
    /// through one of them would be left to that shard, so that what a
    /// shard explores would depend on which path reached a state first.
    pub commute: bool,
}

/// The whole graph.
fn whole<S>() -> Part<impl Fn(&S, usize) -> bool + Sync> {
    Part {
        cut: |_: &S, _: usize| false,
        commute: true,
    }
}

/// [`depth_first`] from the states of `start` (each with its depth), whose
/// keys `visited` already holds, as it may hold others' that are not to be
/// explored (a shard's, see [`crate::check::split`]), over the part of
/// the graph `part` gives. The count of unique states is that of
/// `visited` at the end.
pub fn depth_first_part<M, C>(
    model: &M,
    threads: usize,
    canonical: Option<Canonical<M>>,
    progress: bool,
    start: Vec<(M::State, usize)>,
    visited: &impl Seen,
    part: &Part<C>,
) -> Searched
where
    M: Judged + Sync,
    M::State: Clone + Hash + Send + Sync,
    C: Fn(&M::State, usize) -> bool + Sync,
{
    let threads = threads.max(1);
    let key = key_of::<M>(canonical);
    let shared = Shared {
        jobs: Mutex::new(Jobs {
            batches: vec![start],
            waiting: 0,
        }),
        wake: Condvar::new(),
        hungry: AtomicUsize::new(0),
        over: AtomicBool::new(false),
    };
    let bar = progress.then(super::progress_bar);
    let (generated, skipped, depth) = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| scope.spawn(|| worker(model, &shared, visited, &key, part, threads)))
            .collect();
        if let Some(bar) = &bar {
            let begun = std::time::Instant::now();
            while !shared.over.load(Ordering::Relaxed) {
                let unique = visited.count();
                let rate = unique as f64 / begun.elapsed().as_secs_f64().max(1e-9);
                bar.set_message(format!("{unique} unique states, {rate:.0} states/s"));
                bar.tick();
                let jobs = shared.jobs.lock().unwrap_or_else(|e| e.into_inner());
                drop(shared.wake.wait_timeout(jobs, Duration::from_millis(250)));
            }
            bar.finish_and_clear();
        }
        workers
            .into_iter()
            .map(|w| w.join().expect("a search worker does not panic"))
            .fold((0, 0, 0), |(g, s, d), (wg, ws, wd)| {
                (g + wg, s + ws, d.max(wd))
            })
    });
    Searched {
        unique: visited.count(),
        generated,
        skipped,
        depth,
    }
}

/// One worker: its generated states, the concessions it skipped and the
/// deepest state it explored.
///
/// Its stack's first `top` entries are the states to explore (and the
/// ones found visited already, dropped when they come up); the entries
/// above them are states no longer needed, kept so that each successor is
/// copied into memory already in use ([`Judged::next_into`]). A state
/// being explored stays where it is while its successors are written
/// above it, and is then dropped as if visited.
fn worker<M>(
    model: &M,
    shared: &Shared<M::State>,
    visited: &impl Seen,
    key: &(impl Fn(&M::State) -> u64 + Sync),
    part: &Part<impl Fn(&M::State, usize) -> bool>,
    threads: usize,
) -> (usize, usize, usize)
where
    M: Judged,
    M::State: Clone,
{
    let mut stack: Vec<(M::State, usize)> = Vec::new();
    let mut top = 0;
    let mut actions = Vec::new();
    let mut keys = Vec::new();
    let mut seats: Vec<Option<u8>> = Vec::new();
    let mut conceded = Vec::new();
    let mut held = Vec::new();
    let (mut generated, mut skipped, mut deepest) = (0, 0, 0);
    'work: loop {
        if top == 0 {
            let mut jobs = shared.jobs.lock().unwrap_or_else(|e| e.into_inner());
            loop {
                if shared.over.load(Ordering::Relaxed) {
                    break 'work;
                }
                if let Some(batch) = jobs.batches.pop() {
                    stack = batch;
                    top = stack.len();
                    break;
                }
                jobs.waiting += 1;
                if jobs.waiting == threads {
                    // Nobody holds work and nobody can make more.
                    shared.over.store(true, Ordering::Relaxed);
                    shared.wake.notify_all();
                    break 'work;
                }
                shared.hungry.fetch_add(1, Ordering::Relaxed);
                jobs = shared.wake.wait(jobs).unwrap_or_else(|e| e.into_inner());
                shared.hungry.fetch_sub(1, Ordering::Relaxed);
                jobs.waiting -= 1;
            }
        }
        for _ in 0..SHARE_EVERY {
            // Successors found already visited are dropped where they lie.
            while top > 0 && stack[top - 1].1 == SEEN {
                top -= 1;
            }
            if top == 0 {
                break;
            }
            let depth = stack[top - 1].1 & DEPTH;
            let skip = stack[top - 1].1 >> SKIP_SHIFT;
            deepest = deepest.max(depth);
            if (part.cut)(&stack[top - 1].0, depth) {
                stack[top - 1].1 = SEEN;
                continue;
            }
            model.actions(&stack[top - 1].0, &mut actions);
            // Room for every successor above the state, and a spare one.
            while stack.len() <= top + actions.len() {
                let spare = stack[top - 1].0.clone();
                stack.push((spare, SEEN));
            }
            let (below, above) = stack.split_at_mut(top);
            let state = &below[top - 1].0;
            // Each successor is written into its slot. The slots of all of
            // them in the visited set are asked for first (see
            // [`Seen::prefetch`]), the state is judged while they travel,
            // and then they are inserted: the trips to memory overlap each
            // other and the catalogue's work. Same states, same order.
            let generated_before = generated;
            let mut next = 0;
            for action in actions.drain(..) {
                let slot = &mut above[next];
                let seat = if part.commute {
                    model.concession(&action)
                } else {
                    None
                };
                // A concession that commutes with the decision that led
                // here is explored from the state before that decision.
                if seat.is_some_and(|p| skip >> p & 1 == 1) {
                    held.push(action);
                    continue;
                }
                if !model.next_into(state, action, &mut slot.0) || !model.within_boundary(&slot.0) {
                    continue;
                }
                slot.1 = depth + 1;
                next += 1;
                generated += 1;
                let k = key(&slot.0);
                visited.prefetch(k);
                keys.push(k);
                seats.push(seat);
            }
            // The concessions skipped count as generated, as the search
            // without the reduction generates them.
            generated += held.len();
            if !tally(model, state) {
                // As if the successors had not been generated.
                generated = generated_before;
                shared.end();
                break 'work;
            }
            for (slot, k) in above[..next].iter_mut().zip(keys.drain(..)) {
                if !visited.insert(k) {
                    slot.1 = SEEN;
                }
            }
            skipped += held.len();
            skips(
                model,
                state,
                &mut above[..=next],
                &seats,
                &mut held,
                &mut conceded,
            );
            seats.clear();
            held.clear();
            // The state explored is dropped below its successors.
            below[top - 1].1 = SEEN;
            top += next;
        }
        if top >= 2 && shared.hungry.load(Ordering::Relaxed) > 0 {
            // The older half: the shallower states, whose subtrees are
            // the largest.
            let given: Vec<_> = stack.drain(..top / 2).collect();
            top -= given.len();
            let mut jobs = shared.jobs.lock().unwrap_or_else(|e| e.into_inner());
            jobs.batches.push(given);
            shared.wake.notify_one();
        }
    }
    (generated, skipped, deepest)
}

/// Mark each new successor in `slots` (but the last, a spare state) with
/// the seats whose concessions it may skip, those that commute at `state`
/// with the decision that reached it ([`crate::check::commute`]). `seats`
/// tells which successors are concessions, by whom; `held` has the
/// concessions skipped at `state` itself, whose successors are computed in
/// the spare state (never looked up) only for what they write.
fn skips<M: Judged>(
    model: &M,
    state: &M::State,
    slots: &mut [(M::State, usize)],
    seats: &[Option<u8>],
    held: &mut Vec<M::Action>,
    conceded: &mut Vec<Conceded>,
) {
    let (spare, slots) = slots.split_last_mut().expect("a spare state");
    let new = |(slot, seat): (&(M::State, usize), &Option<u8>)| seat.is_none() && slot.1 != SEEN;
    if held.is_empty() && seats.iter().all(Option::is_none) || !slots.iter().zip(seats).any(new) {
        return;
    }
    conceded.extend(
        slots
            .iter()
            .zip(seats)
            .filter_map(|(slot, seat)| model.conceded(state, &slot.0, (*seat)?)),
    );
    for action in held.drain(..) {
        let seat = model
            .concession(&action)
            .expect("only concessions are held");
        if model.next_into(state, action, &mut spare.0) {
            conceded.extend(model.conceded(state, &spare.0, seat));
        }
    }
    for (slot, seat) in slots.iter_mut().zip(seats) {
        if seat.is_none() && slot.1 != SEEN {
            slot.1 |= (model.commuting(state, &slot.0, conceded) as usize) << SKIP_SHIFT;
        }
    }
    conceded.clear();
}

#[cfg(test)]
mod tests {
    use crate::check::model::BattleModel;
    use crate::check::stop::Stop;
    use crate::check::{
        canonical_fingerprint, explore_model, CheckOptions, Representation, Search,
    };
    use crate::rules::config::Config;
    use crate::rules::state::GameState;
    use stateright::Representative;
    use std::sync::Arc;

    /// The search visits and generates what stateright's depth-first search
    /// does, with and without the symmetry reduction (which divides the
    /// states of `table` by 5.6), on one thread and on several, and finds
    /// the same violations and witnesses (with a seeded fault, so that there
    /// are violations to find), and on one thread reaches the same deepest
    /// state.
    #[test]
    fn visits_what_staterights_search_visits() {
        let mut config = Config::preset("table").expect("a preset");
        config.faults = vec![crate::rules::faults::Fault::AnyoneMayBlock];
        let model = BattleModel::new(config).expect("a valid configuration");
        let representative: Representation<BattleModel> = GameState::representative;
        for symmetry in [false, true] {
            let run = |search, threads| {
                let opts = CheckOptions {
                    threads,
                    ..CheckOptions::default()
                };
                let stop = Arc::new(Stop::new(None, None));
                explore_model(&model, &opts, search, &stop, None)
            };
            let theirs = run(
                Search::StaterightDepthFirst(symmetry.then_some(representative)),
                1,
            );
            assert!(theirs.found.contains(&"only-protector-blocks"));
            for threads in [1, 2, 4] {
                let ours = run(
                    Search::DepthFirst(symmetry.then_some(canonical_fingerprint)),
                    threads,
                );
                assert_eq!(ours.unique, theirs.unique, "{threads} threads");
                assert_eq!(ours.generated, theirs.generated, "{threads} threads");
                assert_eq!(ours.found, theirs.found, "{threads} threads");
                if threads == 1 {
                    assert_eq!(ours.depth, theirs.depth, "the deepest state");
                }
            }
        }
    }
}
