//! Planeswalkers beside battles (306): what may attack one (506.2, 508.1b:
//! opponents of its controller, never its controller, unlike a Siege,
//! 310.9b), loyalty counters (306.5b) that damage removes (120.3c, 306.8),
//! and the state-based action that puts one with no loyalty into its
//! owner's graveyard (704.5i). Removal from combat (506.4, 506.4c) is in
//! `zones`, with the battles'.

use crate::rules::faults::Fault;
use crate::rules::state::GameState;
use arrayvec::ArrayVec;
use battlecheck_properties::seating::Table;
use battlecheck_properties::{AttackTarget, CardId};

impl GameState {
    /// The planeswalkers the active player's creatures may attack (506.2,
    /// 508.1b, 805.10b): those controlled by a player `table` lets them
    /// attack, so never one of their own or, with Two-Headed Giant, their
    /// teammate's.
    pub(crate) fn attackable_planeswalkers(&self, table: &Table) -> ArrayVec<AttackTarget, 8> {
        let ap = self.active;
        let own = self.setup().fault(Fault::OwnPlaneswalkerAttackable);
        self.on_battlefield()
            .filter(|&w| self.chars(w).planeswalker)
            .filter(|&w| {
                let p = self.obj(w).controller;
                table.may_attack(ap, p) || (own && p == ap)
            })
            .map(AttackTarget::Planeswalker)
            .collect()
    }

    /// Damage dealt to planeswalker `id` removes that many loyalty counters
    /// (120.3c, 306.8), never below none.
    pub(crate) fn damage_planeswalker(&mut self, id: CardId, n: u8) {
        let o = self.obj_mut(id);
        o.loyalty = o.loyalty.saturating_sub(n);
    }

    /// 704.5i: a planeswalker with loyalty 0 is put into its owner's
    /// graveyard.
    pub(crate) fn planeswalker_dies(&self, id: CardId) -> bool {
        self.chars(id).planeswalker && self.obj(id).loyalty == 0
    }
}
