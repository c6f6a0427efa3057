//! The engine's API: [`action::Action`], what a player may do;
//! [`apply`]: `Game::apply`, `Game::legal_actions`; [`decide`]: the shared
//! `Decision`s of the conformance harness (`apply_decision`,
//! `legal_decisions`); [`observe`]: `Game::observe`, the shared
//! `Observation`, and the differences between two.

pub mod action;
pub mod apply;
pub mod decide;
pub mod observe;
