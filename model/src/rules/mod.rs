//! The game: the battle rules as the model plays them. The state and its
//! configuration, the card pool, the seeded faults, and one module per rule
//! area, each named after the rules it implements.
//!
//! Depends on `battlecheck-properties` (the shared vocabulary and the
//! catalogue's view of a state) only: nothing here knows about searching,
//! presenting, engines or the command line.

pub mod as_unblocked;
pub mod cards;
pub mod combat;
pub mod config;
pub mod decisions;
pub mod enters;
pub mod equip;
pub mod faults;
pub mod leave;
pub mod lightshield;
pub mod planeswalker;
pub mod play_from_exile;
pub mod prevention;
pub mod protector;
pub mod replacement;
pub mod reselect;
pub mod sba;
pub mod siege;
pub mod stack;
pub mod state;
pub mod trigger_targets;
pub mod turn;
pub mod view;
pub mod ward;
pub mod zones;
