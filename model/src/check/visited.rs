//! The states a search has visited, as a set of 64-bit fingerprints.
//!
//! On large configurations the visited set outgrows the caches and a
//! lookup costs a trip to memory. A general-purpose concurrent map pays
//! two (a SwissTable reads its control bytes, then its slot); this set
//! pays one: each shard is an open-addressing table of bare fingerprints
//! with linear probing, behind its own lock, and the shard is picked by
//! the fingerprint's top bits while the slot is picked by its low bits, so
//! that the two are independent. A table grows by half when four fifths
//! full (a slot is found by scaling the low 32 bits to the table's size,
//! which need not be a power of two): 8 bytes per slot, 10 to 15 bytes per
//! state.
//!
//! Each table is memory of its own mapped from the system (`Slots`), given
//! back when the table grows, and a large one is asked for huge pages
//! (`huge_pages`), so that its lookups do not also miss the processor's
//! cache of page translations.
//!
//! That one trip is still most of an insert's time, and inserts one after
//! another cannot overlap their trips: each takes a lock, whose atomic
//! instruction orders the loads around it. So a search first asks for the
//! slots of all of a state's successors ([`Visited::prefetch`], a hint
//! that reads nothing), then inserts them: the trips overlap.
//!
//! A set of fingerprints is hash compaction: two states with one
//! fingerprint are one state to the search, and the second is never
//! explored. [`VisitedSet::fingerprints`] bounds the chance of that; a
//! report gives it with the verdict. For configurations beyond memory,
//! [`super::bitstate`] keeps a fixed array of bits instead.

use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicPtr, AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

/// A set of visited states as the search uses it: fingerprints in, "was it
/// new?" out.
pub trait Seen: Sync {
    /// Add a fingerprint: true if the set did not hold it (as far as the
    /// set can tell).
    fn insert(&self, fingerprint: u64) -> bool;
    /// Bring what an insert of `fingerprint` will look at into the cache,
    /// without waiting (a hint: changes nothing).
    fn prefetch(&self, fingerprint: u64);
    /// The number of fingerprints found new.
    fn count(&self) -> usize;
    /// How the set recognised states, and the chance that it missed some.
    fn summary(&self) -> VisitedSet;
}

/// How a search recognised the states it had visited, and the chance that
/// it took a state never visited for a visited one (and so explored
/// neither it nor what only it leads to).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "mode", rename_all = "kebab-case")]
pub enum VisitedSet {
    /// Each state's 64-bit fingerprint, kept whole (hash compaction).
    Fingerprints {
        /// The chance, at most, that two of the states found share a
        /// fingerprint: n(n - 1) / 2 pairs, each sharing one with a chance
        /// of 2^-64.
        collision_probability: f64,
    },
    /// Bitstate hashing ([`super::bitstate`]).
    Bitstate {
        /// The size of the bit array.
        bits: u64,
        /// The bits each state sets.
        hash_functions: u32,
        /// The bits set at the end of the run.
        bits_set: u64,
        /// The chance, at most, that a lookup of a state not yet visited
        /// found all its bits set: (bits set / bits) ^ hash functions.
        false_hit_probability: f64,
        /// The states taken for visited that were not, expected at most
        /// (see [`super::bitstate::expected_missed`]).
        expected_missed: f64,
    },
}

impl VisitedSet {
    /// The summary of a set of `states` whole 64-bit fingerprints.
    pub fn fingerprints(states: usize) -> VisitedSet {
        let n = states as f64;
        VisitedSet::Fingerprints {
            collision_probability: (n * (n - 1.0).max(0.0) / 2f64.powi(65)).min(1.0),
        }
    }

    /// The summary of the sets of several runs (the shards of one
    /// configuration): what any of them may have missed. Fingerprint sets
    /// add their chances (a union bound), bit arrays their expected misses;
    /// sets of two kinds do not combine (`None`).
    pub fn combined(sets: &[VisitedSet]) -> Option<VisitedSet> {
        let (first, rest) = sets.split_first()?;
        rest.iter().try_fold(*first, |a, b| match (a, *b) {
            (
                VisitedSet::Fingerprints {
                    collision_probability: p,
                },
                VisitedSet::Fingerprints {
                    collision_probability: q,
                },
            ) => Some(VisitedSet::Fingerprints {
                collision_probability: (p + q).min(1.0),
            }),
            (
                VisitedSet::Bitstate {
                    bits,
                    hash_functions,
                    bits_set,
                    false_hit_probability,
                    expected_missed,
                },
                VisitedSet::Bitstate {
                    bits: b_bits,
                    hash_functions: b_hashes,
                    bits_set: b_set,
                    false_hit_probability: b_false,
                    expected_missed: b_missed,
                },
            ) if bits == b_bits && hash_functions == b_hashes => Some(VisitedSet::Bitstate {
                bits,
                hash_functions,
                bits_set: bits_set.max(b_set),
                false_hit_probability: false_hit_probability.max(b_false),
                expected_missed: expected_missed + b_missed,
            }),
            _ => None,
        })
    }

    /// Exploration may have missed states: a bit array was used.
    pub fn is_bitstate(&self) -> bool {
        matches!(self, VisitedSet::Bitstate { .. })
    }
}

/// Shards, by the top bits of a fingerprint: enough that two workers
/// rarely want the same lock, few enough that each stays large.
const SHARD_BITS: u32 = 6;

/// A concurrent set of fingerprints.
pub struct Visited {
    shards: Box<[Shard]>,
}

/// A shard's table, and where its slots are, for a prefetch without the
/// lock: written under the lock whenever the table moves, read without it
/// (a stale address only makes the hint useless).
struct Shard {
    table: Mutex<Table>,
    slots: AtomicPtr<u64>,
    size: AtomicUsize,
}

/// One shard: slots holding fingerprints, 0 for an empty slot.
struct Table {
    slots: Slots,
    len: usize,
}

impl Default for Visited {
    fn default() -> Self {
        Visited {
            shards: (0..1 << SHARD_BITS)
                .map(|_| {
                    let mut table = Table {
                        slots: Slots::zeroed(1024),
                        len: 0,
                    };
                    Shard {
                        slots: AtomicPtr::new(table.slots.as_mut_ptr()),
                        size: AtomicUsize::new(table.slots.len()),
                        table: Mutex::new(table),
                    }
                })
                .collect(),
        }
    }
}

impl Seen for Visited {
    /// Add a fingerprint: true if it was not in the set. Fingerprint 0
    /// marks an empty slot, so it is stored as 1: the two share a slot,
    /// one more chance of a collision among 2^64.
    fn insert(&self, fingerprint: u64) -> bool {
        let fingerprint = fingerprint.max(1);
        let shard = self.shard(fingerprint);
        let mut table = lock(&shard.table);
        let inserted = table.insert(fingerprint);
        if shard.size.load(Ordering::Relaxed) != table.slots.len() {
            // It grew: its slots moved.
            shard
                .slots
                .store(table.slots.as_mut_ptr(), Ordering::Relaxed);
            shard.size.store(table.slots.len(), Ordering::Relaxed);
        }
        inserted
    }

    /// Ask the processor to bring the slot where an insert of `fingerprint`
    /// begins into the cache, without waiting for it and without reading
    /// it (a hint: nothing else changes, and a slot that moved meanwhile
    /// only makes the hint useless).
    fn prefetch(&self, fingerprint: u64) {
        let fingerprint = fingerprint.max(1);
        let shard = self.shard(fingerprint);
        let slot = shard
            .slots
            .load(Ordering::Relaxed)
            .wrapping_add(home(fingerprint, shard.size.load(Ordering::Relaxed)));
        prefetch(slot);
    }

    /// The number of fingerprints in the set.
    fn count(&self) -> usize {
        self.shards.iter().map(|s| lock(&s.table).len).sum()
    }

    fn summary(&self) -> VisitedSet {
        VisitedSet::fingerprints(self.count())
    }
}

impl Visited {
    /// The number of shards: inserts of fingerprints in different shards
    /// never wait for each other.
    pub const SHARDS: usize = 1 << SHARD_BITS;

    /// The shard a fingerprint belongs to, below [`Visited::SHARDS`].
    pub fn shard_of(fingerprint: u64) -> usize {
        (fingerprint.max(1) >> (64 - SHARD_BITS)) as usize
    }

    fn shard(&self, fingerprint: u64) -> &Shard {
        &self.shards[Visited::shard_of(fingerprint)]
    }

    /// The slots of all the shards' tables: the set's memory is 8 bytes
    /// each.
    #[cfg(test)]
    fn slots(&self) -> usize {
        self.shards.iter().map(|s| lock(&s.table).slots.len()).sum()
    }
}

/// A prefetch into every level of the cache (x86-64's `prefetcht0`). It
/// reads no memory as far as the program is concerned and never faults,
/// whatever the address, so any pointer, even one to freed memory, is
/// sound to give it.
#[cfg(target_arch = "x86_64")]
pub(crate) fn prefetch(p: *const u64) {
    use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
    // SAFETY: a prefetch is a hint; it dereferences nothing and cannot
    // fault, for any address.
    unsafe { _mm_prefetch::<_MM_HINT_T0>(p.cast::<i8>()) }
}

/// Elsewhere no hint is given.
#[cfg(not(target_arch = "x86_64"))]
pub(crate) fn prefetch(_: *const u64) {}

/// The size of a huge page on x86-64 (see [`huge_pages`]).
const HUGE_PAGE: usize = 2 << 20;

/// The size of an ordinary page, the unit of a mapping.
const PAGE: usize = 4096;

/// A table's slots, all 0 at first, in memory mapped from the system for
/// this table alone (an anonymous `mmap`), not taken from the allocator.
/// A table that grows is replaced by a larger one and its memory goes back
/// to the system at once: from the allocator's heaps, freed tables were
/// kept as free chunks too small for the next, larger tables, about 2 MiB
/// of a 1.5 million-state run's peak (`scripts/bench/RESULTS.md`). The
/// system's pages also come zeroed, and only those written are resident.
/// A table of a huge page or more starts on a huge page's boundary, so
/// that huge pages can back all of it ([`huge_pages`]).
struct Slots {
    start: std::ptr::NonNull<u64>,
    len: usize,
}

// SAFETY: `Slots` owns its mapping alone, as a `Vec<u64>` owns its buffer.
unsafe impl Send for Slots {}
// SAFETY: shared access only reads, through `Deref`.
unsafe impl Sync for Slots {}

impl Slots {
    /// `len` slots, each 0. A mapping the system refuses is an allocation
    /// failure, which aborts, as it does for a `Vec`.
    fn zeroed(len: usize) -> Slots {
        Slots::try_zeroed(len).unwrap_or_else(|| {
            let layout =
                std::alloc::Layout::array::<u64>(len).expect("a table's size fits in memory");
            std::alloc::handle_alloc_error(layout)
        })
    }

    /// `len` slots, each 0; `None` if the system refuses the mapping (it
    /// refuses none at all, and more than the address space holds) or the
    /// size overflows. A table of a huge page or more is mapped a huge page
    /// longer, and what lies before the first boundary of a huge page in
    /// it and after the table's last page is unmapped at once.
    fn try_zeroed(len: usize) -> Option<Slots> {
        let bytes = len.checked_mul(8)?;
        let slack = if bytes >= HUGE_PAGE { HUGE_PAGE } else { 0 };
        let mapped = bytes.checked_add(slack)?;
        // SAFETY: a fresh private anonymous mapping, touching no existing
        // memory; the result is checked before use.
        let raw = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                mapped,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if raw == libc::MAP_FAILED {
            return None;
        }
        let from = raw as usize;
        let start = from.next_multiple_of(slack.max(PAGE));
        let end = (start + bytes).next_multiple_of(PAGE);
        for (at, len) in [
            (from, start - from),
            (end, (from + mapped).saturating_sub(end)),
        ] {
            if len > 0 {
                // SAFETY: unmaps pages of the mapping just made that lie
                // before the table or after its last page: nothing refers
                // to them.
                unsafe {
                    libc::munmap(at as *mut libc::c_void, len);
                }
            }
        }
        let slots = Slots {
            start: std::ptr::NonNull::new((start as *mut libc::c_void).cast::<u64>())?,
            len,
        };
        huge_pages(&slots);
        Some(slots)
    }
}

impl std::ops::Deref for Slots {
    type Target = [u64];
    fn deref(&self) -> &[u64] {
        // SAFETY: `start` maps `len` zero-initialised u64s owned by `self`.
        unsafe { std::slice::from_raw_parts(self.start.as_ptr(), self.len) }
    }
}

impl std::ops::DerefMut for Slots {
    fn deref_mut(&mut self) -> &mut [u64] {
        // SAFETY: as for `deref`, borrowed mutably through `self`.
        unsafe { std::slice::from_raw_parts_mut(self.start.as_ptr(), self.len) }
    }
}

impl Drop for Slots {
    fn drop(&mut self) {
        // SAFETY: unmaps the table's pages, all that `try_zeroed` left of
        // its mapping, which nothing borrows any more. (A prefetch may
        // still hold their address: a hint that never faults.)
        unsafe {
            libc::munmap(self.start.as_ptr().cast(), self.len * 8);
        }
    }
}

/// Ask the kernel to back `slots` with huge pages (2 MiB on x86-64) where
/// it can: a large table's lookups each miss the translation cache with
/// ordinary 4 KiB pages, and a miss costs a walk of the page tables, itself
/// often a trip to memory; with huge pages the whole table fits in the
/// translation cache. A hint (Linux's transparent huge pages, when set to
/// `madvise`): nothing else changes, and a refusal is ignored.
#[cfg(target_os = "linux")]
fn huge_pages(slots: &[u64]) {
    let start = slots.as_ptr() as usize;
    let end = start + std::mem::size_of_val(slots);
    let (first, last) = (
        start.next_multiple_of(HUGE_PAGE),
        end / HUGE_PAGE * HUGE_PAGE,
    );
    if first < last {
        // SAFETY: madvise only advises on the pages of [first, last), which
        // lie inside `slots`' mapping; MADV_HUGEPAGE changes how they are
        // backed, never their contents.
        unsafe {
            libc::madvise(
                first as *mut libc::c_void,
                last - first,
                libc::MADV_HUGEPAGE,
            );
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn huge_pages(_: &[u64]) {}

/// Where a fingerprint's probe starts in a table of `size` slots: its low
/// 32 bits scaled to the table (uniform, as the fingerprint's bits are).
fn home(fingerprint: u64, size: usize) -> usize {
    (((fingerprint & 0xffff_ffff) * size as u64) >> 32) as usize
}

/// A shard's table; a panic elsewhere (none is expected) does not leave it
/// in a half-written state, since every write completes under the lock.
fn lock(m: &Mutex<Table>) -> MutexGuard<'_, Table> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Table {
    fn insert(&mut self, fingerprint: u64) -> bool {
        if (self.len + 1) * 5 > self.slots.len() * 4 {
            self.grow();
        }
        let mut i = self.home(fingerprint);
        loop {
            match self.slots[i] {
                0 => {
                    self.slots[i] = fingerprint;
                    self.len += 1;
                    return true;
                }
                f if f == fingerprint => return false,
                _ => i = self.next(i),
            }
        }
    }

    fn home(&self, fingerprint: u64) -> usize {
        home(fingerprint, self.slots.len())
    }

    fn next(&self, i: usize) -> usize {
        if i + 1 == self.slots.len() {
            0
        } else {
            i + 1
        }
    }

    fn grow(&mut self) {
        let larger = Slots::zeroed(self.slots.len() / 2 * 3);
        let old = std::mem::replace(&mut self.slots, larger);
        for &f in old.iter().filter(|&&f| f != 0) {
            let mut i = self.home(f);
            while self.slots[i] != 0 {
                i = self.next(i);
            }
            self.slots[i] = f;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Seen, Slots, Visited, VisitedSet, HUGE_PAGE, PAGE};

    /// Every fingerprint is new once and known after, through the tables'
    /// growth, with colliding low bits (linear probing, wrapping at the
    /// table's end) and shards, and 0 counts as 1.
    #[test]
    fn a_fingerprint_is_new_once() {
        let set = Visited::default();
        let fingerprints: Vec<u64> = (0..50_000u64)
            .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .chain((1..2_000u64).map(|i| i << 40))
            .chain((1..2_000u64).map(|i| i << 40 | 0xffff_ffff))
            .collect();
        for &f in &fingerprints {
            assert!(set.insert(f), "{f} is new");
        }
        for &f in &fingerprints {
            assert!(!set.insert(f), "{f} is known");
        }
        assert_eq!(set.count(), fingerprints.len());
        assert!(!set.insert(1), "0 is stored as 1");
        assert!(set.insert(2));
        assert_eq!(set.count(), fingerprints.len() + 1);
    }

    /// A table's slots are mapped zeroed and hold what is written; a size
    /// the system cannot map, or none, is refused rather than taken.
    #[test]
    fn slots_are_mapped_zeroed_or_refused() {
        let mut slots = Slots::try_zeroed(1 << 20).expect("8 MiB are mapped");
        assert_eq!(slots.len(), 1 << 20);
        assert!(slots.iter().all(|&f| f == 0));
        slots[0] = 7;
        slots[(1 << 20) - 1] = 9;
        assert_eq!((slots[0], slots[(1 << 20) - 1], slots[1]), (7, 9, 0));
        assert!(Slots::try_zeroed(0).is_none());
        // 4 EiB: more than the address space, refused by the system.
        assert!(Slots::try_zeroed(1 << 59).is_none(), "4 EiB mapped");
        assert!(Slots::try_zeroed(usize::MAX).is_none());
    }

    /// Slots of a huge page or more start on a huge page's boundary, are
    /// mapped to their last page and no further, and once dropped are
    /// unmapped, all of them: a grown table's memory goes back to the
    /// system. Looked at in a child process, where no other thread can map
    /// the freed addresses again before they are looked at; the child makes
    /// system calls only, and answers by its exit status.
    #[test]
    fn dropped_slots_are_unmapped() {
        // Whether the page at `at` is mapped: `mincore` fails on an
        // unmapped page.
        let mapped = |at: usize| {
            let mut resident = [0u8; 1];
            // SAFETY: `mincore` only reports on the page at `at` into
            // `resident`, one byte for one page.
            unsafe { libc::mincore(at as *mut libc::c_void, PAGE, resident.as_mut_ptr()) == 0 }
        };
        // SAFETY: the child runs only the code below, which allocates
        // nothing, and leaves by `_exit`.
        match unsafe { libc::fork() } {
            0 => {
                // 8 MiB and a page: not a whole number of huge pages, which
                // the system may align by itself.
                const LEN: usize = (1 << 20) + PAGE / 8;
                let status = match Slots::try_zeroed(LEN) {
                    None => 2,
                    Some(mut slots) => {
                        slots[0] = 1;
                        slots[LEN - 1] = 1;
                        let first = slots.as_ptr() as usize;
                        let last = first + 8 * LEN - PAGE;
                        let ok = first.is_multiple_of(HUGE_PAGE)
                            && mapped(first)
                            && mapped(last)
                            && !mapped(last + PAGE);
                        drop(slots);
                        match (ok, mapped(first), mapped(last)) {
                            (true, false, false) => 0,
                            (false, ..) => 3,
                            (true, true, _) => 4,
                            (true, false, true) => 5,
                        }
                    }
                };
                // SAFETY: ends the child at once, without running anything
                // of the parent's test harness.
                unsafe { libc::_exit(status) }
            }
            -1 => panic!("fork: {}", std::io::Error::last_os_error()),
            child => {
                let mut status = 0;
                // SAFETY: waits for the child just forked.
                assert_eq!(unsafe { libc::waitpid(child, &mut status, 0) }, child);
                assert!(libc::WIFEXITED(status), "the child did not exit: {status}");
                // 2: not mapped; 3: not on a huge page's boundary, not
                // mapped, or mapped beyond its last page; 4: the first page
                // still mapped after the drop; 5: the last page.
                assert_eq!(libc::WEXITSTATUS(status), 0, "exit status of the child");
            }
        }
    }

    /// A table grows by half when four fifths full, so a large set keeps
    /// 10 to 15 bytes per state (the memory per state the checker is
    /// judged by, see `scripts/bench/RESULTS.md`).
    #[test]
    fn a_large_set_keeps_10_to_15_bytes_a_state() {
        let set = Visited::default();
        let n = 1_000_000u64;
        for i in 1..=n {
            set.insert(i.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        }
        assert_eq!(set.count(), n as usize);
        let bytes_per_state = 8.0 * set.slots() as f64 / n as f64;
        assert!(
            (10.0..=15.0).contains(&bytes_per_state),
            "{bytes_per_state} bytes a state"
        );
    }

    /// The chance of a collision among n fingerprints grows as n^2 / 2^65;
    /// sets combine by kind.
    #[test]
    fn the_chance_of_a_collision() {
        let p = |n| match VisitedSet::fingerprints(n) {
            VisitedSet::Fingerprints {
                collision_probability,
            } => collision_probability,
            VisitedSet::Bitstate { .. } => unreachable!(),
        };
        assert_eq!(p(0), 0.0);
        assert_eq!(p(1), 0.0);
        assert_eq!(p(2), 2f64.powi(-64));
        // 64 million states: about one chance in nine thousand.
        assert!(
            (p(64_000_000) - 1.11e-4).abs() < 0.01e-4,
            "{}",
            p(64_000_000)
        );
        assert_eq!(p(usize::MAX), 1.0);
        let sum = VisitedSet::combined(&[VisitedSet::fingerprints(2), VisitedSet::fingerprints(2)]);
        assert_eq!(
            sum,
            Some(VisitedSet::Fingerprints {
                collision_probability: 2f64.powi(-63)
            })
        );
        let bits = |bits_set, expected_missed| VisitedSet::Bitstate {
            bits: 64,
            hash_functions: 3,
            bits_set,
            false_hit_probability: (bits_set as f64 / 64.0).powi(3),
            expected_missed,
        };
        assert_eq!(
            VisitedSet::combined(&[bits(16, 1.0), bits(32, 2.0)]),
            Some(VisitedSet::Bitstate {
                bits: 64,
                hash_functions: 3,
                bits_set: 32,
                false_hit_probability: 0.125,
                expected_missed: 3.0,
            })
        );
        assert_eq!(
            VisitedSet::combined(&[bits(1, 0.0), VisitedSet::fingerprints(9)]),
            None
        );
        // Bit arrays of another size, or set by another number of hash
        // functions, are other sets: their chances do not combine.
        let resized = |bits, hash_functions| VisitedSet::Bitstate {
            bits,
            hash_functions,
            bits_set: 16,
            false_hit_probability: 0.0,
            expected_missed: 1.0,
        };
        for other in [resized(128, 3), resized(64, 4), resized(128, 4)] {
            assert_eq!(VisitedSet::combined(&[bits(16, 1.0), other]), None);
        }
        assert_eq!(VisitedSet::combined(&[]), None);
    }
}
