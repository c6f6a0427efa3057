//! Static abilities as printed (604.1). How they apply in a game, in layer
//! order (613), is [`crate::abilities::statics`].

use crate::cards::card::{CardType, Keyword};
use serde::{Deserialize, Serialize};

/// A static ability printed on a face (604.1): it applies while the
/// permanent is on the battlefield (604.2).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum StaticAbility {
    /// "Creatures you control get +P/+T" (613.4c, layer 7c).
    CreaturesYouControlGet { power: i8, toughness: i8 },
    /// "Equipped creature gets +P/+T" (613.4c, 301.5).
    EquippedCreatureGets { power: i8, toughness: i8 },
    /// "This creature's power and toughness are each equal to the number
    /// of \[creatures, lands\] you control": a characteristic-defining
    /// ability (604.3), applied in layer 7a (613.4a), in every zone.
    PowerToughnessEqualPermanentsYouControl(CardType),
    /// "\[This\]'s power is equal to the number of \[artifacts\] you control"
    /// (Aetherwing, Golden-Scale Flagship): a characteristic-defining
    /// ability for power alone (604.3, layer 7a), counting itself.
    PowerEqualPermanentsYouControl(CardType),
    /// "For each non-Human creature you control, you may have that
    /// creature assign its combat damage as though it weren't blocked"
    /// (Zilortha, Apex of Ikoria; C04): see `combat`.
    NonHumansMayAssignAsUnblocked,
    /// "As long as this creature is on the battlefield, it's a land in
    /// addition to its other types" (Awakened Skyclave; 205.1b, layer 4).
    ALandToo,
    /// "This land enters tapped": a replacement effect (614.1c) applied as
    /// it enters ([`Game::move_to`](crate::state::game::Game::move_to), and the face played, 712.12).
    EntersTapped,
    /// "\[It\] has \[keywords\] as long as you control at least \[N\] other
    /// \[enchantments\]" (Ephara, Ever-Sheltering; 604.2, layer 6).
    KeywordsWhileYouControlOthers {
        keywords: Vec<Keyword>,
        at_least: u8,
        of: CardType,
    },
    /// "Creature tokens you control get +P/+T and have \[keywords\]" (The
    /// Broken Sky; 613.4c, layer 7c, and layer 6).
    CreatureTokensYouControlGet {
        power: i8,
        toughness: i8,
        #[serde(default)]
        keywords: Vec<Keyword>,
    },
    /// "If a noncreature source you control would deal damage to a
    /// creature, battle, or opponent, it deals that much damage plus N
    /// instead" (Disciples of the Inferno): a replacement effect (614.1a)
    /// applied as damage is dealt (`Game::damage_dealt`).
    NoncreatureSourcesYouControlDealMore(u8),
    /// "Noncreature spells you cast have convoke" (Caetus, Sea Tyrant of
    /// Segovia; 702.51a): see [`crate::abilities::convoke`].
    NoncreatureSpellsYouCastHaveConvoke,
    /// "\[Knights\] you control get +P/+T and have ward \[cost\]" (Teferi
    /// Akosa of Zhalfir's emblem; 613.4c, layer 7c, and layer 6): each
    /// permanent of the subtype the emblem's controller controls. An
    /// emblem's ability only: a card face with it is refused as cards load.
    SubtypeYouControlGet {
        subtype: String,
        power: i8,
        toughness: i8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ward: Option<crate::cards::ability::WardCost>,
    },
    /// "Other transformed permanents you control have \[keywords\] and ward
    /// \[cost\]" (Gargantuan Slabhorn; 604.2, layer 6): a "transformed
    /// permanent" is a double-faced permanent with its back face up
    /// (701.27g), a modal double-faced card played with its back face up
    /// included.
    OtherTransformedPermanentsYouControlHave {
        #[serde(default)]
        keywords: Vec<Keyword>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ward: Option<crate::cards::ability::WardCost>,
    },
}
