//! What is being resolved and waits for a player: an ability's
//! instructions still to follow ([`Resolution`], 608.2c–d), a spell cast
//! without paying its mana cost waiting for its targets ([`FreeCast`],
//! 608.2g), and the spell or ability a ward trigger counters ([`Warded`],
//! 702.21a).

use crate::cards::instruction::Instruction;
use battlecheck_properties::{CardId, PlayerId, Target};

/// An ability being resolved: the instructions it still has to follow,
/// kept while a player chooses cards for one of them (608.2d).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolution {
    pub source: CardId,
    pub controller: PlayerId,
    /// Its legal targets (608.2b), each with its group (115.3).
    pub targets: Vec<(u8, Target)>,
    /// "The target": the first legal target of the first group, if it has
    /// one.
    pub target: Option<Target>,
    /// "That creature": what the trigger event was about (see
    /// [`crate::state::game::Trigger::subject`]).
    pub subject: Option<CardId>,
    /// The instructions not yet followed; the first is being followed.
    pub steps: Vec<Instruction>,
    /// The optional action just before was taken ("if you do", 608.2c;
    /// "when you do", 603.12).
    pub did: bool,
    /// How many cards the last choice took ("the number of cards revealed
    /// this way"), or the last instruction that counts exiled ("draw that
    /// many").
    pub chosen_last: u8,
    /// For a choice of cards: the players still to choose, the first
    /// choosing now, or `None` before anyone was asked. Several players
    /// choose in APNAP order, then act at once (101.4).
    pub choosers: Option<Vec<PlayerId>>,
    /// The cards chosen so far for the instruction being followed.
    pub chosen: Vec<CardId>,
    /// The X the ability refers to (107.3m).
    pub x: u8,
    /// A search this way searched the library ("if you search your
    /// library this way, shuffle").
    pub searched_library: bool,
    /// The cards a scry puts on the bottom, top first, while their order
    /// there is chosen ([`Instruction::ScryBottom`]).
    pub scry_bottom: Vec<CardId>,
    /// The targets chosen for a copy of a spell ([`Instruction::CopyTargetSpell`],
    /// 707.10c), once chosen.
    pub new_targets: Option<Vec<Target>>,
    /// The source is an instant or sorcery spell resolving: once its
    /// instructions are done it is put into its owner's graveyard (608.2n).
    pub spell: bool,
    /// The cards exiled this way ("the other cards exiled this way"), and
    /// those of them the exile looked for ("one of those two cards"), in
    /// the order exiled ([`Instruction::ExileUntil`]).
    pub exiled: Vec<CardId>,
    pub found: Vec<CardId>,
}

/// A spell cast without paying its mana cost, waiting for its targets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FreeCast {
    /// Cast transformed: with its back face up (712.11a).
    pub transformed: bool,
    /// Cast by a resolving ability's instruction, which goes on once the
    /// spell is cast ([`crate::state::resolving::Resolution`]); else by a defeat
    /// trigger, whose resolution then ends.
    pub resolving: bool,
}

/// The spell or ability a ward trigger counters: a spell by its card, an
/// ability on the stack by its key (see `Game::next_ability_key`), not
/// by its source, which may have two abilities there (two attacking
/// Dragons' triggers of one Defiant Thundermaw, say).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Warded {
    Spell(CardId),
    Ability(u8),
}
