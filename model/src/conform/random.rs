//! Random long games in lockstep (`battlecheck conform --random-games N`):
//! the check for configurations beyond exhaustive exploration, such as a
//! full round of turns at four seats. Each game starts at the
//! configuration's position and takes random decisions among the model's
//! until the turn bound ends it; after every decision the engine is
//! compared with the model as the exhaustive lockstep compares them
//! ([`step`]: equal observations, equal legal decisions, priority, and the
//! rules what the engine did must keep). Passing is evidence, not proof:
//! the report says how many games and decisions it rests on.
//!
//! The games lean toward battle play ([`pick`]), since uniform choices
//! rarely get through deep combat. Game `i` of seed `s` takes the same
//! decisions on every run and at any thread count, and the counterexample
//! reported is the divergence of the lowest-numbered game that diverges,
//! so a run is repeatable by its seed. That game's decisions are then
//! [`shrink`]ed: fewer decisions that still diverge, though not always
//! the fewest (the exhaustive lockstep finds those).

use super::bridge::Driven;
use super::engine::Engine;
use super::lockstep::{restart, step, ConformError, Divergence, Engines};
use super::process::ProcessError;
use crate::check::model::BattleModel;
use crate::check::random::{pick, Games, Rng};
use crate::check::stop::Stop;
use crate::rules::config::Config;
use crate::rules::state::GameState;
use battlecheck_engine::state::event::Branch;
use battlecheck_properties::Decision;
use rayon::prelude::*;
use stateright::Model;
use std::collections::BTreeMap;

/// Games played at once, each on its own engine: enough to keep every
/// thread busy, few enough that little is played past a divergence.
const GAMES_AT_ONCE: usize = 16;

/// What one game gave.
struct Game {
    /// States compared: the start and the state after each decision.
    states: usize,
    /// Decisions compared.
    decisions: usize,
    /// The game's decisions up to its first divergence, and the divergence.
    divergence: Option<(Vec<Decision>, Divergence)>,
    branches: BTreeMap<Branch, u64>,
    /// It ended at the turn bound (not with a player left alone).
    to_the_bound: bool,
    /// A limit or an interrupt stopped it before its end.
    stopped: bool,
}

/// A random game that diverged.
pub struct Diverged {
    /// The game's number.
    pub game: usize,
    /// How many decisions the game took up to its divergence.
    pub played: usize,
    /// Decisions that diverge, as few as [`shrink`] found from the game's,
    /// and the divergence they show.
    pub path: Vec<Decision>,
    pub divergence: Divergence,
}

/// The result of random games in lockstep.
pub struct Played {
    /// Games played to their end (or to a divergence).
    pub games: usize,
    /// States compared: each game's start and the state after each of its
    /// decisions (games meet: not distinct states).
    pub states: usize,
    /// Games that ended at the configuration's turn bound, rather than
    /// with all players but one gone (or at a divergence).
    pub to_the_bound: usize,
    /// Decisions compared over all games.
    pub decisions: usize,
    /// The most decisions of one game.
    pub longest: usize,
    /// The lowest-numbered game that diverged (of those played to their
    /// end, when a limit stopped the run), and its divergence, shrunk.
    pub divergence: Option<Diverged>,
    /// For each branch of the rules the engine went through, the decisions
    /// that went through it (an engine that tells its events).
    pub branches: BTreeMap<Branch, u64>,
    /// Why the run stopped before its games ended, if it did.
    pub stopped: Option<&'static str>,
}

/// Play `games` in lockstep on `config`, on the engines of `engines`, the
/// games of a batch in parallel; a divergence ends the run after its batch.
/// `--max-states` counts the states compared: each game's start and the
/// state after each decision.
pub fn play<E, F>(
    config: &Config,
    engines: &Engines<E, F>,
    games: Games,
    stop: &Stop,
) -> Result<Played, ConformError>
where
    E: Engine + Send,
    F: Fn() -> Result<Driven<E>, ProcessError> + Sync,
{
    let model = BattleModel::new(config.clone())?;
    let init = model.init_states().remove(0);
    let mut played = Played {
        games: 0,
        states: 0,
        to_the_bound: 0,
        decisions: 0,
        longest: 0,
        divergence: None,
        branches: BTreeMap::new(),
        stopped: None,
    };
    let mut first = 0;
    while first < games.count {
        let batch = first..games.count.min(first + GAMES_AT_ONCE);
        first = batch.end;
        let results: Vec<Game> = batch
            .clone()
            .into_par_iter()
            .map(|i| {
                let mut engine = engines.take()?;
                let game = one_game(config, &init, &mut engine, games.seed, i, stop);
                engines.give_back(engine);
                game
            })
            .collect::<Result<_, ProcessError>>()?;
        // In game order, so that what is reported does not depend on which
        // thread finished first. A game cut short by a limit does not hide
        // a divergence a later game of its batch found.
        for (i, game) in batch.zip(results) {
            played.states += game.states;
            played.decisions += game.decisions;
            played.longest = played.longest.max(game.decisions);
            for (b, n) in game.branches {
                *played.branches.entry(b).or_default() += n;
            }
            if game.stopped {
                played.stopped = Some(stop.reason());
                continue;
            }
            played.games += 1;
            played.to_the_bound += usize::from(game.to_the_bound);
            if let Some((path, divergence)) = game.divergence {
                let (path, divergence) = shrink(config, &init, engines, path, divergence, stop)?;
                played.divergence = Some(Diverged {
                    game: i,
                    played: game.decisions,
                    path,
                    divergence,
                });
                return Ok(played);
            }
        }
        if played.stopped.is_some() {
            return Ok(played);
        }
    }
    Ok(played)
}

/// The most replays [`shrink`] makes: in process well under a second, and
/// through the protocol some seconds, for games of a few dozen decisions.
const SHRINK_REPLAYS: usize = 1000;

/// Fewer decisions that still diverge, found from `path` (which diverges
/// with `divergence`): chunks of the decisions, halving in size, are left
/// out as long as what remains still diverges when replayed (a decision
/// the model does not offer at that point is skipped; the divergence may
/// then be another one, as real as the first); then each decision with
/// one later pass, since a cast and the pass that resolves it are rarely
/// next to each other; again while that shortens it. Deterministic; stops
/// after [`SHRINK_REPLAYS`] replays, or at a limit, with the fewest found.
fn shrink<E, F>(
    config: &Config,
    init: &GameState,
    engines: &Engines<E, F>,
    path: Vec<Decision>,
    divergence: Divergence,
    stop: &Stop,
) -> Result<(Vec<Decision>, Divergence), ProcessError>
where
    E: Engine,
    F: Fn() -> Result<Driven<E>, ProcessError>,
{
    let mut engine = engines.take()?;
    let mut shrinking = Shrinking {
        path,
        divergence,
        replays: 0,
    };
    loop {
        let before = shrinking.path.len();
        let mut chunk = before / 2;
        while chunk > 0 {
            let mut at = 0;
            let mut shorter = false;
            while at < shrinking.path.len() {
                let end = (at + chunk).min(shrinking.path.len());
                match shrinking.try_without(config, init, &mut engine, &[(at, end)], stop)? {
                    Some(true) => shorter = true,
                    Some(false) => at += chunk,
                    None => return Ok(shrinking.done(engines, engine)),
                }
            }
            if !shorter {
                chunk /= 2;
            }
        }
        let mut at = 0;
        while at < shrinking.path.len() {
            let passes: Vec<usize> = (at + 1..shrinking.path.len())
                .filter(|&j| shrinking.path[j] == Decision::PassAll)
                .collect();
            let mut shorter = false;
            for j in passes {
                let left_out = [(at, at + 1), (j, j + 1)];
                match shrinking.try_without(config, init, &mut engine, &left_out, stop)? {
                    Some(true) => {
                        shorter = true;
                        break;
                    }
                    Some(false) => {}
                    None => return Ok(shrinking.done(engines, engine)),
                }
            }
            if !shorter {
                at += 1;
            }
        }
        if shrinking.path.len() == before {
            return Ok(shrinking.done(engines, engine));
        }
    }
}

/// What [`shrink`] has found so far.
struct Shrinking {
    path: Vec<Decision>,
    divergence: Divergence,
    replays: usize,
}

impl Shrinking {
    /// Replay the path with the decisions of `left_out` (ranges from the
    /// first index to the one after the last) left out: whether that diverged in fewer decisions (and is
    /// kept), or `None` if the replays or the time ran out.
    fn try_without<E: Engine>(
        &mut self,
        config: &Config,
        init: &GameState,
        engine: &mut Driven<E>,
        left_out: &[(usize, usize)],
        stop: &Stop,
    ) -> Result<Option<bool>, ProcessError> {
        if self.replays == SHRINK_REPLAYS || stop.out_of_time() {
            return Ok(None);
        }
        self.replays += 1;
        let kept: Vec<Decision> = (0..self.path.len())
            .filter(|&i| !left_out.iter().any(|&(from, to)| from <= i && i < to))
            .map(|i| self.path[i].clone())
            .collect();
        Ok(Some(match replay(config, init, engine, &kept)? {
            Some((p, d)) if p.len() < self.path.len() => {
                (self.path, self.divergence) = (p, d);
                true
            }
            _ => false,
        }))
    }

    /// The shrunk path and its divergence; the engine given back.
    fn done<E, F>(self, engines: &Engines<E, F>, engine: Driven<E>) -> (Vec<Decision>, Divergence)
    where
        E: Engine,
        F: Fn() -> Result<Driven<E>, ProcessError>,
    {
        engines.give_back(engine);
        (self.path, self.divergence)
    }
}

/// Replay `decisions` in lockstep from the start, skipping those the model
/// does not offer where they come: the decisions taken up to the first
/// divergence, and the divergence, if there is one.
fn replay<E: Engine>(
    config: &Config,
    init: &GameState,
    engine: &mut Driven<E>,
    decisions: &[Decision],
) -> Result<Option<(Vec<Decision>, Divergence)>, ProcessError> {
    if let Some(div) = restart(config, init, engine)? {
        return Ok(Some((Vec::new(), div)));
    }
    let mut state = init.clone();
    let mut taken = Vec::new();
    let mut offered = Vec::new();
    for d in decisions {
        offered.clear();
        state.decisions(&mut offered);
        if !offered.contains(d) {
            continue;
        }
        state.apply(d);
        taken.push(d.clone());
        if let (Some(div), _) = step(config, &state, engine, d)? {
            return Ok(Some((taken, div)));
        }
    }
    Ok(None)
}

/// Game `i` of seed `seed`, played in lockstep from the model's initial
/// state `init` on `engine`.
fn one_game<E: Engine>(
    config: &Config,
    init: &GameState,
    engine: &mut Driven<E>,
    seed: u64,
    i: usize,
    stop: &Stop,
) -> Result<Game, ProcessError> {
    let mut game = Game {
        states: 0,
        decisions: 0,
        divergence: None,
        branches: BTreeMap::new(),
        to_the_bound: false,
        stopped: false,
    };
    if stop.visit() || stop.out_of_time() {
        game.stopped = true;
        return Ok(game);
    }
    game.states = 1;
    if let Some(div) = restart(config, init, engine)? {
        game.divergence = Some((Vec::new(), div));
        return Ok(game);
    }
    let mut rng = Rng::for_game(seed, i as u64);
    let mut state = init.clone();
    let mut path = Vec::new();
    let mut offered = Vec::new();
    loop {
        offered.clear();
        state.decisions(&mut offered);
        if offered.is_empty() {
            game.to_the_bound = state.turn >= config.turns;
            return Ok(game);
        }
        if stop.visit() || stop.out_of_time() {
            game.stopped = true;
            return Ok(game);
        }
        let d = pick(&offered, (rng.next() >> 48) as u16).clone();
        state.apply(&d);
        let (divergence, branches) = step(config, &state, engine, &d)?;
        path.push(d);
        game.states += 1;
        game.decisions += 1;
        for b in branches {
            *game.branches.entry(b).or_default() += 1;
        }
        if let Some(div) = divergence {
            game.divergence = Some((path, div));
            return Ok(game);
        }
    }
}
