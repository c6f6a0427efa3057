//! Every `always` property can fail: for each one, a deliberately broken
//! rule (a seeded fault) makes the checker report a counterexample for that
//! property, which replays to a state that violates it, while the correct
//! model satisfies it on the same configuration.

mod common;

use battlecheck::check::model::BattleModel;
use battlecheck::check::{Status, Trace};
use battlecheck::rules::cards::CardName::{self, *};
use battlecheck::rules::config::Config;
use battlecheck::Fault;
use battlecheck_properties::{Kind, PropertyId, CATALOGUE};
use common::{config, run, with_fault};
use stateright::Model;

const NONE: &[CardName] = &[];

/// (property, fault that breaks it, configuration that exposes it)
fn cases() -> Vec<(PropertyId, Fault, Config)> {
    use PropertyId as P;
    let tiny = Config::preset("tiny").unwrap();
    let mut tiny3 = tiny.clone();
    tiny3.set_players(3).unwrap();
    // A battle one counter stronger than the bear's power: the counter too
    // many shows only while counters are left.
    let mut tiny_d3 = tiny.clone();
    tiny_d3.defense = 3;
    vec![
        (
            P::SiegeControllerNeverProtector,
            Fault::ControllerKeepsProtecting,
            config(1, 3, &[(&[Siege], NONE), (&[Steal], NONE)]),
        ),
        (
            P::BattleHasLegalProtector,
            Fault::ProtectorLeftIgnored,
            config(1, 3, &[(&[Siege], NONE), (NONE, NONE), (NONE, NONE)]),
        ),
        (
            P::ZeroDefenseBattleLeaves,
            Fault::NonSiegeBattleStays,
            config(1, 2, &[(&[Outpost, Bolt], NONE), (NONE, NONE)]),
        ),
        (P::DefeatTriggersOnce, Fault::TriggerPerSource, tiny.clone()),
        (
            P::ProtectorNeverAttacksItsBattle,
            Fault::ProtectorMayAttack,
            config(1, 3, &[(&[Outpost], &[Bear]), (NONE, NONE)]),
        ),
        (
            P::OnlyProtectorBlocks,
            Fault::AnyoneMayBlock,
            config(
                1,
                3,
                &[(&[Siege], &[Bear]), (NONE, &[Bear]), (NONE, &[Bear])],
            ),
        ),
        (
            P::BattlesNeverFightOrAttach,
            Fault::BattlesMayAttack,
            config(3, 3, &[(&[Outpost, Animate], NONE), (NONE, NONE)]),
        ),
        (
            P::BackFaceOnlyAfterExile,
            Fault::CastWithoutExile,
            tiny.clone(),
        ),
        (
            P::DefeatTriggerAccounted,
            Fault::OptionalTrigger,
            tiny.clone(),
        ),
        (
            P::DefeatOutcomeFollowsRules,
            Fault::TokensCastTransformed,
            config(1, 2, &[(&[Siege, Mirror], &[Bear, Bear]), (NONE, NONE)]),
        ),
        (
            P::BattleCastAtSorcerySpeed,
            Fault::BattlesAtInstantSpeed,
            tiny.clone(),
        ),
        (
            P::DefenseNeverExceedsPrinted,
            Fault::ExtraDefenseCounter,
            tiny.clone(),
        ),
        (
            P::LeaverLeavesNothing,
            Fault::LeaverKeepsPermanents,
            tiny3.clone(),
        ),
        (P::WhatHappenedFollowsRules, Fault::DamageOffByOne, tiny_d3),
        (
            P::WhatHappenedFollowsRules,
            Fault::BattleDamageTwice,
            tiny.clone(),
        ),
        (
            P::WhatHappenedFollowsRules,
            Fault::BattleDamageToProtector,
            tiny.clone(),
        ),
        (
            P::WhatHappenedFollowsRules,
            Fault::ControllerMayProtectSiege,
            tiny,
        ),
        (
            P::AttacksFollowTheOptions,
            Fault::AttackIgnoresOptions,
            Config::preset("attack-left").unwrap(),
        ),
        (
            P::AttacksFollowTheOptions,
            Fault::AttackIgnoresOptions,
            Config::preset("range-1").unwrap(),
        ),
        (
            P::AttacksFollowTheOptions,
            Fault::ProtectorOutOfRange,
            Config::preset("range-1").unwrap(),
        ),
        (
            P::TwoHeadedGiantTeams,
            Fault::LifeNotShared,
            Config::preset("two-headed-giant").unwrap(),
        ),
        (
            P::TwoHeadedGiantTeams,
            Fault::AttackTeammate,
            Config::preset("two-headed-giant").unwrap(),
        ),
        (
            P::ReselectedAttacksFollow508_7,
            Fault::ReselectOntoAnyPlayer,
            Config::preset("reselect").unwrap(),
        ),
        (
            P::SpellCastByItsOwner,
            Fault::ExiledCardPlayableByAnyone,
            Config::preset("gobakhan").unwrap(),
        ),
        (
            P::BattleCastAtSorcerySpeed,
            Fault::ExiledCastAnyTime,
            Config::preset("gobakhan").unwrap(),
        ),
        (
            P::AsUnblockedFollowsZilortha,
            Fault::AsUnblockedForHumans,
            Config::preset("zilortha").unwrap(),
        ),
        (
            P::AsUnblockedFollowsZilortha,
            Fault::AsUnblockedAlsoToBlockers,
            Config::preset("zilortha").unwrap(),
        ),
    ]
}

/// The final state of a counterexample violates the property.
fn replays_to_violation(config: &Config, id: PropertyId, trace: &Trace) {
    let model = BattleModel::new(config.clone()).unwrap();
    let mut state = model.init_states().remove(0);
    for step in &trace.steps {
        assert!(
            state.is_legal(&step.decision),
            "{:?} is legal in the replayed state",
            step.decision
        );
        state = model.next_state(&state, step.decision.clone()).unwrap();
    }
    assert!(
        !id.check(&state),
        "{} is violated at the end of its counterexample",
        id.name()
    );
}

#[test]
fn every_always_property_has_a_fault_case() {
    let covered: Vec<PropertyId> = cases().into_iter().map(|c| c.0).collect();
    for spec in CATALOGUE.iter().filter(|s| s.kind == Kind::Always) {
        assert!(
            covered.contains(&spec.id),
            "{} has no seeded-fault test",
            spec.name
        );
    }
}

#[test]
fn each_fault_is_caught_by_its_property() {
    for (id, fault, config) in cases() {
        let correct = run(config.clone());
        assert_eq!(
            correct.status(id),
            Some(Status::Holds),
            "{} holds without {fault}",
            id.name()
        );
        let faulty_config = with_fault(config, fault);
        let faulty = run(faulty_config.clone());
        assert_eq!(
            faulty.status(id),
            Some(Status::Violated),
            "{} catches {fault}",
            id.name()
        );
        let result = faulty
            .properties
            .iter()
            .find(|p| p.name == id.name())
            .unwrap();
        let trace = result
            .counterexample
            .as_ref()
            .expect("a violation has a counterexample");
        assert!(trace.shortest);
        replays_to_violation(&faulty_config, id, trace);
    }
}
