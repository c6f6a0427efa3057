//! Reselecting what an attacking creature attacks (508.7), as Portal Mage
//! does ("When this creature enters during the declare attackers step, you
//! may reselect which player or permanent target attacking creature is
//! attacking"): the effect of a printed trigger ([`crate::rules::triggers`]).

use crate::cards::card::TargetKind;
use crate::fault::EngineFault;
use crate::state::error::{illegal, EngineError, Refused};
use crate::state::event::Event;
use crate::state::game::{Combat, Game, Trigger, Waiting};
use battlecheck_properties::step::reselect_break;
use battlecheck_properties::{AttackTarget, CardId, PlayerId, Target};

impl Game {
    /// A reselect trigger resolves (608.2). If its target is no longer
    /// legal it does nothing (608.2b); otherwise it waits for its
    /// controller's choice when there is anything to reselect onto.
    pub(crate) fn resolve_reselect_trigger(&mut self, t: &Trigger, target: Option<(Target, u32)>) {
        let legal = target.filter(|&(x, inc)| {
            self.same_object(x, inc)
                && self
                    .check_target::<Refused>(x, TargetKind::AttackingCreature, t.controller)
                    .is_ok()
        });
        let Some((Target::Permanent(attacker), _)) = legal else {
            self.emit(Event::Fizzled { source: t.source });
            return self.settle(self.active);
        };
        self.emit(Event::Resolved { source: t.source });
        if self.reselect_options(attacker).is_empty() {
            self.settle(self.active);
        } else {
            self.waiting = Waiting::ReselectAttack {
                player: t.controller,
                attacker,
            };
        }
    }

    /// May `attacker`'s attack be reselected onto `to` (508.7c–e)?
    fn check_reselect(&self, attacker: CardId, to: AttackTarget) -> Result<PlayerId, EngineError> {
        let o = self.obj(attacker);
        let Combat::Attacking { target, .. } = &o.combat else {
            return illegal("508.7", format!("{attacker} is not attacking"));
        };
        if *target == Some(to) {
            return illegal(
                "508.7",
                format!("{attacker} already attacks that: keeping it is reselecting nothing"),
            );
        }
        let defender = match to {
            AttackTarget::Player(q) => {
                self.known_player(q)?;
                q
            }
            AttackTarget::Battle(b) => {
                self.known(b)?;
                let bo = self.obj(b);
                match bo.protector {
                    Some(p) if bo.on_battlefield() && bo.is_battle() => p,
                    _ => {
                        return illegal(
                            "508.7c",
                            format!("{b} is not a battle on the battlefield with a protector"),
                        )
                    }
                }
            }
            AttackTarget::Planeswalker(w) => {
                self.known(w)?;
                let wo = self.obj(w);
                if !wo.on_battlefield() || !wo.is(crate::cards::card::CardType::Planeswalker) {
                    return illegal(
                        "508.7c",
                        format!("{w} is not a planeswalker on the battlefield"),
                    );
                }
                wo.controller
            }
        };
        let controller = o.controller;
        let chosen = self.obj(attacker).combat.defender().unwrap_or(defender);
        let table = self.seating();
        if table.may_reselect(controller, chosen, defender)
            || (self.fault(EngineFault::ReselectOntoOwnBattle)
                && defender == controller
                && matches!(to, AttackTarget::Battle(_)))
        {
            return Ok(defender);
        }
        let (rule, why) = reselect_break(&table, controller, chosen, defender)
            .expect("a reselection may_reselect refuses breaks one of 508.7c-e");
        illegal(
            rule.rule(),
            format!("{attacker} can't be reselected onto {defender} or a battle they protect: {defender} is {why} {controller}"),
        )
    }

    /// Everything `attacker`'s attack may be reselected onto.
    pub(crate) fn reselect_options(&self, attacker: CardId) -> Vec<AttackTarget> {
        self.players_from(PlayerId(0))
            .map(AttackTarget::Player)
            .chain(self.battlefield().filter_map(attackable))
            .filter(|&to| self.check_reselect(attacker, to).is_ok())
            .collect()
    }

    /// `player` reselects what `attacker` attacks, or keeps it (`None`). It
    /// is not removed from combat and did not attack again (508.7a); its
    /// defending player is the new one (508.5, 310.9d).
    pub(crate) fn reselect_attack(
        &mut self,
        player: PlayerId,
        attacker: CardId,
        to: Option<AttackTarget>,
    ) -> Result<(), EngineError> {
        let Waiting::ReselectAttack {
            player: who,
            attacker: which,
        } = self.waiting
        else {
            return illegal(
                "508.7",
                format!(
                    "no attack is being reselected: the game waits for {}",
                    self.waiting_text()
                ),
            );
        };
        if who != player || which != attacker {
            return illegal("508.7", format!("{who} may reselect what {which} attacks"));
        }
        if let Some(to) = to {
            let defender = self.check_reselect(attacker, to)?;
            let chosen = self.obj(attacker).combat.defender().unwrap_or(defender);
            let battle = match to {
                AttackTarget::Battle(c) | AttackTarget::Planeswalker(c) => {
                    Some(self.obj(c).snapshot())
                }
                AttackTarget::Player(_) => None,
            };
            let controller = self.obj(attacker).controller;
            let stale = self.fault(EngineFault::ReselectKeepsOldTarget);
            if let Combat::Attacking {
                target, battle: b, ..
            } = &mut self.obj_mut(attacker).combat
            {
                *target = Some(to);
                if !stale {
                    *b = battle;
                }
            }
            self.emit(Event::Reselected {
                attacker,
                controller,
                chosen,
                defender,
            });
        }
        self.settle(self.active);
        Ok(())
    }
}

/// What a creature may attack among permanents (506.3): a battle or a
/// planeswalker, as an attack target.
pub(crate) fn attackable(o: &crate::state::game::Object) -> Option<AttackTarget> {
    if o.is_battle() {
        Some(AttackTarget::Battle(o.id))
    } else if o.is(crate::cards::card::CardType::Planeswalker) {
        Some(AttackTarget::Planeswalker(o.id))
    } else {
        None
    }
}
