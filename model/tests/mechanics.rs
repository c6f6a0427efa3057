//! Every combat mechanic of the model's pool is played where CI holds the
//! engine to the model: for each keyword ability (702), some configuration
//! of the CI suite reaches a decision in which it matters to a battle or
//! to the creatures fighting over one. A keyword with no such configuration
//! is a mechanic `conform` never compares, however green it is. The match
//! over [`Keyword`] has no catch-all, so a new keyword needs its witness
//! here before this test compiles.

use battlecheck::check::search::fingerprint;
use battlecheck::conform::suite;
use battlecheck::rules::cards::{CardName, Keyword};
use battlecheck::rules::faults::Fault;
use battlecheck::rules::state::{Combat, GameState};
use battlecheck::{BattleModel, Config};
use battlecheck_properties::seating::Variant;
use battlecheck_properties::{AttackTarget, CardId, Decision, Step, Target, Zone};
use stateright::Model;
use std::collections::{BTreeMap, HashSet};

const KEYWORDS: [Keyword; 11] = [
    Keyword::FirstStrike,
    Keyword::Trample,
    Keyword::Flying,
    Keyword::Reach,
    Keyword::Menace,
    Keyword::Lifelink,
    Keyword::Deathtouch,
    Keyword::Defender,
    Keyword::DoubleStrike,
    Keyword::Hexproof,
    Keyword::Ward,
];

/// Does the decision `d`, taken in `s` and leading to `next`, show
/// `keyword` at work?
fn shows(keyword: Keyword, s: &GameState, d: &Decision, next: &GameState) -> bool {
    let has = |c: CardId, k: Keyword| s.chars(c).keywords.has(k);
    let blocks: &[(CardId, CardId)] = match d {
        Decision::DeclareBlockers { blocks } => blocks,
        _ => &[],
    };
    match keyword {
        // 510.4: a first-strike combat damage step, taken because a
        // creature in combat has first strike.
        Keyword::FirstStrike => {
            s.step != Step::FirstStrikeDamage && next.step == Step::FirstStrikeDamage
        }
        // 702.19b: a blocked trampler's assignment.
        Keyword::Trample => matches!(d, Decision::AssignTrample { .. }),
        // 702.9b: a flier blocked, necessarily by a creature with flying
        // or reach; 702.17b: by one with reach and no flying.
        Keyword::Flying => blocks.iter().any(|&(_, a)| has(a, Keyword::Flying)),
        Keyword::Reach => blocks
            .iter()
            .any(|&(b, a)| has(a, Keyword::Flying) && has(b, Keyword::Reach)),
        // 702.111b: a creature with menace blocked by two.
        Keyword::Menace => blocks.iter().any(|&(_, a)| {
            has(a, Keyword::Menace) && blocks.iter().filter(|&&(_, x)| x == a).count() >= 2
        }),
        // 702.15b: combat damage removes a battle's counters while the
        // controller of a lifelink creature dealing it gains life.
        Keyword::Lifelink => {
            let counters_fell = s.on_battlefield().any(|b| {
                s.chars(b).battle
                    && next.obj(b).zone == s.obj(b).zone
                    && next.obj(b).counters < s.obj(b).counters
            });
            let gained = s.on_battlefield().any(|c| {
                has(c, Keyword::Lifelink) && {
                    let p = s.obj(c).controller.0 as usize;
                    next.players[p].life > s.players[p].life
                }
            });
            counters_fell && gained
        }
        // 702.2b, 704.5h: a creature in combat with one with deathtouch
        // of less power than its toughness is destroyed by its damage.
        Keyword::Deathtouch => s.on_battlefield().any(|c| {
            s.on_battlefield().any(|d| {
                let fighting = s.obj(c).combat == Combat::Blocking(d)
                    || s.obj(d).combat == Combat::Blocking(c);
                fighting
                    && has(d, Keyword::Deathtouch)
                    && s.chars(d).power < s.chars(c).toughness
                    && next.obj(c).zone == Zone::Graveyard
            })
        }),
        // 702.4b, 510.4: the regular combat damage of a creature with
        // double strike, alone in attacking what it attacks, after its
        // first-strike damage.
        Keyword::DoubleStrike => {
            s.step == Step::FirstStrikeDamage
                && next.step != Step::FirstStrikeDamage
                && s.on_battlefield().any(|a| {
                    let Combat::Attacking {
                        target: Some(t), ..
                    } = s.obj(a).combat
                    else {
                        return false;
                    };
                    let alone = s.on_battlefield().all(|o| {
                        o == a
                            || !matches!(s.obj(o).combat,
                                Combat::Attacking { target: Some(u), .. } if u == t)
                    });
                    let hit = match t {
                        AttackTarget::Player(p) => {
                            next.players[p.0 as usize].life < s.players[p.0 as usize].life
                        }
                        AttackTarget::Battle(b) => next.obj(b).counters < s.obj(b).counters,
                        AttackTarget::Planeswalker(w) => next.obj(w).loyalty < s.obj(w).loyalty,
                    };
                    has(a, Keyword::DoubleStrike) && alone && hit
                })
        }
        // 702.11b, 102.3: a spell cast at a permanent with hexproof by a
        // teammate of its controller, who is no opponent.
        Keyword::Hexproof => match d {
            Decision::Cast {
                player, targets, ..
            } => targets.iter().any(|t| match *t {
                Target::Permanent(c) => {
                    let controller = s.obj(c).controller;
                    has(c, Keyword::Hexproof) && controller != *player
                }
                _ => false,
            }),
            _ => false,
        },
        // 702.21a: a ward trigger's cost paid or not by the controller of
        // the spell that targeted the creature, necessarily an opponent
        // of its controller.
        Keyword::Ward => matches!(d, Decision::PayUnless { .. }),
        // 702.3b: attackers declared while a creature with defender could
        // otherwise attack.
        Keyword::Defender => {
            matches!(d, Decision::DeclareAttackers { .. })
                && s.on_battlefield().any(|c| {
                    let o = s.obj(c);
                    has(c, Keyword::Defender)
                        && s.chars(c).creature
                        && o.controller == s.active
                        && !o.tapped
                        && !o.sick
                })
        }
    }
}

/// Explore `config` exhaustively, giving `visit` every decision with the
/// state it is taken in and the state it leads to, until `visit` says
/// to stop.
fn walk(config: &Config, mut visit: impl FnMut(&GameState, &Decision, &GameState) -> bool) {
    let model = BattleModel::new(config.clone()).unwrap();
    let init = model.init_states().remove(0);
    let mut seen = HashSet::from([fingerprint(&init)]);
    let mut queue = vec![init];
    let mut ds = Vec::new();
    while let Some(s) = queue.pop() {
        ds.clear();
        s.decisions(&mut ds);
        for d in &ds {
            let mut next = s.clone();
            next.apply(d);
            if visit(&s, d, &next) {
                return;
            }
            if seen.insert(fingerprint(&next)) {
                queue.push(next);
            }
        }
    }
}

/// Explore `config`, noting in `found` the configuration that first shows
/// each keyword; stop once every keyword is found.
fn explore(config: &Config, found: &mut BTreeMap<Keyword, String>) {
    walk(config, |s, d, next| {
        for k in KEYWORDS {
            if !found.contains_key(&k) && shows(k, s, d, next) {
                found.insert(k, config.name.clone());
            }
        }
        found.len() == KEYWORDS.len()
    });
}

#[test]
fn every_keyword_is_played_in_a_ci_configuration() {
    let mut found = BTreeMap::new();
    for config in suite::ci().unwrap() {
        explore(&config, &mut found);
    }
    eprintln!("{found:?}");
    let missing: Vec<_> = KEYWORDS.iter().filter(|k| !found.contains_key(k)).collect();
    assert!(missing.is_empty(), "no CI configuration plays {missing:?}");
}

/// The witnesses are not vacuous: in the evasion preset with its flier
/// given to nobody, flying and reach are not found, and with the menace
/// creature and the lifelink creature left out, neither are they; in the
/// deathtouch preset without the Rats, deathtouch is not found, and
/// without P1's Wall, defender is not; nor double strike without the Ace;
/// nor hexproof where no teammate may target the Scout, nor ward without
/// a creature with ward.
#[test]
fn a_preset_without_the_creature_does_not_show_its_keyword() {
    use battlecheck::rules::cards::CardName::{Bear, Drake, Rats, Trampler, Wall};
    let mut c = Config::preset("evasion").unwrap();
    c.seats[0].battlefield = vec![Bear];
    let mut found = BTreeMap::new();
    explore(&c, &mut found);
    assert!(found.is_empty(), "{found:?}");
    let mut c = Config::preset("evasion").unwrap();
    c.seats[0].battlefield = vec![Drake];
    explore(&c, &mut found);
    assert_eq!(
        found.keys().copied().collect::<Vec<_>>(),
        [Keyword::Flying, Keyword::Reach]
    );
    let mut c = Config::preset("deathtouch").unwrap();
    c.seats[0].battlefield = vec![Trampler, Wall];
    c.seats[1].battlefield = vec![Wall];
    let mut found = BTreeMap::new();
    explore(&c, &mut found);
    // (the 3/3 trampler blocked by the 0/3 Wall has nothing to trample over)
    assert_eq!(
        found.keys().copied().collect::<Vec<_>>(),
        [Keyword::Defender]
    );
    c.seats[0].battlefield = vec![Rats, Trampler];
    c.seats[1].battlefield = vec![Rats, Wall];
    let mut found = BTreeMap::new();
    explore(&c, &mut found);
    assert!(found.contains_key(&Keyword::Deathtouch), "{found:?}");
    assert!(!found.contains_key(&Keyword::Defender), "{found:?}");
    let mut c = Config::preset("double-strike").unwrap();
    c.seats[0].battlefield = vec![Bear, Bear];
    let mut found = BTreeMap::new();
    explore(&c, &mut found);
    assert!(found.is_empty(), "{found:?}");
    // Hexproof is shown only where a player other than the controller may
    // target the Scout: not at the same table without teams (every other
    // player an opponent), nor with teammates taken for opponents.
    let mut c = Config::preset("hexproof").unwrap();
    c.variant = Variant::default();
    let mut found = BTreeMap::new();
    explore(&c, &mut found);
    assert!(!found.contains_key(&Keyword::Hexproof), "{found:?}");
    let mut c = Config::preset("hexproof").unwrap();
    c.faults = vec![Fault::HexproofAgainstTeammates];
    let mut found = BTreeMap::new();
    explore(&c, &mut found);
    assert!(!found.contains_key(&Keyword::Hexproof), "{found:?}");
    let mut found = BTreeMap::new();
    explore(&Config::preset("hexproof").unwrap(), &mut found);
    assert!(found.contains_key(&Keyword::Hexproof), "{found:?}");
    // Nor ward in the ward preset with its Wardens given to nobody.
    let mut c = Config::preset("ward").unwrap();
    for seat in &mut c.seats {
        seat.battlefield.clear();
    }
    let mut found = BTreeMap::new();
    explore(&c, &mut found);
    assert!(!found.contains_key(&Keyword::Ward), "{found:?}");
}

/// The configurations of the CI suite that deal `card`, in a hand or on
/// a battlefield.
fn ci_configs_dealing(card: CardName) -> Vec<Config> {
    suite::ci()
        .unwrap()
        .into_iter()
        .filter(|c| {
            c.seats
                .iter()
                .any(|s| s.hand.contains(&card) || s.battlefield.contains(&card))
        })
        .collect()
}

/// `config` with `card` given to nobody.
fn without(config: &Config, card: CardName) -> Config {
    let mut c = config.clone();
    for seat in &mut c.seats {
        seat.hand.retain(|&x| x != card);
        seat.battlefield.retain(|&x| x != card);
    }
    c
}

/// What a planeswalker beside battles shows in a game (506.2, 508.1b,
/// 120.3c, 704.5i, 506.4c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum WalkerPlay {
    /// Attackers declared on a planeswalker while a battle is on the
    /// battlefield (508.1b: a player, planeswalker or battle).
    AttackedBesideABattle,
    /// Combat damage removes loyalty counters (120.3c).
    LoyaltyRemovedByCombat,
    /// A planeswalker at 0 loyalty goes to the graveyard (704.5i).
    PutIntoTheGraveyard,
    /// A creature attacking a planeswalker attacks nothing once that
    /// planeswalker is removed from combat (506.4, 506.4c).
    AttackerLeftAttackingNothing,
}

const WALKER_PLAYS: [WalkerPlay; 4] = [
    WalkerPlay::AttackedBesideABattle,
    WalkerPlay::LoyaltyRemovedByCombat,
    WalkerPlay::PutIntoTheGraveyard,
    WalkerPlay::AttackerLeftAttackingNothing,
];

fn shows_walker(play: WalkerPlay, s: &GameState, d: &Decision, next: &GameState) -> bool {
    let walker = |c: CardId| s.chars(c).planeswalker && s.obj(c).zone == Zone::Battlefield;
    match play {
        WalkerPlay::AttackedBesideABattle => match d {
            Decision::DeclareAttackers { attacks } => {
                attacks
                    .iter()
                    .any(|(_, t)| matches!(t, AttackTarget::Planeswalker(_)))
                    && s.on_battlefield().any(|b| s.chars(b).battle)
            }
            _ => false,
        },
        // With nothing on the stack to resolve, a planeswalker attacked
        // loses loyalty: combat damage (it dies at 0 and is a new object
        // with none, 400.7, so that counts too).
        WalkerPlay::LoyaltyRemovedByCombat => {
            s.stack.is_empty()
                && s.on_battlefield().any(|a| match s.obj(a).combat {
                    Combat::Attacking {
                        target: Some(AttackTarget::Planeswalker(w)),
                        ..
                    } => next.obj(w).loyalty < s.obj(w).loyalty,
                    _ => false,
                })
        }
        WalkerPlay::PutIntoTheGraveyard => s
            .on_battlefield()
            .any(|w| walker(w) && next.obj(w).zone == Zone::Graveyard),
        WalkerPlay::AttackerLeftAttackingNothing => s.on_battlefield().any(|a| {
            matches!(
                s.obj(a).combat,
                Combat::Attacking {
                    target: Some(AttackTarget::Planeswalker(_)),
                    ..
                }
            ) && matches!(next.obj(a).combat, Combat::Attacking { target: None, .. })
        }),
    }
}

/// The plays of `all` that `config` reaches, exhaustively explored, as
/// `shows` tells them, sorted.
fn plays<P: Copy + Ord>(
    config: &Config,
    all: &[P],
    shows: fn(P, &GameState, &Decision, &GameState) -> bool,
) -> Vec<P> {
    let mut found = Vec::new();
    walk(config, |s, d, next| {
        for &p in all {
            if !found.contains(&p) && shows(p, s, d, next) {
                found.push(p);
            }
        }
        found.len() == all.len()
    });
    found.sort();
    found
}

/// The plays of [`WALKER_PLAYS`] `config` reaches.
fn walker_plays(config: &Config) -> Vec<WalkerPlay> {
    plays(config, &WALKER_PLAYS, shows_walker)
}

/// Planeswalkers beside battles are played where CI holds the engine to
/// the model: a CI configuration with Pool Walker attacks one while a
/// battle is on the battlefield, removes loyalty with combat damage, puts
/// one at 0 loyalty into the graveyard and takes an attacked one out of
/// combat. Not vacuous: with the planeswalkers given to nobody (neither
/// on the battlefield nor in a hand), none of it happens.
#[test]
fn planeswalkers_are_played_beside_battles_in_a_ci_configuration() {
    use battlecheck::rules::cards::CardName::Walker;
    let configs = ci_configs_dealing(Walker);
    assert!(
        !configs.is_empty(),
        "no CI configuration has a planeswalker"
    );
    let mut found: Vec<WalkerPlay> = configs.iter().flat_map(walker_plays).collect();
    found.sort();
    found.dedup();
    assert_eq!(found, WALKER_PLAYS);
    assert!(walker_plays(&without(&configs[0], Walker)).is_empty());
}

/// Does the decision `d`, taken in `s` and leading to `next`, deal the
/// combat damage of a step (the game waits for priority in the combat
/// damage step afterwards, not before) in which an unblocked attacker with
/// power attacks a battle that keeps every defense counter: damage to a
/// battle prevented (615.1a, 615.6, 120.3h)?
fn shows_prevention(s: &GameState, _: &Decision, next: &GameState) -> bool {
    use battlecheck::rules::state::Pending;
    let dealt_now = next.step == Step::CombatDamage
        && next.pending == Pending::Priority
        && !(s.step == Step::CombatDamage && s.pending == Pending::Priority);
    dealt_now
        && s.on_battlefield().any(|a| match s.obj(a).combat {
            Combat::Attacking {
                target: Some(AttackTarget::Battle(b)),
                blocked: false,
                ..
            } => {
                s.chars(a).power > 0
                    && next.obj(b).zone == Zone::Battlefield
                    && next.obj(b).counters == s.obj(b).counters
            }
            _ => false,
        })
}

fn prevents(config: &Config) -> bool {
    let mut found = false;
    walk(config, |s, d, next| {
        found = shows_prevention(s, d, next);
        found
    });
    found
}

/// Prevention (615) is played where CI holds the engine to the model: a
/// CI configuration with Fog has an unblocked attacker deal a battle
/// combat damage that removes no counter. Not vacuous: with Fog given to
/// nobody, and with the model's prevention sparing battles, it never
/// happens.
#[test]
fn prevention_is_played_beside_battles_in_a_ci_configuration() {
    use battlecheck::rules::cards::CardName::Fog;
    let configs = ci_configs_dealing(Fog);
    assert!(!configs.is_empty(), "no CI configuration has a Fog");
    assert!(configs.iter().all(prevents));
    assert!(!prevents(&without(&configs[0], Fog)));
    let mut spared = configs[0].clone();
    spared.faults = vec![Fault::PreventionMissesBattles];
    assert!(!prevents(&spared));
}

/// What Equipment beside battles shows in a game (301.5, 702.6a, 613.4c,
/// 704.5n, 310.10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum EquipPlay {
    /// An equipped attacker's combat damage removes more defense counters
    /// from a battle than its card's printed power (613.4c, 120.3h).
    BonusDealtToABattle,
    /// The equipped creature leaves the battlefield; the Equipment stays,
    /// attached to nothing (704.5n).
    UnattachedAsTheCreatureLeaves,
    /// An attached Equipment becomes a copy of a Siege: a battle, never
    /// attached (310.10, 704.5p), put into the graveyard with no defense
    /// counters (704.5v).
    AttachedEquipmentBecomesABattle,
    /// The equipped creature changes control; the Equipment stays on it
    /// (301.5d).
    StaysOnAStolenCreature,
    /// An equip ability whose target changed control resolves without
    /// attaching (608.2b, 301.5b).
    TargetTakenBeforeItResolves,
}

const EQUIP_PLAYS: [EquipPlay; 5] = [
    EquipPlay::BonusDealtToABattle,
    EquipPlay::UnattachedAsTheCreatureLeaves,
    EquipPlay::AttachedEquipmentBecomesABattle,
    EquipPlay::StaysOnAStolenCreature,
    EquipPlay::TargetTakenBeforeItResolves,
];

fn shows_equip(play: EquipPlay, s: &GameState, d: &Decision, next: &GameState) -> bool {
    use battlecheck::rules::state::StackItem;
    let attached = |e: CardId| s.obj(e).attached_to;
    let equipments = || s.on_battlefield().filter(move |&e| attached(e).is_some());
    match play {
        EquipPlay::BonusDealtToABattle => {
            s.stack.is_empty()
                && s.on_battlefield().any(|a| match s.obj(a).combat {
                    Combat::Attacking {
                        target: Some(AttackTarget::Battle(b)),
                        ..
                    } => {
                        let removed = s.obj(b).counters.saturating_sub(next.obj(b).counters);
                        equipments().any(|e| attached(e) == Some(a))
                            && next.obj(b).zone == Zone::Battlefield
                            && removed > s.setup().def(a).front.power
                    }
                    _ => false,
                })
        }
        EquipPlay::UnattachedAsTheCreatureLeaves => equipments().any(|e| {
            let c = attached(e).unwrap();
            next.obj(c).zone != Zone::Battlefield
                && next.obj(e).zone == Zone::Battlefield
                && next.obj(e).attached_to.is_none()
        }),
        EquipPlay::AttachedEquipmentBecomesABattle => equipments()
            .any(|e| next.obj(e).zone == Zone::Graveyard && next.obj(e).history.was_siege_copy),
        EquipPlay::StaysOnAStolenCreature => equipments().any(|e| {
            let c = attached(e).unwrap();
            next.obj(c).zone == Zone::Battlefield
                && next.obj(c).controller != s.obj(c).controller
                && next.obj(e).attached_to == Some(c)
        }),
        EquipPlay::TargetTakenBeforeItResolves => {
            *d == Decision::PassAll
                && match s.stack.last() {
                    Some(StackItem::Activated {
                        source,
                        controller,
                        equip: Some(t),
                    }) => match t.target {
                        Target::Permanent(c) => {
                            s.obj(c).zone == Zone::Battlefield
                                && s.obj(c).controller != *controller
                                && next.obj(*source).attached_to != Some(c)
                        }
                        _ => false,
                    },
                    _ => false,
                }
        }
    }
}

/// The plays of [`EQUIP_PLAYS`] `config` reaches.
fn equip_plays(config: &Config) -> Vec<EquipPlay> {
    plays(config, &EQUIP_PLAYS, shows_equip)
}

/// Equipment beside battles is played where CI holds the engine to the
/// model: a CI configuration with Bonesplitter deals its bonus to a
/// battle, leaves it unattached as its creature dies, makes it a battle
/// while attached, keeps it on a stolen creature and has an equip ability
/// lose its target to a steal. Not vacuous: with Bonesplitter given to
/// nobody none of it happens, and with the model leaving its bonus out of
/// damage to battles, no bonus reaches one.
#[test]
fn equipment_is_played_beside_battles_in_a_ci_configuration() {
    use battlecheck::rules::cards::CardName::Bonesplitter;
    let configs = ci_configs_dealing(Bonesplitter);
    assert!(!configs.is_empty(), "no CI configuration has an Equipment");
    let mut found: Vec<EquipPlay> = configs.iter().flat_map(equip_plays).collect();
    found.sort();
    found.dedup();
    assert_eq!(found, EQUIP_PLAYS);
    assert!(equip_plays(&without(&configs[0], Bonesplitter)).is_empty());
    let mut missing = configs[0].clone();
    missing.faults = vec![Fault::EquipmentBonusMissesBattles];
    assert!(!equip_plays(&missing).contains(&EquipPlay::BonusDealtToABattle));
}
