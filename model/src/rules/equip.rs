//! Equipment (301.5) and its equip ability (702.6a): "Equip [cost]" means
//! "[Cost]: Attach this permanent to target creature you control. Activate
//! only as a sorcery." The pool's Equipment is Bonesplitter ("Equipped
//! creature gets +2/+0."); the model has no mana, so the cost is not paid.
//! What it brings to battles: an equipped creature's bonus is in the damage
//! it deals to a battle (120.3h), and a battle is never attached (310.10,
//! 704.5p) — Bonesplitter made a copy of a Siege while attached is
//! unattached by the same check that puts it, with no defense counters,
//! into its owner's graveyard (704.5v).

use crate::rules::cards::CardName;
use crate::rules::faults::Fault;
use crate::rules::state::{GameState, StackItem, TargetRef, Then};
use battlecheck_properties::{CardId, Decision, PlayerId, Step, Target, Zone};

impl GameState {
    /// Add the equip activations open now to `out`: only as a sorcery
    /// (602.5d, 307.1: the player's main phase with an empty stack; 805.4:
    /// with shared team turns, every player of the active team), of an
    /// Equipment the player controls (301.5d) that is not a battle (310.10:
    /// a battle can't be attached, even if it is also an Equipment),
    /// targeting a creature the player controls (702.6a). An Equipment that
    /// is also a creature may still activate it, targeting itself too: it
    /// then doesn't move (301.5c, 701.3b), and so does one targeting the
    /// creature it already equips.
    pub(crate) fn equip_decisions(&self, out: &mut Vec<Decision>) {
        if !(self.setup().has(CardName::Bonesplitter) || self.setup().has(CardName::Bastion))
            || self.step != Step::Main
            || !self.stack.is_empty()
        {
            return;
        }
        for equipment in self.on_battlefield() {
            let player = self.obj(equipment).controller;
            let c = self.chars(equipment);
            if !c.equipment
                || (c.battle && !self.setup().fault(Fault::BattleEquips))
                || !self.teammates(player, self.active)
            {
                continue;
            }
            for creature in self.on_battlefield() {
                if self.equip_target(creature, player) {
                    out.push(Decision::Equip {
                        player,
                        equipment,
                        creature,
                    });
                }
            }
        }
    }

    /// Is `creature` a legal target of `player`'s equip ability: a
    /// creature `player` controls (702.6a)?
    fn equip_target(&self, creature: CardId, player: PlayerId) -> bool {
        self.chars(creature).creature && self.obj(creature).controller == player
    }

    /// `player` activates `equipment`'s equip ability targeting
    /// `creature`: the ability goes on the stack (602.2a) and `player`
    /// receives priority (117.3c).
    pub(crate) fn activate_equip(&mut self, player: PlayerId, equipment: CardId, creature: CardId) {
        let target = self.target_ref(Target::Permanent(creature));
        self.stack.push(StackItem::Activated {
            source: equipment,
            controller: player,
            equip: Some(target),
        });
        self.settle(Then::Priority);
    }

    /// The equip ability resolves. If its target is no longer a creature
    /// its controller controls, the same object on the battlefield, it
    /// doesn't resolve (608.2b: "Control of the creature matters only when
    /// the equip ability is activated and when it resolves", 301.5b). Else
    /// the Equipment, if still on the battlefield and not a creature
    /// itself (301.5c), becomes attached to it (701.3a); one already
    /// attached to it stays (701.3b).
    pub(crate) fn resolve_equip(
        &mut self,
        equipment: CardId,
        controller: PlayerId,
        target: TargetRef,
    ) {
        if let Target::Permanent(creature) = target.target {
            if self.target_valid(target)
                && self.equip_target(creature, controller)
                && self.obj(equipment).zone == Zone::Battlefield
                && !self.chars(equipment).creature
            {
                self.obj_mut(equipment).attached_to = Some(creature);
            }
        }
        self.settle(Then::Priority);
    }

    /// The power the Equipment attached to `creature` gives it (613.4c):
    /// Bonesplitter's "+2/+0" while it has that ability.
    pub(crate) fn equipped_bonus(&self, creature: CardId) -> u8 {
        if !self.setup().has(CardName::Bonesplitter) {
            return 0;
        }
        self.on_battlefield()
            .filter(|&e| self.obj(e).attached_to == Some(creature))
            .map(|e| self.chars_unequipped(e).equipped_power)
            .sum()
    }

    /// Must `id`, attached to something, become unattached as a
    /// state-based action? 704.5n: an Equipment attached to an illegal
    /// permanent, one that is not a creature, or to a nonexistent one, that
    /// left the battlefield (301.5c); 704.5p and 310.10: a battle or a
    /// creature attached to anything, an Equipment become a creature
    /// included, and any other permanent that is not an Equipment (the pool
    /// has no Aura or Fortification). No card of the pool puts a permanent
    /// that left back onto the battlefield before the next check, so one
    /// that left is still gone then.
    pub(crate) fn attachment_illegal(&self, id: CardId) -> bool {
        let Some(to) = self.obj(id).attached_to else {
            return false;
        };
        let c = self.chars_unequipped(id);
        c.battle
            || c.creature
            || !c.equipment
            || self.obj(to).zone != Zone::Battlefield
            || !self.chars(to).creature
    }

    /// The power [`Fault::EquipmentBonusMissesBattles`] leaves out of the
    /// combat damage `attacker` deals to a battle: none in a correct game.
    pub(crate) fn injected_bonus_missing(&self, attacker: CardId) -> u8 {
        if self.setup().fault(Fault::EquipmentBonusMissesBattles) {
            self.equipped_bonus(attacker)
        } else {
            0
        }
    }
}
