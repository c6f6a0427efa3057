//! The state's hash is its identity in the checker (stateright keeps only
//! 64-bit fingerprints of visited states), so the packing behind it
//! (`battlecheck::check::fingerprint`) must be lossless: on every reachable state
//! of the presets, different states give different packed words.

use battlecheck::check::model::BattleModel;
use battlecheck::rules::config::Config;
use battlecheck::GameState;
use stateright::Model;
use std::collections::btree_map::Entry;
use std::collections::BTreeMap;
use std::hash::Hash;
use words::recorded;

mod words;

fn words(s: &GameState) -> Vec<u8> {
    recorded(|r| s.hash(r))
}

/// Explores `preset` breadth-first with states identified by their packed
/// words, and fails on two different states with the same words. Returns
/// the number of states.
fn assert_injective(config: Config) -> usize {
    let preset = config.name.clone();
    let model = BattleModel::new(config).unwrap();
    let mut seen: BTreeMap<Vec<u8>, GameState> = BTreeMap::new();
    let mut frontier = model.init_states();
    for s in &frontier {
        seen.insert(words(s), s.clone());
    }
    while let Some(state) = frontier.pop() {
        for next in model.next_states(&state) {
            match seen.entry(words(&next)) {
                Entry::Occupied(e) => assert!(
                    *e.get() == next,
                    "{preset}: two different states pack alike:\n{:?}\n{:?}",
                    e.get(),
                    next
                ),
                Entry::Vacant(e) => {
                    e.insert(next.clone());
                    frontier.push(next);
                }
            }
        }
    }
    seen.len()
}

/// `battlecheck check --preset default --hand 3= --no-symmetry`.
const THREE: usize = 283_836;

#[test]
fn packing_is_injective() {
    // The same counts as `battlecheck check --preset P --no-symmetry`.
    let preset = |name| Config::preset(name).unwrap();
    assert_eq!(assert_injective(preset("tiny")), 214);
    assert_eq!(assert_injective(preset("copies")), 21_881);
    assert_eq!(assert_injective(preset("mimic")), 68_738);
    assert_eq!(assert_injective(preset("duel")), 37_363);
    // Zilortha's choices, Lightshield Array's counters and shield.
    assert_eq!(assert_injective(preset("zilortha")), 23_456);
    assert_eq!(assert_injective(preset("gobakhan")), 102_683);
    // Three players, with concessions and a player's control effects
    // ending as they leave: the default's cards but one steal.
    let mut three = preset("default");
    three.seats[2].hand.clear();
    assert_eq!(assert_injective(three), THREE);
}

/// Every seat is laid out, up to six players: no preset has more than
/// four, so the test above never sees a fifth or sixth seat.
#[test]
fn every_seat_is_laid_out() {
    for n in 2..=6 {
        let mut config = Config::preset("tiny").unwrap();
        config.set_players(n).unwrap();
        let model = BattleModel::new(config).unwrap();
        let state = model.init_states().remove(0);
        let mut other = state.clone();
        other.players[n - 1].life -= 1;
        assert_ne!(words(&state), words(&other), "{n} players");
    }
}
