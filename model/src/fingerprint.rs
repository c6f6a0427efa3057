//! How a state is hashed. stateright identifies a visited state by its
//! 64-bit hash alone (its fingerprint), and hashing is on the checker's hot
//! path: once for every generated state. The derived `Hash` wrote each of a
//! state's ~1000 byte-sized fields (and enum tags) to the hasher one call at
//! a time; here every field is packed into 64-bit words at its exact width
//! and the hasher takes one word at a time (about 40 per state).
//!
//! The packing must be lossless, or two different states would share a
//! fingerprint and one of them would never be explored: each field gets a
//! width that holds all its values, lengths come before the elements, and
//! every struct is destructured and every enum matched exhaustively, so a
//! new field does not compile until it is packed too. The test
//! `packing_is_injective` checks on every reachable state of the presets
//! that different states give different words.

use crate::config::{MAX_OBJECTS, MAX_PLAYERS};
use crate::state::{Combat, GameState, Obj, Pending, Player, StackItem, TargetRef, Then, Waiting};
use battlecheck_properties::view::History;
use battlecheck_properties::{AttackTarget, CardId, PlayerId, Target};
use std::hash::{Hash, Hasher};

/// Bits needed to write the numbers `0..n`.
const fn width(n: usize) -> u32 {
    usize::BITS - (n - 1).leading_zeros()
}

const PLAYER: u32 = width(MAX_PLAYERS);
/// `None` or a player.
const OPT_PLAYER: u32 = width(MAX_PLAYERS + 1);
const CARD: u32 = width(MAX_OBJECTS);
/// `None` or a card.
const OPT_CARD: u32 = width(MAX_OBJECTS + 1);

/// Packs values of given widths into 64-bit words for a hasher.
struct Words<'a, H: Hasher> {
    hasher: &'a mut H,
    word: u64,
    used: u32,
}

impl<'a, H: Hasher> Words<'a, H> {
    fn new(hasher: &'a mut H) -> Self {
        Words {
            hasher,
            word: 0,
            used: 0,
        }
    }

    /// Append the `width` low bits of `value` (which must fit in them).
    #[inline]
    fn put(&mut self, value: u64, width: u32) {
        debug_assert!(width < 64 && value >> width == 0, "{value} in {width} bits");
        if self.used + width > 64 {
            self.hasher.write_u64(self.word);
            self.word = 0;
            self.used = 0;
        }
        self.word |= value << self.used;
        self.used += width;
    }

    fn finish(self) {
        if self.used > 0 {
            self.hasher.write_u64(self.word);
        }
    }

    fn flag(&mut self, b: bool) {
        self.put(b as u64, 1);
    }

    fn byte(&mut self, b: u8) {
        self.put(b as u64, 8);
    }

    /// A count that saturates at 3 ([`crate::state::bump`]).
    fn count(&mut self, n: u8) {
        self.put(n as u64, 2);
    }

    fn player(&mut self, p: PlayerId) {
        self.put(p.0 as u64, PLAYER);
    }

    fn opt_player(&mut self, p: Option<PlayerId>) {
        self.put(p.map_or(0, |p| p.0 as u64 + 1), OPT_PLAYER);
    }

    fn card(&mut self, c: CardId) {
        self.put(c.0 as u64, CARD);
    }

    fn opt_card(&mut self, c: Option<CardId>) {
        self.put(c.map_or(0, |c| c.0 as u64 + 1), OPT_CARD);
    }

    fn len(&mut self, n: usize, capacity: usize) {
        self.put(n as u64, width(capacity + 1));
    }

    fn player_state(&mut self, p: &Player) {
        let Player { life, in_game } = *p;
        self.byte(life as u8);
        self.flag(in_game);
    }

    fn attack_target(&mut self, t: Option<AttackTarget>) {
        match t {
            None => self.put(0, 2),
            Some(AttackTarget::Player(p)) => {
                self.put(1, 2);
                self.player(p);
            }
            Some(AttackTarget::Battle(c)) => {
                self.put(2, 2);
                self.card(c);
            }
        }
    }

    fn combat(&mut self, c: Combat) {
        match c {
            Combat::None => self.put(0, 2),
            Combat::Attacking {
                target,
                defender,
                blocked,
            } => {
                self.put(1, 2);
                self.attack_target(target);
                self.player(defender);
                self.flag(blocked);
            }
            Combat::Blocking(a) => {
                self.put(2, 2);
                self.card(a);
            }
        }
    }

    fn history(&mut self, h: History) {
        let History {
            defeats,
            triggers,
            trigger_exiles,
            trigger_fizzles,
            triggers_countered,
            transformed_casts,
            combat_defeat,
            trampled,
            was_siege_copy,
        } = h;
        for n in [
            defeats,
            triggers,
            trigger_exiles,
            trigger_fizzles,
            triggers_countered,
            transformed_casts,
        ] {
            self.count(n);
        }
        for b in [combat_defeat, trampled, was_siege_copy] {
            self.flag(b);
        }
    }

    fn obj(&mut self, o: &Obj) {
        let Obj {
            zone,
            incarnation,
            controller,
            default_controller,
            control_effects,
            protector,
            protector_origin,
            counters,
            damage,
            tapped,
            back_face,
            sick,
            animated,
            copy_of,
            combat,
            attached_to,
            trample_assigned,
            history,
        } = *o;
        self.put(zone as u64, 3);
        self.byte(incarnation);
        self.player(controller);
        self.player(default_controller);
        for p in control_effects {
            self.opt_player(p);
        }
        self.opt_player(protector);
        self.put(protector_origin as u64, 2);
        self.byte(counters);
        self.byte(damage);
        for b in [tapped, back_face, sick, animated] {
            self.flag(b);
        }
        self.opt_card(copy_of);
        self.combat(combat);
        self.opt_card(attached_to);
        self.put(trample_assigned.map_or(0, |n| n as u64 + 1), 9);
        self.history(history);
    }

    fn target(&mut self, t: Option<TargetRef>) {
        let Some(TargetRef {
            target,
            incarnation,
        }) = t
        else {
            self.put(0, 2);
            return;
        };
        match target {
            Target::Player(p) => {
                self.put(1, 2);
                self.player(p);
            }
            Target::Permanent(c) => {
                self.put(2, 2);
                self.card(c);
            }
            Target::Trigger(c) => {
                self.put(3, 2);
                self.card(c);
            }
        }
        self.byte(incarnation);
    }

    fn stack_item(&mut self, s: &StackItem) {
        match *s {
            StackItem::Spell {
                card,
                controller,
                transformed,
                targets,
            } => {
                self.flag(false);
                self.card(card);
                self.player(controller);
                self.flag(transformed);
                for t in targets {
                    self.target(t);
                }
            }
            StackItem::Trigger {
                source,
                incarnation,
                controller,
            } => {
                self.flag(true);
                self.card(source);
                self.byte(incarnation);
                self.player(controller);
            }
        }
    }

    fn waiting(&mut self, w: &Waiting) {
        let Waiting {
            source,
            incarnation,
            controller,
        } = *w;
        self.card(source);
        self.byte(incarnation);
        self.player(controller);
    }

    fn pending(&mut self, p: Pending) {
        match p {
            Pending::Priority => self.put(0, 4),
            Pending::DeclareAttackers => self.put(1, 4),
            Pending::DeclareBlockers => self.put(2, 4),
            Pending::AssignTrample { attacker } => {
                self.put(3, 4);
                self.card(attacker);
            }
            Pending::ChooseCopy { card } => {
                self.put(4, 4);
                self.card(card);
            }
            Pending::EnterProtector { entering, copy_of } => {
                self.put(5, 4);
                self.card(entering);
                self.opt_card(copy_of);
            }
            Pending::SbaProtectors { then } => {
                self.put(6, 4);
                self.flag(matches!(then, Then::EndTurn));
            }
            Pending::CastTransformed { card, player } => {
                self.put(7, 4);
                self.card(card);
                self.player(player);
            }
            Pending::GameOver => self.put(8, 4),
        }
    }
}

impl Hash for GameState {
    fn hash<H: Hasher>(&self, hasher: &mut H) {
        // The setup is shared by every state of a run: not part of a state.
        let GameState {
            setup: _,
            turn,
            active,
            step,
            pending,
            players,
            objs,
            stack,
            waiting,
        } = self;
        let mut w = Words::new(hasher);
        w.byte(*turn);
        w.player(*active);
        w.put(*step as u64, 3);
        w.pending(*pending);
        w.len(players.len(), players.capacity());
        for p in players {
            w.player_state(p);
        }
        w.len(objs.len(), objs.capacity());
        for o in objs {
            w.obj(o);
        }
        w.len(stack.len(), stack.capacity());
        for s in stack {
            w.stack_item(s);
        }
        w.len(waiting.len(), waiting.capacity());
        for t in waiting {
            w.waiting(t);
        }
        w.finish();
    }
}

#[cfg(test)]
mod tests {
    use super::width;

    #[test]
    fn widths_hold_their_ranges() {
        assert_eq!(width(1), 0);
        assert_eq!(width(2), 1);
        assert_eq!(width(4), 2);
        assert_eq!(width(5), 3);
        assert_eq!(width(24), 5);
        assert_eq!(width(25), 5);
        assert_eq!(width(33), 6);
    }
}
