//! The engine game of a model configuration, and how the two are put side
//! by side: the same seats, cards and card numbering; the engine driven
//! through the steps the model does not explore; the documented bounds of
//! the model applied to the engine's decisions.

use crate::rules::cards::CardName;
use crate::rules::config::Config;
use crate::rules::state::GameState;
use battlecheck_engine::game::{TurnStep, Waiting};
use battlecheck_engine::{Catalogue, EngineFault, Game};
use battlecheck_properties::{Decision, Observation};
use serde_json::{json, Value};
use std::path::Path;

/// The engine's catalogue name of a pool card (`engine/cards/model-pool.json`
/// and `engine/cards/test-cards.json`), battles at the configuration's
/// defense.
pub fn engine_card(name: CardName, defense: u8) -> String {
    match name {
        CardName::Siege => format!("Pool Siege {defense}"),
        CardName::SiegeSorcery => format!("Pool Sorcery Siege {defense}"),
        CardName::Outpost => format!("Pool Outpost {defense}"),
        CardName::Cadet => "Eager Cadet".into(),
        CardName::Bear => "Grizzly Bears".into(),
        CardName::Striker => "Pool Striker".into(),
        CardName::Trampler => "Pool Trampler".into(),
        CardName::Bolt => "Shock".into(),
        CardName::Erode => "Pool Erode".into(),
        CardName::Steal => "Threaten the Gates".into(),
        CardName::Mirror => "Mirror the Front".into(),
        CardName::Clone => "Mirrorwall Mimic".into(),
        CardName::Mimic => "Become the Siege".into(),
        CardName::Stifle => "Stifle the Call".into(),
        CardName::Bounce => "Unsummon".into(),
        CardName::Animate => "Animate the Walls".into(),
    }
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
            cards.push(json!({
                "id": format!("{name}-{}", cards.len()),
                "card": engine_card(name, config.defense),
                "owner": format!("P{}", p + 1),
                "zone": zone,
            }));
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
    if !faults.is_empty() {
        s["faults"] = json!(faults);
    }
    s
}

/// The engine game of a configuration's initial position, brought to the
/// model's first decision.
pub fn engine_game(config: &Config, faults: &[EngineFault]) -> Result<Game, Stuck> {
    let text = scenario(config, faults).to_string();
    let cards = Catalogue::bundled().expect("the bundled cards load");
    let mut game =
        battlecheck_engine::scenario::build_game(Path::new("conform.json"), &text, &cards)
            .expect("every valid configuration makes a valid scenario");
    advance(&mut game, config.turns)?;
    Ok(game)
}

/// Steps the model does not explore (upkeep, draw, beginning and end of
/// combat, second main phase, end step; 500.1), and the priority window of
/// a declare attackers step in which nothing attacks (the model ends such a
/// combat at once, 508.8): the harness passes through them while nothing
/// is on the stack, and stops at the end step of the last turn, where the
/// model's turn bound ends the game. Returns the passes made.
///
/// Every pass must move the game on: with an empty stack, all players
/// passing in succession ends the step (117.4, 500.2). An engine that
/// refuses the pass, or stays where it was, is reported ([`Stuck`]) rather
/// than waited for.
pub fn advance(game: &mut Game, turns: u8) -> Result<usize, Stuck> {
    let mut passes = 0;
    while game.waiting == Waiting::Priority && game.stack.is_empty() {
        let skip = match game.step {
            TurnStep::Upkeep
            | TurnStep::Draw
            | TurnStep::BeginCombat
            | TurnStep::EndCombat
            | TurnStep::Main2 => true,
            TurnStep::DeclareAttackers => !game.attackers_declared,
            TurnStep::End => game.turn + 1 < turns,
            _ => false,
        };
        if !skip {
            break;
        }
        let (turn, step) = (game.turn, game.step);
        let stuck = |why: String| Stuck { passes, why };
        if let Err(e) = game.apply_decision(&Decision::PassAll) {
            return Err(stuck(format!(
                "the engine refuses to let every player pass with an empty stack in the {step:?} step of turn {turn}: {e}"
            )));
        }
        if (game.turn, game.step) <= (turn, step) {
            return Err(stuck(format!(
                "every player passed with an empty stack in the {step:?} step of turn {turn} and the engine is in the {:?} step of turn {}: the step must end (117.4, 500.2)",
                game.step, game.turn
            )));
        }
        passes += 1;
    }
    Ok(passes)
}

/// The engine did not move on through a step the model does not explore
/// (see [`advance`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stuck {
    /// Passes made before the one that failed.
    pub passes: usize,
    /// What went wrong, citing the rule.
    pub why: String,
}

/// Has the engine reached the model's turn bound: the end step of the last
/// turn, with nothing on the stack? The model's game is over there.
pub fn engine_at_bound(game: &Game, turns: u8) -> bool {
    game.waiting == Waiting::Priority
        && game.step == TurnStep::End
        && game.stack.is_empty()
        && game.turn + 1 >= turns
}

/// Has the engine reached the model's turn bound, with the model's game over?
pub fn at_bound(model: &GameState, game: &Game) -> bool {
    model.pending == crate::rules::state::Pending::GameOver
        && engine_at_bound(game, model.setup().config.turns)
}

/// What the engine must observe in the model's state: the model's
/// observation, except at the turn bound, where the engine's turn, active
/// player, step and pending decision stand (the model stops the game there),
/// and its marked damage: the model's last turn ends with the cleanup step
/// (514.2 removes damage), which the engine, stopped at the end step, has
/// not reached.
pub fn expected(model: &GameState, game: &Game) -> Observation {
    let mut o = Observation::of(model);
    if at_bound(model, game) {
        let e = game.observe();
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
    o
}

/// A decision with its combined parts in a canonical order, so that sets
/// of decisions compare regardless of how each side lists the parts.
pub fn canonical(d: &Decision) -> Decision {
    let mut d = d.clone();
    match &mut d {
        Decision::DeclareAttackers { attacks } => attacks.sort(),
        Decision::DeclareBlockers { blocks } => blocks.sort(),
        Decision::ChooseProtectors { choices } => choices.sort(),
        _ => {}
    }
    d
}

/// The model's decisions, canonical and sorted.
pub fn model_decisions(model: &GameState) -> Vec<Decision> {
    let mut out = Vec::new();
    model.decisions(&mut out);
    let mut out: Vec<Decision> = out.iter().map(canonical).collect();
    out.sort();
    out
}

/// The engine's decisions within the model's bounds, canonical and sorted:
/// none at the turn bound; concessions only in a priority window, only by
/// nonactive players, and only if the configuration lets players concede
/// (the model's documented bound on concessions).
pub fn engine_decisions(config: &Config, game: &Game) -> Vec<Decision> {
    if engine_at_bound(game, config.turns) {
        return Vec::new();
    }
    let priority = game.waiting == Waiting::Priority;
    let mut out: Vec<Decision> = game
        .legal_decisions()
        .iter()
        .filter(|d| match d {
            Decision::Concede { player } => config.concede && *player != game.active && priority,
            _ => true,
        })
        .map(canonical)
        .collect();
    out.sort();
    out
}
