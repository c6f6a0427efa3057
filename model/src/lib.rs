//! battlecheck's model: the battle rules of Magic: The Gathering as a
//! stateright [`Model`](stateright::Model) of a small, bounded multiplayer
//! game, written straight from the Comprehensive Rules (edition 2026-09-25
//! for rule 310 and its neighbours) and checked against the property
//! catalogue of `battlecheck-properties`.
//!
//! Modules are named after the rule area they implement.

pub mod bench;
pub mod cards;
pub mod checker;
pub mod cli;
pub mod combat;
pub mod config;
pub mod conform;
pub mod decisions;
pub mod display;
pub mod faults;
pub mod fingerprint;
pub mod leave;
pub mod model;
pub mod protector;
pub mod record;
pub mod sba;
pub mod siege;
pub mod stack;
pub mod state;
pub mod svg;
pub mod sweep;
pub mod symmetry;
pub mod turn;
pub mod view;
pub mod zones;

pub use config::{Config, Setup};
pub use faults::Fault;
pub use model::BattleModel;
pub use state::GameState;
