//! Activated abilities as printed (602.1): their costs (602.1a, 118) and
//! what they do; ward's cost (702.21a). Activating one is
//! [`crate::abilities::activate`]; ward's trigger, [`crate::abilities::ward`].

use crate::cards::card::TriggerEffect;
use crate::cards::mana_cost::ManaCost;
use serde::{Deserialize, Serialize};

/// An activated ability: its cost and what it does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActivatedAbility {
    pub cost: ActivationCost,
    /// Instructions with the one target they may refer to, as a triggered
    /// ability's.
    pub effect: TriggerEffect,
}

/// The cost of activating an ability (602.1a, 118).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActivationCost {
    /// A mana cost, such as `{2}{B}` (paid in a game that pays mana).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mana: Option<ManaCost>,
    /// {T}: tap this permanent (107.5).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub tap: bool,
    /// "Sacrifice this \[permanent\]" (701.21a).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sacrifice: bool,
    /// "Discard a \[land\] card" (701.9a): a card of this kind from the
    /// activating player's hand, which they choose as they pay (601.2h).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discard: Option<crate::cards::instruction::CardFilter>,
    /// "Crew N" (702.122a): tap any number of other untapped creatures
    /// you control with total power N or greater, named by the
    /// activation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crew: Option<u8>,
    /// A loyalty ability's cost, "+1" or "−2" (606.4): loyalty counters
    /// put on or removed from its source ([`crate::rules::planeswalker`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loyalty: Option<i8>,
}

/// What ward asks: mana, or life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WardCost {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mana: Option<ManaCost>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub life: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}
