//! The conformance check catches bugs that real battle engines have
//! shipped: each is injected into the engine with a test-only fault switch,
//! `conform` must report a counterexample, and the scenario file it writes
//! must fail on the faulty engine and pass on the correct one. Each is
//! caught as well through the engine protocol, with this repository's
//! engine as a process (`battlecheck serve-engine --engine-fault BUG`): the
//! same counterexample as in process.

use battlecheck::conform::{conform, ConformOptions, Counterexample};
use battlecheck::report::conform::human_report;
use battlecheck::rules::cards::CardName::{self, *};
use battlecheck::rules::config::Seat;
use battlecheck::Config;
use battlecheck_engine::scenario::run_text;
use battlecheck_engine::{Catalogue, EngineFault};
use std::path::{Path, PathBuf};

fn seat(hand: &[CardName], battlefield: &[CardName]) -> Seat {
    Seat {
        hand: hand.to_vec(),
        battlefield: battlefield.to_vec(),
    }
}

/// Three players, one turn: P1 casts a Siege and may attack it with a bear;
/// the other two may concede.
fn three_players() -> Config {
    Config {
        name: "three".into(),
        turns: 1,
        life: 20,
        defense: 2,
        concede: true,
        seats: vec![seat(&[Siege], &[Bear]), seat(&[], &[]), seat(&[], &[])],
        variant: Default::default(),
        faults: Vec::new(),
    }
}

fn out_dir(fault: EngineFault) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "battlecheck-conform-{fault:?}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// The counterexample the correct engine gives against the model with
/// `fault` seeded: the lockstep catches a broken rule of the model as it
/// does one of the engine.
fn model_caught(mut config: Config, fault: battlecheck::Fault) -> Counterexample {
    config.faults = vec![fault];
    let r = conform(
        config,
        &ConformOptions {
            threads: 2,
            ..ConformOptions::default()
        },
    )
    .unwrap();
    r.counterexample
        .unwrap_or_else(|| panic!("the model with {fault} conforms"))
}

/// The faults already shown caught through the protocol: the pipe carries
/// a fault's divergence alike at every printed defense, so each fault goes
/// through it once, at the first configuration a test gives it.
static PIPED: std::sync::Mutex<std::collections::BTreeSet<String>> =
    std::sync::Mutex::new(std::collections::BTreeSet::new());

/// `conform` finds the injected bug; its scenario replays as a failure on
/// the faulty engine and as a pass on the correct one, and (once per
/// fault, [`PIPED`]) through this repository's engine as a process, the
/// same shortest counterexample. Returns the counterexample.
fn caught(config: Config, fault: EngineFault) -> Counterexample {
    let correct = conform(
        config.clone(),
        &ConformOptions {
            threads: 2,
            ..ConformOptions::default()
        },
    )
    .unwrap();
    assert!(
        correct.passed(),
        "the correct engine conforms: {}",
        human_report(&correct)
    );
    let dir = out_dir(fault);
    let opts = ConformOptions {
        threads: 2,
        out_dir: Some(dir.clone()),
        engine_faults: vec![fault],
        ..ConformOptions::default()
    };
    let r = conform(config.clone(), &opts).unwrap();
    let text = human_report(&r);
    eprintln!("{text}");
    let c = r
        .counterexample
        .as_ref()
        .unwrap_or_else(|| panic!("{fault:?} was not caught: {text}"));
    let file = c.scenario.clone().expect("the scenario file was written");
    let cards = Catalogue::bundled().unwrap();
    let written = std::fs::read_to_string(&file).unwrap();
    let faulty = run_text(&file, &written, &cards).unwrap();
    assert!(
        !faulty.passed(),
        "the replay must fail on the faulty engine:\n{faulty}"
    );
    let mut fixed: serde_json::Value = serde_json::from_str(&written).unwrap();
    fixed
        .as_object_mut()
        .unwrap()
        .remove("faults")
        .expect("the scenario names the fault");
    let correct = run_text(Path::new("fixed.json"), &fixed.to_string(), &cards).unwrap();
    assert!(
        correct.passed(),
        "the replay must pass on the correct engine:\n{correct}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    let name = serde_json::to_string(&fault).unwrap();
    if !PIPED.lock().unwrap().insert(name) {
        return c.clone();
    }
    let piped = through_the_pipe(config, fault);
    let piped = piped
        .counterexample
        .unwrap_or_else(|| panic!("{fault:?} was not caught through the protocol"));
    let decisions = |c: &Counterexample| -> Vec<String> {
        c.steps
            .iter()
            .map(|s| serde_json::to_string(&s.decision).unwrap())
            .collect()
    };
    assert_eq!(decisions(&piped), decisions(c), "the same shortest path");
    assert_eq!(
        serde_json::to_value(&piped.divergence).unwrap(),
        serde_json::to_value(&c.divergence).unwrap(),
        "the same divergence"
    );
    c.clone()
}

/// `conform` on this repository's engine as a process, with `fault`.
fn through_the_pipe(config: Config, fault: EngineFault) -> battlecheck::conform::ConformReport {
    let name = serde_json::to_value(fault).unwrap();
    let command = format!(
        "{} serve-engine --engine-fault {}",
        env!("CARGO_BIN_EXE_battlecheck"),
        name.as_str().unwrap()
    );
    conform(
        config,
        &ConformOptions {
            threads: 2,
            engine_cmd: Some(command),
            ..ConformOptions::default()
        },
    )
    .unwrap()
}

#[test]
fn declining_the_cast_must_not_skip_the_exile() {
    caught(
        Config::preset("tiny").unwrap(),
        EngineFault::OptionalTrigger,
    );
}

#[test]
fn the_siege_exception_does_not_apply_to_other_battles() {
    caught(Config::preset("duel").unwrap(), EngineFault::NonSiegeWaits);
}

#[test]
fn the_protector_is_not_rechosen_while_the_battle_is_attacked() {
    caught(three_players(), EngineFault::ProtectorRechosenWhileAttacked);
}

#[test]
fn a_protector_who_left_is_replaced() {
    caught(three_players(), EngineFault::ProtectorLeftKept);
}

#[test]
fn two_attackers_defeating_a_siege_trigger_it_once() {
    caught(
        Config::preset("tiny").unwrap(),
        EngineFault::TriggerPerSource,
    );
}

/// 120.3a: damage dealt to a battle is not dealt to its protector. The
/// life total differs from the model's, and the events show no damage
/// dealt to that player.
#[test]
fn a_protector_losing_life_to_damage_to_their_battle_is_caught() {
    let c = caught(
        Config::preset("tiny").unwrap(),
        EngineFault::BattleDamageToProtector,
    );
    let events = c.divergence.events.as_deref().unwrap_or_default();
    assert!(events.starts_with("120.3a: P2's life changed"), "{events}");
}

/// 310.12a (issue 18, class 4): a Siege that enters protected by its
/// controller, replaced at once by the state-based action 704.5y, is seen
/// in what happened, not only in how its protector was chosen.
#[test]
fn a_siege_protected_by_its_controller_until_a_state_based_action_is_caught() {
    let c = caught(
        Config::preset("tiny").unwrap(),
        EngineFault::SiegeEntersProtectedByController,
    );
    let events = c.divergence.events.as_deref().unwrap_or_default();
    assert!(events.starts_with("310.12a: P1 was chosen"), "{events}");
}

#[test]
fn the_counterexample_is_the_shortest() {
    // Cast the Siege, it resolves (one opponent: its protector is chosen at
    // once), the main phase ends, both bears attack it, the declare
    // attackers step ends, nobody blocks, the declare blockers step ends:
    // the combat damage triggers twice. Seven decisions, none fewer.
    let c = caught(
        Config::preset("tiny").unwrap(),
        EngineFault::TriggerPerSource,
    );
    assert_eq!(c.steps.len(), 7);
}

/// An engine that stops making progress (here: the end of combat step
/// begins again when every player passes) is reported with its path, not
/// waited for; the scenario's last pass fails on it (500.2).
#[test]
fn an_engine_that_does_not_move_on_is_reported_not_waited_for() {
    let c = caught(
        Config::preset("tiny").unwrap(),
        EngineFault::EndOfCombatRepeats,
    );
    let why = c.divergence.stuck.expect("reported as not moving on");
    assert!(
        why.contains("EndCombat step") && why.contains("500.2"),
        "{why}"
    );
}

/// Damage that removes a counter too many looks right wherever damage
/// equals a battle's defense (every preset at its own defense 2): `tiny`
/// alone passes with the bug, the CI suite's varied defenses catch it.
#[test]
fn an_off_by_one_in_damage_is_caught_by_the_varied_defenses() {
    let fault = EngineFault::DamageOffByOne;
    let with_fault = |config: Config| {
        conform(
            config,
            &ConformOptions {
                threads: 2,
                engine_faults: vec![fault],
                ..ConformOptions::default()
            },
        )
        .unwrap()
    };
    assert!(with_fault(Config::preset("tiny").unwrap()).passed());
    let mut tiny3 = Config::preset("tiny").unwrap();
    tiny3.defense = 3;
    // What the decision did says why: one counter more than the damage.
    let c = caught(tiny3, fault);
    let events = c.divergence.events.as_deref().unwrap_or_default();
    assert!(events.contains("120.3h: 2 damage to battle"), "{events}");
    let caught_by: Vec<String> = battlecheck::conform::suite::ci()
        .unwrap()
        .into_iter()
        .filter(|c| c.name != "default")
        .filter(|c| !with_fault(c.clone()).passed())
        .map(|c| c.name)
        .collect();
    assert!(caught_by.len() >= 4, "caught only by {caught_by:?}");
}

/// Damage that never wears off (514.2) shows as soon as a damaged creature
/// lives into the next turn, now that marked damage is observed.
#[test]
fn damage_that_never_wears_off_is_caught() {
    let c = caught(Config::preset("duel").unwrap(), EngineFault::DamageStays);
    assert!(c.steps.len() <= 13, "{} decisions", c.steps.len());
}

/// Who holds priority (117.3b): a spell's controller receiving priority
/// after it resolves, instead of the active player, leaves every
/// observation and every legal decision as they were (every player
/// passing is one decision, and any player may cast), so only the holder
/// the engine reports shows it: the divergence is that alone, and its
/// scenario expects the active player to act.
#[test]
fn priority_to_the_wrong_player_after_a_resolution_is_caught() {
    let c = caught(
        Config::preset("duel").unwrap(),
        EngineFault::PriorityToCaster,
    );
    let d = &c.divergence;
    assert!(
        d.fields.is_empty() && d.model_only.is_empty() && d.engine_only.is_empty(),
        "nothing else differs: {d:?}"
    );
    assert_eq!(d.priority_holder, Some(battlecheck_properties::PlayerId(1)));
    assert!(
        d.priority.as_deref().unwrap().contains("117.3b"),
        "{:?}",
        d.priority
    );
    assert!(matches!(
        c.steps.last().unwrap().decision,
        battlecheck_properties::Decision::PassAll
    ));
}

/// What happened, not only where the game ended (issue 18, classes 3 and
/// 4): combat damage dealt twice to a battle whose counters the first hit
/// removed leaves the same game (the second hit removes nothing), so the
/// observations agree; the engine's events of the decision break 510.2,
/// and `conform` reports that alone. Its scenario fails on the faulty
/// engine (the scenario runner checks the same events) and passes on the
/// correct one. Through the protocol, an engine process that tells what
/// each decision did (`happened`, as `serve-engine` does) is caught the
/// same way.
#[test]
fn combat_damage_dealt_twice_is_caught_by_what_happened() {
    let tiny = Config::preset("tiny").unwrap();
    let dir = out_dir(EngineFault::BattleDamageTwice);
    let opts = ConformOptions {
        threads: 2,
        out_dir: Some(dir.clone()),
        engine_faults: vec![EngineFault::BattleDamageTwice],
        ..ConformOptions::default()
    };
    let r = conform(tiny.clone(), &opts).unwrap();
    let c = r.counterexample.expect("caught");
    let d = &c.divergence;
    assert!(
        d.fields.is_empty() && d.model_only.is_empty() && d.engine_only.is_empty(),
        "the game ends the same: {d:?}"
    );
    assert!(
        d.events
            .as_deref()
            .unwrap()
            .starts_with("510.2: #0 dealt damage to #2 twice"),
        "{:?}",
        d.events
    );
    let file = c.scenario.clone().expect("the scenario file was written");
    let written = std::fs::read_to_string(&file).unwrap();
    let cards = Catalogue::bundled().unwrap();
    let faulty = run_text(&file, &written, &cards).unwrap();
    assert!(
        faulty
            .failures
            .iter()
            .any(|f| f.what == "what happened" && f.actual.starts_with("510.2")),
        "{faulty}"
    );
    let mut fixed: serde_json::Value = serde_json::from_str(&written).unwrap();
    fixed.as_object_mut().unwrap().remove("faults");
    let correct = run_text(Path::new("fixed.json"), &fixed.to_string(), &cards).unwrap();
    assert!(correct.passed(), "{correct}");
    std::fs::remove_dir_all(&dir).unwrap();
    let piped = through_the_pipe(tiny, EngineFault::BattleDamageTwice);
    let piped = piped.counterexample.expect("caught through the protocol");
    assert_eq!(
        serde_json::to_value(&piped.divergence).unwrap(),
        serde_json::to_value(d).unwrap()
    );
}

/// 803.1a–b read the wrong way round (seat order taken for the right
/// instead of the left) is caught on the presets of each attack option.
#[test]
fn attack_left_and_right_swapped_is_caught_on_both_presets() {
    for preset in ["attack-left", "attack-right"] {
        let c = caught(
            Config::preset(preset).unwrap(),
            EngineFault::AttackLeftAndRightSwapped,
        );
        assert!(!c.divergence.engine_only.is_empty(), "{preset}");
    }
}

/// A range of influence counted over the players in the game now (801.2c
/// broken) is caught once a player leaves during the turn.
#[test]
fn a_range_that_changes_mid_turn_is_caught() {
    let c = caught(
        Config::preset("range-1").unwrap(),
        EngineFault::RangeFromCurrentSeats,
    );
    assert!(
        c.steps
            .iter()
            .any(|s| matches!(s.decision, battlecheck_properties::Decision::Concede { .. })),
        "a player leaves first"
    );
}

/// With Two-Headed Giant, damage to a player that comes off their own life
/// only (810.9 broken) is caught: the teammate's life differs.
#[test]
fn life_not_shared_is_caught() {
    let c = caught(
        Config::preset("two-headed-giant").unwrap(),
        EngineFault::LifeNotShared,
    );
    assert!(
        c.divergence
            .fields
            .iter()
            .any(|f| f.field.ends_with(".life")),
        "{:?}",
        c.divergence.fields
    );
}

/// With Two-Headed Giant, a defending player who may not block for their
/// teammate (805.10d broken) is caught: the model alone offers the block.
#[test]
fn a_teammate_who_may_not_block_is_caught() {
    let c = caught(
        Config::preset("two-headed-giant").unwrap(),
        EngineFault::TeammateMayNotBlock,
    );
    assert!(c
        .divergence
        .model_only
        .iter()
        .any(|d| matches!(d, battlecheck_properties::Decision::DeclareBlockers { .. })));
}

/// An attack reselected onto a battle its controller protects (508.7c
/// broken) is caught on the reselect preset, where the engine alone offers
/// it as Portal Mage's trigger resolves.
#[test]
fn reselecting_onto_ones_own_battle_is_caught() {
    let c = caught(
        Config::preset("reselect").unwrap(),
        EngineFault::ReselectOntoOwnBattle,
    );
    assert!(c.divergence.engine_only.iter().any(|d| matches!(
        d,
        battlecheck_properties::Decision::ReselectAttack { to: Some(_), .. }
    )));
}

/// Targets outside the caster's range of influence (801.4 broken) are
/// caught on the range preset.
#[test]
fn targets_out_of_range_are_caught() {
    caught(
        Config::preset("range-1").unwrap(),
        EngineFault::TargetsOutOfRange,
    );
}

/// A card Invasion of Gobakhan exiled, cast from exile by a player other
/// than its owner (601.3 broken), is caught on the gobakhan preset: the
/// engine alone accepts the cast.
#[test]
fn a_card_cast_from_exile_by_another_player_is_caught() {
    let c = caught(
        Config::preset("gobakhan").unwrap(),
        EngineFault::ExiledCardPlayableByAnyone,
    );
    assert!(c
        .divergence
        .engine_only
        .iter()
        .any(|d| matches!(d, battlecheck_properties::Decision::Cast { .. })));
}

/// Zilortha's faults (C04) are caught on the zilortha preset: a Human
/// offered the choice (the engine alone offers it), a creature assigning
/// as though unblocked and spared by its blocker (its damage differs), and
/// the choice withheld from a creature attacking a battle (the model alone
/// offers it).
#[test]
fn zilorthas_assignment_faults_are_caught() {
    use battlecheck_properties::Decision::AssignAsUnblocked;
    let zilortha = || Config::preset("zilortha").unwrap();
    let human = caught(zilortha(), EngineFault::AsUnblockedForHumans);
    assert!(human
        .divergence
        .engine_only
        .iter()
        .any(|d| matches!(d, AssignAsUnblocked { attacker, .. } if attacker.0 == 3)));
    let spared = caught(zilortha(), EngineFault::AsUnblockedNotDamaged);
    assert!(
        spared
            .divergence
            .fields
            .iter()
            .any(|f| f.field.ends_with(".damage")),
        "{:?}",
        spared.divergence.fields
    );
    let battles = caught(zilortha(), EngineFault::AsUnblockedNotOntoBattles);
    assert!(battles
        .divergence
        .model_only
        .iter()
        .any(|d| matches!(d, AssignAsUnblocked { .. })));
}

/// Evasion and lifelink are caught on the evasion preset, in the engine
/// and in the model alike (no property judges them: the lockstep does): a
/// 2/2 without flying or reach offered a block of the flier (702.9b), a
/// single blocker of the menace creature (702.111b), and lifelink damage
/// dealt to the Siege gaining nothing (702.15b) or only as much as the one
/// counter the Siege had left (at defense 1).
#[test]
fn evasion_and_lifelink_faults_are_caught() {
    use battlecheck::Fault;
    use battlecheck_properties::Decision::DeclareBlockers;
    let evasion = Config::preset("evasion").unwrap();
    let blocks_by = |c: &Counterexample, only: &[battlecheck_properties::Decision]| {
        only.iter()
            .any(|d| matches!(d, DeclareBlockers { blocks } if !blocks.is_empty()))
            && c.steps.len() == 3
    };
    let flying = caught(evasion.clone(), EngineFault::FlyingIgnored);
    assert!(blocks_by(&flying, &flying.divergence.engine_only));
    let menace = caught(evasion.clone(), EngineFault::MenaceIgnored);
    assert!(blocks_by(&menace, &menace.divergence.engine_only));
    let lifelink = caught(evasion.clone(), EngineFault::LifelinkNotOnBattles);
    assert!(
        lifelink
            .divergence
            .fields
            .iter()
            .any(|f| f.field.ends_with(".life") && f.expected == "9" && f.actual == "7"),
        "{:?}",
        lifelink.divergence.fields
    );
    for (fault, defense) in [
        (Fault::FlyingIgnored, 3),
        (Fault::MenaceIgnored, 3),
        (Fault::LifelinkPerCounter, 1),
    ] {
        let mut broken = evasion.clone();
        broken.defense = defense;
        let c = model_caught(broken, fault);
        match fault {
            Fault::LifelinkPerCounter => assert!(
                c.divergence
                    .fields
                    .iter()
                    .any(|f| f.field.ends_with(".life")),
                "{:?}",
                c.divergence.fields
            ),
            _ => assert!(blocks_by(&c, &c.divergence.model_only), "{fault}"),
        }
    }
}

/// Lightshield Array's faults are caught on the gobakhan preset, where the
/// Array enters as Invasion of Gobakhan is cast transformed: hexproof
/// ignored (702.11b: the engine alone lets an opponent target a shielded
/// creature) and an ability that needs its sacrificed source (113.7a).
#[test]
fn lightshield_array_faults_are_caught() {
    let hexproof = caught(
        Config::preset("gobakhan").unwrap(),
        EngineFault::HexproofIgnored,
    );
    assert!(hexproof
        .divergence
        .engine_only
        .iter()
        .any(|d| matches!(d, battlecheck_properties::Decision::Cast { .. })));
    caught(
        Config::preset("gobakhan").unwrap(),
        EngineFault::AbilityNeedsItsSource,
    );
}

/// The states of a band of the search tree are compared in whatever order
/// the threads reach them (see `conform::lockstep`): the report of a run
/// that finds a divergence deep in the default preset (past its first
/// bands, where states are compared depth-first) is the same with any
/// number of threads: the same counterexample, counts and coverage.
#[test]
fn a_divergence_is_reported_alike_with_any_number_of_threads() {
    let report = |threads: usize| {
        let r = conform(
            Config::preset("default").unwrap(),
            &ConformOptions {
                threads,
                engine_faults: vec![EngineFault::BattleDamageToProtector],
                ..ConformOptions::default()
            },
        )
        .unwrap();
        assert!(r.counterexample.is_some(), "caught");
        let mut json = serde_json::to_value(&r).unwrap();
        for volatile in ["seconds", "threads"] {
            json.as_object_mut().unwrap().remove(volatile);
        }
        json
    };
    let one = report(1);
    assert!(
        one["states"].as_u64().unwrap() > 20_000,
        "{}",
        one["states"]
    );
    for threads in [2, 3] {
        assert_eq!(report(threads), one, "{threads} threads");
    }
}

/// Zilortha's "you control" ignored (every player's non-Humans may assign
/// their damage as though unblocked) is a bug no one-turn configuration
/// shows: in every configuration of the CI suite Zilortha's controller is
/// the only player who attacks, and the exhaustive lockstep passes the
/// faulty engine on all of them. `coverage --random-games` plays each for
/// a full round, where the opponent attacks into Zilortha's controller,
/// and catches it: the engine alone offers the opponent the choice.
#[test]
fn a_choice_granted_to_every_seat_is_caught_by_full_round_random_games() {
    use battlecheck::check::random::Games;
    use battlecheck::conform::coverage::Coverage;
    use battlecheck::conform::suite;
    use battlecheck_properties::Decision::AssignAsUnblocked;
    let faulty = ConformOptions {
        threads: 2,
        engine_faults: vec![EngineFault::AsUnblockedForEveryone],
        ..ConformOptions::default()
    };
    let configs = suite::ci().unwrap();
    for c in &configs {
        let r = conform(c.clone(), &faulty).unwrap();
        assert!(r.passed(), "{}: {}", c.name, human_report(&r));
    }
    let dir = out_dir(EngineFault::AsUnblockedForEveryone);
    let random = ConformOptions {
        random_games: Some(Games {
            count: 2000,
            seed: 1,
        }),
        out_dir: Some(dir.clone()),
        ..faulty
    };
    let runs: Vec<_> = configs
        .iter()
        .filter(|c| c.seats.iter().any(|s| s.battlefield.contains(&Zilortha)))
        .map(|c| conform(suite::full_round(c).unwrap(), &random).unwrap())
        .collect();
    assert!(!runs.is_empty());
    // As `coverage --random-games --save-counterexample DIR` reports them:
    // each run diverged, each with its scenario file, which fails on the
    // faulty engine and passes on the correct one.
    let coverage = Coverage::of(&runs);
    assert_eq!(coverage.diverged.len(), runs.len());
    assert_eq!(coverage.scenarios.len(), runs.len());
    let said = battlecheck::report::coverage::human_report(&coverage);
    let cards = Catalogue::bundled().unwrap();
    for file in &coverage.scenarios {
        assert!(said.contains(&file.display().to_string()), "{said}");
        let written = std::fs::read_to_string(file).unwrap();
        assert!(!run_text(file, &written, &cards).unwrap().passed());
        let mut fixed: serde_json::Value = serde_json::from_str(&written).unwrap();
        fixed.as_object_mut().unwrap().remove("faults");
        let correct = run_text(Path::new("fixed.json"), &fixed.to_string(), &cards).unwrap();
        assert!(correct.passed(), "{correct}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
    let caught = runs.into_iter().map(|r| (r.config.name, r.counterexample));
    for (name, c) in caught {
        let c = c.unwrap_or_else(|| panic!("{name}: not caught"));
        assert!(
            c.divergence
                .engine_only
                .iter()
                .any(|d| matches!(d, AssignAsUnblocked { player, .. } if player.0 != 0)),
            "{name}: {:?}",
            c.divergence
        );
    }
}

/// Deathtouch and defender are caught on the deathtouch preset, in the
/// engine and in the model alike: deathtouch damage treated as lethal to
/// the Siege (702.2b names creatures only: the Siege loses one counter to
/// the Rats, not all three) and not destroying the Wall it is dealt to
/// (704.5h); a Wall with defender declared as an attacker of the Siege
/// (702.3b).
#[test]
fn deathtouch_and_defender_faults_are_caught() {
    use battlecheck::Fault;
    use battlecheck_properties::Decision::DeclareAttackers;
    let preset = Config::preset("deathtouch").unwrap();
    let counters = caught(preset.clone(), EngineFault::DeathtouchDefeatsBattles);
    assert!(
        counters
            .divergence
            .fields
            .iter()
            .any(|f| f.field.ends_with(".defense") && f.expected == "2" && f.actual == "0"),
        "{:?}",
        counters.divergence.fields
    );
    let survives = caught(preset.clone(), EngineFault::DeathtouchIgnored);
    let wall_survives = |c: &Counterexample| {
        c.divergence
            .fields
            .iter()
            .any(|f| f.field.ends_with(".zone") && f.field.contains("#5"))
    };
    assert!(wall_survives(&survives), "{:?}", survives.divergence.fields);
    let attacks_by_wall = |only: &[battlecheck_properties::Decision]| {
        !only.is_empty()
            && only.iter().all(|d| {
                matches!(d, DeclareAttackers { attacks }
                    if attacks.iter().any(|&(a, t)| a == battlecheck_properties::CardId(2)
                        && matches!(t, battlecheck_properties::AttackTarget::Battle(_))))
            })
    };
    let defender = caught(preset.clone(), EngineFault::DefenderAttacksBattles);
    assert!(attacks_by_wall(&defender.divergence.engine_only));
    for fault in [Fault::DeathtouchIgnored, Fault::DefenderIgnored] {
        let c = model_caught(preset.clone(), fault);
        match fault {
            Fault::DeathtouchIgnored => assert!(wall_survives(&c), "{:?}", c.divergence.fields),
            _ => assert!(
                c.divergence
                    .model_only
                    .iter()
                    .any(|d| matches!(d, DeclareAttackers { attacks }
                    if attacks.iter().any(|&(a, _)| a == battlecheck_properties::CardId(2)))),
                "{fault}"
            ),
        }
    }
}

/// Who makes a choice whose decision names nobody is compared: a
/// protector chosen again by the stolen Siege's owner instead of its
/// controller (704.5y: "that battle's controller chooses") changes no
/// decision and no observation, only who the game waits for. Caught in
/// process, by the scenario written (its `to_act`) and through the
/// protocol (`choosers`).
#[test]
fn a_protector_chosen_by_the_owner_is_caught() {
    let c = caught(
        Config::preset("range-1").unwrap(),
        EngineFault::ProtectorChosenByOwner,
    );
    let why = c.divergence.chooser.as_deref().unwrap_or_default();
    assert!(why.contains("704.5x–y"), "{:?}", c.divergence);
    assert!(c.divergence.fields.is_empty() && c.divergence.model_only.is_empty());
}

/// Double strike is caught on the double-strike preset, in the engine and
/// in the model: the Ace's regular combat damage not dealt after its
/// first-strike damage (702.4b, 510.4) shows as a life total a point off,
/// at the preset's defense and at defense 1, where the first strike alone
/// defeats the Siege.
#[test]
fn double_strike_faults_are_caught() {
    use battlecheck::Fault;
    for defense in [1, 2] {
        let mut preset = Config::preset("double-strike").unwrap();
        preset.defense = defense;
        let once = caught(preset.clone(), EngineFault::DoubleStrikeOnce);
        let life_off = |c: &Counterexample, model: &str, engine: &str| {
            c.divergence
                .fields
                .iter()
                .any(|f| f.field.ends_with(".life") && f.expected == model && f.actual == engine)
        };
        assert!(life_off(&once, "18", "19"), "{:?}", once.divergence.fields);
        let c = model_caught(preset, Fault::DoubleStrikeOnce);
        assert!(life_off(&c, "19", "18"), "{:?}", c.divergence.fields);
    }
}

/// A reselected attack that keeps the snapshot of what it attacked before
/// (508.7, 508.5) reaches a model state that an attack declared on the
/// same battle also reaches, so the lockstep compares the engine along
/// one path only; on the reselect preset as shipped it is caught because
/// the observation names each attacker's defending player, which the
/// stale snapshot gets wrong. Also through the protocol (feature
/// "defenders").
#[test]
fn a_reselected_attack_keeping_its_old_defender_is_caught() {
    let c = caught(
        Config::preset("reselect").unwrap(),
        EngineFault::ReselectKeepsOldTarget,
    );
    let last = &c.steps.last().unwrap().decision;
    assert!(
        matches!(
            last,
            battlecheck_properties::Decision::ReselectAttack { .. }
        ),
        "{last:?}"
    );
    assert!(
        c.divergence
            .fields
            .iter()
            .any(|f| f.field.ends_with(".combat") && f.expected.contains("\"defender\"")),
        "{:?}",
        c.divergence.fields
    );
}

/// A damage replacement for "a creature, battle, or opponent" (614.1a,
/// Pool Amplifier's "plus 2") that leaves out battles is caught on the
/// damage-bonus preset at defenses 3 and 4, where P1's bolt plus 2
/// defeats the Siege and the bolt alone does not (120.3h), in the engine
/// and in the model; at defenses 1 and 2 the bolt alone defeats it.
#[test]
fn a_damage_bonus_that_leaves_out_battles_is_caught() {
    use battlecheck::Fault;
    for defense in [3, 4] {
        let mut preset = Config::preset("damage-bonus").unwrap();
        preset.defense = defense;
        let counters_left = |c: &Counterexample, model: &str, engine: &str| {
            c.divergence
                .fields
                .iter()
                .any(|f| f.field.ends_with(".defense") && f.expected == model && f.actual == engine)
        };
        let left = (defense - 2).to_string();
        let engine = caught(preset.clone(), EngineFault::DamageBonusNotToBattles);
        assert!(
            counters_left(&engine, "0", &left),
            "{:?}",
            engine.divergence.fields
        );
        let model = model_caught(preset, Fault::DamageBonusNotToBattles);
        assert!(
            counters_left(&model, &left, "0"),
            "{:?}",
            model.divergence.fields
        );
    }
    for defense in [1, 2] {
        let mut preset = Config::preset("damage-bonus").unwrap();
        preset.defense = defense;
        let r = conform(
            preset,
            &ConformOptions {
                threads: 2,
                engine_faults: vec![EngineFault::DamageBonusNotToBattles],
                ..ConformOptions::default()
            },
        )
        .unwrap();
        assert!(r.passed(), "{}", human_report(&r));
    }
}

/// "Prevent all combat damage that would be dealt this turn" (Fog,
/// 615.1a) that spares battles is caught on the prevention preset at every
/// defense of the CI suite, in the engine and in the model: after P2's Fog
/// resolves, an attacker's damage to the Siege removes no counter (615.6,
/// 120.3h), so the correct side keeps its printed defense and the broken
/// one does not, and the lifelink damage it dealt gains P1 nothing.
#[test]
fn prevention_that_spares_battles_is_caught() {
    use battlecheck::Fault;
    for defense in 1..=4 {
        let mut preset = Config::preset("prevention").unwrap();
        preset.defense = defense;
        let printed = defense.to_string();
        let fields = |c: &Counterexample, intact: &dyn Fn(&str, &str) -> bool| {
            let battle = c.divergence.fields.iter().any(|f| {
                f.field.ends_with(".defense") && intact(f.expected.as_str(), f.actual.as_str())
            });
            let life = c
                .divergence
                .fields
                .iter()
                .any(|f| f.field == "players[P1].life");
            battle && life
        };
        let engine = caught(preset.clone(), EngineFault::PreventionMissesBattles);
        assert!(
            fields(&engine, &|model, engine| model == printed
                && engine != printed),
            "{:?}",
            engine.divergence.fields
        );
        let model = model_caught(preset, Fault::PreventionMissesBattles);
        assert!(
            fields(&model, &|model, engine| model != printed
                && engine == printed),
            "{:?}",
            model.divergence.fields
        );
    }
}

/// Hexproof in a team game (702.11b, 102.3) on the hexproof preset: an
/// engine that takes a teammate for an opponent refuses the bolt of the
/// Scout's controller's teammate, which the model allows, and one that
/// ignores hexproof lets the Siege's protector bolt the Scout attacking
/// it; the model with teammates taken for opponents is caught alike.
#[test]
fn hexproof_in_a_team_game_is_caught() {
    use battlecheck::{BattleModel, Fault};
    use battlecheck_properties::{Decision, Target};
    use stateright::Model;
    let preset = Config::preset("hexproof").unwrap();
    let start = BattleModel::new(preset.clone())
        .unwrap()
        .init_states()
        .remove(0);
    let variant = preset.variant;
    let team = |p: battlecheck_properties::PlayerId| variant.team(p);
    // Is `d` a cast at a permanent by a player of its controller's team
    // (`same`: true) or of the other team (false)?
    let cast_at = |d: &Decision, same: bool| match d {
        Decision::Cast {
            player, targets, ..
        } => targets.iter().any(|t| match *t {
            Target::Permanent(c) => (team(start.obj(c).controller) == team(*player)) == same,
            _ => false,
        }),
        _ => false,
    };
    let teammates = caught(preset.clone(), EngineFault::HexproofAgainstTeammates);
    let d = &teammates.divergence;
    assert!(
        d.engine_only.is_empty() && !d.model_only.is_empty(),
        "{d:?}"
    );
    assert!(d.model_only.iter().all(|x| cast_at(x, true)), "{d:?}");
    let ignored = caught(preset.clone(), EngineFault::HexproofIgnored);
    let d = &ignored.divergence;
    assert!(
        d.model_only.is_empty() && !d.engine_only.is_empty(),
        "{d:?}"
    );
    assert!(d.engine_only.iter().all(|x| cast_at(x, false)), "{d:?}");
    let model = model_caught(preset, Fault::HexproofAgainstTeammates);
    let d = &model.divergence;
    assert!(
        d.model_only.is_empty() && !d.engine_only.is_empty(),
        "{d:?}"
    );
    assert!(d.engine_only.iter().all(|x| cast_at(x, true)), "{d:?}");
}

/// Ward in a team game (702.21a, 102.3) on the ward preset: an engine
/// that ignores ward, or triggers it for a teammate's spell, shows a
/// stack other than the model's right after the bolt is cast; so does the
/// model with teammates taken for opponents.
#[test]
fn ward_in_a_team_game_is_caught() {
    use battlecheck::Fault;
    let preset = Config::preset("ward").unwrap();
    let stack_differs = |c: &Counterexample| {
        c.steps.len() == 1
            && c.divergence
                .fields
                .iter()
                .any(|f| f.field.ends_with("stack"))
    };
    for fault in [EngineFault::WardIgnored, EngineFault::WardAgainstTeammates] {
        let c = caught(preset.clone(), fault);
        assert!(stack_differs(&c), "{fault:?}: {:?}", c.divergence);
    }
    let c = model_caught(preset, Fault::WardAgainstTeammates);
    assert!(stack_differs(&c), "{:?}", c.divergence);
}

/// A diverging run's headline counts the model's decisions at the states it
/// compared, up to the divergence: fewer than the complete run's, and at
/// least one at each state it passed on the way.
#[test]
fn a_diverging_run_counts_only_the_decisions_it_compared() {
    let config = Config::preset("reselect").unwrap();
    let opts = |faults| ConformOptions {
        threads: 2,
        engine_faults: faults,
        ..ConformOptions::default()
    };
    let all = conform(config.clone(), &opts(vec![])).unwrap();
    let cut = conform(config, &opts(vec![EngineFault::ReselectKeepsOldTarget])).unwrap();
    assert!(all.passed() && cut.counterexample.is_some());
    assert!(cut.states < all.states);
    assert!(
        cut.transitions < all.transitions && cut.transitions >= cut.states - 1,
        "{} decisions at {} states, of {} in all",
        cut.transitions,
        cut.states,
        all.transitions
    );
}

/// Planeswalkers beside battles (506.2, 508.1b, 120.3c) on the
/// planeswalker preset: an engine that lets a creature attack its
/// controller's own planeswalker (as it may attack its controller's
/// Siege, 310.9b) offers attacks the model does not; one that lets any
/// defending player block for a planeswalker offers blocks by a player
/// who does not control it; one whose damage leaves loyalty alone shows
/// another loyalty count; the model with the first fault is caught alike.
#[test]
fn planeswalkers_beside_battles_are_caught() {
    use battlecheck::{BattleModel, Fault};
    use battlecheck_properties::{AttackTarget, Decision};
    use stateright::Model;
    let preset = Config::preset("planeswalker").unwrap();
    let start = BattleModel::new(preset.clone())
        .unwrap()
        .init_states()
        .remove(0);
    let controller = |c| start.obj(c).controller;
    // Does `d` declare an attack by a creature on a planeswalker its own
    // controller controls?
    let attacks_own = |d: &Decision| match d {
        Decision::DeclareAttackers { attacks } => attacks.iter().any(
            |&(a, t)| matches!(t, AttackTarget::Planeswalker(w) if controller(w) == controller(a)),
        ),
        _ => false,
    };
    let own = caught(preset.clone(), EngineFault::OwnPlaneswalkerAttackable);
    let d = &own.divergence;
    assert!(
        d.model_only.is_empty() && !d.engine_only.is_empty(),
        "{d:?}"
    );
    assert!(d.engine_only.iter().all(attacks_own), "{d:?}");
    let model = model_caught(preset.clone(), Fault::OwnPlaneswalkerAttackable);
    let d = &model.divergence;
    assert!(
        d.engine_only.is_empty() && !d.model_only.is_empty(),
        "{d:?}"
    );
    assert!(d.model_only.iter().all(attacks_own), "{d:?}");
    let anyone = caught(preset.clone(), EngineFault::AnyoneBlocksForPlaneswalkers);
    let d = &anyone.divergence;
    assert!(
        d.model_only.is_empty() && !d.engine_only.is_empty(),
        "{d:?}"
    );
    assert!(
        d.engine_only
            .iter()
            .all(|x| matches!(x, Decision::DeclareBlockers { .. })),
        "{d:?}"
    );
    let ignored = caught(preset, EngineFault::PlaneswalkerDamageIgnored);
    assert!(
        ignored
            .divergence
            .fields
            .iter()
            .any(|f| f.field.ends_with("loyalty")),
        "{:?}",
        ignored.divergence
    );
}

/// Equipment beside battles on the equipment preset, at every defense of
/// the CI suite, in the engine and in the model. An equipped creature's
/// combat damage that leaves out Bonesplitter's +2/+0 when it is dealt to
/// a battle (613.4c, 120.3h) leaves the Siege (defense 3 and 4) or the
/// stolen Armored Bastion (defense 4, whatever the Siege's) with a counter
/// the correct side removed. A battle that is also an Equipment offered
/// its equip ability (310.10) is caught as soon as Armored Bastion is on
/// the battlefield, on the side that offers it.
#[test]
fn equipment_beside_battles_is_caught() {
    use battlecheck::Fault;
    use battlecheck_properties::Decision;
    for defense in 1..=4 {
        let mut preset = Config::preset("equipment").unwrap();
        preset.defense = defense;
        let fewer_counters_removed = |c: &Counterexample, broken_is_engine: bool| {
            c.divergence.fields.iter().any(|f| {
                let (Ok(model), Ok(engine)) = (f.expected.parse::<u32>(), f.actual.parse::<u32>())
                else {
                    return false;
                };
                let (correct, broken) = if broken_is_engine {
                    (model, engine)
                } else {
                    (engine, model)
                };
                f.field.ends_with(".defense") && broken > correct
            })
        };
        let engine = caught(preset.clone(), EngineFault::EquipmentBonusMissesBattles);
        assert!(
            fewer_counters_removed(&engine, true),
            "defense {defense}: {:?}",
            engine.divergence.fields
        );
        let model = model_caught(preset.clone(), Fault::EquipmentBonusMissesBattles);
        assert!(
            fewer_counters_removed(&model, false),
            "defense {defense}: {:?}",
            model.divergence.fields
        );
        let equip = |ds: &[Decision]| ds.iter().any(|d| matches!(d, Decision::Equip { .. }));
        let engine = caught(preset.clone(), EngineFault::BattleEquips);
        assert!(
            equip(&engine.divergence.engine_only),
            "defense {defense}: {:?}",
            engine.divergence
        );
        let model = model_caught(preset, Fault::BattleEquips);
        assert!(
            equip(&model.divergence.model_only),
            "defense {defense}: {:?}",
            model.divergence
        );
    }
}
