//! What a state's hash is made of: the words the checker's hasher is given
//! (`battlecheck::check::fingerprint`), recorded instead of hashed.

use std::hash::Hasher;

/// A hasher that keeps everything written to it.
#[derive(Default)]
pub struct Recorder(Vec<u8>);

impl Hasher for Recorder {
    fn write(&mut self, bytes: &[u8]) {
        self.0.extend_from_slice(bytes);
    }
    fn finish(&self) -> u64 {
        unreachable!("the words are read, not the hash")
    }
}

/// Everything `hash` writes to a hasher.
pub fn recorded(hash: impl FnOnce(&mut Recorder)) -> Vec<u8> {
    let mut r = Recorder::default();
    hash(&mut r);
    r.0
}
