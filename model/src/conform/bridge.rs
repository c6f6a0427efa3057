//! The engine game of a model configuration, and how the two are put side
//! by side: the same seats, cards and card numbering; the engine driven
//! through the steps the model does not explore; the documented bounds of
//! the model applied to the engine's decisions.

use super::engine::{Engine, InProcess};
use super::process::ProcessError;
use super::protocol::Refusal;
use crate::rules::config::{Config, Setup};
use crate::rules::state::{GameState, TRANSFORMED_HISTORY};
use battlecheck_engine::state::game::TurnStep;
use battlecheck_engine::{EngineFault, Game};
use battlecheck_properties::view::CombatObs;
use battlecheck_properties::{Decision, Observation, Pending};
use serde_json::{json, Value};

/// The name of each object of `setup` as the engine knows it, by number:
/// the catalogue name of each card, "the token Mirror the Front makes" for
/// a token slot.
pub fn card_names(setup: &Setup) -> Vec<String> {
    let defense = setup.config.defense;
    setup
        .objects
        .iter()
        .map(|o| {
            let name = o.name.card_name(defense);
            if o.token {
                format!("the token {name} makes")
            } else {
                name
            }
        })
        .collect()
}

/// The engine scenario of a configuration's initial position, without
/// steps: seats in order, each seat's battlefield cards then hand cards
/// (the model's card numbering; the engine adds token slots the same way),
/// turn 0, the first main phase of seat 1.
pub fn scenario(config: &Config, faults: &[EngineFault]) -> Value {
    let mut cards = Vec::new();
    for (p, seat) in config.seats.iter().enumerate() {
        let zones = seat
            .battlefield
            .iter()
            .map(|c| (c, "battlefield"))
            .chain(seat.hand.iter().map(|c| (c, "hand")));
        for (&name, zone) in zones {
            let mut card = json!({
                "id": format!("{name}-{}", cards.len()),
                "card": name.card_name(config.defense),
                "owner": format!("P{}", p + 1),
                "zone": zone,
            });
            if zone == "battlefield" && name.starts_transformed() {
                card["back_face"] = json!(true);
                card["history"] = json!(TRANSFORMED_HISTORY);
            }
            cards.push(card);
        }
    }
    let players: Vec<Value> = config
        .seats
        .iter()
        .map(|_| json!({"life": config.life}))
        .collect();
    let mut s = json!({
        "name": format!("conformance of preset '{}'", config.name),
        "players": players,
        "turn": 0,
        "step": "main1",
        "cards": cards,
        "steps": [],
    });
    if !config.variant.is_default() {
        s["variant"] = json!(config.variant);
    }
    if !faults.is_empty() {
        s["faults"] = json!(faults);
    }
    s
}

/// This repository's engine at a configuration's initial position, with
/// `faults` injected.
pub fn in_process(config: &Config, faults: &[EngineFault]) -> InProcess {
    InProcess::new(&scenario(config, faults), faults)
        .expect("every valid configuration makes a valid scenario")
}

/// An engine driven as the model is explored: through the steps the model
/// does not explore (see [`Driven::advance`]), and within the model's
/// bounds.
pub struct Driven<E> {
    pub engine: E,
    /// The configuration's turn bound.
    turns: u8,
    /// Some creature was declared as an attacker in the declare attackers
    /// step the engine is in (508.8): followed from the decisions taken,
    /// since no observation says it once the attackers have left combat.
    attacked: bool,
}

/// A game of a driven engine, remembered.
pub struct Saved<S> {
    game: S,
    attacked: bool,
}

impl<E: Engine> Driven<E> {
    /// Drive `engine` within a turn bound of `turns`; its game is at the
    /// start of a step, or past the declaration of the creatures its
    /// observation shows attacking.
    pub fn new(mut engine: E, turns: u8) -> Result<Self, ProcessError> {
        let attacked = attacking(&engine.observe()?);
        Ok(Driven {
            engine,
            turns,
            attacked,
        })
    }

    /// Start the engine's game again and bring it to the model's first
    /// decision.
    pub fn reset(&mut self) -> Result<Result<(), Stuck>, ProcessError> {
        self.engine.reset()?;
        self.attacked = attacking(&self.engine.observe()?);
        self.advance().map(|r| r.map(|_| ()))
    }

    /// Take decision `d`, or the engine's refusal.
    pub fn apply(&mut self, d: &Decision) -> Result<Result<(), Refusal>, ProcessError> {
        let applied = self.engine.apply(d)?;
        if applied.is_ok() {
            self.attacked = match d {
                Decision::DeclareAttackers { attacks } => !attacks.is_empty(),
                _ => self.attacked && self.engine.status().turn_step == TurnStep::DeclareAttackers,
            };
        }
        Ok(applied)
    }

    /// Remember the game as it stands.
    pub fn save(&mut self) -> Result<Saved<E::Saved>, ProcessError> {
        Ok(Saved {
            game: self.engine.save()?,
            attacked: self.attacked,
        })
    }

    /// Go back to a game remembered by [`Driven::save`].
    pub fn restore(&mut self, saved: &Saved<E::Saved>) -> Result<(), ProcessError> {
        self.engine.restore(&saved.game)?;
        self.attacked = saved.attacked;
        Ok(())
    }

    /// Steps the model does not explore (upkeep, draw, beginning and end
    /// of combat, second main phase, end step; 500.1), and the priority
    /// window of a declare attackers step in which nothing attacks (the
    /// model ends such a combat at once, 508.8): the harness passes
    /// through them, and stops at the end step of the last turn, where the
    /// model's turn bound ends the game. What triggers in those steps (an
    /// "at the beginning of your end step" ability) resolves as every
    /// player passes: nobody acts there, the model's bound. Returns the
    /// passes made.
    ///
    /// Every pass must move the game on: with an empty stack, all players
    /// passing in succession ends the step (117.4, 500.2). An engine that
    /// refuses the pass, or stays where it was, is reported ([`Stuck`])
    /// rather than waited for.
    pub fn advance(&mut self) -> Result<Result<usize, Stuck>, ProcessError> {
        let mut passes = 0;
        loop {
            let at = self.engine.status();
            if at.pending != Pending::Priority {
                break;
            }
            let unexplored = matches!(
                at.turn_step,
                TurnStep::Upkeep
                    | TurnStep::Draw
                    | TurnStep::BeginCombat
                    | TurnStep::EndCombat
                    | TurnStep::Main2
                    | TurnStep::End
            );
            let skip = match at.turn_step {
                _ if !at.stack_empty => unexplored,
                TurnStep::DeclareAttackers => !self.attacked,
                TurnStep::End => at.turn + 1 < u32::from(self.turns),
                _ => unexplored,
            };
            if !skip {
                break;
            }
            let (turn, step) = (at.turn, at.turn_step);
            let stuck = |why: String| Ok(Err(Stuck { passes, why }));
            if let Err(e) = self.apply(&Decision::PassAll)? {
                return stuck(format!(
                    "the engine refuses to let every player pass in the {step:?} step of turn {turn}: {}",
                    e.message
                ));
            }
            let now = self.engine.status();
            // With something on the stack the pass resolves it (608.1).
            if at.stack_empty && (now.turn, now.turn_step) <= (turn, step) {
                return stuck(format!(
                    "every player passed with an empty stack in the {step:?} step of turn {turn} and the engine is in the {:?} step of turn {}: the step must end (117.4, 500.2)",
                    now.turn_step, now.turn
                ));
            }
            passes += 1;
        }
        Ok(Ok(passes))
    }

    /// Has the engine reached the model's turn bound: the end step of the
    /// last turn, with nothing on the stack? The model's game is over there.
    pub fn at_bound(&self) -> bool {
        let at = self.engine.status();
        at.pending == Pending::Priority
            && at.turn_step == TurnStep::End
            && at.stack_empty
            && at.turn + 1 >= u32::from(self.turns)
    }

    /// The engine's decisions within the model's bounds, canonical and
    /// sorted: none at the turn bound; concessions only in a priority
    /// window, only by nonactive players (with Two-Headed Giant, players of
    /// the nonactive team), and only if the configuration lets players
    /// concede (the model's documented bound on concessions).
    pub fn decisions(&mut self, config: &Config) -> Result<Vec<Decision>, ProcessError> {
        if self.at_bound() {
            return Ok(Vec::new());
        }
        let at = self.engine.status();
        let (priority, active) = (at.pending == Pending::Priority, at.active);
        let wanted = |d: &Decision| match d {
            Decision::Concede { player } => {
                config.concede && config.variant.opponents(*player, active) && priority
            }
            _ => true,
        };
        let mut out: Vec<Decision> = self
            .engine
            .legal_wanted(&wanted)?
            .into_iter()
            .map(Decision::into_canonical)
            .collect();
        // An engine's list is most often canonical and sorted already
        // (this repository's is): then one look tells, and nothing moves.
        if !out.is_sorted_by(|a, b| a < b) {
            out.sort();
            out.dedup();
        }
        Ok(out)
    }

    /// What the engine must observe in the model's state `model`: the
    /// model's observation, except at the turn bound, where the engine's
    /// turn, active player, step and pending decision stand (the model
    /// stops the game there), and its marked damage: the model's last turn
    /// ends with the cleanup step (514.2 removes damage), which the engine,
    /// stopped at the end step, has not reached.
    pub fn expected(&mut self, model: &GameState) -> Result<Observation, ProcessError> {
        let mut o = Observation::of(model);
        if model.pending == crate::rules::state::Pending::GameOver && self.at_bound() {
            let e = self.engine.observe()?;
            o.turn = e.turn;
            o.active = e.active;
            o.step = e.step;
            o.pending = e.pending;
            for (want, seen) in o.objects.iter_mut().zip(&e.objects) {
                if want.id == seen.id {
                    want.damage = seen.damage;
                }
            }
        }
        Ok(o)
    }
}

impl Driven<InProcess> {
    /// This repository's engine driven from a game in play (which it
    /// cannot reset), taking decisions part-way ([`InProcess::part_way`]):
    /// its callers drop a game refused a decision.
    pub fn playing(game: Game, turns: u8) -> Self {
        let attacked = game.attackers_declared;
        Driven {
            engine: InProcess::playing(game).part_way(),
            turns,
            attacked,
        }
    }
}

/// Some object of the observation is attacking.
fn attacking(o: &Observation) -> bool {
    o.objects
        .iter()
        .any(|x| matches!(x.combat, CombatObs::Attacking { .. }))
}

/// The engine did not move on through a step the model does not explore
/// (see [`Driven::advance`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stuck {
    /// Passes made before the one that failed.
    pub passes: usize,
    /// What went wrong, citing the rule.
    pub why: String,
}

/// The model's decisions, canonical and sorted.
pub fn model_decisions(model: &GameState) -> Vec<Decision> {
    let mut out = Vec::new();
    model.decisions(&mut out);
    let mut out: Vec<Decision> = out.into_iter().map(Decision::into_canonical).collect();
    out.sort();
    out
}
