//! Random long games: configurations larger than exhaustive checking
//! reaches (up to 6 seats, more battles and cards, 2 to 6 turns) and random
//! decision sequences. The engine and the model run in lockstep: after every
//! step their observations and legal decisions must agree and every
//! invariant of the catalogue must hold on both. Failures shrink to small
//! cases; proptest keeps them in `proptest-regressions/`, which is committed
//! and replayed first by every run. With `BATTLECHECK_TRACE=1` each game
//! prints its decisions in game terms and, at a divergence, both sides'
//! states.
//!
//! The games lean toward battle play, since a uniform choice rarely gets
//! through deep combat (cast a Siege, attack it with a trampler, block,
//! divide the damage): every seat but the last starts with a battle in hand
//! half the time, and decisions that cast, attack, block, choose a
//! protector, divide damage or cast a back face are four times as likely as
//! passing (the policy of `battlecheck conform --random-games`,
//! `battlecheck::check::random::pick`). `random_games_exercise_battle_play`
//! reports how often each kind of battle play happened.

use battlecheck::check::random::pick;
use battlecheck::conform::bridge::{in_process, Driven};
use battlecheck::conform::lockstep::{compare, step};
use battlecheck::rules::cards::CardName;
use battlecheck::rules::config::{Seat, MAX_OBJECTS, MAX_PLAYERS};
use battlecheck::{BattleModel, Config};
use battlecheck_properties::{catalogue, Decision, Kind, CATALOGUE};
use proptest::prelude::*;
use proptest::test_runner::{FileFailurePersistence, RngSeed};
use stateright::Model;

const CREATURES: [CardName; 3] = [CardName::Bear, CardName::Striker, CardName::Trampler];

const BATTLES: [CardName; 3] = [CardName::Siege, CardName::SiegeSorcery, CardName::Outpost];

fn seat() -> impl Strategy<Value = Seat> {
    (
        prop::option::of(prop::sample::select(BATTLES.to_vec())),
        prop::collection::vec(prop::sample::select(CardName::ALL.to_vec()), 0..=3),
        prop::collection::vec(prop::sample::select(CREATURES.to_vec()), 1..=2),
    )
        .prop_map(|(battle, mut hand, battlefield)| {
            hand.extend(battle);
            Seat { hand, battlefield }
        })
}

/// A valid configuration: 2 to 4 seats, 2 to 6 turns, any defense, 5 to 40
/// life.
fn config() -> impl Strategy<Value = Config> {
    (
        prop::collection::vec(seat(), 2..=MAX_PLAYERS),
        2u8..=6,
        1u8..=9,
        5i8..=40,
        any::<bool>(),
    )
        .prop_map(|(seats, turns, defense, life, concede)| Config {
            name: "random".into(),
            turns,
            life,
            defense,
            concede,
            seats,
            variant: Default::default(),
            faults: Vec::new(),
        })
        .prop_filter("at most MAX_OBJECTS objects", |c| c.validate().is_ok())
}

fn trace() -> bool {
    std::env::var_os("BATTLECHECK_TRACE").is_some()
}

/// How often each kind of battle play happened in some games.
#[derive(Debug, Default)]
struct Exercised {
    decisions: usize,
    battles_cast: usize,
    battles_attacked: usize,
    blocks_for_battles: usize,
    trample_divisions: usize,
    protectors_chosen: usize,
    back_faces_cast: usize,
}

impl Exercised {
    fn record(&mut self, state: &battlecheck::GameState, d: &Decision) {
        self.decisions += 1;
        let battle = |c: &battlecheck_properties::CardId| state.observe_object(*c).battle;
        match d {
            Decision::Cast { card, .. } if BATTLES.contains(&state.setup().def(*card).name) => {
                self.battles_cast += 1
            }
            Decision::DeclareAttackers { attacks } => {
                self.battles_attacked += attacks
                    .iter()
                    .filter(|(_, t)| matches!(t, battlecheck_properties::AttackTarget::Battle(_)))
                    .count()
            }
            Decision::DeclareBlockers { blocks } => {
                self.blocks_for_battles += blocks
                    .iter()
                    .filter(|(_, a)| {
                        matches!(
                            state.observe_object(*a).combat,
                            battlecheck_properties::view::CombatObs::Attacking {
                                target: Some(battlecheck_properties::AttackTarget::Battle(b)),
                                ..
                            } if battle(&b)
                        )
                    })
                    .count()
            }
            Decision::AssignTrample { .. } => self.trample_divisions += 1,
            Decision::ChooseProtectors { choices } => self.protectors_chosen += choices.len(),
            Decision::CastTransformed { cast: true, .. } => self.back_faces_cast += 1,
            _ => {}
        }
    }
}

/// Play `choices` (each picks one of the legal decisions) from the
/// configuration's start, checking the engine against the model and every
/// invariant after each step. Returns the decisions taken.
fn play(config: &Config, choices: &[u16]) -> Result<usize, TestCaseError> {
    play_counting(config, choices, &mut Exercised::default())
}

/// [`play`], counting the battle play in `tally`.
fn play_counting(
    config: &Config,
    choices: &[u16],
    tally: &mut Exercised,
) -> Result<usize, TestCaseError> {
    let model = BattleModel::new(config.clone()).expect("a valid configuration");
    let mut state = model.init_states().remove(0);
    let mut engine = Driven::new(in_process(config, &[]), config.turns).expect("in process");
    engine
        .reset()
        .expect("in process")
        .map_err(|s| TestCaseError::fail(format!("the engine does not start: {}", s.why)))?;
    prop_assert!(
        compare(config, &state, &mut engine)
            .expect("in process")
            .is_none(),
        "diverges at the start"
    );
    let mut taken = 0;
    let mut decisions: Vec<Decision> = Vec::new();
    for &c in choices {
        decisions.clear();
        state.decisions(&mut decisions);
        if decisions.is_empty() {
            break;
        }
        // The policy of `conform --random-games`: battle play four times as
        // likely as a pass, a concession in one choice in sixteen.
        let d = pick(&decisions, c).clone();
        tally.record(&state, &d);
        if trace() {
            eprintln!("{}", state.decision_text(&d));
        }
        // What the state was, for the trace of a divergence.
        let before = trace().then(|| state.describe());
        state.apply(&d);
        let (divergence, _) = step(config, &state, &mut engine, &d).expect("in process");
        let game = &engine.engine.game;
        match divergence {
            None => {}
            Some(div) => {
                if let Some(before) = before {
                    eprintln!("{before}\n{:?}", game.observe());
                }
                return Err(TestCaseError::fail(format!(
                    "after {taken} decisions, {d:?} diverges: {}",
                    serde_json::to_string(&div).unwrap_or_default()
                )));
            }
        }
        let conditions = state.evaluate(catalogue::ALL);
        taken += 1;
        for (i, spec) in CATALOGUE
            .iter()
            .enumerate()
            .filter(|(_, s)| s.kind == Kind::Always)
        {
            prop_assert!(
                conditions >> i & 1 == 1,
                "model violates {} after {d:?}",
                spec.name
            );
            prop_assert!(
                spec.id.check(game),
                "engine violates {} after {d:?}",
                spec.name
            );
        }
    }
    Ok(taken)
}

/// 256 games from a fixed seed, so that every run (CI included) plays the
/// same games; `PROPTEST_CASES` and `PROPTEST_RNG_SEED` play others (for
/// exploring, e.g. `PROPTEST_CASES=20000 PROPTEST_RNG_SEED=7`).
fn runner_config() -> ProptestConfig {
    let from_env = ProptestConfig::default();
    let set = |name| std::env::var_os(name).is_some();
    ProptestConfig {
        cases: if set("PROPTEST_CASES") {
            from_env.cases
        } else {
            256
        },
        rng_seed: if set("PROPTEST_RNG_SEED") {
            from_env.rng_seed
        } else {
            RngSeed::Fixed(20_261_122)
        },
        max_shrink_iters: 4000,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource(
            "proptest-regressions",
        ))),
        ..from_env
    }
}

proptest! {
    #![proptest_config(runner_config())]

    #[test]
    fn random_games_agree_and_keep_every_invariant(
        config in config(),
        choices in prop::collection::vec(any::<u16>(), 1..300),
    ) {
        prop_assert!(config.seats.len() <= MAX_PLAYERS);
        prop_assert!(config.seats.iter().map(|s| s.hand.len() + s.battlefield.len()).sum::<usize>() <= MAX_OBJECTS);
        play(&config, &choices)?;
    }
}

/// The generated games are long (many decisions on average) and larger
/// than the exhaustive checks: up to 6 players, several battles.
#[test]
fn random_games_are_long_and_large() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config as RunnerConfig, RngAlgorithm, TestRng, TestRunner};
    let rng = TestRng::deterministic_rng(RngAlgorithm::ChaCha);
    let mut runner = TestRunner::new_with_rng(RunnerConfig::default(), rng);
    let strategy = (config(), prop::collection::vec(any::<u16>(), 299..300));
    let (mut total, mut games, mut six_players, mut battles) = (0, 0, 0, 0);
    for _ in 0..48 {
        let (config, choices) = strategy.new_tree(&mut runner).unwrap().current();
        total += play(&config, &choices).unwrap();
        games += 1;
        six_players += usize::from(config.players() == 6);
        let is_battle = |c: &&CardName| {
            matches!(
                c,
                CardName::Siege | CardName::SiegeSorcery | CardName::Outpost
            )
        };
        let n = config
            .seats
            .iter()
            .map(|s| s.hand.iter().filter(is_battle).count())
            .sum::<usize>();
        battles = battles.max(n);
    }
    eprintln!(
        "{games} games, {total} decisions, {six_players} with 6 players, at most {battles} battles"
    );
    assert!(total / games >= 20, "{games} games, only {total} decisions");
    assert!(six_players > 0, "no game with 6 players");
    assert!(battles >= 3, "at most {battles} battles in a game");
}

/// The games lean toward battle play: over the same 48 games as above, every
/// kind of it happens, deep combat included (blocks for attacked battles and
/// trample divided among blockers and a battle or player).
#[test]
fn random_games_exercise_battle_play() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config as RunnerConfig, RngAlgorithm, TestRng, TestRunner};
    let rng = TestRng::deterministic_rng(RngAlgorithm::ChaCha);
    let mut runner = TestRunner::new_with_rng(RunnerConfig::default(), rng);
    let strategy = (config(), prop::collection::vec(any::<u16>(), 299..300));
    let mut tally = Exercised::default();
    for _ in 0..48 {
        let (config, choices) = strategy.new_tree(&mut runner).unwrap().current();
        play_counting(&config, &choices, &mut tally).unwrap();
    }
    eprintln!("battle play in 48 random games: {tally:?}");
    let e = &tally;
    for (what, n) in [
        ("battles cast", e.battles_cast),
        ("battles attacked", e.battles_attacked),
        ("blocks for battles", e.blocks_for_battles),
        ("trample divisions", e.trample_divisions),
        ("protectors chosen", e.protectors_chosen),
        ("back faces cast", e.back_faces_cast),
    ] {
        assert!(n > 0, "no {what} in 48 games: {tally:?}");
    }
}
