//! What lasts beyond the object or effect that made it: permissions to play
//! a card from exile ([`ExilePermission`], 601.3; see
//! [`crate::abilities::exile_play`]) and emblems ([`Emblem`], 114).

use crate::cards::static_ability::StaticAbility;
use battlecheck_properties::{CardId, PlayerId};

/// A permission to play `card` from exile: for its owner, costing
/// `costs_more` more (601.2f), for as long as `until` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExilePermission {
    pub card: CardId,
    pub costs_more: u8,
    pub until: Until,
}

/// How long a permission to play a card from exile lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    /// "For as long as that card remains exiled".
    Exiled,
    /// "This turn": it ends in this turn's cleanup step (514.2).
    EndOfTurn,
    /// "Until the end of your next turn": it ends in the cleanup step of
    /// the turn of `player` (their team's turn, 805) when `turns` more of
    /// their turns have ended.
    EndOfTurnsOf { player: PlayerId, turns: u8 },
}

/// An emblem (114.1): a marker in the command zone with abilities and no
/// other characteristics (114.3), owned and controlled by the player who
/// got it (114.2); its abilities function there (114.4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Emblem {
    pub controller: PlayerId,
    pub abilities: Vec<StaticAbility>,
}
