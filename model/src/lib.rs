//! battlecheck: the battle rules of Magic: The Gathering as a stateright
//! model of a small, bounded multiplayer game, written straight from the
//! Comprehensive Rules (edition 2026-09-25 for rule 310 and its
//! neighbours), the exhaustive checker that judges it against the property
//! catalogue of `battlecheck-properties`, and the tooling around both.
//!
//! The modules are layers; each may use only those above it in this list
//! (and `tests/layering.rs` holds them to it):
//!
//! | module | what lives there | may use |
//! |---|---|---|
//! | [`rules`] | the game: its state, configurations, cards and one module per rule area | `battlecheck-properties` |
//! | [`display`] | game-terms text and pictures of states and decisions | `rules` |
//! | [`check`] | the stateright model, the exhaustive search and its reductions, sweeps | `rules`, `display` |
//! | [`conform`] | engines under test: lockstep conformance, the engine checked as a model, benchmarks against it | the above, `battlecheck-engine` |
//! | [`report`] | reports for people and machines: text, JSON, JUnit, the checklist | the above |
//! | [`cli`] | the `battlecheck` command, one module per subcommand | everything |
//!
//! Only `conform` and `cli` depend on the engine crate.

pub mod check;
pub mod cli;
pub mod conform;
pub mod display;
pub mod report;
pub mod rules;

pub use check::model::BattleModel;
pub use rules::config::{Config, Setup};
pub use rules::faults::Fault;
pub use rules::state::GameState;
