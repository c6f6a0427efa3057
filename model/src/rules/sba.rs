//! State-based actions (704.3): checked whenever a player would receive
//! priority, performed simultaneously, repeated until none apply; then
//! waiting triggered abilities go on the stack (603.3b).
//!
//! Protector choices (704.5x–y) are the only state-based actions that need a
//! decision. All other actions of the same check are performed first and the
//! game then waits for the choices ([`Pending::SbaProtectors`]); since no
//! other action of the check depends on those choices, the result is the
//! one 704.3's simultaneity gives. A battle that leaves the battlefield in
//! the same check (704.5v–w) needs no protector: its choice could have no
//! effect.

use crate::rules::config::MAX_PLAYERS;
use crate::rules::faults::Fault;
use crate::rules::state::{Ability, GameState, Pending, Then};
use arrayvec::ArrayVec;
use battlecheck_properties::view::ProtectorOrigin;
use battlecheck_properties::{CardId, PlayerId, Zone};
use std::sync::atomic::Ordering;

/// A battle that needs a protector chosen by its controller as a
/// state-based action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProtectorNeed {
    pub battle: CardId,
    pub origin: ProtectorOrigin,
}

impl GameState {
    /// Perform state-based actions until none apply, then put waiting
    /// triggers on the stack and continue with `then`. Stops early when a
    /// protector choice is needed or the game is over.
    pub fn settle(&mut self, then: Then) {
        loop {
            if self.sides_in_game() <= 1 {
                self.pending = Pending::GameOver;
                return;
            }
            let mut acted = false;
            // 704.5a: a player with 0 or less life loses the game.
            let losers: ArrayVec<PlayerId, MAX_PLAYERS> = self
                .player_ids()
                .filter(|&p| self.in_game(p) && self.players[p.0 as usize].life <= 0)
                .collect();
            // 704.5d: a token in a zone other than the battlefield ceases to exist.
            let ceasing: ArrayVec<CardId, 24> = self
                .ids()
                .filter(|&id| {
                    let z = self.obj(id).zone;
                    self.setup().def(id).token && z != Zone::Battlefield && z != Zone::Outside
                })
                .collect();
            // 704.5f–h (creatures), 704.5i (planeswalkers at 0 loyalty),
            // 704.5v–w (battles at 0 defense): to the graveyard.
            let dying: ArrayVec<CardId, 24> = self
                .on_battlefield()
                .filter(|&id| self.sba_dies(id))
                .collect();
            // 704.5h looks at damage since the last check: this one.
            for id in 0..self.objs.len() as u8 {
                if self.obj(CardId(id)).deathtouched {
                    self.obj_mut(CardId(id)).deathtouched = false;
                }
            }
            // 704.5n, 704.5p: an Equipment attached to a noncreature, and a
            // battle (310.10) or a creature attached to anything, become
            // unattached (`equip`).
            let unattach: ArrayVec<CardId, 24> = self
                .on_battlefield()
                .filter(|&id| self.attachment_illegal(id))
                .collect();
            for &id in &unattach {
                self.obj_mut(id).attached_to = None;
                acted = true;
            }
            for &id in &ceasing {
                self.obj_mut(id).zone = Zone::Outside;
                acted = true;
            }
            for &id in &dying {
                self.move_to(id, Zone::Graveyard);
                acted = true;
            }
            for &p in &losers {
                self.leave_game(p);
                acted = true;
            }
            if self.sides_in_game() <= 1 {
                self.pending = Pending::GameOver;
                return;
            }
            // 704.5x–y: protectors; automatic when the choice is forced.
            let mut choice_needed = false;
            for need in self.protector_needs() {
                let controller = self.obj(need.battle).controller;
                let options = self.protector_options(need.battle, controller);
                match options.len() {
                    0 => self.move_to(need.battle, Zone::Graveyard),
                    1 => self.set_protector(need.battle, Some(options[0]), need.origin),
                    _ => {
                        choice_needed = true;
                        continue;
                    }
                }
                acted = true;
            }
            if choice_needed {
                self.pending = Pending::SbaProtectors { then };
                return;
            }
            if !acted {
                break;
            }
        }
        self.put_triggers_on_stack();
        self.target_triggers(then);
    }

    /// Continue with `then` once every trigger on the stack has its targets.
    pub fn go_on(&mut self, then: Then) {
        match then {
            Then::Priority => self.pending = Pending::Priority,
            Then::EndTurn => self.end_turn(),
        }
    }

    /// Does state-based action 704.5f, 704.5g, 704.5h, 704.5i, 704.5v or
    /// 704.5w put this permanent into its owner's graveyard?
    fn sba_dies(&self, id: CardId) -> bool {
        let c = self.chars(id);
        let o = self.obj(id);
        // 702.12b: an indestructible creature is not destroyed by lethal
        // damage (704.5g), though toughness 0 still puts it away (704.5f).
        // 704.5h: dealt damage by a source with deathtouch since the last
        // check.
        let creature_dies = c.creature
            && (c.toughness == 0 || ((o.damage >= c.toughness || o.deathtouched) && !o.shielded));
        let battle_dies = c.battle
            && o.counters == 0
            && if c.siege {
                // 310.7, 704.5v: unless it is the source of a trigger not yet resolved.
                !self.trigger_pending(id)
            } else {
                // 310.8, 704.5w: no exception.
                !self.setup().fault(Fault::NonSiegeBattleStays)
            };
        // 704.5i: a planeswalker with loyalty 0.
        let planeswalker_dies = c.planeswalker && o.loyalty == 0;
        creature_dies || battle_dies || planeswalker_dies
    }

    /// Battles on the battlefield whose protector must be chosen now, in
    /// card order: 704.5x (no protector in the game, and not attacked) and
    /// 704.5y (a protector who can't be its protector).
    pub fn protector_needs(&self) -> ArrayVec<ProtectorNeed, 24> {
        self.on_battlefield()
            .filter(|&id| self.chars(id).battle)
            .filter_map(|id| {
                let o = self.obj(id);
                match o.protector {
                    None => Some(ProtectorOrigin::Entered),
                    Some(p) if !self.in_game(p) => {
                        let ignore = self.setup().fault(Fault::ProtectorLeftIgnored);
                        (!ignore && !self.attacked(id)).then_some(ProtectorOrigin::ProtectorLeft)
                    }
                    Some(p) if !self.may_protect(id, p) => {
                        let ignore = self.setup().fault(Fault::ControllerKeepsProtecting)
                            && p == o.controller;
                        (!ignore).then_some(ProtectorOrigin::ControlChange)
                    }
                    Some(_) => None,
                }
                .map(|origin| ProtectorNeed { battle: id, origin })
            })
            .collect()
    }

    /// The choices a [`Pending::SbaProtectors`] decision must make: each
    /// battle whose controller has more than one option, with the options.
    pub fn sba_protector_choices(&self) -> ArrayVec<(CardId, ArrayVec<PlayerId, MAX_PLAYERS>), 24> {
        self.protector_needs()
            .into_iter()
            .map(|n| {
                (
                    n.battle,
                    self.protector_options(n.battle, self.obj(n.battle).controller),
                )
            })
            .filter(|(_, options)| options.len() > 1)
            .collect()
    }

    /// Apply a [`Pending::SbaProtectors`] decision and carry on.
    pub fn choose_sba_protectors(&mut self, choices: &[(CardId, PlayerId)], then: Then) {
        let needs = self.protector_needs();
        for &(battle, p) in choices {
            let origin = needs
                .iter()
                .find(|n| n.battle == battle)
                .map_or(ProtectorOrigin::ControlChange, |n| n.origin);
            self.set_protector(battle, Some(p), origin);
        }
        self.settle(then);
    }

    /// 603.3b: waiting triggered abilities go on the stack in APNAP order;
    /// a player's own abilities in card order (their choice of order is not
    /// explored). A trigger controlled by a player who left the game is not
    /// put on the stack (800.4d).
    fn put_triggers_on_stack(&mut self) {
        if self.waiting.is_empty() {
            return;
        }
        let mut waiting = std::mem::take(&mut self.waiting);
        waiting.sort_by_key(|w| w.source);
        let order: ArrayVec<PlayerId, MAX_PLAYERS> = {
            let n = self.players.len() as u8;
            (0..n).map(|i| PlayerId((self.active.0 + i) % n)).collect()
        };
        let nonactive_controllers = order
            .iter()
            .skip(1)
            .filter(|&&p| waiting.iter().any(|w| w.controller == p))
            .count();
        if nonactive_controllers >= 2 {
            self.setup()
                .seat_order_mattered
                .store(true, Ordering::Relaxed);
        }
        for p in order {
            for w in waiting.iter().filter(|w| w.controller == p) {
                if self.in_game(p) {
                    self.stack.push(crate::rules::state::StackItem::Trigger {
                        source: w.source,
                        incarnation: w.incarnation,
                        controller: p,
                        ability: w.ability,
                        target: None,
                    });
                } else if w.ability == Ability::Defeat {
                    crate::rules::state::bump(&mut self.obj_mut(w.source).history.trigger_fizzles);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::config::{Config, Setup};
    use crate::rules::state::{GameState, Then};
    use battlecheck_properties::{CardId, Decision, PlayerId, PropertyId};

    /// The pool cannot attach a battle (310.10), so 704.5p is shown on a
    /// constructed state: a battle attached to a creature is unattached by
    /// the next state-based action check, and the invariant flags it before.
    #[test]
    fn attached_battle_becomes_unattached() {
        let setup = Box::leak(Box::new(
            Setup::new(Config::preset("tiny").unwrap()).unwrap(),
        ));
        let mut s = GameState::initial(setup);
        let siege = CardId(2);
        s.apply(&Decision::Cast {
            player: PlayerId(0),
            card: siege,
            targets: vec![],
            x: None,
            convoke: None,
        });
        s.apply(&Decision::PassAll);
        s.obj_mut(siege).attached_to = Some(CardId(0));
        assert!(!PropertyId::BattlesNeverFightOrAttach.check(&s));
        s.settle(Then::Priority);
        assert_eq!(s.obj(siege).attached_to, None);
        assert!(PropertyId::BattlesNeverFightOrAttach.check(&s));
    }
}
