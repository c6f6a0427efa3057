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

use std::sync::{Mutex, MutexGuard};

/// Shards, by the top bits of a fingerprint: enough that two workers
/// rarely want the same lock, few enough that each stays large.
const SHARD_BITS: u32 = 6;

/// A concurrent set of fingerprints.
pub struct Visited {
    shards: Box<[Mutex<Table>]>,
}

/// One shard: slots holding fingerprints, 0 for an empty slot.
struct Table {
    slots: Vec<u64>,
    len: usize,
}

impl Default for Visited {
    fn default() -> Self {
        Visited {
            shards: (0..1 << SHARD_BITS)
                .map(|_| {
                    Mutex::new(Table {
                        slots: vec![0; 1024],
                        len: 0,
                    })
                })
                .collect(),
        }
    }
}

impl Visited {
    /// Add a fingerprint: true if it was not in the set. Fingerprint 0
    /// marks an empty slot, so it is stored as 1: the two share a slot,
    /// one more chance of a collision among 2^64.
    pub fn insert(&self, fingerprint: u64) -> bool {
        let fingerprint = fingerprint.max(1);
        self.shard(fingerprint).insert(fingerprint)
    }

    /// The number of fingerprints in the set.
    pub fn count(&self) -> usize {
        (0..self.shards.len())
            .map(|i| lock(&self.shards[i]).len)
            .sum()
    }

    fn shard(&self, fingerprint: u64) -> MutexGuard<'_, Table> {
        lock(&self.shards[(fingerprint >> (64 - SHARD_BITS)) as usize])
    }
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

    /// Where a fingerprint's probe starts: its low 32 bits scaled to the
    /// table (uniform, as the fingerprint's bits are).
    fn home(&self, fingerprint: u64) -> usize {
        (((fingerprint & 0xffff_ffff) * self.slots.len() as u64) >> 32) as usize
    }

    fn next(&self, i: usize) -> usize {
        if i + 1 == self.slots.len() {
            0
        } else {
            i + 1
        }
    }

    fn grow(&mut self) {
        let larger = vec![0; self.slots.len() / 2 * 3];
        let old = std::mem::replace(&mut self.slots, larger);
        for f in old.into_iter().filter(|&f| f != 0) {
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
    use super::Visited;

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
}
