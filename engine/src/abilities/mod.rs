//! What card text does in a game: following an ability's instructions
//! ([`effects`], 608.2c) and the choices they ask for ([`choice`], 608.2d),
//! static abilities and the characteristics they change ([`statics`], 604,
//! 613, 105), mana abilities and paying costs ([`mana`], 106, 601.2f–h,
//! 605, 305), activated abilities ([`activate`], 602) and keyword abilities
//! with costs or triggers: [`crew`] (702.122), [`convoke`] (702.51),
//! [`equip`] (702.6), [`ward`] (702.21), and tapping creatures for either
//! ([`tap_creatures`]); copying spells ([`spell_copy`], 707.10), casting
//! without paying ([`free_cast`], 608.2g) and playing from exile
//! ([`exile_play`], 601.3).
//!
//! These modules add methods to [`crate::state::game::Game`] and call the
//! rule areas' methods ([`crate::rules`]); the rule areas call theirs back
//! (a resolving spell follows its instructions), but name no type of this
//! layer: the types both share live in [`crate::cards`] and
//! [`crate::state`].

pub mod activate;
pub mod choice;
pub mod convoke;
pub mod crew;
pub mod effects;
pub mod equip;
pub mod exile_play;
pub mod free_cast;
pub mod mana;
pub mod spell_copy;
pub mod statics;
pub mod tap_creatures;
pub mod ward;
