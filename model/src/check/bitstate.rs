//! Bitstate hashing (Holzmann's "supertrace"): the set of visited states
//! as a fixed array of bits, for configurations whose states a
//! [`Visited`](super::visited::Visited) table of fingerprints would not
//! hold in memory.
//!
//! A state sets [`HASHES`] bits, each picked by an independent hash of
//! its fingerprint; it counts as visited when all of them were already
//! set. Memory is fixed whatever the number of states, at the price of
//! exactness: a state never visited whose bits other states happened to
//! set is taken for visited and not explored, nor what only it leads to.
//! The chance of that for one state is at most the fraction of bits set,
//! to the power [`HASHES`] (the fraction only grows during a run, so its
//! final value bounds every earlier lookup); [`Bitstate::summary`] reports
//! it with the number of states it is expected to have missed.
//!
//! Two workers inserting one new state at the same moment may both find it
//! new (each sees a bit the other has not yet set): it is then explored
//! twice and counted twice, which changes nothing else. With more than one
//! thread, which states are missed (and so the counts) may vary from run to
//! run when any are missed.

use super::visited::{prefetch, Seen, VisitedSet};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// Bits set per state: SPIN's default (`-k3`), a good trade between the
/// chance of a false hit and the trips to memory per lookup.
pub const HASHES: u32 = 3;

/// A concurrent bit array of visited states.
pub struct Bitstate {
    words: Box<[AtomicU64]>,
    /// The number of bits, `words.len() * 64`.
    bits: u64,
    /// States found new.
    inserted: AtomicUsize,
}

impl Bitstate {
    /// A bit array of `bytes` bytes (rounded down to whole 64-bit words,
    /// at least one), all bits clear.
    pub fn new(bytes: u64) -> Bitstate {
        let words = (bytes / 8).max(1) as usize;
        Bitstate {
            words: std::iter::repeat_with(|| AtomicU64::new(0))
                .take(words)
                .collect(),
            bits: words as u64 * 64,
            inserted: AtomicUsize::new(0),
        }
    }

    /// Bit `i` of a fingerprint's [`HASHES`] bits: the fingerprint mixed
    /// (so that fingerprints with a pattern, such as multiples of one
    /// number, spread like random ones), then offset by the hash's own
    /// constant and mixed again, scaled to the array (uniform for any
    /// size).
    fn bit(&self, fingerprint: u64, i: u32) -> u64 {
        let z = mix(mix(fingerprint).wrapping_add(SEEDS[i as usize]));
        ((u128::from(z) * u128::from(self.bits)) >> 64) as u64
    }

    /// The bits set now.
    fn bits_set(&self) -> u64 {
        self.words
            .iter()
            .map(|w| u64::from(w.load(Ordering::Relaxed).count_ones()))
            .sum()
    }
}

/// SplitMix64's finaliser: every bit of the result depends on every bit of
/// `z`.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One constant per hash (the first three of SplitMix64's sequence).
const SEEDS: [u64; HASHES as usize] = [
    0x9e37_79b9_7f4a_7c15,
    0x3c6e_f372_fe94_f82a,
    0xdaa6_6d2c_7ddf_743f,
];

impl Seen for Bitstate {
    fn insert(&self, fingerprint: u64) -> bool {
        let mut new = false;
        for i in 0..HASHES {
            let b = self.bit(fingerprint, i);
            let word = &self.words[(b / 64) as usize];
            let mask = 1u64 << (b % 64);
            // Read first: most lookups are of visited states, whose bits
            // are all set, and a read does not take the cache line away
            // from the other worker.
            if word.load(Ordering::Relaxed) & mask == 0
                && word.fetch_or(mask, Ordering::Relaxed) & mask == 0
            {
                new = true;
            }
        }
        if new {
            self.inserted.fetch_add(1, Ordering::Relaxed);
        }
        new
    }

    fn prefetch(&self, fingerprint: u64) {
        for i in 0..HASHES {
            let b = self.bit(fingerprint, i);
            prefetch(self.words[(b / 64) as usize].as_ptr());
        }
    }

    fn count(&self) -> usize {
        self.inserted.load(Ordering::Relaxed)
    }

    fn summary(&self) -> VisitedSet {
        let bits_set = self.bits_set();
        let false_hit = (bits_set as f64 / self.bits as f64).powi(HASHES as i32);
        VisitedSet::Bitstate {
            bits: self.bits,
            hash_functions: HASHES,
            bits_set,
            false_hit_probability: false_hit,
            expected_missed: expected_missed(self.count(), false_hit),
        }
    }
}

/// The states a run that found `found` new states is expected to have
/// missed, at most, when each lookup of a state not yet visited is a false
/// hit with a chance of at most `false_hit`: of the `found + missed` such
/// lookups, a `false_hit` share missed, so `missed = found * q / (1 - q)`.
pub fn expected_missed(found: usize, false_hit: f64) -> f64 {
    if false_hit >= 1.0 {
        f64::INFINITY
    } else {
        found as f64 * false_hit / (1.0 - false_hit)
    }
}

#[cfg(test)]
mod tests {
    use super::{expected_missed, Bitstate, HASHES};
    use crate::check::visited::{Seen, VisitedSet};

    /// A state is new once, then visited; a large array keeps distinct
    /// states apart, and its summary counts the bits they set.
    #[test]
    fn a_state_is_new_once() {
        let set = Bitstate::new(1 << 20);
        let fingerprints: Vec<u64> = (1..=20_000u64)
            .map(|i| i.wrapping_mul(0x9e37_79b9_7f4a_7c15))
            .collect();
        for &f in &fingerprints {
            assert!(set.insert(f), "{f} is new");
        }
        for &f in &fingerprints {
            assert!(!set.insert(f), "{f} is visited");
        }
        assert_eq!(set.count(), fingerprints.len());
        let VisitedSet::Bitstate {
            bits,
            hash_functions,
            bits_set,
            false_hit_probability,
            expected_missed,
        } = set.summary()
        else {
            panic!("a bitstate summary");
        };
        assert_eq!(bits, 1 << 23);
        assert_eq!(hash_functions, HASHES);
        // 60,000 bits set at random among 8M: a few collide.
        assert!((59_000..=60_000).contains(&bits_set), "{bits_set}");
        let fill = bits_set as f64 / bits as f64;
        assert!((false_hit_probability - fill.powi(3)).abs() < 1e-15);
        assert!(expected_missed > 0.0 && expected_missed < 0.01);
    }

    /// A full array takes every state for visited: the summary says so.
    #[test]
    fn a_full_array_misses_every_new_state() {
        let set = Bitstate::new(8);
        for f in 0..10_000u64 {
            set.insert(f);
        }
        assert!(!set.insert(u64::MAX - 7), "64 bits are all set by now");
        let VisitedSet::Bitstate {
            bits_set,
            false_hit_probability,
            expected_missed,
            ..
        } = set.summary()
        else {
            panic!("a bitstate summary");
        };
        assert_eq!(bits_set, 64);
        assert_eq!(false_hit_probability, 1.0);
        assert!(expected_missed.is_infinite());
    }

    #[test]
    fn missed_states_follow_the_false_hit_rate() {
        assert_eq!(expected_missed(1000, 0.0), 0.0);
        assert!((expected_missed(1000, 0.5) - 1000.0).abs() < 1e-9);
        assert!((expected_missed(900, 0.1) - 100.0).abs() < 1e-9);
    }
}
