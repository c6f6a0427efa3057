//! The shared vocabulary of battlecheck and its property catalogue.
//!
//! Everything here is independent of stateright and of the engine, so that the
//! model (the specification) and the engine (the implementation) can be run in
//! lockstep and judged by the same checks:
//!
//! * [`ids`] — player seats and card identities.
//! * [`naming`] — how scenario files name them (`P1`, card labels).
//! * [`decision`] — the decisions players make ([`Decision`]).
//! * [`view`] — what can be observed of a game ([`GameView`], [`Observation`]).
//! * [`catalogue`] — the properties: stable ids, kinds, the checklist items and
//!   rules they cover, and their checks.
//! * [`checklist`] — the items of `shared/rules/CHECKLIST.md`.
//! * [`step`] — rules over what one decision did ([`step::Happened`]).
//! * [`seating`] — the multiplayer options: whom a player may attack and
//!   affect ([`seating::Variant`]).

pub mod catalogue;
pub mod checklist;
pub mod decision;
pub mod diff;
pub mod ids;
pub mod naming;
pub mod seating;
pub mod step;
pub mod view;

pub use catalogue::{Kind, PropertyId, PropertySpec, CATALOGUE};
pub use decision::{AttackTarget, Decision, Mana, Target};
pub use ids::{CardId, PlayerId};
pub use view::{GameView, ObjectObs, Observation, Pending, PlayerObs, StackObs, Step, Zone};
