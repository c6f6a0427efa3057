//! Ward (702.21a): "Ward—Pay 2 life" means "Whenever this permanent
//! becomes the target of a spell or ability an opponent controls, counter
//! that spell or ability unless that player pays 2 life" (Pool Warden's,
//! Refraction Elemental's). "An opponent" is an opponent of the
//! permanent's controller: not its owner's, and in a team game not a
//! teammate (102.3). A player pays life only if their life total is at
//! least the payment (119.4; with Two-Headed Giant, their team's shared
//! total, 810.9); one who can't pay doesn't, and the spell is countered
//! (701.6a: it goes to its owner's graveyard).
//!
//! The model's only objects that target permanents are spells, and a
//! configuration with Portal Mage, whose trigger targets an attacking
//! creature, and a creature with ward is refused (`config`). A spell
//! becomes the target as it is cast, and its caster then receives
//! priority (117.3c); no other trigger waits at that moment (a player
//! casting holds priority, so every waiting trigger was put on the stack
//! before, 117.5), so the ward triggers go on the stack at once, above the
//! spell, in APNAP order (603.3b), as they would when the caster receives
//! priority.

use crate::rules::cards::Keyword;
use crate::rules::faults::Fault;
use crate::rules::state::{Ability, GameState, Pending, StackItem, TargetRef, Then};
use arrayvec::ArrayVec;
use battlecheck_properties::{CardId, PlayerId, Target, Zone};

/// The life a ward cost asks (Pool Warden's "Ward—Pay 2 life").
pub const WARD_LIFE: u8 = 2;

impl GameState {
    /// `spell`, just cast by `caster` with `targets`: each targeted
    /// permanent with ward whose controller is an opponent of `caster`
    /// triggers; its trigger goes on the stack above the spell.
    pub(crate) fn ward_triggers(&mut self, spell: CardId, caster: PlayerId, targets: &[Target]) {
        let mut warded: ArrayVec<(u8, CardId), 2> = ArrayVec::new();
        let n = self.players.len() as u8;
        for &t in targets {
            let Target::Permanent(c) = t else { continue };
            let controller = self.obj(c).controller;
            let opponent = if self.setup().fault(Fault::WardAgainstTeammates) {
                controller != caster
            } else {
                !self.teammates(controller, caster)
            };
            if opponent
                && self.chars(c).keywords.has(Keyword::Ward)
                && !warded.iter().any(|w| w.1 == c)
            {
                // 603.3b: the active player's triggers first.
                let apnap = (controller.0 + n - self.active.0) % n;
                warded.push((apnap, c));
            }
        }
        warded.sort_unstable();
        let counters = Some(self.target_ref(Target::Card(spell)));
        for (_, c) in warded {
            let o = self.obj(c);
            self.stack.push(StackItem::Trigger {
                source: c,
                incarnation: o.incarnation,
                controller: o.controller,
                ability: Ability::Ward,
                target: counters,
            });
        }
    }

    /// Where `spell` is on the stack, and who controls it.
    pub(crate) fn on_stack(&self, spell: CardId) -> Option<(usize, PlayerId)> {
        self.stack.iter().enumerate().find_map(|(i, s)| match *s {
            StackItem::Spell {
                card, controller, ..
            } if card == spell => Some((i, controller)),
            _ => None,
        })
    }

    /// The ward trigger of `source`, taken off the stack, resolves: if the
    /// spell it counters is still on the stack, that spell's controller
    /// pays 2 life or it is countered; one who can't pay doesn't (119.4).
    pub(crate) fn resolve_ward_trigger(&mut self, source: CardId, counters: Option<TargetRef>) {
        let Some(TargetRef {
            target: Target::Card(spell),
            ..
        }) = counters
        else {
            unreachable!("a ward trigger names the spell it counters")
        };
        match self.on_stack(spell) {
            None => self.settle(Then::Priority),
            Some((_, player)) if self.players[player.0 as usize].life < WARD_LIFE as i8 => {
                self.counter(spell);
                self.settle(Then::Priority);
            }
            Some(_) => self.pending = Pending::PayUnless { source, spell },
        }
    }

    /// The controller of `spell` pays the ward cost, or `spell` is
    /// countered.
    pub(crate) fn pay_unless(&mut self, spell: CardId, pay: bool) {
        match self.on_stack(spell) {
            Some((_, player)) if pay => self.pay_life(player, WARD_LIFE),
            _ => self.counter(spell),
        }
        self.settle(Then::Priority);
    }

    /// 701.6a: a countered spell leaves the stack for its owner's
    /// graveyard.
    fn counter(&mut self, spell: CardId) {
        if let Some((i, _)) = self.on_stack(spell) {
            self.stack.remove(i);
            self.move_to(spell, Zone::Graveyard);
        }
    }
}
