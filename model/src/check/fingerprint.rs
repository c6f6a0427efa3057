//! How a state is hashed. stateright identifies a visited state by its
//! 64-bit hash alone (its fingerprint), and hashing is on the checker's hot
//! path: once for every generated state. The derived `Hash` wrote each of a
//! state's byte-sized fields (and enum tags) to the hasher one call at a
//! time; here each part of the state is laid out as a fixed-size byte array
//! (one byte per field, enums as a tag and their fields) and the hasher
//! takes it as 64-bit words. The objects, most of a state, are laid out
//! first, as words ([`lay_out`]): the symmetry reduction renames and
//! compares those words without laying an object out again, and the hash
//! takes them in four lanes side by side ([`lanes`]).
//!
//! The layout must be lossless, or two different states would share a
//! fingerprint and one of them would never be explored: every part has a
//! fixed size, lengths come before the elements, every value fits its byte
//! (ids and counts are far below 255), and every struct is destructured and
//! every enum matched exhaustively, so a new field does not compile until
//! it is laid out too. The test `packing_is_injective` checks on every
//! reachable state of seven configurations that different states give
//! the hasher different words.

use crate::rules::config::MAX_OBJECTS;
use crate::rules::state::{
    Combat, GameState, Obj, Pending, Player, StackItem, TargetRef, Then, Waiting,
};
use arrayvec::ArrayVec;
use battlecheck_properties::step::StepBreak;
use battlecheck_properties::view::History;
use battlecheck_properties::{AttackTarget, CardId, PlayerId, Target};
use std::hash::{Hash, Hasher};

/// `None` as 0, an id as itself plus one.
fn opt_player(p: Option<PlayerId>) -> u8 {
    p.map_or(0, |p| p.0 + 1)
}

fn opt_card(c: Option<CardId>) -> u8 {
    c.map_or(0, |c| c.0 + 1)
}

pub(crate) fn player(p: &Player) -> [u8; 2] {
    let Player {
        life,
        in_game,
        seated,
    } = *p;
    [life as u8, in_game as u8 | (seated as u8) << 1]
}

fn attack_target(t: Option<AttackTarget>) -> [u8; 2] {
    match t {
        None => [0, 0],
        Some(AttackTarget::Player(p)) => [1, p.0],
        Some(AttackTarget::Battle(c)) => [2, c.0],
        Some(AttackTarget::Planeswalker(c)) => [3, c.0],
    }
}

fn combat(c: Combat) -> [u8; 5] {
    match c {
        Combat::None => [0; 5],
        Combat::Attacking {
            target,
            defender,
            blocked,
        } => {
            let [kind, id] = attack_target(target);
            [1, kind, id, defender.0, blocked as u8]
        }
        Combat::Blocking(a) => [2, a.0, 0, 0, 0],
    }
}

/// An optional small count in one byte: 0 for none, n + 1 for n (the
/// counts packed this way stay far below 255).
fn opt_count(n: Option<u8>) -> u8 {
    n.map_or(0, |n| n + 1)
}

/// The history, with the object's `attacked` and `shielded` flags in its
/// flags byte.
fn history(h: History, attacked: bool, shielded: bool) -> [u8; 8] {
    let History {
        defeats,
        triggers,
        trigger_exiles,
        trigger_fizzles,
        triggers_countered,
        transformed_casts,
        exile_casts,
        combat_defeat,
        trampled,
        hit_as_unblocked,
        was_siege_copy,
    } = h;
    [
        defeats,
        triggers,
        trigger_exiles,
        trigger_fizzles,
        triggers_countered,
        transformed_casts,
        exile_casts,
        combat_defeat as u8
            | (trampled as u8) << 1
            | (was_siege_copy as u8) << 2
            | (hit_as_unblocked as u8) << 3
            | (attacked as u8) << 4
            | (shielded as u8) << 5,
    ]
}

// Inlined into the hash and the canonical fingerprint: called once per
// object per state, it is the checker's hottest function (a separate call
// cost about 4% of `check`'s time).
#[inline(always)]
pub(crate) fn obj(o: &Obj) -> [u8; 31] {
    let Obj {
        zone,
        incarnation,
        controller,
        default_controller,
        control_effects: [e0, e1, e2],
        protector,
        protector_origin,
        counters,
        loyalty,
        damage,
        deathtouched,
        tapped,
        back_face,
        sick,
        animated,
        copy_of,
        combat: c,
        attached_to,
        trample_assigned,
        share,
        as_unblocked,
        plus_one,
        attacked,
        shielded,
        playable_from_exile,
        history: h,
    } = *o;
    let [c0, c1, c2, c3, c4] = combat(c);
    let [h0, h1, h2, h3, h4, h5, h6, h7] = history(h, attacked, shielded);
    [
        zone as u8,
        incarnation,
        controller.0,
        default_controller.0,
        opt_player(e0),
        opt_player(e1),
        opt_player(e2),
        opt_player(protector),
        protector_origin as u8,
        counters,
        damage,
        tapped as u8
            | (back_face as u8) << 1
            | (sick as u8) << 2
            | (animated as u8) << 3
            | (playable_from_exile as u8) << 4
            | (as_unblocked.map_or(0, |b| 1 + b as u8)) << 5
            | (deathtouched as u8) << 7,
        opt_card(copy_of),
        c0,
        c1,
        c2,
        c3,
        c4,
        opt_card(attached_to),
        opt_count(trample_assigned),
        opt_count(share),
        h0,
        h1,
        h2,
        h3,
        h4,
        h5,
        h6,
        h7,
        plus_one,
        loyalty,
    ]
}

/// `bytes` as big-endian words, assembled in registers (a key built byte
/// by byte in memory and read back as wider words stalls the processor,
/// see [`write_words`]); words compare as their bytes do, in order.
#[inline(always)]
pub(crate) fn words<const N: usize, const W: usize>(bytes: &[u8; N]) -> [u64; W] {
    const { assert!(N <= 8 * W) };
    let mut out = [0u64; W];
    for (w, chunk) in out.iter_mut().zip(bytes.chunks(8)) {
        *w = chunk.iter().fold(0u64, |w, &b| w << 8 | u64::from(b)) << (8 * (8 - chunk.len()));
    }
    out
}

/// Object `o`'s layout ([`obj`]) as big-endian words, as the hash and
/// the least renaming (`symmetry`) take it.
#[inline(always)]
pub(crate) fn obj_words(o: &Obj) -> [u64; 4] {
    words::<31, 4>(&obj(o))
}

/// The objects' layouts as words ([`obj_words`]), in number order.
pub(crate) type Laid = ArrayVec<[u64; 4], MAX_OBJECTS>;

/// The layouts of `objs` ([`Laid`]), written where the caller keeps them
/// (returned, the 776 bytes were copied on the way).
#[inline(always)]
pub(crate) fn lay_out(objs: &[Obj], laid: &mut Laid) {
    for o in objs {
        laid.push(obj_words(o));
    }
}

fn target(t: Option<TargetRef>) -> [u8; 3] {
    match t {
        None => [0, 0, 0],
        Some(TargetRef {
            target,
            incarnation,
        }) => match target {
            Target::Player(p) => [1, p.0, incarnation],
            Target::Permanent(c) => [2, c.0, incarnation],
            Target::Trigger(c) => [3, c.0, incarnation],
            Target::Card(c) => [4, c.0, incarnation],
        },
    }
}

pub(crate) fn stack_item(s: &StackItem) -> [u8; 10] {
    match *s {
        StackItem::Spell {
            card,
            controller,
            transformed,
            targets: [t0, t1],
        } => {
            let [a0, a1, a2] = target(t0);
            let [b0, b1, b2] = target(t1);
            [
                0,
                card.0,
                controller.0,
                transformed as u8,
                a0,
                a1,
                a2,
                b0,
                b1,
                b2,
            ]
        }
        StackItem::Trigger {
            source,
            incarnation,
            controller,
            ability,
            target: t,
        } => {
            let [a0, a1, a2] = target(t);
            [
                1,
                source.0,
                incarnation,
                controller.0,
                ability as u8,
                a0,
                a1,
                a2,
                0,
                0,
            ]
        }
        StackItem::Activated {
            source,
            controller,
            equip,
        } => {
            let [a0, a1, a2] = target(equip);
            [2, source.0, controller.0, a0, a1, a2, 0, 0, 0, 0]
        }
    }
}

pub(crate) fn waiting(w: &Waiting) -> [u8; 3] {
    let Waiting {
        source,
        incarnation,
        controller,
        ability,
    } = *w;
    [source.0, incarnation, controller.0 | (ability as u8) << 5]
}

pub(crate) fn pending(p: Pending) -> [u8; 3] {
    match p {
        Pending::Priority => [0, 0, 0],
        Pending::DeclareAttackers => [1, 0, 0],
        Pending::DeclareBlockers => [2, 0, 0],
        Pending::AssignTrample { attacker } => [3, attacker.0, 0],
        Pending::AssignAsUnblocked { attacker } => [13, attacker.0, 0],
        Pending::ChooseCopy { card } => [4, card.0, 0],
        Pending::EnterProtector { entering, copy_of } => [5, entering.0, opt_card(copy_of)],
        Pending::SbaProtectors { then } => [6, matches!(then, Then::EndTurn) as u8, 0],
        Pending::CastTransformed { card, player } => [7, card.0, player.0],
        Pending::GameOver => [8, 0, 0],
        Pending::DivideDamage { attacker } => [9, attacker.0, 0],
        Pending::TargetTrigger { source, then } => {
            [10, source.0, matches!(then, Then::EndTurn) as u8]
        }
        Pending::ReselectAttack { attacker, player } => [11, attacker.0, player.0],
        Pending::PayUnless { source, spell } => [14, source.0, spell.0],
        Pending::ChooseCards {
            source,
            player,
            whose,
        } => [12, source.0, player.0 | whose.0 << 4],
    }
}

/// `None` as zeros; a broken step rule as its rule and its subject.
pub(crate) fn step_break(b: Option<StepBreak>) -> [u8; 3] {
    let Some(StepBreak { rule, subject }) = b else {
        return [0, 0, 0];
    };
    let [t0, t1, _] = target(Some(TargetRef {
        target: subject,
        incarnation: 0,
    }));
    [rule as u8 + 1, t0, t1]
}

/// The parts of a state that vary, as [`GameState::hash_parts`] takes
/// them: the state's own, or a renaming's (see
/// [`GameState::hash_representative`]), which is hashed without building
/// the renamed state.
pub struct Parts<P, O, S, W> {
    pub pending: Pending,
    pub broken: Option<StepBreak>,
    pub players: P,
    /// The objects' layouts ([`lay_out`]), renamed or not.
    pub objs: O,
    pub stack: S,
    pub waiting: W,
}

impl Hash for GameState {
    fn hash<H: Hasher>(&self, hasher: &mut H) {
        // The setup is shared by every state of a run: not part of a state.
        let GameState {
            setup: _,
            turn: _,
            active: _,
            step: _,
            pending,
            players,
            objs,
            stack,
            waiting,
            combat_damage_prevented: _,
            broken,
            journal: _,
        } = self;
        let mut laid = Laid::new();
        lay_out(objs, &mut laid);
        self.hash_parts(
            Parts {
                pending: *pending,
                broken: *broken,
                players: players.iter().copied(),
                objs: &laid,
                stack: stack.iter().copied(),
                waiting: waiting.iter().copied(),
            },
            hasher,
        );
    }
}

impl GameState {
    /// Hash this state's turn, active player and step with `parts`: the
    /// layout of [`Hash`] for states.
    pub fn hash_parts<H: Hasher>(
        &self,
        parts: Parts<
            impl ExactSizeIterator<Item = Player>,
            &[[u64; 4]],
            impl ExactSizeIterator<Item = StackItem>,
            impl ExactSizeIterator<Item = Waiting>,
        >,
        hasher: &mut H,
    ) {
        let Parts {
            pending: p,
            broken,
            players,
            objs,
            stack,
            waiting: w,
        } = parts;
        let [p0, p1, p2] = pending(p);
        let [b0, b1, b2] = step_break(broken);
        write_words(
            hasher,
            &[
                b0,
                b1,
                b2,
                self.turn,
                self.active.0,
                // The step's number, and Fog's prevention (615.1a) in the
                // high bit.
                self.step as u8 | (self.combat_damage_prevented as u8) << 7,
                p0,
                p1,
                p2,
                players.len() as u8,
                objs.len() as u8,
                stack.len() as u8,
                w.len() as u8,
            ],
        );
        let mut seats = [0u8; 2 * crate::rules::config::MAX_PLAYERS];
        for (bytes, p) in seats.chunks_exact_mut(2).zip(players) {
            bytes.copy_from_slice(&player(&p));
        }
        write_words(hasher, &seats);
        for w in lanes(objs) {
            hasher.write_u64(w);
        }
        for s in stack {
            write_words(hasher, &stack_item(&s));
        }
        for t in w {
            write_words(hasher, &waiting(&t));
        }
    }
}

/// The objects' layouts hashed in four independent lanes, lane k taking
/// word k of each object, each word mixed in by a folded multiplication
/// (as aHash mixes each word it is given); the four results go to the
/// hasher. One chain of multiplications through every word waited on each
/// multiplication's latency; four chains run side by side.
#[inline(always)]
fn lanes(objs: &[[u64; 4]]) -> [u64; 4] {
    const KEYS: [u64; 4] = [
        0x9e37_79b9_7f4a_7c15,
        0xc2b2_ae3d_27d4_eb4f,
        0x1656_67b1_9e37_79f9,
        0xd6e8_feb8_6659_fd93,
    ];
    let fold = |a: u64, b: u64| {
        let r = u128::from(a) * u128::from(b);
        r as u64 ^ (r >> 64) as u64
    };
    let mut h = KEYS;
    for o in objs {
        for k in 0..4 {
            h[k] = fold(h[k] ^ o[k], KEYS[k]);
        }
    }
    h
}

/// Give a part's bytes to the hasher as 64-bit words (little-endian, the
/// last one padded with zeros: the part's size is fixed, so this loses
/// nothing), each assembled in a register. Written as bytes, a part was
/// stored byte by byte and read back by the hasher eight bytes at a time,
/// and a processor cannot forward several small stores to one wider load:
/// each such read waited for the stores to reach the cache, a quarter of
/// the hash's time.
#[inline(always)]
fn write_words<H: Hasher, const N: usize>(hasher: &mut H, bytes: &[u8; N]) {
    for chunk in bytes.chunks(8) {
        let word = chunk.iter().rev().fold(0u64, |w, &b| w << 8 | u64::from(b));
        hasher.write_u64(word);
    }
}

#[cfg(test)]
mod tests {
    //! The layout field by field, over each field's whole range.
    //! `tests/fingerprint.rs` checks whole states, but only those the
    //! presets reach: no preset gives player 0 a control effect of their
    //! own or takes a departed player's seat away, for instance, and an
    //! encoding that merged such values would merge states of some other
    //! configuration unseen.

    use super::*;
    use crate::rules::config::{MAX_OBJECTS, MAX_PLAYERS};
    use battlecheck_properties::step::StepRule;
    use battlecheck_properties::Zone;
    use std::collections::BTreeMap;
    use std::fmt::Debug;

    /// `layout` gives each of `values` bytes of its own.
    fn injective<T: Debug, K: Ord + Debug>(
        what: &str,
        values: impl IntoIterator<Item = T>,
        layout: impl Fn(&T) -> K,
    ) {
        let mut seen: BTreeMap<K, String> = BTreeMap::new();
        for v in values {
            let k = layout(&v);
            if let Some(other) = seen.get(&k) {
                panic!("{what}: {other} and {v:?} are both laid out as {k:?}");
            }
            seen.insert(k, format!("{v:?}"));
        }
    }

    fn players() -> impl Iterator<Item = PlayerId> + Clone {
        (0..MAX_PLAYERS as u8).map(PlayerId)
    }

    fn cards() -> impl Iterator<Item = CardId> + Clone {
        (0..MAX_OBJECTS as u8).map(CardId)
    }

    fn optional<T>(values: impl Iterator<Item = T>) -> impl Iterator<Item = Option<T>> {
        std::iter::once(None).chain(values.map(Some))
    }

    fn bools() -> [bool; 2] {
        [false, true]
    }

    #[test]
    fn ids_counts_and_players_are_laid_out_apart() {
        injective("an optional player", optional(players()), |&p| {
            opt_player(p)
        });
        injective("an optional object", optional(cards()), |&c| opt_card(c));
        injective("an optional count", optional(0..=100u8), |&n| opt_count(n));
        let all_players = (i8::MIN..=i8::MAX).flat_map(|life| {
            bools().into_iter().flat_map(move |in_game| {
                bools().map(|seated| Player {
                    life,
                    in_game,
                    seated,
                })
            })
        });
        injective("a player", all_players, player);
    }

    #[test]
    fn combat_targets_and_triggers_are_laid_out_apart() {
        let attack_targets = players()
            .map(AttackTarget::Player)
            .chain(cards().map(AttackTarget::Battle))
            .chain(cards().map(AttackTarget::Planeswalker));
        injective("an attack target", optional(attack_targets.clone()), |&t| {
            attack_target(t)
        });
        let combats = std::iter::once(Combat::None)
            .chain(cards().map(Combat::Blocking))
            .chain(optional(attack_targets).flat_map(|target| {
                players().flat_map(move |defender| {
                    bools().map(|blocked| Combat::Attacking {
                        target,
                        defender,
                        blocked,
                    })
                })
            }));
        injective("a creature's part in combat", combats, |&c| combat(c));
        let targets = players()
            .map(Target::Player)
            .chain(cards().map(Target::Permanent))
            .chain(cards().map(Target::Trigger))
            .chain(cards().map(Target::Card))
            .flat_map(|target| {
                (0..4).map(move |incarnation| TargetRef {
                    target,
                    incarnation,
                })
            });
        injective("a target", optional(targets), |&t| target(t));
        let abilities = [
            crate::rules::state::Ability::Defeat,
            crate::rules::state::Ability::Reselect,
            crate::rules::state::Ability::ExileFromHand,
            crate::rules::state::Ability::SearchForCreature,
            crate::rules::state::Ability::Ward,
        ];
        let waiting_triggers = cards().flat_map(|source| {
            players().flat_map(move |controller| {
                abilities.map(|ability| Waiting {
                    source,
                    incarnation: 2,
                    controller,
                    ability,
                })
            })
        });
        injective("a waiting trigger", waiting_triggers, waiting);
        let broken = optional(StepRule::ALL.into_iter().flat_map(|rule| {
            players()
                .map(Target::Player)
                .chain(cards().map(Target::Permanent))
                .map(move |subject| StepBreak { rule, subject })
        }));
        injective("a broken step rule", broken, |&b| step_break(b));
    }

    /// What the game waits for, over every object and player it can name.
    #[test]
    fn what_the_game_waits_for_is_laid_out_apart() {
        let then = [Then::Priority, Then::EndTurn];
        let by_object = cards().flat_map(|c| {
            let one = [
                Pending::AssignTrample { attacker: c },
                Pending::AssignAsUnblocked { attacker: c },
                Pending::ChooseCopy { card: c },
                Pending::DivideDamage { attacker: c },
            ];
            let paying = cards().map(move |spell| Pending::PayUnless { source: c, spell });
            let entering = optional(cards()).map(move |copy_of| Pending::EnterProtector {
                entering: c,
                copy_of,
            });
            let targeting = then.map(|then| Pending::TargetTrigger { source: c, then });
            let by_player = players().flat_map(move |p| {
                let choosing = players().map(move |whose| Pending::ChooseCards {
                    source: c,
                    player: p,
                    whose,
                });
                [
                    Pending::CastTransformed { card: c, player: p },
                    Pending::ReselectAttack {
                        attacker: c,
                        player: p,
                    },
                ]
                .into_iter()
                .chain(choosing)
            });
            one.into_iter()
                .chain(paying)
                .chain(entering)
                .chain(targeting)
                .chain(by_player)
        });
        let all = [
            Pending::Priority,
            Pending::DeclareAttackers,
            Pending::DeclareBlockers,
            Pending::GameOver,
        ]
        .into_iter()
        .chain(then.map(|then| Pending::SbaProtectors { then }))
        .chain(by_object);
        injective("what the game waits for", all, |&p| pending(p));
    }

    /// An object's flags, packed as bits of one byte, and its history's:
    /// every combination is laid out apart.
    #[test]
    fn every_combination_of_flags_is_laid_out_apart() {
        let base = Obj::new(Zone::Battlefield, PlayerId(0));
        let mut objects = Vec::new();
        for bits in 0..1u32 << 11 {
            let bit = |i: u32| bits >> i & 1 == 1;
            for as_unblocked in [None, Some(false), Some(true)] {
                let mut o = base;
                (o.tapped, o.back_face, o.sick, o.animated) = (bit(0), bit(1), bit(2), bit(3));
                o.playable_from_exile = bit(4);
                (o.attacked, o.shielded) = (bit(5), bit(6));
                let h = &mut o.history;
                (h.combat_defeat, h.trampled) = (bit(7), bit(8));
                (h.hit_as_unblocked, h.was_siege_copy) = (bit(9), bit(10));
                o.as_unblocked = as_unblocked;
                objects.push(o);
            }
        }
        injective("an object's flags", objects, obj);
    }

    /// Every bit of every object word reaches the whole of its lane's
    /// result: flipping one changes at least a quarter of the lane's 64
    /// bits (a lane that only multiplied, without folding the high half
    /// of the product back in, would carry a word's top bit to one bit).
    #[test]
    fn the_lanes_mix_every_bit_of_every_word() {
        // Words shaped like layouts: a few small bytes, the rest zero.
        let objs: Vec<[u64; 4]> = (0..10u64)
            .map(|i| [i << 56 | 0x0102 << 40, i << 8, 3 << 48, 0])
            .collect();
        let before = lanes(&objs);
        for j in 0..objs.len() {
            for k in 0..4 {
                for bit in 0..64 {
                    let mut flipped = objs.clone();
                    flipped[j][k] ^= 1 << bit;
                    let after = lanes(&flipped);
                    let changed = (before[k] ^ after[k]).count_ones();
                    assert!(
                        changed >= 16,
                        "object {j}, word {k}, bit {bit}: {changed} bits of lane {k} changed"
                    );
                    for other in (0..4).filter(|&o| o != k) {
                        assert_eq!(before[other], after[other], "lane {other} took word {k}");
                    }
                }
            }
        }
    }
}
