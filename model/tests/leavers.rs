#![allow(clippy::mutable_key_type)] // a state refers to its setup, whose atomic flag takes no part in Eq, Ord or Hash
//! A player who leaves the game takes the cards they own out of it (800.4a),
//! and the model forgets how many times each of those cards changed zones
//! (its incarnation, 400.7, goes back to 0): see
//! `GameState::forget_zone_changes`. That is exact only if nothing ever
//! reads those incarnations again. This test checks it the way a
//! bisimulation is checked: for every reachable state `s`, the state `t`
//! that differs from `s` only in those incarnations (given other values)
//! offers the same decisions, shows the players the same game, and each
//! decision leads from `t` to the state it leads to from `s`, but for those
//! incarnations. So the games the model forgot and the games it keeps have
//! the same futures and the same verdicts.

use battlecheck::rules::config::Config;
use battlecheck::rules::state::StackItem;
use battlecheck::{BattleModel, GameState};
use battlecheck_properties::view::Observation;
use battlecheck_properties::{CardId, Decision, Target, Zone};
use stateright::{Model, Representative};
use std::collections::{HashSet, VecDeque};

/// Which objects a variant may change.
#[derive(Clone, Copy, PartialEq)]
enum Forgotten {
    /// The objects the model forgets: outside the game, owned by a player
    /// who left.
    LeaversCards,
    /// Also every permanent a spell on the stack targets (a deliberately
    /// wrong reduction, for the test of the test).
    AlsoTargets,
}

/// The objects of `s` that `which` names.
fn forgotten(s: &GameState, which: Forgotten) -> Vec<usize> {
    (0..s.objs.len())
        .filter(|&i| {
            let o = &s.objs[i];
            let owner = s.setup().def(CardId(i as u8)).owner;
            (!s.in_game(owner) && o.zone == Zone::Outside)
                || (which == Forgotten::AlsoTargets
                    && o.zone == Zone::Battlefield
                    && targeted(s, i))
        })
        .collect()
}

/// Does a spell on the stack of `s` target object `i`?
fn targeted(s: &GameState, i: usize) -> bool {
    s.stack.iter().any(|item| match item {
        StackItem::Spell { targets, .. } => targets
            .iter()
            .flatten()
            .any(|t| t.target == Target::Permanent(CardId(i as u8))),
        _ => false,
    })
}

/// `s` with the incarnations of objects `ids` set to `value` (an object's
/// number added, so that they differ among themselves). Two states are the
/// same but for those incarnations when their variants with one value are
/// equal.
fn variant(s: &GameState, ids: &[usize], value: u8) -> GameState {
    let mut t = s.clone();
    for &i in ids {
        t.objs[i].incarnation = value.wrapping_add(i as u8);
    }
    t
}

fn decisions(s: &GameState) -> Vec<Decision> {
    let mut all = Vec::new();
    s.decisions(&mut all);
    all
}

fn after(s: &GameState, d: &Decision) -> GameState {
    let mut next = s.clone();
    next.apply(d);
    next
}

/// The first reachable state (breadth-first, one per orbit of the symmetry
/// reduction) whose variants have another future, described; `None` if
/// every variant of every state has the same one. Also how many states had
/// variants.
fn first_difference(config: Config, which: Forgotten) -> (Option<String>, usize) {
    let model = BattleModel::new(config).unwrap();
    let mut seen = HashSet::new();
    let mut queue = VecDeque::from(model.init_states());
    let mut varied = 0;
    while let Some(s) = queue.pop_front() {
        if !seen.insert(s.representative()) {
            continue;
        }
        let mine = decisions(&s);
        let ids = forgotten(&s, which);
        for value in [1, 7].into_iter().filter(|_| !ids.is_empty()) {
            let t = variant(&s, &ids, value);
            varied += 1;
            let describe = |why: String| Some(format!("{why}\nstate:\n{}", s.describe()));
            if decisions(&t) != mine {
                return (describe("other decisions".into()), varied);
            }
            if Observation::of(&t) != Observation::of(&s) {
                return (describe("the players see another game".into()), varied);
            }
            for d in &mine {
                let expected = after(&s, d);
                let got = after(&t, d);
                if variant(&got, &ids, 0) != variant(&expected, &ids, 0) {
                    return (
                        describe(format!("after {d:?} another state:\n{}", got.describe())),
                        varied,
                    );
                }
            }
        }
        queue.extend(mine.iter().map(|d| after(&s, d)));
    }
    (None, varied)
}

#[test]
fn a_leavers_forgotten_zone_changes_change_no_future() {
    for preset in [
        "tiny",
        "default",
        "copies",
        "mimic",
        "range-1",
        "reselect",
        "two-headed-giant",
        "gobakhan",
    ] {
        let config = Config::preset(preset).unwrap();
        let (difference, varied) = first_difference(config, Forgotten::LeaversCards);
        if let Some(d) = difference {
            panic!("preset {preset}: forgetting a leaver's zone changes changes the game\n{d}");
        }
        assert!(varied > 0, "preset {preset}: no player ever leaves");
    }
}

/// The test above can fail: the incarnation of a permanent a spell
/// targets does matter (the target is the same object only while its
/// incarnation is, 608.2b), and forgetting it is found: the spell fizzles
/// when everyone passes.
#[test]
fn forgetting_a_targets_zone_changes_is_found() {
    let (difference, _) =
        first_difference(Config::preset("default").unwrap(), Forgotten::AlsoTargets);
    let difference = difference.expect("a target's incarnation decides whether it is legal");
    assert!(difference.starts_with("after PassAll"), "{difference}");
}
