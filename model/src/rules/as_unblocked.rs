//! Zilortha, Apex of Ikoria (checklist C04): "For each non-Human creature
//! you control, you may have that creature assign its combat damage as
//! though it weren't blocked." Its rulings: the choice is made for each
//! creature just before it assigns combat damage; it is all or nothing
//! (all of the damage to what it attacks, 510.1b, none to its blockers,
//! 510.1c); its blockers still deal it damage; a battle it attacks is
//! dealt the damage like a player. `combat` deals the damage.

use crate::rules::cards::CardName;
use crate::rules::faults::Fault;
use crate::rules::state::{Combat, GameState};
use battlecheck_properties::{AttackTarget, CardId, Step, Target};

impl GameState {
    /// May `attacker`'s controller have it assign its combat damage as
    /// though it weren't blocked: it is not a Human, and they control a
    /// permanent with Zilortha's static ability (604.2)?
    fn may_assign_as_unblocked(&self, attacker: CardId) -> bool {
        let controller = self.obj(attacker).controller;
        (!self.chars(attacker).human || self.setup().fault(Fault::AsUnblockedForHumans))
            && self
                .on_battlefield()
                .any(|s| self.obj(s).controller == controller && self.chars(s).grants_as_unblocked)
    }

    /// The first blocked attacker, in card order, dealing damage in `step`
    /// with power above 0 (510.1a), whose controller may have it assign as
    /// though it weren't blocked and has not chosen yet.
    pub(crate) fn as_unblocked_choice_needed(&self, step: Step) -> Option<CardId> {
        if !self.setup().has(CardName::Zilortha) {
            return None;
        }
        self.on_battlefield().find(|&id| {
            matches!(self.obj(id).combat, Combat::Attacking { blocked: true, .. })
                && self.deals_damage_in(id, step)
                && self.chars(id).power > 0
                && self.obj(id).as_unblocked.is_none()
                && self.may_assign_as_unblocked(id)
        })
    }

    /// Does `attacker` assign its combat damage as though it weren't
    /// blocked, as its controller chose?
    pub(crate) fn assigns_as_unblocked(&self, attacker: CardId) -> bool {
        self.obj(attacker).as_unblocked == Some(true)
    }

    /// The attacker's controller decided; the damage step goes on.
    pub fn assign_as_unblocked(&mut self, attacker: CardId, as_unblocked: bool) {
        self.obj_mut(attacker).as_unblocked = Some(as_unblocked);
        self.combat_damage_step(self.step);
    }

    /// What it attacks, as a recipient of damage.
    pub(crate) fn attacked_recipient(target: Option<AttackTarget>) -> Option<Target> {
        target.map(|t| match t {
            AttackTarget::Player(p) => Target::Player(p),
            AttackTarget::Battle(c) | AttackTarget::Planeswalker(c) => Target::Permanent(c),
        })
    }
}
