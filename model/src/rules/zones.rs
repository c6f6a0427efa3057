//! Zone changes (400.7), removal from combat (506.4) and control changes.

use crate::rules::state::{Combat, GameState, Obj};
use battlecheck_properties::{AttackTarget, CardId, PlayerId, Zone};

impl GameState {
    /// Move an object to `zone`. It becomes a new object with no memory of
    /// its previous existence (400.7): counters, damage, protector, copy and
    /// type-changing effects, and its part in combat are gone; a card leaves
    /// any zone front face up (711.? / 712.14) under its owner. Only the
    /// ghost history is kept.
    pub fn move_to(&mut self, id: CardId, zone: Zone) {
        // An Equipment attached to it stays attached to a nonexistent
        // permanent until the next state-based action check (704.5n,
        // `equip`): the game may end first (104.2a).
        if self.obj(id).zone == Zone::Battlefield {
            self.remove_from_combat(id);
        }
        let owner = self.setup().def(id).owner;
        let old = *self.obj(id);
        let mut new = Obj::new(zone, owner);
        new.incarnation = old.incarnation.wrapping_add(1);
        new.history = old.history;
        *self.obj_mut(id) = new;
    }

    /// 506.4: the permanent is removed from combat. A battle or planeswalker
    /// being attacked stops being attacked: creatures attacking it keep
    /// attacking, but attack nothing (506.4c).
    pub fn remove_from_combat(&mut self, id: CardId) {
        self.obj_mut(id).combat = Combat::None;
        for other in 0..self.objs.len() as u8 {
            let other = CardId(other);
            let attacks_it = matches!(
                self.obj(other).combat,
                Combat::Attacking {
                    target: Some(AttackTarget::Battle(b) | AttackTarget::Planeswalker(b)),
                    ..
                } if b == id
            );
            if attacks_it {
                if let Combat::Attacking { target, .. } = &mut self.obj_mut(other).combat {
                    *target = None;
                }
            }
        }
    }

    /// `new` gains control of permanent `id`. A change of controller removes
    /// it from combat (506.4) and it has not been controlled continuously
    /// since its new controller's turn began (302.6).
    pub fn change_control(&mut self, id: CardId, new: PlayerId) {
        if self.obj(id).controller != new {
            self.remove_from_combat(id);
            let o = self.obj_mut(id);
            o.controller = new;
            o.sick = true;
        }
    }
}
