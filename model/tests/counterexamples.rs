//! Counterexamples written by `check --save-counterexample` replay on the
//! engine: for every seeded model fault, on a configuration where `check`
//! catches it, every file runs on the (correct) engine without a refusal or
//! error it does not expect, its `battlecheck` record reopens the model
//! path, and an engine with the fault's bug fails it on the property.

mod common;

use battlecheck::check::model::BattleModel;
use battlecheck::check::record::Record;
use battlecheck::conform::scenario::save_counterexamples;
use battlecheck::rules::cards::CardName::{self, *};
use battlecheck::rules::config::Config;
use battlecheck::Fault;
use battlecheck_engine::scenario::{run_file, run_text};
use battlecheck_engine::{Catalogue, EngineFault};
use common::{config, run, with_fault};
use serde_json::Value;
use std::path::{Path, PathBuf};

const NONE: &[CardName] = &[];

/// For each seeded fault, a small configuration on which `check` catches it
/// (those of `tests/faults.rs`).
fn exposing() -> Vec<(Fault, Config)> {
    let tiny = Config::preset("tiny").unwrap();
    let mut tiny3 = tiny.clone();
    tiny3.set_players(3).unwrap();
    let mut tiny_d3 = tiny.clone();
    tiny_d3.defense = 3;
    vec![
        (
            Fault::ControllerKeepsProtecting,
            config(1, 3, &[(&[Siege], NONE), (&[Steal], NONE)]),
        ),
        (
            Fault::ProtectorLeftIgnored,
            config(1, 3, &[(&[Siege], NONE), (NONE, NONE), (NONE, NONE)]),
        ),
        (
            Fault::NonSiegeBattleStays,
            config(1, 2, &[(&[Outpost, Bolt], NONE), (NONE, NONE)]),
        ),
        (Fault::TriggerPerSource, tiny.clone()),
        (
            Fault::ProtectorMayAttack,
            config(1, 3, &[(&[Outpost], &[Bear]), (NONE, NONE)]),
        ),
        (
            Fault::AnyoneMayBlock,
            config(
                1,
                3,
                &[(&[Siege], &[Bear]), (NONE, &[Bear]), (NONE, &[Bear])],
            ),
        ),
        (
            Fault::BattlesMayAttack,
            config(3, 3, &[(&[Outpost, Animate], NONE), (NONE, NONE)]),
        ),
        (Fault::CastWithoutExile, tiny.clone()),
        (Fault::OptionalTrigger, tiny.clone()),
        (
            Fault::TokensCastTransformed,
            config(1, 2, &[(&[Siege, Mirror], &[Bear, Bear]), (NONE, NONE)]),
        ),
        (Fault::BattlesAtInstantSpeed, tiny.clone()),
        (Fault::ExtraDefenseCounter, tiny.clone()),
        (Fault::LeaverKeepsPermanents, tiny3),
        (Fault::DamageOffByOne, tiny_d3),
        (Fault::BattleDamageTwice, tiny.clone()),
        (Fault::BattleDamageToProtector, tiny.clone()),
        (Fault::ControllerMayProtectSiege, tiny),
        (
            Fault::AttackIgnoresOptions,
            Config::preset("attack-left").unwrap(),
        ),
        (
            Fault::ProtectorOutOfRange,
            Config::preset("range-1").unwrap(),
        ),
        (
            Fault::LifeNotShared,
            Config::preset("two-headed-giant").unwrap(),
        ),
        (
            Fault::AttackTeammate,
            Config::preset("two-headed-giant").unwrap(),
        ),
        (
            Fault::ReselectOntoAnyPlayer,
            Config::preset("reselect").unwrap(),
        ),
        (
            Fault::ExiledCardPlayableByAnyone,
            Config::preset("gobakhan").unwrap(),
        ),
        (
            Fault::ExiledCastAnyTime,
            Config::preset("gobakhan").unwrap(),
        ),
        (
            Fault::AsUnblockedForHumans,
            Config::preset("zilortha").unwrap(),
        ),
        (
            Fault::AsUnblockedAlsoToBlockers,
            Config::preset("zilortha").unwrap(),
        ),
    ]
}

#[test]
fn every_fault_has_an_exposing_configuration() {
    let faults: Vec<Fault> = exposing().into_iter().map(|(f, _)| f).collect();
    let judged: Vec<Fault> = Fault::ALL
        .iter()
        .copied()
        .filter(|f| f.judged_by_properties())
        .collect();
    assert_eq!(faults, judged);
}

/// The file's record reopens the model path: every decision is one the
/// model offers at that point.
fn reopens_in_the_model(file: &Path, scenario: &Value) {
    let record = Record::of_scenario(scenario)
        .unwrap_or_else(|e| panic!("{}: no record: {e}", file.display()));
    let model = BattleModel::new(record.config.clone()).unwrap();
    let indices = record
        .action_indices(&model)
        .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    assert_eq!(indices.len(), record.decisions.len());
}

/// A scenario file as JSON.
fn read(file: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(file).unwrap()).unwrap()
}

/// Check `config` with `fault` and write its counterexamples in `root`.
fn counterexamples(root: &Path, fault: Fault, config: Config) -> Vec<PathBuf> {
    let report = run(with_fault(config, fault));
    let files = save_counterexamples(&report, &root.join(fault.as_str()), &[], None).unwrap();
    assert!(!files.is_empty(), "{fault}: a counterexample");
    files
}

fn temp_dir(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("battlecheck-{name}-{}", std::process::id()))
}

#[test]
fn every_counterexample_replays_on_the_engine() {
    let root = temp_dir("counterexamples");
    let (mut files, mut refused) = (0, 0);
    for (fault, config) in exposing() {
        for file in counterexamples(&root, fault, config) {
            let replay = run_file(&file).unwrap_or_else(|e| panic!("{fault}: {e}"));
            assert!(replay.passed(), "{fault}: {replay}");
            assert!(
                replay.checks > 0,
                "{fault}: the last step expects something"
            );
            let scenario = read(&file);
            reopens_in_the_model(&file, &scenario);
            let steps = scenario["steps"].as_array().unwrap();
            let rejected = steps.iter().position(|s| s.get("rejected").is_some());
            assert!(
                rejected.is_none_or(|i| i + 1 == steps.len()),
                "{fault}: only the last step may be refused"
            );
            files += 1;
            refused += usize::from(rejected.is_some());
        }
    }
    eprintln!(
        "{files} counterexample files replay on the engine; {refused} end with a decision the \
         engine refuses as expected"
    );
    std::fs::remove_dir_all(&root).unwrap();
}

/// The engine faults that are the bug of a seeded model fault.
const SAME_BUG: [(Fault, EngineFault); 8] = [
    (Fault::TriggerPerSource, EngineFault::TriggerPerSource),
    (Fault::OptionalTrigger, EngineFault::OptionalTrigger),
    (Fault::ProtectorLeftIgnored, EngineFault::ProtectorLeftKept),
    (Fault::DamageOffByOne, EngineFault::DamageOffByOne),
    (Fault::BattleDamageTwice, EngineFault::BattleDamageTwice),
    (
        Fault::BattleDamageToProtector,
        EngineFault::BattleDamageToProtector,
    ),
    (
        Fault::ExiledCardPlayableByAnyone,
        EngineFault::ExiledCardPlayableByAnyone,
    ),
    (
        Fault::AsUnblockedForHumans,
        EngineFault::AsUnblockedForHumans,
    ),
];

#[test]
fn a_counterexample_fails_on_an_engine_with_the_same_bug() {
    let root = temp_dir("same-bug");
    let cards = Catalogue::bundled().unwrap();
    for (fault, bug) in SAME_BUG {
        let (_, config) = exposing().into_iter().find(|(f, _)| *f == fault).unwrap();
        for file in counterexamples(&root, fault, config) {
            let mut scenario = read(&file);
            scenario["faults"] = serde_json::json!([bug]);
            let replay = run_text(&file, &scenario.to_string(), &cards).unwrap();
            let property = format!(
                "property {}",
                scenario["battlecheck"]["property"].as_str().unwrap()
            );
            // What a decision did is judged on the engine's events, which
            // an observation (all the properties see) does not show.
            let what = if property == "property what-happened-follows-rules"
                || property == "property as-unblocked-follows-zilortha"
            {
                "what happened"
            } else {
                property.as_str()
            };
            assert!(
                replay
                    .failures
                    .iter()
                    .any(|f| f.what == what && f.step == replay.steps),
                "{fault} with {bug:?}: {property} fails at the last step: {replay}"
            );
        }
    }
    std::fs::remove_dir_all(&root).unwrap();
}

/// Every counterexample names the objects that break its property in its
/// last state (what the text report and the Explorer mark); the seeded
/// faults together break every invariant of the catalogue, so every
/// invariant's marking is shown to work.
#[test]
fn every_counterexample_names_what_breaks_the_property() {
    let mut marked = Vec::new();
    for (fault, config) in exposing() {
        let report = run(with_fault(config, fault));
        for p in report
            .properties
            .iter()
            .filter(|p| p.counterexample.is_some())
        {
            let trace = p.counterexample.as_ref().unwrap();
            let breaking = trace
                .breaks
                .iter()
                .find(|b| b.property == p.name)
                .unwrap_or_else(|| panic!("{fault}: {} is broken at the end", p.name));
            assert!(
                !breaking.objects.is_empty(),
                "{fault}: an object breaks {}",
                p.name
            );
            assert!(
                battlecheck::report::human_report(&report)
                    .contains(&format!("breaks it: {}", breaking.objects.join("; "))),
                "{fault}: the text report names it"
            );
            marked.push(p.name);
        }
    }
    marked.sort();
    marked.dedup();
    eprintln!("{} invariants marked: {}", marked.len(), marked.join(", "));
    let invariants = battlecheck_properties::CATALOGUE
        .iter()
        .filter(|s| s.kind == battlecheck_properties::Kind::Always)
        .count();
    assert_eq!(marked.len(), invariants, "{marked:?}");
}
