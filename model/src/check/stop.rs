//! Stopping a run early: at `--timeout`, after `--max-states` visited
//! states, past `--max-memory`, or on an interrupt (Ctrl-C, SIGTERM). The tallying of the
//! catalogue on every visited state (see [`super::model`]) asks
//! [`Stop::visit`], and the check's search ([`super::search`]) ends as soon
//! as it says the run must stop; stateright's searches (the baselines of
//! `battlecheck bench`), which read their own deadline only when a worker
//! runs out of work, end because the tallying property fails. The
//! breadth-first searches for counterexamples ask [`Stop::poll`].

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Set by the command line's signal handler (Ctrl-C, SIGTERM): every run
/// in progress stops with a partial report.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// The most memory the process may take, in bytes (`--max-memory`; 0: no
/// limit): a run whose peak resident set passes it stops with a partial
/// report, as SPIN's `-DMEMLIM` does, instead of being ended by the
/// kernel with its report lost.
pub static MAX_MEMORY: AtomicU64 = AtomicU64::new(0);

/// The process's peak resident set size in bytes (0 if unknown): one
/// `getrusage` call, cheap enough to read at every poll.
pub fn peak_memory() -> u64 {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage fills the one rusage it is given.
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) } != 0 {
        return 0;
    }
    // SAFETY: initialised by the successful call above (and zeroed before).
    let usage = unsafe { usage.assume_init() };
    // Linux reports KiB.
    u64::try_from(usage.ru_maxrss)
        .unwrap_or(0)
        .saturating_mul(1024)
}

/// How often (in visited states per thread) the clock and the interrupt
/// flag are read: often enough to stop within a millisecond at the
/// checker's rate, rarely enough to cost nothing measurable.
const POLL_EVERY: u32 = 256;

thread_local! {
    static UNTIL_POLL: Cell<u32> = const { Cell::new(0) };
}

/// The limits of one run and whether it reached one.
#[derive(Debug)]
pub struct Stop {
    deadline: Option<Instant>,
    max_states: Option<usize>,
    visited: AtomicUsize,
    stopped: AtomicBool,
    /// The memory limit was passed.
    memory: AtomicBool,
    /// Time, memory or an interrupt stopped the run (`stopped` is set by
    /// `--max-states` too).
    limited: AtomicBool,
}

impl Stop {
    /// A run starting now, stopped `timeout` from now or after `max_states`
    /// visited states, whichever comes first (or by an interrupt).
    pub fn new(timeout: Option<Duration>, max_states: Option<usize>) -> Stop {
        Stop {
            deadline: timeout.and_then(|t| Instant::now().checked_add(t)),
            max_states,
            visited: AtomicUsize::new(0),
            stopped: AtomicBool::new(false),
            memory: AtomicBool::new(false),
            limited: AtomicBool::new(false),
        }
    }

    /// Count one visited state: false while the run may go on. With
    /// `--max-states N` exactly N states are visited: each of the first N
    /// calls, on whatever thread, goes on unless time, memory or an
    /// interrupt stopped the run, even once a later call reached the limit.
    pub fn visit(&self) -> bool {
        if let Some(n) = self.max_states {
            if self.visited.fetch_add(1, Ordering::Relaxed) >= n {
                self.stopped.store(true, Ordering::Relaxed);
                return true;
            }
            return self.poll_limits();
        }
        self.poll()
    }

    /// Whether the run must stop (reading the clock and the interrupt flag
    /// once every [`POLL_EVERY`] calls on this thread).
    pub fn poll(&self) -> bool {
        self.stopped.load(Ordering::Relaxed) || self.poll_limits()
    }

    /// Whether time, memory or an interrupt stopped the run, read once every
    /// [`POLL_EVERY`] calls on this thread; not `--max-states`.
    fn poll_limits(&self) -> bool {
        if self.limited.load(Ordering::Relaxed) {
            return true;
        }
        let due = UNTIL_POLL.with(|c| {
            let left = c.get();
            c.set(left.checked_sub(1).unwrap_or(POLL_EVERY));
            left == 0
        });
        due && self.out_of_time()
    }

    /// Whether the run must stop, reading the clock and the interrupt flag
    /// now (for searches whose steps are slow: an engine process's).
    pub fn poll_now(&self) -> bool {
        self.out_of_time();
        self.stopped.load(Ordering::Relaxed)
    }

    /// Whether the time is up, the memory limit passed or an interrupt
    /// came, reading the clock, the peak memory and the interrupt flag now; not whether `--max-states` was reached (a
    /// run that reached it finishes its work on the states it visited).
    pub fn out_of_time(&self) -> bool {
        let limit = MAX_MEMORY.load(Ordering::Relaxed);
        if limit > 0 && peak_memory() > limit {
            self.memory.store(true, Ordering::Relaxed);
        }
        let out = INTERRUPTED.load(Ordering::Relaxed)
            || self.memory.load(Ordering::Relaxed)
            || self.deadline.is_some_and(|d| Instant::now() >= d);
        if out {
            self.limited.store(true, Ordering::Relaxed);
            self.stopped.store(true, Ordering::Relaxed);
        }
        out
    }

    /// Whether a limit or an interrupt stopped the run.
    pub fn stopped(&self) -> bool {
        self.stopped.load(Ordering::Relaxed)
    }

    /// Why the run stopped, for the report.
    pub fn reason(&self) -> &'static str {
        if INTERRUPTED.load(Ordering::Relaxed) {
            "interrupted"
        } else if self.memory.load(Ordering::Relaxed) {
            "--max-memory"
        } else if self.deadline.is_some_and(|d| Instant::now() >= d) {
            "--timeout"
        } else {
            "--max-states"
        }
    }
}
