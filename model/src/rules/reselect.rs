//! Reselecting what an attacking creature attacks (508.7), through the one
//! card of the pool that does it, Portal Mage: "Flash. When this creature
//! enters during the declare attackers step, you may reselect which player
//! or permanent target attacking creature is attacking."

use crate::rules::faults::Fault;
use crate::rules::state::{Combat, GameState, Pending, TargetRef, Then};
use arrayvec::ArrayVec;
use battlecheck_properties::step::Happened;
use battlecheck_properties::{AttackTarget, CardId, PlayerId, Target, Zone};

impl GameState {
    /// The legal targets of the trigger of `controller`: "target attacking
    /// creature" (115.1), within range of influence (801.4).
    pub fn attacking_targets(&self, controller: PlayerId) -> ArrayVec<CardId, 24> {
        self.on_battlefield()
            .filter(|&c| self.is_attacking_creature(c))
            .filter(|&c| self.in_reach(controller, Target::Permanent(c)))
            .collect()
    }

    pub(crate) fn is_attacking_creature(&self, c: CardId) -> bool {
        self.obj(c).zone == Zone::Battlefield
            && self.chars(c).creature
            && matches!(self.obj(c).combat, Combat::Attacking { .. })
    }

    /// The trigger resolves (608.2b: not if its target is no longer an
    /// attacking creature, the same object, within range); its controller
    /// may then reselect, if there is anything to reselect onto.
    pub fn resolve_reselect_trigger(&mut self, controller: PlayerId, target: Option<TargetRef>) {
        let attacker = target.and_then(|t| match t.target {
            Target::Permanent(c)
                if self.target_valid(t)
                    && self.is_attacking_creature(c)
                    && self.in_reach(controller, t.target) =>
            {
                Some(c)
            }
            _ => None,
        });
        match attacker {
            Some(attacker) if !self.reselect_options(attacker).is_empty() => {
                self.pending = Pending::ReselectAttack {
                    attacker,
                    player: controller,
                }
            }
            _ => self.settle(Then::Priority),
        }
    }

    /// What `attacker`'s attack may be reselected onto, other than what it
    /// attacks now (508.7c–e, [`battlecheck_properties::seating::Table::may_reselect`]):
    /// opponents of its controller and battles they protect; without the
    /// attack multiple players option only the defending player chosen as
    /// it attacked; with a limited range of influence only within range.
    pub fn reselect_options(&self, attacker: CardId) -> ArrayVec<AttackTarget, 32> {
        let Combat::Attacking {
            target, defender, ..
        } = self.obj(attacker).combat
        else {
            return ArrayVec::new();
        };
        let controller = self.obj(attacker).controller;
        let table = self.table();
        let any_player = self.setup().fault(Fault::ReselectOntoAnyPlayer);
        let allowed = |q: PlayerId| {
            table.may_reselect(controller, defender, q) || (any_player && self.in_game(q))
        };
        let players = self
            .player_ids()
            .filter(|&q| allowed(q))
            .map(AttackTarget::Player);
        let battles = self
            .on_battlefield()
            .filter(|&b| self.chars(b).battle)
            .filter_map(|b| {
                let p = self.obj(b).protector?;
                allowed(p).then_some(AttackTarget::Battle(b))
            });
        // 508.7c: "or permanent": a planeswalker such a player controls too.
        let planeswalkers = self.planeswalkers_of(allowed);
        players
            .chain(battles)
            .chain(planeswalkers)
            .filter(|&t| Some(t) != target)
            .collect()
    }

    /// The trigger's controller reselected what `attacker` attacks, or kept
    /// it (`None`). The creature is not removed from combat and did not
    /// attack again (508.7a); its defending player is the new target's
    /// (508.5, 310.9d).
    pub fn reselect(&mut self, attacker: CardId, to: Option<AttackTarget>) {
        if let (Some(to), Combat::Attacking { defender, .. }) = (to, self.obj(attacker).combat) {
            let now = self.defender_of(to);
            self.record(Happened::Reselected {
                attacker,
                controller: self.obj(attacker).controller,
                chosen: defender,
                defender: now,
            });
            if let Combat::Attacking {
                target, defender, ..
            } = &mut self.obj_mut(attacker).combat
            {
                *target = Some(to);
                *defender = now;
            }
        }
        self.settle(Then::Priority);
    }
}
