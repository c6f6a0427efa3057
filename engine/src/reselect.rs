//! Printed triggered abilities (603) and the one effect they have so far:
//! reselecting what an attacking creature attacks (508.7), as Portal Mage
//! does ("When this creature enters during the declare attackers step, you
//! may reselect which player or permanent target attacking creature is
//! attacking").

use crate::cards::{TargetKind, TriggerEffect, TriggerEvent};
use crate::error::{illegal, EngineError};
use crate::event::Event;
use crate::fault::EngineFault;
use crate::game::{Ability, Combat, Game, StackItem, Trigger, TurnStep, Waiting};
use battlecheck_properties::step::reselect_break;
use battlecheck_properties::{AttackTarget, CardId, PlayerId, Target};

impl Game {
    /// `card` just entered the battlefield: its enters triggers trigger
    /// (603.2, 603.6a), controlled by its controller (603.3a).
    pub(crate) fn enters_triggers(&mut self, card: CardId) {
        let o = self.obj(card);
        let (incarnation, controller) = (o.incarnation, o.controller);
        let triggered: Vec<TriggerEffect> = o
            .face()
            .triggers
            .iter()
            .filter(|t| match t.when {
                TriggerEvent::EntersDuringDeclareAttackers => {
                    self.step == TurnStep::DeclareAttackers
                }
            })
            .map(|t| t.effect)
            .collect();
        for effect in triggered {
            self.waiting_triggers.push(Trigger {
                source: card,
                incarnation,
                controller,
                ability: Ability::Printed(effect),
            });
            self.emit(Event::EntersTriggered {
                source: card,
                controller,
            });
        }
    }

    /// The legal targets of triggered ability `t` (115.1, 801.4).
    fn trigger_targets(&self, t: &Trigger) -> Vec<Target> {
        let Ability::Printed(effect) = t.ability else {
            return Vec::new();
        };
        let Some(&kind) = effect.targets().first() else {
            return Vec::new();
        };
        self.battlefield()
            .map(|o| Target::Permanent(o.id))
            .filter(|&x| self.check_target(x, kind, t.controller).is_ok())
            .collect()
    }

    /// 603.3d: the triggered abilities just put on the stack get their
    /// targets, bottom first. One with no legal target is removed from the
    /// stack; one with a single legal target gets it; otherwise the game
    /// waits for its controller to choose. Returns whether it waits.
    pub(crate) fn target_triggers(&mut self) -> bool {
        while let Some(i) = self
            .stack
            .iter()
            .position(|s| matches!(s, StackItem::TriggeredAbility { target: None, .. }))
        {
            let StackItem::TriggeredAbility { trigger, .. } = self.stack[i] else {
                unreachable!("position found a triggered ability")
            };
            match self.trigger_targets(&trigger).as_slice() {
                [] => {
                    self.stack.remove(i);
                    self.emit(Event::TriggerRemoved {
                        source: trigger.source,
                    });
                }
                [only] => self.set_trigger_target(i, *only),
                _ => {
                    self.waiting = Waiting::TargetTrigger {
                        player: trigger.controller,
                        source: trigger.source,
                    };
                    return true;
                }
            }
        }
        false
    }

    fn set_trigger_target(&mut self, i: usize, t: Target) {
        let incarnation = match t {
            Target::Permanent(c) => self.obj(c).incarnation,
            _ => 0,
        };
        if let StackItem::TriggeredAbility { target, .. } = &mut self.stack[i] {
            *target = Some((t, incarnation));
        }
    }

    /// `player` chooses the target of the triggered ability of `source`
    /// being put on the stack (603.3d).
    pub(crate) fn target_trigger(
        &mut self,
        player: PlayerId,
        source: CardId,
        target: Target,
    ) -> Result<(), EngineError> {
        let Waiting::TargetTrigger {
            player: who,
            source: which,
        } = self.waiting
        else {
            return illegal(
                "603.3d",
                format!(
                    "no trigger's target is being chosen: the game waits for {}",
                    self.waiting_text()
                ),
            );
        };
        if who != player || which != source {
            return illegal(
                "603.3d",
                format!("{who} chooses the target of the triggered ability of {which}"),
            );
        }
        let i = self
            .stack
            .iter()
            .position(|s| {
                matches!(s, StackItem::TriggeredAbility { trigger, target: None }
                    if trigger.source == source)
            })
            .expect("the trigger whose target is chosen is on the stack");
        let StackItem::TriggeredAbility {
            trigger:
                Trigger {
                    ability: Ability::Printed(effect),
                    ..
                },
            ..
        } = self.stack[i]
        else {
            unreachable!("only a printed triggered ability waits for its target")
        };
        // The legal targets are those of `trigger_targets`: the permanents
        // this check accepts.
        for &kind in effect.targets() {
            self.check_target(target, kind, player)?;
        }
        self.set_trigger_target(i, target);
        self.settle(self.priority);
        Ok(())
    }

    /// A printed triggered ability resolves (608.2). If its target is no
    /// longer legal it does nothing (608.2b); a reselect trigger waits for
    /// its controller's choice when there is anything to reselect onto.
    pub(crate) fn resolve_printed_trigger(&mut self, t: Trigger, target: Option<(Target, u32)>) {
        let Ability::Printed(TriggerEffect::ReselectAttack) = t.ability else {
            unreachable!("a printed trigger has a printed ability")
        };
        let legal = target.filter(|&(x, inc)| {
            let same = match x {
                Target::Permanent(c) => self.obj(c).incarnation == inc,
                _ => true,
            };
            same && self
                .check_target(x, TargetKind::AttackingCreature, t.controller)
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

    /// The defending player chosen for `attacker` (508.1b, 508.5): the
    /// player it attacks, or the protector of the battle it attacks (the
    /// battle as it was when attacked, if it was removed from combat).
    fn chosen_defender(&self, attacker: CardId) -> Option<PlayerId> {
        match &self.obj(attacker).combat {
            Combat::Attacking {
                target: Some(AttackTarget::Player(p)),
                ..
            } => Some(*p),
            Combat::Attacking { battle, .. } => battle.and_then(|s| s.protector),
            _ => None,
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
        };
        let controller = o.controller;
        let chosen = self.chosen_defender(attacker).unwrap_or(defender);
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
            .into_iter()
            .map(AttackTarget::Player)
            .chain(
                self.battlefield()
                    .filter(|o| o.is_battle())
                    .map(|o| AttackTarget::Battle(o.id)),
            )
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
            let chosen = self.chosen_defender(attacker).unwrap_or(defender);
            let battle = match to {
                AttackTarget::Battle(b) => Some(self.obj(b).snapshot()),
                AttackTarget::Player(_) => None,
            };
            let controller = self.obj(attacker).controller;
            if let Combat::Attacking {
                target, battle: b, ..
            } = &mut self.obj_mut(attacker).combat
            {
                *target = Some(to);
                *b = battle;
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
