//! The decisions players make, shared by the model and the engine.
//!
//! Priority (rule 117) is represented at the level of its outcomes: in a
//! priority window any player may take an action, or all players pass in
//! succession ([`Decision::PassAll`], rule 117.4). Every sequence of actions
//! allowed by 117.3b–d is a sequence of these decisions and vice versa, since a
//! pass changes nothing but who holds priority. The engine holds priority
//! player by player; the conformance harness maps one onto the other.
//!
//! Choices that several players make "at the same time" (rule 101.4) and whose
//! options do not depend on each other are one decision holding every
//! player's part: blocks (802.4, 802.4b) and simultaneous protector choices
//! (704.3, 704.5x–y). A choice with a single option is made automatically and
//! is not a decision.

use crate::ids::{CardId, PlayerId};
use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;

/// A list of cards that is nearly always empty (the creatures tapped for
/// convoke or to crew), kept out of line so that a [`Decision`] stays as
/// small as it was without it (the model moves decisions by the
/// million): `None` is the empty list, and an empty list is read as
/// `None`.
pub type Cards = Option<Box<Vec<CardId>>>;

/// The cards of `list`.
pub fn cards(list: &Cards) -> &[CardId] {
    list.as_deref().map_or(&[], Vec::as_slice)
}

/// `list` as [`Cards`]: `None` when it is empty.
pub fn to_cards(list: Vec<CardId>) -> Cards {
    (!list.is_empty()).then(|| Box::new(list))
}

fn read_cards<'de, D: Deserializer<'de>>(d: D) -> Result<Cards, D::Error> {
    Ok(to_cards(Vec::<CardId>::deserialize(d)?))
}

/// What a spell targets (rule 115). "Any target" (115.4) is a player, a
/// creature, a planeswalker or a battle.
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
#[serde(rename_all = "snake_case")]
pub enum Target {
    Player(PlayerId),
    /// A permanent on the battlefield.
    Permanent(CardId),
    /// A triggered ability on the stack, named by its source.
    Trigger(CardId),
    /// A card in a graveyard ("target card from a graveyard", 115.1: a
    /// target in a zone other than the battlefield says where it is).
    Card(CardId),
}

/// What an attacking creature attacks (rule 508.1b).
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
#[serde(rename_all = "snake_case")]
pub enum AttackTarget {
    Player(PlayerId),
    Battle(CardId),
    /// A planeswalker (306.6, 506.3): in positions with real cards only;
    /// the model has none.
    Planeswalker(CardId),
}

/// One mana, of a color or colorless (105.1, 106.1b), named by its symbol
/// (107.4c): `"W"`, `"U"`, `"B"`, `"R"`, `"G"` or `"C"`.
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
pub enum Mana {
    #[serde(rename = "W")]
    White,
    #[serde(rename = "U")]
    Blue,
    #[serde(rename = "B")]
    Black,
    #[serde(rename = "R")]
    Red,
    #[serde(rename = "G")]
    Green,
    #[serde(rename = "C")]
    Colorless,
}

impl Mana {
    /// The five colors, in the order of 105.1 (WUBRG), then colorless.
    pub const ALL: [Mana; 6] = [
        Mana::White,
        Mana::Blue,
        Mana::Black,
        Mana::Red,
        Mana::Green,
        Mana::Colorless,
    ];

    /// Its symbol (107.4c).
    pub fn symbol(self) -> char {
        match self {
            Mana::White => 'W',
            Mana::Blue => 'U',
            Mana::Black => 'B',
            Mana::Red => 'R',
            Mana::Green => 'G',
            Mana::Colorless => 'C',
        }
    }
}

/// A decision by one or more players.
#[derive(
    Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case", tag = "decision")]
pub enum Decision {
    /// Every player passes priority in succession (117.4): the top of the
    /// stack resolves, or the step ends.
    PassAll,
    /// `player` casts `card` from their hand (601), with up to two targets,
    /// announcing the value of X if its mana cost has one (601.2b, 107.3a;
    /// absent: X is 0, as in every game that pays no mana), tapping the
    /// creatures `convoke` to pay for part of its cost if it has convoke
    /// (702.51a; absent: none).
    Cast {
        player: PlayerId,
        card: CardId,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        targets: Vec<Target>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        x: Option<u8>,
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            deserialize_with = "read_cards"
        )]
        convoke: Cards,
    },
    /// `player` plays the land `card` (305.1, 116.2a: a special action, in
    /// a main phase of their turn with an empty stack, once per turn,
    /// 305.2): from their hand, or from exile where an effect lets them
    /// play it. `back_face`: a modal double-faced card played with its land
    /// back face up (712.12).
    PlayLand {
        player: PlayerId,
        card: CardId,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        back_face: bool,
    },
    /// `player` activates a mana ability of `source` (605.3a: while holding
    /// priority) and adds `mana` to their mana pool (106.4): a land's
    /// "{T}: Add {G}" (305.6), a Treasure's "{T}, Sacrifice this token: Add
    /// one mana of any color" (111.10a).
    ActivateMana {
        player: PlayerId,
        source: CardId,
        mana: Mana,
    },
    /// `player` activates activated ability number `ability` (from 0, in
    /// the order of its text) of `source`, with `target` if it has one
    /// (602.2), discarding `discard` if its cost says "discard a card"
    /// (602.2b, 601.2h) and tapping the creatures `crew` if it is a crew
    /// ability (702.122a). Mana abilities are [`Decision::ActivateMana`],
    /// equip [`Decision::Equip`].
    Activate {
        player: PlayerId,
        source: CardId,
        #[serde(default, skip_serializing_if = "is_zero")]
        ability: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<Target>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        discard: Option<CardId>,
        #[serde(
            default,
            skip_serializing_if = "Option::is_none",
            deserialize_with = "read_cards"
        )]
        crew: Cards,
    },
    /// `player` activates the equip ability of `equipment` targeting
    /// `creature` (702.6a; sorcery timing).
    Equip {
        player: PlayerId,
        equipment: CardId,
        creature: CardId,
    },
    /// `player` concedes and leaves the game (104.3a, 800.4a).
    Concede { player: PlayerId },
    /// As `card` (a clone) enters, its controller chooses the battle it
    /// enters as a copy of (707.5).
    ChooseCopy {
        player: PlayerId,
        card: CardId,
        original: CardId,
    },
    /// Protectors chosen for battles, each by the battle's controller: as the
    /// battle enters (310.9a, 310.12a) or as a state-based action (704.5x–y).
    ChooseProtectors { choices: Vec<(CardId, PlayerId)> },
    /// The active player's attack declaration (508.1): each attacking
    /// creature and what it attacks. May be empty.
    DeclareAttackers {
        attacks: Vec<(CardId, AttackTarget)>,
    },
    /// Every defending player's blocks (509.1, 802.4): (blocker, attacker).
    DeclareBlockers { blocks: Vec<(CardId, CardId)> },
    /// Just before a blocked attacker assigns its combat damage, its
    /// controller decides whether it assigns all of it as though it weren't
    /// blocked (`as_unblocked`), as Zilortha, Apex of Ikoria lets each
    /// non-Human creature they control (checklist C04; its rulings: all or
    /// nothing, a choice for each creature, its blockers still deal it
    /// damage, onto a battle it attacks too). The damage then goes to what
    /// it attacks (510.1b) instead of its blockers (510.1c).
    AssignAsUnblocked {
        player: PlayerId,
        attacker: CardId,
        as_unblocked: bool,
    },
    /// How a trampling attacker divides its combat damage (702.19b): the
    /// amount assigned to what it attacks, the rest to its blockers.
    AssignTrample { attacker: CardId, to_attacked: u32 },
    /// How an attacking creature blocked by two or more creatures divides
    /// among them the combat damage it does not assign to what it attacks
    /// (510.1c: as its controller chooses; after a trample assignment to
    /// what it attacks, at least lethal damage to each, 702.19b): each
    /// blocker and the damage assigned to it.
    DivideDamage {
        attacker: CardId,
        division: Vec<(CardId, u32)>,
    },
    /// As a Siege's defeat trigger resolves, its controller casts the exiled
    /// card transformed (310.12b, 712.11a) or declines (`cast: false`).
    CastTransformed {
        player: PlayerId,
        card: CardId,
        cast: bool,
    },
    /// As a triggered ability that targets is put on the stack, its
    /// controller chooses its target (603.3d): Portal Mage's "target
    /// attacking creature". A choice with one option is made automatically.
    /// `target` is absent (null) when an ability with "up to one target"
    /// gets none (115.1, 601.2c).
    TargetTrigger {
        player: PlayerId,
        source: CardId,
        #[serde(default)]
        target: Option<Target>,
    },
    /// As a modal triggered ability of `source` is put on the stack, its
    /// controller chooses its modes (603.3c, 700.2): `modes` are their
    /// numbers, from 0 in the order printed ("choose one or both —").
    ChooseModes {
        player: PlayerId,
        source: CardId,
        modes: Vec<u8>,
    },
    /// As a ward trigger of `source` resolves, `player`, who controls the
    /// spell or ability it counters, pays its cost or not (`pay: false`:
    /// it is countered; 702.21a).
    PayUnless {
        player: PlayerId,
        source: CardId,
        pay: bool,
    },
    /// As Portal Mage's trigger resolves, its controller may reselect what
    /// `attacker` attacks (508.7): `to` is the new player or battle, or
    /// absent to keep what it attacks.
    ReselectAttack {
        player: PlayerId,
        attacker: CardId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<AttackTarget>,
    },
    /// As an ability of `source` resolves, `player` chooses cards its
    /// instructions tell them to choose (608.2d): the cards they discard
    /// (701.9b), the permanent they sacrifice (701.21a), the cards they
    /// find in a search of their library (701.23a). `cards` may be empty
    /// where the text lets them choose none ("you may", "up to").
    /// `ordered`: the order of `cards` is part of the choice (a scry's
    /// cards kept on top, from the top, and those put on the bottom,
    /// 701.22a); otherwise `cards` is compared as a set (or, where a card
    /// may be named more than once, a multiset).
    ChooseCards {
        player: PlayerId,
        source: CardId,
        cards: Vec<CardId>,
        #[serde(default, skip_serializing_if = "is_false")]
        ordered: bool,
    },
    /// The legend rule (704.5j): `player`, who controls two or more
    /// legendary permanents with the same name, keeps `card`; the others
    /// with its name go to their owners' graveyards.
    KeepLegend { player: PlayerId, card: CardId },
    /// As an effect copies `spell` and lets its controller choose new
    /// targets for the copy (707.10c), `player` chooses the copy's
    /// targets, one per target of `spell`: each the same target (kept even
    /// if it is illegal now) or a new legal one.
    ChooseNewTargets {
        player: PlayerId,
        spell: CardId,
        targets: Vec<Target>,
    },
}

impl Decision {
    /// The decision's kind: its `decision` tag on the wire.
    pub fn kind(&self) -> &'static str {
        match self {
            Decision::PassAll => "pass_all",
            Decision::Cast { .. } => "cast",
            Decision::PlayLand { .. } => "play_land",
            Decision::ActivateMana { .. } => "activate_mana",
            Decision::Activate { .. } => "activate",
            Decision::Equip { .. } => "equip",
            Decision::Concede { .. } => "concede",
            Decision::ChooseCopy { .. } => "choose_copy",
            Decision::ChooseProtectors { .. } => "choose_protectors",
            Decision::DeclareAttackers { .. } => "declare_attackers",
            Decision::DeclareBlockers { .. } => "declare_blockers",
            Decision::AssignAsUnblocked { .. } => "assign_as_unblocked",
            Decision::AssignTrample { .. } => "assign_trample",
            Decision::DivideDamage { .. } => "divide_damage",
            Decision::CastTransformed { .. } => "cast_transformed",
            Decision::TargetTrigger { .. } => "target_trigger",
            Decision::ChooseModes { .. } => "choose_modes",
            Decision::PayUnless { .. } => "pay_unless",
            Decision::ReselectAttack { .. } => "reselect_attack",
            Decision::ChooseCards { .. } => "choose_cards",
            Decision::KeepLegend { .. } => "keep_legend",
            Decision::ChooseNewTargets { .. } => "choose_new_targets",
        }
    }

    /// The decision with its combined parts (attacks, blocks, protector
    /// choices, the cards of an unordered choice) in a canonical order, so
    /// that decisions compare whatever order each side lists the parts in
    /// (the order means nothing). The cards of an ordered choice keep
    /// their order.
    pub fn canonical(&self) -> Decision {
        self.clone().into_canonical()
    }

    /// [`Decision::canonical`], taking the decision rather than copying it.
    pub fn into_canonical(mut self) -> Decision {
        match &mut self {
            Decision::DeclareAttackers { attacks } => attacks.sort(),
            Decision::DeclareBlockers { blocks } => blocks.sort(),
            Decision::ChooseProtectors { choices } => choices.sort(),
            Decision::DivideDamage { division, .. } => division.sort(),
            Decision::ChooseCards {
                cards,
                ordered: false,
                ..
            } => cards.sort(),
            Decision::ChooseModes { modes, .. } => modes.sort(),
            _ => {}
        }
        self
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Player(p) => write!(f, "{p}"),
            Target::Permanent(c) => write!(f, "{c}"),
            Target::Trigger(c) => write!(f, "trigger of {c}"),
            Target::Card(c) => write!(f, "card {c}"),
        }
    }
}

impl fmt::Display for AttackTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AttackTarget::Player(p) => write!(f, "{p}"),
            AttackTarget::Battle(c) => write!(f, "battle {c}"),
            AttackTarget::Planeswalker(c) => write!(f, "planeswalker {c}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choose(cards: &[u8], ordered: bool) -> Decision {
        Decision::ChooseCards {
            player: PlayerId(0),
            source: CardId(9),
            cards: cards.iter().map(|&c| CardId(c)).collect(),
            ordered,
        }
    }

    /// The cards of an unordered choice compare as a set; those of an
    /// ordered one (a scry, 701.22a) in their order.
    #[test]
    fn an_ordered_choice_keeps_its_order() {
        assert_eq!(
            choose(&[2, 1], false).canonical(),
            choose(&[1, 2], false).canonical()
        );
        assert_ne!(
            choose(&[2, 1], true).canonical(),
            choose(&[1, 2], true).canonical()
        );
        assert_eq!(choose(&[2, 1], true).canonical(), choose(&[2, 1], true));
    }

    /// `ordered` is written only when true, and read as false when absent.
    #[test]
    fn ordered_is_optional_on_the_wire() {
        let text = serde_json::to_string(&choose(&[1], false)).unwrap();
        assert!(!text.contains("ordered"), "{text}");
        let back: Decision = serde_json::from_str(&text).unwrap();
        assert_eq!(back, choose(&[1], false));
        let text = serde_json::to_string(&choose(&[1], true)).unwrap();
        assert!(text.contains("\"ordered\":true"), "{text}");
    }
}
