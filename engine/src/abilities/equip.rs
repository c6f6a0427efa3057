//! Equip (702.6) and the rule that battles are never attached (310.10).
//!
//! Equip uses the stack (602.2): the ability is put on the stack as it is
//! activated and attaches the Equipment as it resolves.

use crate::cards::card::Keyword;
use crate::fault::EngineFault;
use crate::state::error::{illegal, EngineError};
use crate::state::event::Event;
use crate::state::game::{Game, StackItem};
use battlecheck_properties::{CardId, PlayerId};

impl Game {
    /// `player` activates `equipment`'s equip ability targeting `creature`.
    pub(crate) fn equip(
        &mut self,
        player: PlayerId,
        equipment: CardId,
        creature: CardId,
    ) -> Result<(), EngineError> {
        self.known(equipment)?;
        self.known(creature)?;
        self.require_priority(player)?;
        if !self.sorcery_timing(player) {
            return illegal("702.6a", "equip can be activated only as a sorcery");
        }
        let e = self.obj(equipment);
        if !e.on_battlefield()
            || e.controller != player
            || !self.is_equipment(equipment)
            || !self.has_keyword(e.id, Keyword::Equip)
        {
            return illegal(
                "702.6a",
                format!("{player} controls no Equipment {equipment}"),
            );
        }
        if e.is_battle() && !self.fault(EngineFault::BattleEquips) {
            return illegal(
                "310.10",
                format!("{equipment} is a battle: a battle can't be attached to a permanent"),
            );
        }
        let c = self.obj(creature);
        if !c.on_battlefield() || !c.is_creature() || c.controller != player {
            return illegal(
                "702.6a",
                format!("{creature} is not a creature {player} controls"),
            );
        }
        let incarnation = c.incarnation;
        // 602.2b, 601.2h: its cost is paid in a game that pays mana.
        if self.pays_mana {
            let face = self.obj(equipment).face();
            let (cost, name) = (face.equip_cost, face.name.clone());
            self.pay(player, &cost, name)?;
        }
        self.stack.push(StackItem::Equip {
            source: equipment,
            controller: player,
            creature,
            incarnation,
        });
        self.emit(Event::Activated {
            source: equipment,
            target: creature,
        });
        self.settle(player);
        Ok(())
    }

    /// The equip ability resolves: if the Equipment is still on the
    /// battlefield and its target is still a creature its controller
    /// controls (608.2b), it becomes attached to it; but an Equipment that
    /// is also a creature can't equip a creature (301.5c: no card here has
    /// reconfigure), itself included, so it doesn't move (701.3b). Its
    /// equip ability may still be activated targeting one (702.6a: "target
    /// creature you control").
    pub(crate) fn resolve_equip(
        &mut self,
        source: CardId,
        controller: PlayerId,
        creature: CardId,
        incarnation: u32,
    ) {
        let c = self.obj(creature);
        let legal = c.on_battlefield()
            && c.incarnation == incarnation
            && c.is_creature()
            && c.controller == controller;
        if !legal || !self.obj(source).on_battlefield() {
            self.emit(Event::Fizzled { source });
            return;
        }
        if self.obj(source).is_creature() {
            return;
        }
        let e = self.obj_mut(source);
        e.attached_to = Some(creature);
        e.attached_incarnation = incarnation;
        self.emit(Event::Attached {
            equipment: source,
            to: creature,
        });
    }
}
