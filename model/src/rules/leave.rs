//! A player leaving the game (104.3a concession, 704.5a, 800.4a).

use crate::rules::faults::Fault;
use crate::rules::state::{bump, Ability, GameState, StackItem};
use arrayvec::ArrayVec;
use battlecheck_properties::{CardId, PlayerId, Zone};

impl GameState {
    /// `p` leaves the game (800.4a): the objects they own leave the game;
    /// effects giving them control of objects end; their triggered and
    /// activated abilities on the stack cease to exist; objects they still control are
    /// exiled. Battles they protect keep them as protector until a
    /// state-based action replaces them (704.5x, B26).
    ///
    /// With Two-Headed Giant the whole team leaves (810.8a–b).
    pub fn leave_game(&mut self, p: PlayerId) {
        if !self.in_game(p) {
            return;
        }
        self.leave_alone(p);
        let team: ArrayVec<PlayerId, 8> = self
            .player_ids()
            .filter(|&q| q != p && self.in_game(q) && self.teammates(p, q))
            .collect();
        for q in team {
            self.leave_alone(q);
        }
    }

    fn leave_alone(&mut self, p: PlayerId) {
        self.players[p.0 as usize].in_game = false;
        let ids: ArrayVec<CardId, 24> = self.ids().collect();
        let keep_permanents = self.setup().fault(Fault::LeaverKeepsPermanents);
        for &id in &ids {
            let zone = self.obj(id).zone;
            if keep_permanents && zone == Zone::Battlefield {
                continue;
            }
            if self.setup().def(id).owner == p && zone != Zone::Outside {
                if self.obj(id).zone == Zone::Stack {
                    self.stack
                        .retain(|s| !matches!(s, StackItem::Spell { card, .. } if *card == id));
                }
                self.move_to(id, Zone::Outside);
                self.forget_zone_changes(id);
            }
        }
        // Control-changing effects that gave `p` control end (800.4a): the
        // newest remaining effect applies (613.7), else the object returns
        // to its default controller, or is exiled if that player left too
        // (800.4c).
        for &id in &ids {
            let o = *self.obj(id);
            if o.zone != Zone::Battlefield {
                continue;
            }
            let mut effects = [None; 3];
            for (slot, q) in effects
                .iter_mut()
                .zip(o.control_effects.iter().flatten().filter(|&&q| q != p))
            {
                *slot = Some(*q);
            }
            if o.control_effects != effects {
                self.obj_mut(id).control_effects = effects;
            }
            let now = effects
                .iter()
                .flatten()
                .last()
                .copied()
                .unwrap_or(o.default_controller);
            if o.controller == p && o.default_controller != p || now != o.controller && now != p {
                if self.in_game(now) {
                    self.change_control(id, now);
                } else {
                    self.move_to(id, Zone::Exile);
                }
            }
        }
        let mut ceased: ArrayVec<CardId, 16> = ArrayVec::new();
        self.stack.retain(|s| match s {
            StackItem::Trigger {
                source,
                controller,
                ability,
                ..
            } if *controller == p => {
                if *ability == Ability::Defeat {
                    ceased.push(*source);
                }
                false
            }
            StackItem::Activated { controller, .. } => *controller != p,
            _ => true,
        });
        self.waiting.retain(|w| {
            if w.controller == p && w.ability == Ability::Defeat {
                ceased.push(w.source);
            }
            w.controller != p
        });
        for source in ceased {
            bump(&mut self.obj_mut(source).history.trigger_fizzles);
        }
        for &id in &ids {
            let o = *self.obj(id);
            let exile = match o.zone {
                Zone::Stack => true,
                Zone::Battlefield => !keep_permanents,
                _ => false,
            };
            if exile && o.controller == p {
                if o.zone == Zone::Stack {
                    self.stack
                        .retain(|s| !matches!(s, StackItem::Spell { card, .. } if *card == id));
                }
                self.move_to(id, Zone::Exile);
            }
        }
    }

    /// Forget how many times `id`, an object that has just left the game
    /// with its owner (800.4a), changed zones: its incarnation (400.7) goes
    /// back to 0.
    ///
    /// An incarnation only tells whether a reference (a spell's target, a
    /// trigger's source) still names the same object, and every such check
    /// also wants the object on the battlefield or in a graveyard
    /// ([`GameState::target_valid`], a defeat trigger's resolution). An
    /// object that left the game with its owner never comes back, and no
    /// reference is taken to an object outside the game, so its incarnation
    /// is never read again, and the players see nothing of it (it is not
    /// part of the observation the properties and `conform` read). Without
    /// this, games that differ only in how often a departed player's cards
    /// changed zones before they left would be different states with the
    /// same future: forgetting it makes them one state (at 4 players, one
    /// turn, 23% fewer). `tests/leavers.rs` shows that the futures are the
    /// same.
    fn forget_zone_changes(&mut self, id: CardId) {
        self.obj_mut(id).incarnation = 0;
    }
}
