//! What a scenario runs on: this repository's [`Game`], or any engine seen
//! from outside through the shared vocabulary (an engine process speaking
//! battlecheck's engine protocol, driven by the battlecheck command line).
//! Decisions, observations and legal decisions are all a scenario needs;
//! engine-specific steps (one player's pass) and the player to act are
//! this repository's game only, except who holds priority, which an engine
//! may tell.

use crate::action::Action;
use crate::game::{Game, TurnStep};
use battlecheck_properties::{Decision, Observation, PlayerId};
use std::fmt;

/// Why the engine did not take a step: the rule that forbids it, if it
/// names one, and its explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub rule: Option<String>,
    pub text: String,
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// An engine a scenario runs on.
pub trait Subject {
    /// A failure of the engine itself (it crashed, broke its protocol):
    /// the scenario cannot be run to its end.
    type Failure: fmt::Display;
    /// The subject takes engine-specific steps ([`Subject::act`]) and shows
    /// the player to act ([`Subject::to_act`]).
    const ENGINE_SPECIFIC: bool;
    fn observe(&mut self) -> Result<Observation, Self::Failure>;
    /// The step of the turn, in full (500.1).
    fn turn_step(&mut self) -> Result<TurnStep, Self::Failure>;
    fn legal(&mut self) -> Result<Vec<Decision>, Self::Failure>;
    /// Take a decision, or say why the rules forbid it.
    fn decide(&mut self, d: &Decision) -> Result<Result<(), Refused>, Self::Failure>;
    /// Take an engine-specific step (only if [`Subject::ENGINE_SPECIFIC`]).
    fn act(&mut self, a: &Action) -> Result<(), Refused>;
    /// The player who must act now (only if [`Subject::ENGINE_SPECIFIC`]).
    fn to_act(&self) -> Option<PlayerId>;
    /// Who holds priority, if the game waits for priority and the subject
    /// tells (117.3).
    fn priority(&self) -> Option<PlayerId>;
}

/// The game in process never fails.
#[derive(Debug)]
pub enum Never {}

impl fmt::Display for Never {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

fn refused(e: crate::EngineError) -> Refused {
    Refused {
        rule: e.rule().map(str::to_string),
        text: e.to_string(),
    }
}

impl Subject for Game {
    type Failure = Never;
    const ENGINE_SPECIFIC: bool = true;

    fn observe(&mut self) -> Result<Observation, Never> {
        Ok(Game::observe(self))
    }

    fn turn_step(&mut self) -> Result<TurnStep, Never> {
        Ok(self.step)
    }

    fn legal(&mut self) -> Result<Vec<Decision>, Never> {
        Ok(self.legal_decisions())
    }

    fn decide(&mut self, d: &Decision) -> Result<Result<(), Refused>, Never> {
        Ok(self.apply_decision(d).map(|_| ()).map_err(refused))
    }

    fn act(&mut self, a: &Action) -> Result<(), Refused> {
        self.apply(a).map(|_| ()).map_err(refused)
    }

    fn to_act(&self) -> Option<PlayerId> {
        Game::to_act(self)
    }

    fn priority(&self) -> Option<PlayerId> {
        match self.waiting {
            crate::game::Waiting::Priority => Some(self.priority),
            _ => None,
        }
    }
}
