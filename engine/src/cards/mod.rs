//! What cards say: the catalogue loaded from `engine/cards/*.json` (item
//! C05) and the printed text of each face, as data. Nothing here knows a
//! game; the rules ([`crate::rules`]) and what abilities do in a game
//! ([`crate::abilities`]) read these types.
//!
//! * [`card`]: a card and its faces (types, subtypes, numbers, keywords,
//!   layout; 200–212, 712), its triggered abilities and spell effects as
//!   printed, and the kinds of targets they name (115).
//! * [`instruction`]: the vocabulary of an ability's steps (608.2c), what
//!   card files write in `steps`.
//! * [`static_ability`], [`ability`]: static abilities (604), activated
//!   abilities and their costs (602, 118), ward's cost (702.21).
//! * [`mana_cost`], [`color`]: mana costs and pools (106, 107.4, 202),
//!   colors (105, 202.2).
//! * [`oracle`]: how each line of a face's rules text is read.
//! * [`catalogue`]: the catalogue, by name, and loading card files.
//!
//! The modules of this layer use one another freely: a face holds its
//! abilities, whose steps hold filters on faces. That circle is the card
//! text's own and stays inside this folder.

pub mod ability;
pub mod card;
pub mod catalogue;
pub mod color;
pub mod instruction;
pub mod mana_cost;
pub mod oracle;
pub mod static_ability;
