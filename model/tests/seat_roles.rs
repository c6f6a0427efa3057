//! Every seat role for every choice: for each kind of decision, and each
//! card whose ability or spell asks for it, some configuration CI runs
//! through `coverage` lets a player other than the first make it. A bug
//! that gives a choice to the wrong seat (Zilortha's "you control" read as
//! "any player", an ability offered to its controller's opponents) is
//! invisible where only the first player ever makes that choice.
//!
//! The one-turn configurations of the CI suite are explored exhaustively;
//! their full rounds, as they are and with their seats turned by one
//! (`coverage --random-games`), by random games. The test
//! also shows that the one-turn suite alone leaves a choice to the first
//! player only (Zilortha's), which is why `coverage` plays the full rounds.

use battlecheck::check::random::pick;
use battlecheck::check::search::fingerprint;
use battlecheck::conform::suite;
use battlecheck::rules::state::GameState;
use battlecheck::{BattleModel, Config};
use battlecheck_properties::{Decision, PlayerId};
use stateright::Model;
use std::collections::{BTreeMap, BTreeSet, HashSet};

/// A decision's kind and the card it is about (the spell cast, the
/// ability's source, the attacker), by name.
type Choice = (&'static str, String);

/// Who makes `d` in `s`: the player it names, the active player for the
/// attacks, the controllers of the blockers, of the battles given a
/// protector and of an attacker whose damage is assigned. Nobody for
/// passing priority, which every player does.
fn deciders(s: &GameState, d: &Decision) -> Vec<PlayerId> {
    use Decision::*;
    let controller = |c| s.obj(c).controller;
    match d {
        PassAll => vec![],
        DeclareAttackers { .. } => vec![s.active],
        DeclareBlockers { blocks } => blocks.iter().map(|&(b, _)| controller(b)).collect(),
        ChooseProtectors { choices } => choices.iter().map(|&(c, _)| controller(c)).collect(),
        AssignTrample { attacker, .. } | DivideDamage { attacker, .. } => {
            vec![controller(*attacker)]
        }
        Cast { player, .. }
        | PlayLand { player, .. }
        | ActivateMana { player, .. }
        | Activate { player, .. }
        | Equip { player, .. }
        | Concede { player }
        | ChooseCopy { player, .. }
        | AssignAsUnblocked { player, .. }
        | CastTransformed { player, .. }
        | TargetTrigger { player, .. }
        | ChooseModes { player, .. }
        | PayUnless { player, .. }
        | ReselectAttack { player, .. }
        | ChooseCards { player, .. }
        | KeepLegend { player, .. }
        | ChooseNewTargets { player, .. } => vec![*player],
    }
}

/// The card a decision is about, by name (none for attacks, blocks and
/// protector choices, which are about several).
fn about(s: &GameState, d: &Decision) -> String {
    use Decision::*;
    let card = match d {
        Cast { card, .. } | CastTransformed { card, .. } | ChooseCopy { card, .. } => Some(*card),
        TargetTrigger { source, .. } | ChooseCards { source, .. } | Activate { source, .. } => {
            Some(*source)
        }
        Equip { equipment, .. } => Some(*equipment),
        AssignAsUnblocked { attacker, .. }
        | ReselectAttack { attacker, .. }
        | AssignTrample { attacker, .. }
        | DivideDamage { attacker, .. } => Some(*attacker),
        _ => None,
    };
    card.map_or_else(String::new, |c| format!("{:?}", s.setup().def(c).name))
}

/// Record every decision of `s`: which seats make each choice.
fn record(s: &GameState, seats: &mut BTreeMap<Choice, BTreeSet<u8>>) {
    let mut ds = Vec::new();
    s.decisions(&mut ds);
    for d in &ds {
        let entry = seats.entry((d.kind(), about(s, d))).or_default();
        entry.extend(deciders(s, d).into_iter().map(|p| p.0));
    }
}

/// Every reachable state of `config`.
fn explore(config: &Config, seats: &mut BTreeMap<Choice, BTreeSet<u8>>) {
    let model = BattleModel::new(config.clone()).unwrap();
    let init = model.init_states().remove(0);
    let mut seen = HashSet::from([fingerprint(&init)]);
    let mut queue = vec![init];
    while let Some(s) = queue.pop() {
        record(&s, seats);
        let mut ds = Vec::new();
        s.decisions(&mut ds);
        for d in ds {
            let mut next = s.clone();
            next.apply(&d);
            if seen.insert(fingerprint(&next)) {
                queue.push(next);
            }
        }
    }
}

/// `games` random games of `config` (a fixed seed), each to its end,
/// leaning toward battle play as `check --random-games` does.
fn play(config: &Config, games: usize, seats: &mut BTreeMap<Choice, BTreeSet<u8>>) {
    let model = BattleModel::new(config.clone()).unwrap();
    let init = model.init_states().remove(0);
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut ds = Vec::new();
    for _ in 0..games {
        let mut s = init.clone();
        loop {
            record(&s, seats);
            ds.clear();
            s.decisions(&mut ds);
            if ds.is_empty() {
                break;
            }
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let d = pick(&ds, x as u16).clone();
            s.apply(&d);
        }
    }
}

/// The choices only the first player makes.
fn first_seat_only(seats: &BTreeMap<Choice, BTreeSet<u8>>) -> Vec<&Choice> {
    seats
        .iter()
        .filter(|(_, s)| !s.is_empty() && s.iter().all(|&p| p == 0))
        .map(|(c, _)| c)
        .collect()
}

#[test]
fn every_choice_is_made_by_another_seat_than_the_first_somewhere() {
    let configs = suite::ci().unwrap();
    let mut one_turn = BTreeMap::new();
    for c in &configs {
        explore(c, &mut one_turn);
    }
    let alone = first_seat_only(&one_turn);
    assert!(
        alone.iter().any(|(kind, _)| *kind == "assign_as_unblocked"),
        "the one-turn suite lets another seat use Zilortha: {alone:?}"
    );
    let mut all = one_turn;
    for c in &configs {
        play(&suite::full_round(c).unwrap(), 1000, &mut all);
        let turned = suite::turned(c).unwrap();
        play(&suite::full_round(&turned).unwrap(), 1000, &mut all);
    }
    assert!(
        first_seat_only(&all).is_empty(),
        "choices only the first player makes in every CI configuration: {:?}",
        first_seat_only(&all)
    );
}
