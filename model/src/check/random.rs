//! Random games judged by the catalogue (`battlecheck check
//! --random-games N [--seed S]`): the model's check for configurations
//! beyond exhaustive exploration, such as a full round of turns at four
//! seats. Each game starts at the configuration's position and takes
//! random decisions among the model's ([`pick`]) until the game ends; the
//! catalogue judges every state of it, as the exhaustive check judges
//! every state it visits. Passing is evidence, not proof: the report says
//! how many games and states it rests on, and a witness no game reached
//! fails nothing.
//!
//! Game `i` of seed `s` takes the same decisions on every run and at any
//! thread count, and is the game `conform --random-games` plays with the
//! same seed (as long as the engine conforms). A violated invariant is
//! reported with the lowest-numbered game that violates it, its decisions
//! up to the first state that does: a path, not always the shortest (the
//! exhaustive check of a smaller configuration finds those).

use crate::check::model::{mask, BattleModel, Judged};
use crate::check::stop::Stop;
use crate::check::visited::VisitedSet;
use crate::check::{property_results, trace, CheckOptions, CheckReport, SymmetryUse};
use crate::rules::config::{Config, ConfigError};
use battlecheck_properties::{Decision, Kind, CATALOGUE};
use rayon::prelude::*;
use serde::Serialize;
use stateright::Model;
use std::time::Instant;

/// A small deterministic generator (xorshift64*): the same seed, the same
/// numbers on every machine.
pub(crate) struct Rng(u64);

/// The golden ratio's 64-bit fraction, to spread seeds over the state.
const GOLDEN: u64 = 0x9e37_79b9_7f4a_7c15;

impl Rng {
    /// A generator seeded by `seed` (any value: xorshift needs a state
    /// that is not zero, so it is made odd).
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }

    /// The generator of game `game` of a run seeded by `seed`.
    pub(crate) fn for_game(seed: u64, game: u64) -> Rng {
        Rng::new((seed.wrapping_mul(GOLDEN) ^ game).wrapping_mul(GOLDEN))
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n` (at least 1).
    pub(crate) fn below(&mut self, n: usize) -> usize {
        (self.next() >> 32) as usize % n
    }
}

/// How much more likely than a pass a decision is in a random game: battle
/// play (casting, attacking, blocking, dividing damage, choosing a
/// protector, casting a back face) four times.
fn weight(d: &Decision) -> usize {
    match d {
        Decision::PassAll | Decision::Concede { .. } => 1,
        Decision::DeclareAttackers { attacks } if attacks.is_empty() => 1,
        Decision::DeclareBlockers { blocks } if blocks.is_empty() => 1,
        Decision::CastTransformed { cast: false, .. } => 1,
        _ => 4,
    }
}

/// The decision that the random word `word` picks among `decisions` (not
/// empty): a concession only when the word's top four bits are zero (one
/// word in sixteen) or nothing else is offered, since conceding ends most
/// games; among the rest, by [`weight`].
pub fn pick(decisions: &[Decision], word: u16) -> &Decision {
    let concession = |d: &Decision| matches!(d, Decision::Concede { .. });
    let no_concessions = word >> 12 != 0 && decisions.iter().any(|d| !concession(d));
    let weight = |d: &Decision| {
        if no_concessions && concession(d) {
            0
        } else {
            weight(d)
        }
    };
    let total: usize = decisions.iter().map(weight).sum();
    let mut at = usize::from(word) % total;
    for d in decisions {
        if at < weight(d) {
            return d;
        }
        at -= weight(d);
    }
    unreachable!("the weights add up to the total")
}

/// Which random games to play.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Games {
    /// How many.
    #[serde(rename = "games")]
    pub count: usize,
    /// The seed: game `i` of a seed takes the same decisions on every run.
    pub seed: u64,
}

/// Games judged at once: enough to keep every thread busy.
const GAMES_AT_ONCE: usize = 64;

/// What the random games of a check did (`check --random-games`).
#[derive(Clone, Debug, Serialize)]
pub struct GamesRun {
    /// The games asked for and their seed.
    #[serde(flatten)]
    pub asked: Games,
    /// The games played to their end.
    pub played: usize,
    /// States judged: each game's start and the state after each of its
    /// decisions (games meet: not distinct states).
    pub states: usize,
    /// The most decisions of one game.
    pub longest: usize,
}

/// What one game showed.
struct Game {
    /// Its decisions, to its end or to where a limit stopped it.
    path: Vec<Decision>,
    /// Its states judged: one more than its decisions, unless a limit
    /// stopped it before the last was judged.
    judged: usize,
    /// For each catalogue entry violated (an invariant) or witnessed, the
    /// decisions that first reached a state showing it.
    found: Vec<(usize, usize)>,
    /// A limit or an interrupt stopped it before its end.
    stopped: bool,
}

/// Check `config` by `games` random games judged by the catalogue, on
/// `opts.threads` threads, within `opts`' limits (`--max-states` counts
/// the states judged).
pub fn check(
    config: Config,
    opts: &CheckOptions,
    games: Games,
) -> Result<CheckReport, ConfigError> {
    let threads = opts.threads.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| ConfigError(format!("cannot start {threads} threads: {e}")))?;
    let model = BattleModel::new(config.clone())?;
    let stop = Stop::new(opts.timeout, opts.max_states);
    let begun = Instant::now();
    let mut run = GamesRun {
        asked: games,
        played: 0,
        states: 0,
        longest: 0,
    };
    // Per catalogue entry, the first game's path to a state showing it.
    let mut first: Vec<Option<Vec<Decision>>> = vec![None; CATALOGUE.len()];
    let checked = model.checked();
    let masks = (mask(checked, Kind::Always), mask(checked, Kind::Sometimes));
    let mut next = 0;
    while next < games.count && !stop.stopped() {
        let batch = next..games.count.min(next + GAMES_AT_ONCE);
        next = batch.end;
        let played: Vec<Game> = pool.install(|| {
            batch
                .into_par_iter()
                .map(|i| one_game(&model, masks, games.seed, i, &stop))
                .collect()
        });
        // In game order, so that what is reported does not depend on
        // which thread finished first.
        for game in played {
            run.states += game.judged;
            run.longest = run.longest.max(game.path.len());
            run.played += usize::from(!game.stopped);
            for (entry, at) in game.found {
                first[entry].get_or_insert_with(|| game.path[..at].to_vec());
            }
        }
    }
    let found: Vec<&'static str> = CATALOGUE
        .iter()
        .zip(&first)
        .filter(|(_, path)| path.is_some())
        .map(|(spec, _)| spec.name)
        .collect();
    let properties = property_results(&model.not_applicable(), &found, |id| {
        let entry = CATALOGUE.iter().position(|spec| spec.id == id)?;
        first[entry]
            .as_deref()
            .map(|path| trace(&model, path, false))
    });
    let seconds = begun.elapsed().as_secs_f64();
    Ok(CheckReport {
        config,
        threads,
        symmetry: SymmetryUse::Off,
        unique_states: 0,
        generated_states: run.states,
        max_depth: run.longest + 1,
        seconds,
        states_per_second: run.states as f64 / seconds.max(1e-9),
        visited: VisitedSet::fingerprints(0),
        complete: !stop.stopped(),
        stopped_by: stop.stopped().then(|| stop.reason()),
        properties,
        shard: None,
        frontier_out: None,
        merged_shards: None,
        merged_frontier_run: false,
        random_games: Some(run),
    })
}

/// Game `i` of seed `seed` on `model`, every state judged by the
/// catalogue entries of `always` (invariants) and `sometimes` (witnesses),
/// one bit per entry.
fn one_game(
    model: &BattleModel,
    (always, sometimes): (u64, u64),
    seed: u64,
    i: usize,
    stop: &Stop,
) -> Game {
    let mut game = Game {
        path: Vec::new(),
        judged: 0,
        found: Vec::new(),
        stopped: false,
    };
    let mut rng = Rng::for_game(seed, i as u64);
    let mut state = model.init_states().remove(0);
    let mut offered = Vec::new();
    let mut seen = 0u64;
    loop {
        if stop.visit() {
            game.stopped = true;
            return game;
        }
        game.judged += 1;
        let holds = BattleModel::evaluate(&state, always | sometimes);
        let shown = (always & !holds | sometimes & holds) & !seen;
        for entry in (0..CATALOGUE.len()).filter(|e| shown >> e & 1 == 1) {
            game.found.push((entry, game.path.len()));
        }
        seen |= shown;
        offered.clear();
        state.decisions(&mut offered);
        if offered.is_empty() {
            return game;
        }
        let d = pick(&offered, (rng.next() >> 48) as u16).clone();
        state.apply(&d);
        game.path.push(d);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use battlecheck_properties::{CardId, Decision, PlayerId};

    /// A pass, a concession and a cast: how often each is picked over
    /// every random word.
    fn tally(decisions: &[Decision]) -> Vec<usize> {
        let mut n = vec![0; decisions.len()];
        for word in 0..=u16::MAX {
            let d = pick(decisions, word);
            n[decisions.iter().position(|x| x == d).unwrap()] += 1;
        }
        n
    }

    #[test]
    fn battle_play_is_four_times_a_pass_and_concessions_one_word_in_sixteen() {
        let concede = Decision::Concede {
            player: PlayerId(1),
        };
        let cast = Decision::Cast {
            player: PlayerId(0),
            card: CardId(2),
            targets: Vec::new(),
            x: None,
            convoke: Default::default(),
        };
        let n = tally(&[Decision::PassAll, concede.clone(), cast.clone()]);
        // Words with a top nibble of zero (4,096) choose among all three by
        // weights 1, 1, 4; the others (61,440) between the pass and the
        // cast, by 1 and 4.
        let (pass, conceded, cast_n) = (n[0], n[1], n[2]);
        assert_eq!(conceded, 683, "{n:?}");
        assert_eq!(pass + conceded + cast_n, 65_536);
        assert!((cast_n as f64 / pass as f64 - 4.0).abs() < 0.01, "{n:?}");
        // A concession alone is picked, whatever the word.
        assert_eq!(tally(std::slice::from_ref(&concede)), vec![65_536]);
    }

    #[test]
    fn a_game_s_numbers_depend_on_the_seed_and_the_game() {
        let first = |seed, game| Rng::for_game(seed, game).next();
        assert_eq!(first(1, 0), first(1, 0));
        assert_ne!(first(1, 0), first(1, 1));
        assert_ne!(first(1, 0), first(2, 0));
        assert_ne!(first(1, 1), first(2, 0));
    }
}
