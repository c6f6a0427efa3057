//! What a scenario runs on: this repository's [`Game`], or any engine seen
//! from outside through the shared vocabulary (an engine process speaking
//! battlecheck's engine protocol, driven by the battlecheck command line).
//! Decisions, observations and legal decisions are all a scenario needs;
//! engine-specific steps (one player's pass) and the player to act are
//! this repository's game only, except who holds priority, which an engine
//! may tell.

use crate::api::action::Action;
use crate::state::event::{step_violations, Event};
use crate::state::game::{Game, TurnStep};
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
    /// Take one player's action, or say why the rules forbid it (only if
    /// [`Subject::takes_actions`]).
    fn act(&mut self, a: &Action) -> Result<Result<(), Refused>, Self::Failure>;
    /// Whether the subject takes one player's actions ([`Subject::act`]):
    /// this repository's engine does, an engine process if it serves the
    /// protocol's `act`.
    fn takes_actions(&self) -> bool {
        Self::ENGINE_SPECIFIC
    }
    /// Whether its observations name each attacker's defending player
    /// (508.5): an engine process tells them only with the protocol's
    /// feature "defenders".
    fn tells_defenders(&self) -> bool {
        true
    }
    /// The player who must act now (only if [`Subject::ENGINE_SPECIFIC`]).
    fn to_act(&self) -> Option<PlayerId>;
    /// Who holds priority, if the game waits for priority and the subject
    /// tells (117.3). Read only for a subject seen from outside: the one
    /// that is [`Subject::ENGINE_SPECIFIC`] shows every player to act.
    fn priority(&self) -> Option<PlayerId> {
        None
    }
    /// The mana in `p`'s mana pool (106.4), if the subject tells.
    fn mana(&self, _p: PlayerId) -> Option<crate::cards::mana_cost::Pool> {
        None
    }
    /// The mana value of `c` (202.3), if the subject tells.
    fn mana_value(&self, _c: battlecheck_properties::CardId) -> Option<u8> {
        None
    }
    /// The colors of `c` (105.2), if the subject tells.
    fn colors(
        &self,
        _c: battlecheck_properties::CardId,
    ) -> Option<Vec<crate::cards::color::Color>> {
        None
    }
    /// The name of `c` (201.2), if the subject tells.
    fn name(&self, _c: battlecheck_properties::CardId) -> Option<String> {
        None
    }
    /// The subtypes of `c` (205.3), if the subject tells.
    fn subtypes(&self, _c: battlecheck_properties::CardId) -> Option<Vec<String>> {
        None
    }
    /// The rules what the subject did since the last call breaks, in
    /// words, if it tells what it did ([`step_violations`] of its events).
    fn broken(&mut self) -> Vec<String> {
        Vec::new()
    }
}

/// This repository's game as a scenario runs it: the game, and the rules
/// broken by what each of its decisions and actions did (its events).
pub struct Played {
    pub game: Game,
    broken: Vec<String>,
}

impl Played {
    pub fn new(game: Game) -> Played {
        Played {
            game,
            broken: Vec::new(),
        }
    }

    /// Note what a decision or action did (judged with the seating as it
    /// ended).
    fn did(&mut self, events: Vec<Event>) {
        let game = &self.game;
        self.broken.extend(
            step_violations(&events, || game.table())
                .iter()
                .map(|b| b.to_string()),
        );
    }
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

impl Subject for Played {
    type Failure = Never;
    const ENGINE_SPECIFIC: bool = true;

    fn observe(&mut self) -> Result<Observation, Never> {
        Ok(self.game.observe())
    }

    fn turn_step(&mut self) -> Result<TurnStep, Never> {
        Ok(self.game.step)
    }

    fn legal(&mut self) -> Result<Vec<Decision>, Never> {
        Ok(self.game.legal_decisions())
    }

    fn decide(&mut self, d: &Decision) -> Result<Result<(), Refused>, Never> {
        Ok(match self.game.apply_decision(d) {
            Ok(events) => {
                self.did(events);
                Ok(())
            }
            Err(e) => Err(refused(e)),
        })
    }

    fn act(&mut self, a: &Action) -> Result<Result<(), Refused>, Never> {
        Ok(match self.game.apply(a) {
            Ok(events) => {
                self.did(events);
                Ok(())
            }
            Err(e) => Err(refused(e)),
        })
    }

    fn to_act(&self) -> Option<PlayerId> {
        self.game.to_act()
    }

    fn mana(&self, p: PlayerId) -> Option<crate::cards::mana_cost::Pool> {
        Some(self.game.players[p.0 as usize].pool)
    }

    fn mana_value(&self, c: battlecheck_properties::CardId) -> Option<u8> {
        Some(self.game.mana_value(c))
    }

    fn colors(&self, c: battlecheck_properties::CardId) -> Option<Vec<crate::cards::color::Color>> {
        Some(self.game.colors(c).to_vec())
    }

    fn name(&self, c: battlecheck_properties::CardId) -> Option<String> {
        Some(self.game.obj(c).face().name.clone())
    }

    fn subtypes(&self, c: battlecheck_properties::CardId) -> Option<Vec<String>> {
        Some(self.game.obj(c).face().subtypes.clone())
    }

    fn broken(&mut self) -> Vec<String> {
        std::mem::take(&mut self.broken)
    }
}
