//! The game's state: the [`game::Game`] and the objects, players, stack and
//! combat it holds, what is being resolved and waits for a choice
//! ([`resolving`]), what lasts beyond the object that made it
//! ([`lasting`]: emblems, permissions to play from exile), the
//! [`event::Event`]s a change reports and the [`error::EngineError`]s a
//! refusal gives.
//!
//! The game holds events and events name the game's steps, so the modules
//! of this folder use one another; nothing here uses a rule area or an
//! ability's behaviour. The behaviour is added to [`game::Game`] by
//! `impl Game` blocks in the layers above, one per rule area.

pub mod error;
pub mod event;
pub mod game;
pub mod lasting;
pub mod resolving;
