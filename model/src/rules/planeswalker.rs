//! Planeswalkers beside battles (306): what may attack one (506.2, 508.1b:
//! opponents of its controller, never its controller, unlike a Siege,
//! 310.9b) and loyalty counters (306.5b) that damage removes (120.3c, 306.8).
//! The state-based action that puts one with no loyalty into its owner's
//! graveyard (704.5i) is in `sba`, and removal from combat (506.4, 506.4c)
//! in `zones`, each with the battles'.

use crate::rules::faults::Fault;
use crate::rules::state::GameState;
use arrayvec::ArrayVec;
use battlecheck_properties::seating::Table;
use battlecheck_properties::{AttackTarget, CardId, PlayerId};

impl GameState {
    /// The planeswalkers the active player's creatures may attack (506.2,
    /// 508.1b, 805.10b): those controlled by a player `table` lets them
    /// attack, so never one of their own or, with Two-Headed Giant, their
    /// teammate's.
    pub(crate) fn attackable_planeswalkers(&self, table: &Table) -> ArrayVec<AttackTarget, 8> {
        let ap = self.active;
        let own = self.setup().fault(Fault::OwnPlaneswalkerAttackable);
        self.planeswalkers_of(|p| table.may_attack(ap, p) || (own && p == ap))
            .collect()
    }

    /// The planeswalkers on the battlefield whose controller `may` accepts,
    /// as attack targets: what may be attacked (above) or an attack
    /// reselected onto (508.7c, `reselect`).
    pub(crate) fn planeswalkers_of<'a>(
        &'a self,
        may: impl Fn(PlayerId) -> bool + 'a,
    ) -> impl Iterator<Item = AttackTarget> + 'a {
        self.on_battlefield()
            .filter(move |&w| self.chars(w).planeswalker && may(self.obj(w).controller))
            .map(AttackTarget::Planeswalker)
    }

    /// Damage dealt to planeswalker `id` removes that many loyalty counters
    /// (120.3c, 306.8), never below none.
    pub(crate) fn damage_planeswalker(&mut self, id: CardId, n: u8) {
        let o = self.obj_mut(id);
        o.loyalty = o.loyalty.saturating_sub(n);
    }
}
