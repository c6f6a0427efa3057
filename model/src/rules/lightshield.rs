//! Lightshield Array, the back face of Invasion of Gobakhan (checklist
//! C02): "At the beginning of your end step, put a +1/+1 counter on each
//! creature that attacked this turn." and "Sacrifice this enchantment:
//! Creatures you control gain hexproof and indestructible until end of
//! turn." The model explores no end step (see `turn`): its trigger puts
//! its counters as the turn ends, no player acting in between.

use crate::rules::cards::CardName;
use crate::rules::state::{GameState, StackItem, Then};
use arrayvec::ArrayVec;
use battlecheck_properties::{CardId, PlayerId, Zone};

impl GameState {
    /// Is `id` a Lightshield Array on the battlefield: the Gobakhan card
    /// back face up (a copy of a Siege copies its front face only)?
    fn is_lightshield(&self, id: CardId) -> bool {
        let o = self.obj(id);
        o.zone == Zone::Battlefield
            && o.back_face
            && o.copy_of.is_none()
            && self.setup().def(id).name == CardName::Gobakhan
    }

    /// The Arrays whose ability may be activated now, with their
    /// controllers (602.2: any time they hold priority).
    pub(crate) fn shield_activations(&self) -> ArrayVec<(PlayerId, CardId), 4> {
        if !self.setup().has(CardName::Gobakhan) {
            return ArrayVec::new();
        }
        self.on_battlefield()
            .filter(|&id| self.is_lightshield(id) && self.in_game(self.obj(id).controller))
            .map(|id| (self.obj(id).controller, id))
            .collect()
    }

    /// `player` sacrifices `array` to activate its ability (701.21a: the
    /// cost): the ability goes on the stack (602.2a) and exists apart from
    /// its source (113.7a); `player` receives priority (117.3c).
    pub(crate) fn activate_shield(&mut self, player: PlayerId, array: CardId) {
        self.move_to(array, Zone::Graveyard);
        self.stack.push(StackItem::Activated {
            source: array,
            controller: player,
            equip: None,
        });
        self.settle(Then::Priority);
    }

    /// The ability resolves: the creatures `controller` controls now gain
    /// hexproof and indestructible until end of turn (611.2c).
    pub(crate) fn resolve_shield(&mut self, controller: PlayerId) {
        for id in self.on_battlefield().collect::<ArrayVec<_, 24>>() {
            if self.chars(id).creature && self.obj(id).controller == controller {
                self.obj_mut(id).shielded = true;
            }
        }
        self.settle(Then::Priority);
    }

    /// At the beginning of the active player's end step (513.1a), each
    /// Array they control puts a +1/+1 counter (122.6) on each creature
    /// that attacked this turn and is still the same object (400.7).
    pub(crate) fn lightshield_end_step(&mut self) {
        if !self.setup().has(CardName::Gobakhan) {
            return;
        }
        let arrays = self
            .on_battlefield()
            .filter(|&id| self.is_lightshield(id) && self.obj(id).controller == self.active)
            .count() as u8;
        if arrays == 0 {
            return;
        }
        for id in self.on_battlefield().collect::<ArrayVec<_, 24>>() {
            if self.obj(id).attacked && self.chars(id).creature {
                let o = self.obj_mut(id);
                o.plus_one = o.plus_one.saturating_add(arrays);
            }
        }
    }
}
