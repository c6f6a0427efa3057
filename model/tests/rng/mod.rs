//! A small deterministic generator (xorshift64*) for the tests that take
//! random paths: the same seed, the same path on every run.

pub struct Rng(u64);

impl Rng {
    /// A generator seeded by `seed` (any value: the state is made odd, as
    /// xorshift needs one that is not zero).
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
