//! The engine's API: refusals cite rules and leave the state untouched,
//! decisions map onto actions, legal actions are listed, card data and
//! scenarios with mistakes give clear errors, and the scenario runner
//! reports failed expectations and violated properties.

use battlecheck_engine::scenario::{build_game, run_text, ScenarioError};
use battlecheck_engine::{
    cards::card::Layout,
    cards::catalogue::{CardError, Catalogue},
};
use battlecheck_engine::{Action, EngineError, Event, Game};
use battlecheck_properties::{AttackTarget, CardId, Decision, PlayerId, Target};
use std::path::Path;

const SETUP: &str = r#"{
  "name": "setup",
  "players": 2,
  "step": "begin_combat",
  "cards": [
    {"id": "siege", "card": "Invasion of Azgol", "owner": "P1", "zone": "battlefield"},
    {"id": "bear", "card": "Grizzly Bears", "owner": "P2", "zone": "battlefield"},
    {"id": "mine", "card": "Hill Giant", "owner": "P1", "zone": "battlefield"}
  ],
  "steps": []
}"#;

/// Why a scenario given as text is refused (it must be), in words.
fn refusal(text: &str, cards: &Catalogue) -> String {
    run_text(Path::new("s.json"), text, cards)
        .unwrap_err()
        .to_string()
}

fn game(active_p2: bool) -> Game {
    let text = if active_p2 {
        SETUP.replace("\"players\": 2,", "\"players\": 2, \"active\": \"P2\",")
    } else {
        SETUP.to_string()
    };
    let mut g = build_game(
        Path::new("setup.json"),
        &text,
        &Catalogue::bundled().unwrap(),
    )
    .unwrap();
    g.apply_decision(&Decision::PassAll).unwrap();
    g
}

#[test]
fn the_protector_attacking_its_battle_is_refused_citing_310_9b() {
    let mut g = game(true);
    let before = g.observe();
    let attack = Action::DeclareAttackers {
        player: PlayerId(1),
        attacks: vec![(CardId(1), AttackTarget::Battle(CardId(0)))],
    };
    let err = g.apply(&attack).unwrap_err();
    match &err {
        EngineError::Illegal { rule, reason } => {
            assert_eq!(*rule, "310.9b");
            assert!(reason.contains("P2 protects #0"), "{reason}");
        }
        other => panic!("unexpected {other:?}"),
    }
    assert_eq!(
        g.observe(),
        before,
        "a refused action leaves the state untouched"
    );
    assert!(!g.legal_actions().contains(&attack));
}

/// Only the active player's own creatures on the battlefield attack (508.1a).
#[test]
fn another_players_creature_cannot_be_declared_as_an_attacker() {
    let mut g = game(false);
    let attack = Action::DeclareAttackers {
        player: PlayerId(0),
        attacks: vec![(CardId(1), AttackTarget::Player(PlayerId(1)))],
    };
    let err = g.apply(&attack).unwrap_err();
    assert_eq!(err.rule(), Some("508.1a"), "{err}");
    assert!(err.to_string().contains("P1 does not control #1"), "{err}");
}

/// The game of [`game`] with P1's #2 attacking P2, waiting for P2's
/// blockers.
fn at_blocks() -> Game {
    let mut g = game(false);
    g.apply(&Action::DeclareAttackers {
        player: PlayerId(0),
        attacks: vec![(CardId(2), AttackTarget::Player(PlayerId(1)))],
    })
    .unwrap();
    g.apply_decision(&Decision::PassAll).unwrap();
    g
}

/// A defending player blocks only with creatures they control (802.4a).
#[test]
fn another_players_creature_cannot_be_declared_as_a_blocker() {
    let mut g = at_blocks();
    let block = Action::DeclareBlockers {
        player: PlayerId(1),
        blocks: vec![(CardId(2), CardId(2))],
    };
    let err = g.apply(&block).unwrap_err();
    assert_eq!(err.rule(), Some("802.4a"), "{err}");
    // Out of turn: P1 is not a defending player.
    let err = g
        .apply(&Action::DeclareBlockers {
            player: PlayerId(0),
            blocks: vec![],
        })
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "illegal by rule 802.4: defending players declare blockers one at a time in APNAP order: the game waits for P2 to declare blockers"
    );
}

/// A card number beyond the game's objects, or a seat beyond its players,
/// is refused as unknown, also inside a shared decision (never an
/// out-of-bounds panic).
#[test]
fn an_unknown_card_or_player_is_refused() {
    let mut g = game(false);
    let beyond = CardId(g.objects.len() as u8);
    let err = g
        .apply_decision(&Decision::DeclareAttackers {
            attacks: vec![(beyond, AttackTarget::Player(PlayerId(1)))],
        })
        .unwrap_err();
    assert_eq!(
        err,
        EngineError::Unknown {
            what: format!("card {beyond}")
        }
    );
    let seat = PlayerId(g.players.len() as u8);
    let n = g.players.len();
    assert_eq!(
        g.apply(&Action::Concede { player: seat }).unwrap_err(),
        EngineError::Unknown {
            what: format!(
                "player {seat} (protocol number {n}): the game has {n} players, P1 to P{n} (0 to {})",
                n - 1
            )
        }
    );
}

#[test]
fn the_controller_may_attack_its_own_siege() {
    let mut g = game(false);
    let attack = Action::DeclareAttackers {
        player: PlayerId(0),
        attacks: vec![(CardId(2), AttackTarget::Battle(CardId(0)))],
    };
    assert!(g.legal_actions().contains(&attack));
    let events = g.apply(&attack).unwrap();
    assert!(events
        .iter()
        .any(|e| matches!(e, battlecheck_engine::Event::Attacks { .. })));
}

#[test]
fn a_shared_decision_is_refused_atomically() {
    let mut g = game(true);
    let before = g.observe();
    let d = Decision::DeclareAttackers {
        attacks: vec![(CardId(1), AttackTarget::Battle(CardId(0)))],
    };
    assert_eq!(g.apply_decision(&d).unwrap_err().rule(), Some("310.9b"));
    assert_eq!(g.observe(), before);
}

#[test]
fn pass_all_is_one_pass_per_player_still_to_pass() {
    let mut g = game(false);
    g.apply_decision(&Decision::DeclareAttackers { attacks: vec![] })
        .unwrap();
    assert_eq!(g.actions_for(&Decision::PassAll).len(), 2);
    g.apply(&Action::Pass {
        player: PlayerId(0),
    })
    .unwrap();
    assert_eq!(
        g.actions_for(&Decision::PassAll).to_vec(),
        vec![Action::Pass {
            player: PlayerId(1)
        }]
    );
}

/// An action that is a shared decision by itself maps back onto that
/// decision (what replaying a scenario through the engine protocol relies
/// on); one player's pass, protector choice or blocks is only a part of one.
#[test]
fn an_action_maps_back_onto_its_decision() {
    let g = game(false);
    let (p1, mine, siege, bear) = (PlayerId(0), CardId(2), CardId(0), CardId(1));
    let whole = [
        Decision::Cast {
            player: p1,
            card: mine,
            targets: vec![Target::Player(PlayerId(1))],
            x: None,
            convoke: None,
        },
        Decision::Equip {
            player: p1,
            equipment: mine,
            creature: bear,
        },
        Decision::Concede { player: p1 },
        Decision::ChooseCopy {
            player: p1,
            card: mine,
            original: siege,
        },
        Decision::DeclareAttackers {
            attacks: vec![(mine, AttackTarget::Player(PlayerId(1)))],
        },
        Decision::AssignTrample {
            attacker: mine,
            to_attacked: 2,
        },
        Decision::DivideDamage {
            attacker: mine,
            division: vec![(bear, 3)],
        },
        Decision::CastTransformed {
            player: p1,
            card: siege,
            cast: true,
        },
        Decision::TargetTrigger {
            player: p1,
            source: mine,
            target: Some(Target::Permanent(bear)),
        },
        Decision::ReselectAttack {
            player: p1,
            attacker: mine,
            to: Some(AttackTarget::Battle(siege)),
        },
    ];
    for d in whole {
        let actions = g.actions_for(&d);
        assert_eq!(actions.len(), 1, "{d:?}");
        assert_eq!(actions[0].as_decision(), Some(d));
    }
    let parts = [
        Action::Pass { player: p1 },
        Action::ChooseProtector {
            player: p1,
            battle: siege,
            protector: PlayerId(1),
        },
        Action::DeclareBlockers {
            player: PlayerId(1),
            blocks: vec![(bear, mine)],
        },
    ];
    for a in parts {
        assert_eq!(a.as_decision(), None, "{a:?}");
    }
}

/// A reselection tells what it did (the fact the step rules of 508.7c–e
/// judge): the attacker, its controller, the defending player chosen as it
/// attacked and the new one.
#[test]
fn a_reselection_is_told_as_a_fact() {
    use battlecheck_engine::state::event::happened;
    use battlecheck_properties::step::Happened;
    let text = r#"{
      "name": "reselect",
      "players": 3,
      "step": "begin_combat",
      "cards": [
        {"id": "siege", "card": "Invasion of Zendikar", "owner": "P1", "zone": "battlefield", "protector": "P3"},
        {"id": "bears", "card": "Grizzly Bears", "owner": "P1", "zone": "battlefield"},
        {"id": "mage", "card": "Portal Mage", "owner": "P2", "zone": "hand"}
      ],
      "steps": []
    }"#;
    let cards = Catalogue::bundled().unwrap();
    let mut g = build_game(Path::new("reselect.json"), text, &cards).unwrap();
    let (bears, siege, mage) = (CardId(1), CardId(0), CardId(2));
    let (p1, p2, p3) = (PlayerId(0), PlayerId(1), PlayerId(2));
    for d in [
        Decision::PassAll,
        Decision::DeclareAttackers {
            attacks: vec![(bears, AttackTarget::Player(p2))],
        },
        Decision::Cast {
            player: p2,
            card: mage,
            targets: vec![],
            x: None,
            convoke: None,
        },
        Decision::PassAll,
        Decision::PassAll,
    ] {
        g.apply_decision(&d).unwrap();
    }
    let events = g
        .apply_decision(&Decision::ReselectAttack {
            player: p2,
            attacker: bears,
            to: Some(AttackTarget::Battle(siege)),
        })
        .unwrap();
    assert!(happened(&events).contains(&Happened::Reselected {
        attacker: bears,
        controller: p1,
        chosen: p2,
        defender: p3,
    }));
}

/// A cast maps to the passes that bring priority to the caster (117.3d),
/// then the cast; outside a priority window, or for a player not in the
/// game, to the cast alone (which is then refused as it stands).
#[test]
fn a_cast_maps_to_the_passes_before_it_only_in_a_priority_window() {
    let cast = |player: u8| Decision::Cast {
        player: PlayerId(player),
        card: CardId(1),
        targets: vec![],
        x: None,
        convoke: None,
    };
    let just_the_cast = |player: u8| Action::Cast {
        player: PlayerId(player),
        card: CardId(1),
        targets: vec![],
        x: None,
        convoke: Vec::new(),
    };
    let mut g = game(false);
    // Waiting for P1 to declare attackers: no passes.
    assert_eq!(g.actions_for(&cast(1)).to_vec(), vec![just_the_cast(1)]);
    g.apply_decision(&Decision::DeclareAttackers { attacks: vec![] })
        .unwrap();
    // P1 holds priority: P1 passes, then P2 casts.
    assert_eq!(
        g.actions_for(&cast(1)).to_vec(),
        vec![
            Action::Pass {
                player: PlayerId(0)
            },
            just_the_cast(1)
        ]
    );
    assert_eq!(g.actions_for(&cast(0)).to_vec(), vec![just_the_cast(0)]);
    // Nor does a player who is not in the game.
    assert_eq!(g.actions_for(&cast(5)).to_vec(), vec![just_the_cast(5)]);
}
#[test]
fn the_bundled_catalogue_holds_the_36_sieges() {
    let c = Catalogue::bundled().unwrap();
    let sieges: Vec<_> = c
        .iter()
        .filter(|card| card.front().is_siege() && card.name().starts_with("Invasion of"))
        .collect();
    assert_eq!(sieges.len(), 36);
    assert!(sieges
        .iter()
        .all(|s| s.layout == Layout::Transform && s.back.is_some() && s.front().defense.is_some()));
    let alara = c.get("Invasion of Alara").unwrap();
    assert_eq!(alara.front().defense, Some(7));
    assert_eq!(alara.back.as_ref().unwrap().name, "Awaken the Maelstrom");
}

#[test]
fn a_malformed_card_file_names_the_file_and_field() {
    let mut c = Catalogue::default();
    let text = "{\"cards\": [\n  {\"name\": \"Bad Siege\", \"types\": [\"battle\"],\n   \"defense\": \"seven\"}\n]}";
    let err = c.add_text(Path::new("cards/bad.json"), text).unwrap_err();
    let shown = err.to_string();
    assert!(matches!(err, CardError::Malformed { .. }), "{shown}");
    assert!(
        shown.contains("cards/bad.json") && shown.contains("at `cards[0].defense`"),
        "{shown}"
    );

    let no_defense = r#"{"cards": [{"name": "Odd Battle", "types": ["battle"]}]}"#;
    let shown = c
        .add_text(Path::new("cards/odd.json"), no_defense)
        .unwrap_err()
        .to_string();
    assert!(
        shown.contains("cards/odd.json")
            && shown.contains("Odd Battle")
            && shown.contains("`defense`"),
        "{shown}"
    );

    // 208.1: a creature has both power and toughness.
    let no_toughness = r#"{"cards": [{"name": "Half Bear", "types": ["creature"], "power": 2}]}"#;
    let shown = c
        .add_text(Path::new("cards/half.json"), no_toughness)
        .unwrap_err()
        .to_string();
    assert!(
        shown.contains("Half Bear") && shown.contains("(208.1)"),
        "{shown}"
    );

    let unknown = r#"{"cards": [{"name": "X", "types": ["creature"], "power": 1, "toughness": 1, "flying": true}]}"#;
    let shown = c
        .add_text(Path::new("cards/x.json"), unknown)
        .unwrap_err()
        .to_string();
    assert!(
        shown.contains("cards/x.json") && shown.contains("flying"),
        "{shown}"
    );
}

/// All 36 Sieges of the bundled cards are fully playable: every line of
/// both faces carries a reading (C05); a line without one is text not
/// played, and a line with one is.
#[test]
fn every_siege_is_fully_playable() {
    use battlecheck_engine::cards::oracle::{fully_playable, missing, OracleLine};
    let cards = Catalogue::bundled().unwrap();
    let sieges: Vec<_> = cards
        .iter()
        .filter(|c| c.front.is_siege() && !c.synthetic)
        .collect();
    assert_eq!(sieges.len(), 36);
    for c in &sieges {
        assert!(fully_playable(c), "{}", c.name());
    }
    let mut partial = Catalogue::default();
    partial
        .add_text(
            Path::new("cards/partial.json"),
            r#"{"cards": [{"name": "Half Read", "types": ["creature"], "power": 1, "toughness": 1,
                "text": [{"text": "Vigilance", "keywords": ["vigilance"]}, {"text": "Scry 9 twice."}]}]}"#,
        )
        .unwrap();
    let half = partial.iter().next().unwrap();
    assert!(!fully_playable(half));
    assert_eq!(missing(&half.front), vec!["Scry 9 twice."]);
    let bare: OracleLine = serde_json::from_str(r#"{"text": "Scry 9 twice."}"#).unwrap();
    assert_eq!(bare.unplayed(), Some("Scry 9 twice."));
    let read: OracleLine =
        serde_json::from_str(r#"{"text": "Flying", "keywords": ["flying"]}"#).unwrap();
    assert_eq!(read.unplayed(), None);
    let partly: OracleLine = serde_json::from_str(
        r#"{"text": "Flying, vigilance", "keywords": ["flying"], "missing": "vigilance"}"#,
    )
    .unwrap();
    assert_eq!(partly.unplayed(), Some("vigilance"));
}

/// Card files whose readings contradict the rules or each other are
/// refused, naming the card and what is wrong: a planeswalker without
/// printed loyalty (306.5a), instructions naming a target the spell does
/// not have, targets without instructions, and "is all colors" beside a
/// list of colors.
#[test]
fn an_inconsistent_card_is_refused_naming_the_card() {
    let refused = |text: &str, card: &str, says: &str| {
        let mut c = Catalogue::default();
        let shown = c
            .add_text(Path::new("cards/odd.json"), text)
            .unwrap_err()
            .to_string();
        assert!(
            shown.contains("cards/odd.json") && shown.contains(card) && shown.contains(says),
            "{shown}"
        );
    };
    refused(
        r#"{"cards": [{"name": "Loyal", "types": ["planeswalker"]}]}"#,
        "Loyal",
        "(306.5a)",
    );
    refused(
        r#"{"cards": [{"name": "Stray Bolt", "types": ["sorcery"], "text": [
            {"text": "Destroy target permanent an opponent controls.", "spell_targets": ["permanent_an_opponent_controls"],
             "spell_steps": [{"for_each_target": {"group": 1, "steps": ["destroy_target"]}}]}]}]}"#,
        "Stray Bolt",
        "names group 1",
    );
    refused(
        r#"{"cards": [{"name": "Late Verdict", "types": ["sorcery"], "text": [
            {"text": "If a permanent was put into a graveyard this turn, destroy target creature.", "spell_targets": ["creature"],
             "spell_steps": [{"if": {"condition": "permanent_to_graveyard_this_turn", "steps": [{"for_each_target": {"group": 1, "steps": ["destroy_target"]}}]}}]}]}]}"#,
        "Late Verdict",
        "names group 1",
    );
    refused(
        r#"{"cards": [{"name": "Lone Brawl", "types": ["sorcery"], "text": [
            {"text": "Target creature fights another target creature.", "spell_targets": ["creature"],
             "spell_steps": [{"fight_target": {"group": 1}}]}]}]}"#,
        "Lone Brawl",
        "names group 1",
    );
    // A triggered ability's target groups are checked as a spell's are.
    refused(
        r#"{"cards": [{"name": "Stray Spark", "types": ["creature"], "power": 1, "toughness": 1, "text": [
            {"text": "When this creature enters, it deals 1 damage to up to one target creature.",
             "trigger": {"when": "enters", "effect": {"do": {"targets": [{"kind": "creature", "up_to": 1}],
             "steps": [{"for_each_target": {"group": 1, "steps": [{"damage_to_target": 1}]}}]}}}}]}]}"#,
        "Stray Spark",
        "names group 1",
    );
    // What is done for each target is done at once: no choice inside.
    refused(
        r#"{"cards": [{"name": "Armory Each", "types": ["sorcery"], "text": [
            {"text": "For each target creature, you may put an artifact card from your hand onto the battlefield.", "spell_targets": ["creature"],
             "spell_steps": [{"for_each_target": {"group": 0, "steps": [{"put_from_hand": {"find": {"types": ["artifact"]}}}]}}]}]}]}"#,
        "Armory Each",
        "done at once",
    );
    refused(
        r#"{"cards": [{"name": "Aimless", "types": ["sorcery"], "text": [
            {"text": "Target player draws a card.", "spell_targets": ["player"]}]}]}"#,
        "Aimless",
        "`spell_targets`",
    );
    // A face with lines of text says everything on them: not beside them.
    for (name, beside) in [
        ("Twice Flying", r#""keywords": ["flying"]"#),
        (
            "Twice Burning",
            r#""effect": {"kind": "damage", "amount": 2}"#,
        ),
        (
            "Twice Triggered",
            r#""triggers": [{"when": "enters", "effect": {"do": {"steps": [{"gain_life": 1}]}}}]"#,
        ),
        ("Twice Copied", r#""enters_as_copy_of_battle": true"#),
    ] {
        refused(
            &format!(
                r#"{{"cards": [{{"name": "{name}", "types": ["creature"], "power": 1, "toughness": 1, {beside},
                "text": [{{"text": "Vigilance", "keywords": ["vigilance"]}}]}}]}}"#
            ),
            name,
            "on their lines of text",
        );
    }
    // A permanent's text is abilities, not a spell's instructions (a
    // permanent spell's resolution puts it onto the battlefield, 608.3).
    refused(
        r#"{"cards": [{"name": "Walking Tonic", "types": ["creature"], "power": 1, "toughness": 1, "text": [
            {"text": "You gain 3 life.", "spell_steps": [{"gain_life": 3}]}]}]}"#,
        "Walking Tonic",
        "instructions of a spell",
    );
    refused(
        r#"{"cards": [{"name": "Knight Banner", "types": ["enchantment"], "text": [
            {"text": "Knights you control get +1/+0.", "static": {"subtype_you_control_get": {"subtype": "Knight", "power": 1, "toughness": 0}}}]}]}"#,
        "Knight Banner",
        "(114.4)",
    );
    refused(
        r#"{"cards": [{"name": "Prism Door", "cost": "{R}", "layout": "transform", "types": ["sorcery"],
            "back": {"name": "Prism", "types": ["sorcery"], "colors": ["red"], "text": [
            {"text": "Prism is all colors.", "all_colors": true}]}}]}"#,
        "Prism",
        "(604.3)",
    );
}

#[test]
fn a_malformed_scenario_names_the_field_or_step() {
    let cards = Catalogue::bundled().unwrap();
    let missing_owner = SETUP.replace("\"owner\": \"P2\", ", "");
    let err = run_text(Path::new("s.json"), &missing_owner, &cards).unwrap_err();
    assert!(
        matches!(&err, ScenarioError::Malformed { fault, .. } if fault.path.as_deref() == Some("cards[1].owner")),
        "{err}"
    );

    let bad_step = SETUP.replace("\"steps\": []", "\"steps\": [{\"do\": \"pass_all\"}, {\"do\": {\"cast\": {\"player\": \"P1\", \"card\": \"nosuch\"}}}]");
    let err = refusal(&bad_step, &cards);
    assert!(
        err.contains("s.json") && err.contains("steps[1].do") && err.contains("nosuch"),
        "{err}"
    );

    let bad_card = SETUP.replace("Grizzly Bears", "Grizzly Beers");
    let err = refusal(&bad_card, &cards);
    assert!(
        err.contains("cards[1].card") && err.contains("Grizzly Beers"),
        "{err}"
    );

    // 810.1, 810.4: a Two-Headed Giant game seats four, and teammates
    // share one life total.
    let giant = SETUP.replace(
        "\"players\": 2,",
        "\"players\": [{\"life\": 9}, {\"life\": 9}, {\"life\": 20}, {\"life\": 19}], \"variant\": {\"two_headed_giant\": true},",
    );
    let err = refusal(&giant, &cards);
    assert!(
        err.contains("players[3].life") && err.contains("810.4"),
        "{err}"
    );
    let three = SETUP.replace(
        "\"players\": 2,",
        "\"players\": 3, \"variant\": {\"two_headed_giant\": true},",
    );
    let err = refusal(&three, &cards);
    assert!(err.contains("players") && err.contains("810.1"), "{err}");

    // Three cards: "#3" names none.
    let beyond = SETUP.replace(
        "\"steps\": []",
        "\"steps\": [{\"do\": {\"cast\": {\"player\": \"P1\", \"card\": \"#3\"}}}]",
    );
    let err = refusal(&beyond, &cards);
    assert!(
        err.contains("no card \"#3\" (the setup has 3 cards and token slots, #0…#2)"),
        "{err}"
    );

    // Seats are P1..P2 here: P0 and P3 are no players.
    for seat in ["P0", "P3"] {
        let bad_owner = SETUP.replace("\"owner\": \"P2\"", &format!("\"owner\": \"{seat}\""));
        let err = refusal(&bad_owner, &cards);
        assert!(
            err.contains("cards[1].owner") && err.contains(&format!("no player \"{seat}\"")),
            "{err}"
        );
    }
}

/// Card numbers are one byte: a scenario with 255 cards loads, one with 256
/// is refused, naming the limit.
#[test]
fn a_scenario_holds_at_most_255_cards() {
    let cards = Catalogue::bundled().unwrap();
    let with = |n: usize| {
        let list: Vec<String> = (0..n)
            .map(|i| format!("{{\"id\": \"c{i}\", \"card\": \"Grizzly Bears\", \"owner\": \"P1\", \"zone\": \"hand\"}}"))
            .collect();
        format!(
            "{{\"name\": \"many\", \"players\": 2, \"cards\": [{}], \"steps\": []}}",
            list.join(", ")
        )
    };
    assert!(run_text(Path::new("255.json"), &with(255), &cards).is_ok());
    let err = run_text(Path::new("256.json"), &with(256), &cards)
        .unwrap_err()
        .to_string();
    assert!(err.contains("too many cards: 256"), "{err}");
}

/// A spell whose every target became illegal does not resolve (608.2b):
/// the events of the pass that would resolve it say it fizzled.
#[test]
fn a_spell_with_no_legal_target_left_fizzles() {
    let text = r#"{
  "name": "fizzle",
  "players": 2,
  "cards": [
    {"id": "bear", "card": "Grizzly Bears", "owner": "P2", "zone": "battlefield"},
    {"id": "shock", "card": "Shock", "owner": "P1", "zone": "hand"},
    {"id": "unsummon", "card": "Boomerang", "owner": "P2", "zone": "hand"}
  ],
  "steps": []
}"#;
    let mut g = build_game(Path::new("f.json"), text, &Catalogue::bundled().unwrap()).unwrap();
    let (bear, shock, unsummon) = (CardId(0), CardId(1), CardId(2));
    g.apply_decision(&Decision::Cast {
        player: PlayerId(0),
        card: shock,
        targets: vec![Target::Permanent(bear)],
        x: None,
        convoke: None,
    })
    .unwrap();
    g.apply_decision(&Decision::Cast {
        player: PlayerId(1),
        card: unsummon,
        targets: vec![Target::Permanent(bear)],
        x: None,
        convoke: None,
    })
    .unwrap();
    let bounced = g.apply_decision(&Decision::PassAll).unwrap();
    assert!(!bounced.contains(&Event::Fizzled { source: unsummon }));
    let events = g.apply_decision(&Decision::PassAll).unwrap();
    assert!(
        events.contains(&Event::Fizzled { source: shock }),
        "{events:?}"
    );
}

#[test]
fn failed_expectations_and_violated_properties_are_reported() {
    let cards = Catalogue::bundled().unwrap();
    let wrong = SETUP.replace(
        "\"steps\": []",
        "\"steps\": [{\"expect\": [{\"card\": \"siege\", \"defense\": 3}]}]",
    );
    let report = run_text(Path::new("s.json"), &wrong, &cards).unwrap();
    assert_eq!(report.failures.len(), 1, "{report}");
    let f = &report.failures[0];
    assert_eq!(
        (f.step, f.expected.as_str(), f.actual.as_str()),
        (1, "3", "4")
    );

    // A Siege with more defense counters than printed breaks an invariant
    // that no state-based action repairs (a Siege protected by its own
    // controller is repaired as the position is settled, 704.5y).
    let broken = SETUP
        .replace(
            "\"card\": \"Invasion of Azgol\", \"owner\": \"P1\", \"zone\": \"battlefield\"}",
            "\"card\": \"Invasion of Azgol\", \"owner\": \"P1\", \"zone\": \"battlefield\", \"defense\": 9}",
        )
        .replace("\"steps\": []", "\"steps\": [{\"expect\": []}]");
    let report = run_text(Path::new("s.json"), &broken, &cards).unwrap();
    assert!(
        report
            .failures
            .iter()
            .any(|f| f.what == "property defense-never-exceeds-printed"),
        "{report}"
    );
    let self_protected = SETUP
        .replace(
            "\"card\": \"Invasion of Azgol\", \"owner\": \"P1\", \"zone\": \"battlefield\"}",
            "\"card\": \"Invasion of Azgol\", \"owner\": \"P1\", \"zone\": \"battlefield\", \"protector\": \"P1\"}",
        )
        .replace(
            "\"steps\": []",
            "\"steps\": [{\"expect\": [{\"card\": \"siege\", \"protector\": \"P2\"}]}]",
        );
    let report = run_text(Path::new("s.json"), &self_protected, &cards).unwrap();
    assert!(report.passed(), "{report}");
}

#[test]
fn a_creature_that_just_arrived_cannot_attack() {
    let text = SETUP.replace(
        "\"card\": \"Hill Giant\", \"owner\": \"P1\", \"zone\": \"battlefield\"",
        "\"card\": \"Hill Giant\", \"owner\": \"P1\", \"zone\": \"battlefield\", \"sick\": true",
    );
    let mut g = build_game(Path::new("s.json"), &text, &Catalogue::bundled().unwrap()).unwrap();
    g.apply_decision(&Decision::PassAll).unwrap();
    // No creature can attack: the empty declaration is made at once.
    assert_eq!(g.to_act(), Some(PlayerId(0)));
    assert!(g
        .legal_actions()
        .iter()
        .all(|a| !matches!(a, Action::DeclareAttackers { .. })));
}

/// The card directory loads to the same cards as the bundled catalogue (a
/// user's card directory is loaded the same way).
#[test]
fn the_card_directory_loads_the_bundled_cards() {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/cards"));
    let loaded = Catalogue::load_dir(dir).unwrap();
    let bundled = Catalogue::bundled().unwrap();
    assert!(loaded.len() >= 36, "{} cards", loaded.len());
    assert!(!loaded.is_empty() && Catalogue::default().is_empty());
    assert_eq!(loaded.len(), bundled.len());
    let mut names: Vec<&str> = loaded.iter().map(|c| c.name()).collect();
    names.sort();
    let mut expected: Vec<&str> = bundled.iter().map(|c| c.name()).collect();
    expected.sort();
    assert_eq!(names, expected);
    assert!(names.contains(&"Invasion of Kaladesh"));
}

/// An action out of turn is refused naming what the game waits for.
#[test]
fn a_refusal_names_what_the_game_waits_for() {
    let mut g = game(false);
    let err = g
        .apply(&Action::Pass {
            player: PlayerId(1),
        })
        .unwrap_err();
    assert!(err.to_string().contains("P1 to declare attackers"), "{err}");
}

/// The observation diff names exactly the fields that differ.
#[test]
fn differences_name_the_differing_fields() {
    use battlecheck_properties::diff::differences;
    let g = game(false);
    let expected = g.observe();
    assert!(differences(&expected, &expected).is_empty());
    let mut actual = expected.clone();
    actual.turn += 1;
    actual.players[1].life -= 3;
    let fields: Vec<String> = differences(&expected, &actual)
        .into_iter()
        .map(|d| format!("{}: {} -> {}", d.field, d.expected, d.actual))
        .collect();
    assert_eq!(fields, ["turn: 1 -> 2", "players[P2].life: 20 -> 17"]);
}

/// Scenario positions the rules cannot have are refused, naming the field.
#[test]
fn an_impossible_scenario_position_is_refused() {
    let cards = Catalogue::bundled().unwrap();
    let one_player = SETUP.replace("\"players\": 2,", "\"players\": 1,");
    let err = refusal(&one_player, &cards);
    assert!(
        err.contains("`players`") && err.contains("from 2 to 255"),
        "{err}"
    );
    let defense_in_hand = SETUP.replace(
        "{\"id\": \"mine\", \"card\": \"Hill Giant\", \"owner\": \"P1\", \"zone\": \"battlefield\"}",
        "{\"id\": \"mine\", \"card\": \"Invasion of Azgol\", \"owner\": \"P1\", \"zone\": \"hand\", \"defense\": 2}",
    );
    assert_ne!(defense_in_hand, SETUP);
    let err = refusal(&defense_in_hand, &cards);
    assert!(
        err.contains("cards[2]") && err.contains("for cards on the battlefield"),
        "{err}"
    );
    let attacking_from_hand = SETUP.replace(
        "{\"id\": \"mine\", \"card\": \"Hill Giant\", \"owner\": \"P1\", \"zone\": \"battlefield\"}",
        "{\"id\": \"mine\", \"card\": \"Hill Giant\", \"owner\": \"P1\", \"zone\": \"hand\", \"attacking\": \"P2\"}",
    );
    assert_ne!(attacking_from_hand, SETUP);
    let err = refusal(&attacking_from_hand, &cards);
    assert!(err.contains("for cards on the battlefield"), "{err}");
}

/// Only an artifact with the Equipment subtype is an Equipment (301.5): not
/// an artifact back face of another subtype, not a creature.
#[test]
fn only_artifact_equipment_is_equipment() {
    let text = SETUP.replace(
        "{\"id\": \"mine\", \"card\": \"Hill Giant\", \"owner\": \"P1\", \"zone\": \"battlefield\"}",
        "{\"id\": \"ring\", \"card\": \"Invasion of Vryn\", \"owner\": \"P1\", \"zone\": \"battlefield\", \"back_face\": true}, {\"id\": \"sword\", \"card\": \"Bonesplitter\", \"owner\": \"P1\", \"zone\": \"battlefield\"}",
    );
    assert_ne!(text, SETUP);
    let g = build_game(Path::new("s.json"), &text, &Catalogue::bundled().unwrap()).unwrap();
    assert!(
        !g.is_equipment(CardId(2)),
        "Overloaded Mage-Ring is an artifact, not an Equipment"
    );
    assert!(g.is_equipment(CardId(3)), "Bonesplitter is an Equipment");
    assert!(!g.is_equipment(CardId(1)), "Grizzly Bears is a creature");
}

/// A scenario with more players than a game can seat is refused.
#[test]
fn a_scenario_with_256_players_is_refused() {
    let players = vec!["{}"; 256].join(", ");
    let text = SETUP.replace("\"players\": 2,", &format!("\"players\": [{players}],"));
    let err = run_text(Path::new("s.json"), &text, &Catalogue::bundled().unwrap())
        .unwrap_err()
        .to_string();
    assert!(err.contains("from 2 to 255 players"), "{err}");
    let players = vec!["{}"; 255].join(", ");
    let text = SETUP.replace("\"players\": 2,", &format!("\"players\": [{players}],"));
    assert!(build_game(Path::new("s.json"), &text, &Catalogue::bundled().unwrap()).is_ok());
}

/// A game copied into another (`clone_from`, which keeps the target's
/// allocations: candidate decisions are judged on such copies) is the
/// same game as a fresh copy, whatever the target held: more or fewer
/// cards, players, library cards.
#[test]
fn a_game_copied_into_another_is_the_same_game() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/c05-invasion-of-alara.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let cards = Catalogue::bundled().unwrap();
    let large = build_game(&path, &text, &cards).unwrap();
    let small = game(true);
    assert_ne!(format!("{large:?}"), format!("{small:?}"));
    for (from, into) in [(&small, &large), (&large, &small)] {
        let mut copy = into.clone();
        copy.clone_from(from);
        assert_eq!(format!("{copy:?}"), format!("{from:?}"));
    }
}

/// A card label that would read as another name (a player, a card number,
/// a trigger, a graveyard card) or as a word of expectations is refused,
/// naming what it reads as; a label that only begins like one is not.
#[test]
fn a_label_that_reads_as_another_name_is_refused() {
    let cards = Catalogue::bundled().unwrap();
    let with_label = |label: &str| {
        let text = SETUP.replace("\"id\": \"mine\"", &format!("\"id\": {label:?}"));
        assert_ne!(text, SETUP);
        run_text(Path::new("s.json"), &text, &cards).map_err(|e| e.to_string())
    };
    for (label, why) in [
        ("P2", "reads as a player"),
        ("P17", "reads as a player"),
        ("#0", "reads as a card number"),
        ("trigger:siege", "reads as a triggered ability"),
        ("card:bear", "reads as a card in a graveyard"),
        ("none", "is reserved"),
        ("nothing", "is reserved"),
        ("", "is reserved"),
    ] {
        let err = with_label(label).unwrap_err();
        assert!(
            err.contains("cards[2].id") && err.contains(&format!("label {label:?} {why}")),
            "{label}: {err}"
        );
    }
    for label in ["P", "Plains", "P2b", "Pyre"] {
        assert!(with_label(label).is_ok(), "{label}");
    }
}

/// Each field that puts something on the battlefield (defense, loyalty,
/// counters, a protector, an attachment, combat) is refused, alone, on a
/// card in another zone; a spell given on the stack must be in the stack
/// zone, and a position may wait for the declaration of attackers.
#[test]
fn battlefield_fields_and_stack_entries_are_checked_one_by_one() {
    let cards = Catalogue::bundled().unwrap();
    let giant = "{\"id\": \"mine\", \"card\": \"Hill Giant\", \"owner\": \"P1\", \"zone\": \"battlefield\"}";
    for field in [
        "\"defense\": 2",
        "\"loyalty\": 2",
        "\"plus_one_counters\": 1",
        "\"protector\": \"P2\"",
        "\"attached_to\": \"bear\"",
        "\"attacking\": \"P2\"",
        "\"blocking\": \"bear\"",
    ] {
        let text = SETUP.replace(
            giant,
            &giant.replace(
                "\"zone\": \"battlefield\"",
                &format!("\"zone\": \"hand\", {field}"),
            ),
        );
        let err = refusal(&text, &cards);
        assert!(
            err.contains("cards[2]") && err.contains("for cards on the battlefield"),
            "{field}: {err}"
        );
    }
    let shock = |zone: &str| {
        SETUP
            .replace(
                giant,
                &format!("{{\"id\": \"shock\", \"card\": \"Shock\", \"owner\": \"P1\", \"zone\": \"{zone}\"}}"),
            )
            .replace(
                "\"steps\": []",
                "\"step\": \"main1\", \"stack\": [{\"spell\": \"shock\", \"targets\": [\"P2\"]}], \"steps\": [{\"do\": \"pass_all\", \"expect\": [{\"player\": \"P2\", \"life\": 18}, {\"card\": \"shock\", \"zone\": \"graveyard\"}]}]",
            )
            .replace("\"step\": \"begin_combat\",", "")
    };
    let on_stack = run_text(Path::new("s.json"), &shock("stack"), &cards).unwrap();
    assert!(on_stack.passed(), "{on_stack}");
    let err = refusal(&shock("hand"), &cards);
    assert!(
        err.contains("stack[0]") && err.contains("its zone must be \"stack\""),
        "{err}"
    );
    // A position waiting for a declaration is not settled by state-based
    // actions: the token slot of Mirror the Front (#4) is outside the game
    // as written, not in its maker's hand.
    let declaring = SETUP
        .replace(
            "\"step\": \"begin_combat\"",
            "\"step\": \"declare_attackers\", \"pending\": \"declare_attackers\"",
        )
        .replace(
            "\"zone\": \"battlefield\"}\n  ],",
            "\"zone\": \"battlefield\"},\n    {\"id\": \"mirror\", \"card\": \"Mirror the Front\", \"owner\": \"P1\", \"zone\": \"hand\"}\n  ],",
        )
        .replace(
            "\"steps\": []",
            "\"steps\": [{\"expect\": [{\"pending\": \"declare_attackers\", \"to_act\": \"P1\"}, {\"player\": \"P1\", \"hand\": 1}, {\"card\": \"#4\", \"zone\": \"outside\"}]}]",
        );
    assert!(declaring.contains("Mirror the Front"));
    let report = run_text(Path::new("s.json"), &declaring, &cards).unwrap();
    assert!(report.passed(), "{report}");
}

/// A refusal for a target out of range names the target as players read
/// it: the player, the permanent (801.4).
#[test]
fn a_target_out_of_range_is_named() {
    let text = r#"{
  "name": "range",
  "players": 5,
  "variant": {"range": 1},
  "cards": [
    {"id": "shock", "card": "Shock", "owner": "P1", "zone": "hand"},
    {"id": "bear", "card": "Grizzly Bears", "owner": "P3", "zone": "battlefield"}
  ],
  "steps": []
}"#;
    let g = build_game(Path::new("s.json"), text, &Catalogue::bundled().unwrap()).unwrap();
    let refused = |t: Target| {
        let mut g = g.clone();
        g.apply(&Action::Cast {
            player: PlayerId(0),
            card: CardId(0),
            targets: vec![t],
            x: None,
            convoke: Vec::new(),
        })
        .unwrap_err()
        .to_string()
    };
    let said = refused(Target::Player(PlayerId(2)));
    assert!(
        said.contains("P3 is outside P1's range of influence"),
        "{said}"
    );
    let said = refused(Target::Permanent(CardId(1)));
    assert!(
        said.contains("#1 is outside P1's range of influence"),
        "{said}"
    );
}

/// The actions offered to the player with priority in a game that pays
/// mana include playing a land card from their own hand (305.1) and
/// activating the mana ability of a land they control (605.3a, 602.2);
/// another player's land cards and lands are not offered to them.
#[test]
fn legal_actions_offer_the_players_own_land_plays_and_mana_abilities() {
    let text = r#"{
  "name": "lands",
  "players": 2,
  "mana": true,
  "cards": [
    {"id": "forest", "card": "Forest", "owner": "P1", "zone": "battlefield"},
    {"id": "plains", "card": "Plains", "owner": "P1", "zone": "hand"},
    {"id": "theirs", "card": "Forest", "owner": "P2", "zone": "battlefield"},
    {"id": "theirplains", "card": "Plains", "owner": "P2", "zone": "hand"}
  ],
  "steps": []
}"#;
    let g = build_game(Path::new("s.json"), text, &Catalogue::bundled().unwrap()).unwrap();
    assert_eq!(g.to_act(), Some(PlayerId(0)));
    let legal = g.legal_actions();
    let mana_from = |source: CardId| {
        legal.iter().any(|a| {
            matches!(a, Action::ActivateMana { player: PlayerId(0), source: s, .. } if *s == source)
        })
    };
    assert!(mana_from(CardId(0)), "{legal:?}");
    assert!(!mana_from(CardId(2)), "{legal:?}");
    let plays = |card: CardId| {
        legal.iter().any(|a| {
            matches!(a, Action::PlayLand { player: PlayerId(0), card: c, back_face: false } if *c == card)
        })
    };
    assert!(plays(CardId(1)), "{legal:?}");
    assert!(!plays(CardId(3)), "{legal:?}");
}

/// A card type listed twice in a card file is still a type of the face
/// (205.2a: the card types an object has), not one the repetition cancels.
#[test]
fn a_card_type_listed_twice_is_still_the_faces_type() {
    use battlecheck_engine::cards::card::{CardType, Listed};
    let types = Listed::from(vec![
        CardType::Artifact,
        CardType::Creature,
        CardType::Artifact,
    ]);
    assert!(types.contains(CardType::Artifact));
    assert!(types.contains(CardType::Creature));
    assert!(!types.contains(CardType::Land));
    let mut c = Catalogue::default();
    let text = r#"{"cards": [{"name": "Twice Bear", "types": ["creature", "creature"], "power": 2, "toughness": 2}]}"#;
    c.add_text(Path::new("cards/twice.json"), text).unwrap();
    let card = c.get("Twice Bear").unwrap();
    assert!(card.front().is(CardType::Creature));
}

/// The actions offered include casting a creature spell from one's hand in
/// one's main phase (307.1, here as a permanent spell: 601.2) and, for a
/// defending player, blocking with a creature they control (509.1a).
#[test]
fn legal_actions_offer_a_cast_and_a_block_with_ones_own_creature() {
    let text = r#"{
  "name": "cast",
  "players": 2,
  "cards": [
    {"id": "bears", "card": "Grizzly Bears", "owner": "P1", "zone": "hand"}
  ],
  "steps": []
}"#;
    let g = build_game(Path::new("s.json"), text, &Catalogue::bundled().unwrap()).unwrap();
    let cast = Action::Cast {
        player: PlayerId(0),
        card: CardId(0),
        targets: vec![],
        x: None,
        convoke: Vec::new(),
    };
    assert!(g.legal_actions().contains(&cast), "{:?}", g.legal_actions());

    let g = at_blocks();
    let block = Action::DeclareBlockers {
        player: PlayerId(1),
        blocks: vec![(CardId(1), CardId(2))],
    };
    assert!(
        g.legal_actions().contains(&block),
        "{:?}",
        g.legal_actions()
    );
}

/// 310.9g: a battle that stops being a battle keeps its protector, so a
/// position may give a protector to a card with a battle face that is not
/// a battle now (a Siege back face up), but not to a card that never was a
/// battle (310.9).
#[test]
fn a_position_gives_a_protector_only_to_a_card_with_a_battle_face() {
    let cards = Catalogue::bundled().unwrap();
    let position = |card: &str, back_face: bool| {
        let history = if back_face {
            r#", "history": {"defeats": 1, "triggers": 1, "trigger_exiles": 1, "transformed_casts": 1}"#
        } else {
            ""
        };
        format!(
            r#"{{"name": "p", "players": 2, "cards": [{{"id": "x", "card": "{card}", "owner": "P1", "zone": "battlefield", "back_face": {back_face}, "protector": "P2"{history}}}], "steps": []}}"#
        )
    };
    build_game(
        Path::new("s.json"),
        &position("Invasion of Regatha", true),
        &cards,
    )
    .unwrap();
    let err = build_game(
        Path::new("s.json"),
        &position("Grizzly Bears", false),
        &cards,
    )
    .unwrap_err()
    .to_string();
    assert!(
        err.contains("Grizzly Bears is not a battle: only a battle has a protector (310.9)"),
        "{err}"
    );
}

/// A cast refused as its cost is paid is undone whole (732.1: "the entire
/// action is reversed and any payments already made are canceled ... the
/// spell returns to the zone it came from"; 601.2h: "Partial payments are
/// not allowed"): with {G} in P1's pool, Grizzly Bears ({1}{G}) can't be
/// paid for, and after the refusal the Bears are in P1's hand and the {G}
/// still in the pool, through the action API and the decision API alike.
#[test]
fn a_cast_refused_as_it_pays_leaves_the_game_as_it_was() {
    let text = r#"{
  "name": "unpaid",
  "players": 2,
  "mana": true,
  "cards": [
    {"id": "forest", "card": "Forest", "owner": "P1", "zone": "battlefield"},
    {"id": "bears", "card": "Grizzly Bears", "owner": "P1", "zone": "hand"}
  ],
  "steps": []
}"#;
    let mut g = build_game(Path::new("s.json"), text, &Catalogue::bundled().unwrap()).unwrap();
    let tap = g
        .legal_actions()
        .into_iter()
        .find(|a| {
            matches!(
                a,
                Action::ActivateMana {
                    source: CardId(0),
                    ..
                }
            )
        })
        .expect("the Forest's mana ability is offered");
    g.apply(&tap).unwrap();
    let pool = g.players[0].pool;
    assert_ne!(
        pool,
        battlecheck_engine::cards::mana_cost::Pool::default(),
        "the Forest added {{G}}"
    );
    let before = g.observe();
    let cast = Action::Cast {
        player: PlayerId(0),
        card: CardId(1),
        targets: Vec::new(),
        x: None,
        convoke: Vec::new(),
    };
    let decision = cast.as_decision().expect("a cast is a decision");
    for refused in [g.apply(&cast).err(), g.apply_decision(&decision).err()] {
        let e = refused.expect("the cast can't be paid for");
        assert_eq!(e.rule(), Some("601.2h"), "{e}");
        assert_eq!(g.observe(), before);
        assert_eq!(g.players[0].pool, pool);
        assert_eq!(g.objects[1].zone, battlecheck_properties::Zone::Hand);
    }
}

/// Who makes a choice that no decision names is the controller, not the
/// owner: a stolen Siege's new protector is chosen by "that battle's
/// controller" (704.5y), here P2 with two opponents to choose from, not
/// its owner P1; a borrowed trampler's damage is assigned by its
/// controller (702.19b, 510.1c), P1, not its owner P2.
#[test]
fn the_chooser_of_a_choice_no_decision_names_is_the_controller() {
    let cards = Catalogue::bundled().unwrap();
    let stolen = r#"{"name": "stolen", "players": 3, "cards": [
  {"id": "siege", "card": "Invasion of Pyrulea", "owner": "P1", "zone": "battlefield", "protector": "P2"},
  {"id": "threaten", "card": "Threaten the Gates", "owner": "P2", "zone": "hand"}
], "steps": []}"#;
    let mut g = build_game(Path::new("s.json"), stolen, &cards).unwrap();
    g.apply(&Action::Pass {
        player: PlayerId(0),
    })
    .unwrap();
    g.apply(&Action::Cast {
        player: PlayerId(1),
        card: CardId(1),
        targets: vec![Target::Permanent(CardId(0))],
        x: None,
        convoke: Vec::new(),
    })
    .unwrap();
    g.apply_decision(&Decision::PassAll).unwrap();
    assert_eq!(g.objects[0].controller, PlayerId(1));
    assert_eq!(g.choosers(), [PlayerId(1)]);
    assert_eq!(g.to_act(), Some(PlayerId(1)));

    let borrowed = r#"{"name": "borrowed", "players": 3, "step": "begin_combat", "cards": [
  {"id": "dreadmaw", "card": "Colossal Dreadmaw", "owner": "P2", "zone": "battlefield", "control_effect": "P1"},
  {"id": "wall", "card": "Wall of Wood", "owner": "P3", "zone": "battlefield"}
], "steps": []}"#;
    let mut g = build_game(Path::new("s.json"), borrowed, &cards).unwrap();
    g.apply_decision(&Decision::PassAll).unwrap();
    assert!(
        g.choosers().is_empty(),
        "an attack declaration names its player"
    );
    g.apply(&Action::DeclareAttackers {
        player: PlayerId(0),
        attacks: vec![(CardId(0), AttackTarget::Player(PlayerId(2)))],
    })
    .unwrap();
    g.apply_decision(&Decision::PassAll).unwrap();
    g.apply(&Action::DeclareBlockers {
        player: PlayerId(2),
        blocks: vec![(CardId(1), CardId(0))],
    })
    .unwrap();
    g.apply_decision(&Decision::PassAll).unwrap();
    assert_eq!(g.choosers(), [PlayerId(0)]);
    assert_eq!(g.to_act(), Some(PlayerId(0)));
}
