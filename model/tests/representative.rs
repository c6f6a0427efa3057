#![allow(clippy::mutable_key_type)] // a state refers to its setup, whose atomic flag takes no part in Eq, Ord or Hash
//! The symmetry reduction's representative (`battlecheck::check::symmetry`)
//! must be one state per orbit: the same for a state and every renaming of
//! it, whichever renaming the search meets first, and hashed the same way
//! whether it is built or hashed in place (the check hashes it in place,
//! comparing renamed states part by part without building them). Its
//! orbits must be those of the plain definition, the least state over all
//! renamings. Checked on the first states (breadth-first) and along random
//! games of four-player configurations, whose three opponents are
//! interchangeable, and on those states with what their objects name
//! scrambled.

use battlecheck::rules::cards::CardName::{Bear, Steal};
use battlecheck::rules::config::Config;
use battlecheck::{BattleModel, GameState};
use battlecheck_properties::{CardId, Decision, PlayerId, Target};
use rng::Rng;
use stateright::{Model, Representative};
use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::hash::Hash;
use words::recorded;

mod rng;
mod words;

/// The words the check hashes for `s`'s representative, without building it.
fn hashed_representative(s: &GameState) -> Vec<u8> {
    recorded(|r| s.hash_representative(r))
}

fn words(s: &GameState) -> Vec<u8> {
    recorded(|r| s.hash(r))
}

/// The least state over every renaming allowed now (the identity with its
/// waiting triggers sorted included): the plain definition of an orbit's
/// representative.
fn least_of_all(s: &GameState) -> GameState {
    let setup = s.setup();
    let mut sorted = s.clone();
    sorted.waiting.sort();
    if s.turn + 1 < setup.config.turns {
        return s.clone();
    }
    setup.renamings[s.active.0 as usize]
        .iter()
        .map(|r| s.renamed(r))
        .fold(sorted, std::cmp::min)
}

/// Checks one state; `orbits` pairs each representative with the least
/// state over all renamings, which must correspond one to one, and counts
/// the states checked with two or more triggers waiting.
fn check_state(
    s: &GameState,
    orbits: &mut (
        BTreeMap<GameState, GameState>,
        BTreeMap<GameState, GameState>,
        usize,
    ),
) {
    let rep = s.representative();
    assert_eq!(
        hashed_representative(s),
        words(&rep),
        "the representative hashed in place differs from the one built, for\n{}",
        s.describe()
    );
    let setup = s.setup();
    if s.turn + 1 >= setup.config.turns {
        for r in &setup.renamings[s.active.0 as usize] {
            let renamed = s.renamed(r);
            // What a broken step rule names is renamed with the rest (by
            // this test's own reading of the renaming: `renamed` and the
            // representative share the model's).
            let subject = s.broken.map(|b| match b.subject {
                Target::Player(q) => Target::Player(PlayerId(r.seat[q.0 as usize])),
                Target::Permanent(c) => Target::Permanent(CardId(r.object[c.0 as usize])),
                other => other,
            });
            assert_eq!(renamed.broken.map(|b| b.subject), subject);
            assert!(
                renamed.representative() == rep,
                "a renaming of\n{}\nhas another representative:\n{}\nagainst\n{}",
                s.describe(),
                renamed.representative().describe(),
                rep.describe()
            );
            assert_eq!(hashed_representative(&renamed), words(&rep));
        }
    }
    // The triggers waiting to be put on the stack are a set until then
    // (603.3b): in any other order the state has the same representative.
    if s.waiting.len() >= 2 {
        let mut reordered = s.clone();
        reordered.waiting.reverse();
        assert!(
            reordered.representative() == rep,
            "its waiting triggers in another order give another representative:\n{}",
            s.describe()
        );
        assert_eq!(hashed_representative(&reordered), words(&rep));
        orbits.2 += 1;
    }
    let least = least_of_all(s);
    for (from, to) in [(&rep, &least), (&least, &rep)] {
        let map = if std::ptr::eq(from, &rep) {
            &mut orbits.0
        } else {
            &mut orbits.1
        };
        match map.entry(from.clone()) {
            Entry::Vacant(v) => {
                v.insert(to.clone());
            }
            Entry::Occupied(o) => assert!(
                o.get() == to,
                "two orbits share a representative, or one has two:\n{}",
                s.describe()
            ),
        }
    }
}

/// `s` with the players and objects its objects name drawn at random, and
/// some triggers waiting and a broken step rule drawn at random: the
/// representative is one state per orbit for every state, reachable or not,
/// and few reachable states of a one-turn game have an object of one
/// interchangeable seat naming another's (a copy, an attachment, a block),
/// none a trigger waiting between two decisions.
fn scrambled(s: &GameState, rng: &mut Rng) -> GameState {
    use battlecheck::rules::state::{Ability, Combat, Waiting};
    use battlecheck_properties::step::{StepBreak, StepRule};
    let mut t = s.clone();
    let (players, objects) = (t.players.len(), t.objs.len());
    for o in t.objs.iter_mut() {
        let player = PlayerId(rng.below(players) as u8);
        let object = |rng: &mut Rng| CardId(rng.below(objects) as u8);
        match rng.below(4) {
            0 => o.copy_of = Some(object(rng)),
            1 => o.attached_to = Some(object(rng)),
            2 => o.combat = Combat::Blocking(object(rng)),
            _ => o.controller = player,
        }
        if rng.below(2) == 0 {
            o.protector = Some(PlayerId(rng.below(players) as u8));
        }
    }
    // Triggers waiting to be put on the stack and a broken step rule
    // (seeded faults break them): no correct game rests with either, but
    // the representative renames them too.
    for _ in 0..rng.below(4) {
        t.waiting.push(Waiting {
            source: CardId(rng.below(objects) as u8),
            incarnation: rng.below(2) as u8,
            controller: PlayerId(rng.below(players) as u8),
            ability: [Ability::Defeat, Ability::Reselect][rng.below(2)],
        });
    }
    if rng.below(2) == 0 {
        let subject = if rng.below(2) == 0 {
            Target::Player(PlayerId(rng.below(players) as u8))
        } else {
            Target::Permanent(CardId(rng.below(objects) as u8))
        };
        t.broken = Some(StepBreak {
            rule: StepRule::ProtectorChosenLegally,
            subject,
        });
    }
    t
}

/// The first `first` states breadth-first, then every state of `games`
/// random games: the orbits met, and the states with two or more triggers
/// waiting.
fn check_config(config: Config, first: usize, games: u64) -> (usize, usize) {
    let model = BattleModel::new(config).unwrap();
    let init = model.init_states().remove(0);
    let mut orbits = (BTreeMap::new(), BTreeMap::new(), 0);
    let mut seen = BTreeSet::new();
    let mut queue = VecDeque::from([init.clone()]);
    let mut decisions: Vec<Decision> = Vec::new();
    while let Some(s) = queue.pop_front() {
        if seen.len() >= first {
            break;
        }
        if !seen.insert(s.representative()) {
            continue;
        }
        check_state(&s, &mut orbits);
        decisions.clear();
        s.decisions(&mut decisions);
        for d in &decisions {
            let mut next = s.clone();
            next.apply(d);
            queue.push_back(next);
        }
    }
    for seed in 0..games {
        let mut rng = Rng::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let mut s = init.clone();
        loop {
            decisions.clear();
            s.decisions(&mut decisions);
            if decisions.is_empty() {
                break;
            }
            let d = &decisions[rng.below(decisions.len())];
            s.apply(d);
            check_state(&s, &mut orbits);
            let t = scrambled(&s, &mut rng);
            check_state(&t, &mut orbits);
            // The same without its waiting triggers: another orbit.
            let mut none_waiting = t.clone();
            none_waiting.waiting.clear();
            check_state(&none_waiting, &mut orbits);
        }
    }
    (orbits.0.len(), orbits.2)
}

fn four(preset: &str) -> Config {
    let mut c = Config::preset(preset).unwrap();
    c.set_players(4).unwrap();
    c
}

#[test]
fn one_representative_per_orbit() {
    // Every state of tiny at four seats.
    let (orbits, mut waiting) = check_config(four("tiny"), usize::MAX, 0);
    assert_eq!(orbits, 2275);
    // Copies name other objects (707.2), gained control and protectors name
    // other players, Zilortha's choice is an object's: the seats' order
    // must see through all of them.
    for preset in ["default", "mimic", "zilortha", "reselect", "gobakhan"] {
        let (orbits, w) = check_config(four(preset), 4_000, 300);
        assert!(orbits > 4_000, "{preset}: {orbits} orbits");
        waiting += w;
    }
    // Each opponent may gain control of another's creature: objects of one
    // interchangeable seat controlled by another.
    let mut steal = four("default");
    for seat in &mut steal.seats[1..] {
        seat.hand = vec![Steal];
        seat.battlefield = vec![Bear];
    }
    let (orbits, w) = check_config(steal, 20_000, 1_000);
    assert!(orbits > 20_000);
    assert!(waiting + w > 0, "no state had two triggers waiting");
}
