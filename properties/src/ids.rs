//! Identities shared by the model and the engine.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A player, by seat. Seat 0 takes the first turn; turn order is seat order
/// (rule 101.4 "turn order", rule 800.1 seating).
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(transparent)]
pub struct PlayerId(pub u8);

/// A card or token of the game setup, by its number in the setup.
///
/// Cards are numbered in the order the setup lists them; a token is numbered
/// after all cards, one number per token-making card (each such card can make
/// at most one token in a bounded game). The number identifies the physical
/// card across zones: rule 400.7 (a new object after each zone change) is
/// tracked separately by the model and engine.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(transparent)]
pub struct CardId(pub u8);

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0 + 1)
    }
}

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}
