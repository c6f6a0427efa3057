//! Runs every scenario of `engine/scenarios/` (each also checks every
//! `always` property of the catalogue after every step, and every one of
//! its expectations) and checks that the scenarios cover every Tier 1
//! checklist item.

use battlecheck_engine::scenario::run_path;
use battlecheck_properties::checklist::{Tier, ITEMS};
use battlecheck_properties::{Kind, CATALOGUE};
use std::collections::BTreeMap;
use std::path::Path;

fn scenarios_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"))
}

#[test]
fn every_scenario_passes() {
    let results = run_path(scenarios_dir());
    let mut problems = Vec::new();
    for (file, r) in &results {
        match r {
            // In process every expectation is checked: none is left
            // unchecked as it is for an engine seen from outside.
            Ok(report) if report.passed() && report.unchecked == 0 => {}
            Ok(report) => problems.push(report.to_string()),
            Err(e) => problems.push(format!("bad input: {} ({e})", file.display())),
        }
    }
    assert!(
        problems.is_empty(),
        "{} of {} scenarios failed:\n{}",
        problems.len(),
        results.len(),
        problems.join("\n")
    );
    assert!(results.len() >= 40, "only {} scenarios", results.len());
}

#[test]
fn every_tier_one_item_is_covered() {
    let mut count: BTreeMap<String, usize> = BTreeMap::new();
    for (file, r) in run_path(scenarios_dir()) {
        let report = r.unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for id in report.covers {
            assert!(
                battlecheck_properties::checklist::item(&id).is_some(),
                "{}: unknown checklist id {id}",
                file.display()
            );
            *count.entry(id).or_default() += 1;
        }
    }
    let missing: Vec<&str> = ITEMS
        .iter()
        .filter(|i| i.tier == Tier::One && !count.contains_key(i.id))
        .map(|i| i.id)
        .collect();
    assert!(missing.is_empty(), "no scenario covers {missing:?}");
}

#[test]
fn the_scenarios_witness_every_situation_of_the_catalogue() {
    let mut witnessed: Vec<&str> = Vec::new();
    for (file, r) in run_path(scenarios_dir()) {
        let report = r.unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        witnessed.extend(report.witnessed);
    }
    let missing: Vec<&str> = CATALOGUE
        .iter()
        .filter(|s| s.kind == Kind::Sometimes && !witnessed.contains(&s.name))
        .map(|s| s.name)
        .collect();
    assert!(missing.is_empty(), "no scenario reaches {missing:?}");
}

/// The real-card mechanics have no counterpart in the model, so their
/// injected faults are caught by the real-card scenarios: each fault makes
/// the scenario named here fail, at the expectation that reads the broken
/// rule (or the refusal that cites it). Zilortha's faults (C04), which
/// `conform` catches on the `zilortha` preset, are caught here too.
#[test]
fn the_real_card_scenarios_catch_the_real_card_faults() {
    use battlecheck_engine::cards::catalogue::Catalogue;
    use battlecheck_engine::scenario::run_text;
    use battlecheck_engine::EngineFault;
    let cards = Catalogue::bundled().unwrap();
    let cases = [
        (
            EngineFault::DrawFromBottom,
            "c05-invasion-of-dominaria.json",
            "top.zone",
        ),
        (
            EngineFault::AnthemForEveryone,
            "c05-invasion-of-belenon.json",
            "bear.power",
        ),
        (
            EngineFault::StunIgnored,
            "c05-invasion-of-kamigawa.json",
            "bear.tapped",
        ),
        (
            EngineFault::FlyingIgnored,
            "c05-flying-and-reach.json",
            "702.9b",
        ),
        (
            EngineFault::IfYouDoAlways,
            "c05-invasion-of-mercadia.json",
            "P1.hand",
        ),
        (
            EngineFault::FoundEnterUntapped,
            "c01-invasion-of-zendikar.json",
            "forest.tapped",
        ),
        (
            EngineFault::ControllerChoosesForOthers,
            "c05-invasion-of-azgol.json",
            "to act",
        ),
        (
            EngineFault::MenaceIgnored,
            "c05-ashen-reaper.json",
            "702.111b",
        ),
        (
            EngineFault::CounterPerSharedType,
            "c03-holy-frazzle-cannon.json",
            "vanguard.power",
        ),
        (
            EngineFault::LookedAtStayOnTop,
            "c05-invasion-of-ixalan.json",
            "vanguard.zone",
        ),
        (
            EngineFault::IndestructibleIgnored,
            "c05-invasion-of-ixalan.json",
            "siege.zone",
        ),
        (
            EngineFault::PowerLimitExclusive,
            "c05-invasion-of-lorwyn.json",
            "giant",
        ),
        (
            EngineFault::RevealedNotCounted,
            "c05-invasion-of-tarkir.json",
            "P2.life",
        ),
        (
            EngineFault::ExiledCardPlayableByAnyone,
            "c02-invasion-of-gobakhan.json",
            "601.3",
        ),
        (
            EngineFault::LegendRuleIgnored,
            "c05-grandmother-ravi-sengir.json",
            "pending",
        ),
        (
            EngineFault::DiesTriggersForOwnCreatures,
            "c05-grandmother-ravi-sengir.json",
            "stack size",
        ),
        (
            EngineFault::InterveningIfIgnored,
            "c05-prickle-faeries.json",
            "stack size",
        ),
        (
            EngineFault::AsUnblockedForHumans,
            "c04-zilortha-assigns-onto-a-battle.json",
            "vanguard",
        ),
        (
            EngineFault::AsUnblockedNotDamaged,
            "c04-zilortha-assigns-onto-a-battle.json",
            "bears.zone",
        ),
        (
            EngineFault::AsUnblockedNotOntoBattles,
            "c04-zilortha-assigns-onto-a-battle.json",
            "pending",
        ),
        (
            EngineFault::ManaPoolsNeverEmpty,
            "c01-awakened-skyclave-taps-for-mana.json",
            "P1.mana",
        ),
        (
            EngineFault::LandsWithoutLimit,
            "c01-invasion-of-zendikar-paid-with-mana.json",
            "refused by rule 305.2",
        ),
        (
            EngineFault::EntersTriggerXIsZero,
            "c05-invasion-of-new-phyrexia-x.json",
            "P1.tokens",
        ),
        (
            EngineFault::HexproofIgnored,
            "c02-lightshield-array.json",
            "refused by rule 702.11b",
        ),
        (
            EngineFault::AbilityNeedsItsSource,
            "c02-lightshield-array.json",
            "cadet.zone",
        ),
        (
            EngineFault::DeathtouchIgnored,
            "c05-marchesa-resolute-monarch.json",
            "stone.zone",
        ),
        (
            EngineFault::DefenseCountersKept,
            "c05-marchesa-resolute-monarch.json",
            "siege.defense",
        ),
        (
            EngineFault::CombatDamageSinceLastTurnIgnored,
            "c05-marchesa-resolute-monarch.json",
            "P1.hand",
        ),
        (
            EngineFault::EveryModeFollowed,
            "c05-invasion-of-fiora.json",
            "bears.zone",
        ),
        (
            EngineFault::LifelinkNotOnBattles,
            "c05-ephara-ever-sheltering.json",
            "P1.life",
        ),
        (
            EngineFault::WardIgnored,
            "c05-refraction-elemental.json",
            "pending",
        ),
        (
            EngineFault::OnlyFirstTargetAffected,
            "c05-invasion-of-kylem.json",
            "giant.power",
        ),
        (
            EngineFault::FightOneSided,
            "c05-invasion-of-muraganda.json",
            "bears.damage",
        ),
        (
            EngineFault::DamageBoostForCreatureSources,
            "c05-disciples-of-the-inferno.json",
            "P2.life",
        ),
        (
            EngineFault::TokenBonusForNontokens,
            "c05-the-broken-sky.json",
            "giant.power",
        ),
        (
            EngineFault::PutBattleNotABattle,
            "c05-leyline-surge.json",
            "azgol.defense",
        ),
        (
            EngineFault::ExilePermissionNeverEnds,
            "c05-invasion-of-kaldheim.json",
            "bears.playable_from_exile",
        ),
        (
            EngineFault::DiscardTriggerForAnyCard,
            "c05-pyre-of-the-world-tree.json",
            "stack size",
        ),
        (
            EngineFault::TokensColorless,
            "c05-invasion-of-ravnica.json",
            "refused by rule 115.1",
        ),
        (
            EngineFault::ColorIndicatorIgnored,
            "c05-guildpact-paragon.json",
            "stack size",
        ),
        (
            EngineFault::SickCreaturesCantCrew,
            "c05-aetherwing-golden-scale-flagship.json",
            "newbears.tapped",
        ),
        (
            EngineFault::CrewNeverEnds,
            "c05-aetherwing-golden-scale-flagship.json",
            "kaladesh.creature",
        ),
        (
            EngineFault::ConvokeIgnoresColor,
            "c05-caetus-sea-tyrant-of-segovia.json",
            "refused by rule 601.2h",
        ),
        (
            EngineFault::ScryKeepsOrder,
            "c05-invasion-of-pyrulea.json",
            "P1.hand",
        ),
        (
            EngineFault::GrantToEveryPermanent,
            "c05-gargantuan-slabhorn.json",
            "cleric.damage",
        ),
        (
            EngineFault::CopyExceptionsIgnored,
            "c05-lazotep-convert.json",
            "amonkhet.power",
        ),
        (
            EngineFault::NewTargetsIgnored,
            "c05-overloaded-mage-ring.json",
            "bears.zone",
        ),
        (
            EngineFault::CastFromAnywhere,
            "c05-invocation-of-the-founders.json",
            "stack size",
        ),
        (
            EngineFault::ManaValueBoundExclusive,
            "c05-invasion-of-alara.json",
            "shock.zone",
        ),
        (
            EngineFault::ExiledLeftInExile,
            "c05-invasion-of-alara.json",
            "forest1.zone",
        ),
        (
            EngineFault::DistributionOnOneCreature,
            "c05-awaken-the-maelstrom.json",
            "giant.power",
        ),
        (
            EngineFault::AllColorsIgnored,
            "c05-awaken-the-maelstrom.json",
            "alara.colors",
        ),
        (
            EngineFault::LoyaltyAbilityTwicePerTurn,
            "c05-teferi-akosa-of-zhalfir.json",
            "refused by rule 606.3",
        ),
        (
            EngineFault::PlaneswalkerDamageIgnored,
            "c05-teferi-akosa-of-zhalfir.json",
            "phyrexia.loyalty",
        ),
        (
            EngineFault::EmblemForEveryone,
            "c05-teferi-akosa-of-zhalfir-emblem.json",
            "theirknight.power",
        ),
        (
            EngineFault::AnyoneBlocksForPlaneswalkers,
            "c05-attacking-teferi-akosa-of-zhalfir.json",
            "refused by rule 509.1a",
        ),
        (
            EngineFault::TappedCountIgnored,
            "c05-teferi-akosa-of-zhalfir-taps-creatures.json",
            "TargetTrigger",
        ),
        (
            EngineFault::DiscardCostNotPaid,
            "c05-kyren-flamewright.json",
            "shock.zone",
        ),
        (
            EngineFault::AbilitiesKept,
            "c05-primordial-plasm.json",
            "bears1.zone",
        ),
        (
            EngineFault::TokenTriggerAlone,
            "c05-valors-reach-tag-team.json",
            "new:1.power",
        ),
        (
            EngineFault::GraveyardTargetOfAnyOwner,
            "c05-invasion-of-shandalar.json",
            "refused by rule 115.1",
        ),
        (
            EngineFault::CostIncreaseIgnored,
            "c02-gobakhan-costs-two-more-and-plays-a-land-face.json",
            "refused by rule 601.2h",
        ),
    ];
    for (fault, file, what) in cases {
        let path = scenarios_dir().join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        let clean = run_text(&path, &text, &cards).unwrap();
        assert!(clean.passed(), "{clean}");
        let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
        json["faults"] = serde_json::json!([fault]);
        let report = run_text(&path, &json.to_string(), &cards).unwrap();
        assert!(
            report
                .failures
                .iter()
                .any(|f| f.what.contains(what) || f.expected.contains(what)),
            "{fault:?} not caught by {file} at {what}: {report}"
        );
    }
}

/// What each step did is judged as well as where it ended: combat damage
/// dealt to a battle a second time (510.2) leaves the same state when the
/// first hit removed every counter, and the scenario fails only on what
/// happened (its events broke a rule of one decision).
#[test]
fn a_scenario_judges_what_each_step_did() {
    use battlecheck_engine::cards::catalogue::Catalogue;
    use battlecheck_engine::scenario::run_text;
    use battlecheck_engine::EngineFault;
    let cards = Catalogue::bundled().unwrap();
    let path = scenarios_dir().join("b32-two-attackers-one-trigger.json");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(run_text(&path, &text, &cards).unwrap().passed());
    let mut json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["faults"] = serde_json::json!([EngineFault::BattleDamageTwice]);
    let report = run_text(&path, &json.to_string(), &cards).unwrap();
    assert!(!report.failures.is_empty(), "{report}");
    assert!(
        report.failures.iter().all(|f| f.what == "what happened"),
        "{report}"
    );
    // A Human assigning its combat damage as though it weren't blocked
    // breaks Zilortha's text (C04), and the events of that very step say
    // so: Elite Vanguard, a Human, blocked by Eager Cadet while attacking
    // a Siege.
    let text = r#"{
  "name": "a Human assigns as though unblocked",
  "players": 2,
  "step": "begin_combat",
  "cards": [
    {"id": "zilortha", "card": "Invasion of Ikoria", "owner": "P1", "zone": "battlefield", "back_face": true, "history": {"defeats": 1, "triggers": 1, "trigger_exiles": 1, "transformed_casts": 1}},
    {"id": "vanguard", "card": "Elite Vanguard", "owner": "P1", "zone": "battlefield"},
    {"id": "siege", "card": "Invasion of Alara", "owner": "P1", "zone": "battlefield", "protector": "P2"},
    {"id": "cadet", "card": "Eager Cadet", "owner": "P2", "zone": "battlefield"}
  ],
  "steps": [
    {"do": "pass_all"},
    {"do": {"attack": {"player": "P1", "attacks": [["vanguard", "siege"]]}}},
    {"do": "pass_all"},
    {"do": {"block": {"player": "P2", "blocks": [["cadet", "vanguard"]]}}},
    {"do": "pass_all"},
    {"do": {"assign_as_unblocked": {"player": "P1", "attacker": "vanguard", "as_unblocked": true}}, "rejected": "510.1c"}
  ]
}"#;
    let path = std::path::Path::new("human.json");
    assert!(run_text(path, text, &cards).unwrap().passed());
    let mut json: serde_json::Value = serde_json::from_str(text).unwrap();
    json["faults"] = serde_json::json!([EngineFault::AsUnblockedForHumans]);
    let report = run_text(path, &json.to_string(), &cards).unwrap();
    assert!(
        report
            .failures
            .iter()
            .any(|f| f.what == "what happened" && f.actual.contains("a Human, assigned")),
        "{report}"
    );
}
