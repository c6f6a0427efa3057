//! Sieges (310.12b): removing defense counters, the defeat trigger, and
//! casting the exiled card transformed (712.8c, 712.11a, 608.2g).

use crate::fault::EngineFault;
use crate::state::error::{illegal, EngineError};
use crate::state::event::Event;
use crate::state::game::{bump, Ability, Game, StackItem, Trigger, Waiting};
use battlecheck_properties::{CardId, PlayerId, Target, Zone};

impl Game {
    /// Remove up to `amount` defense counters from battle `b` (120.3h,
    /// 310.6: never below zero, the excess goes nowhere, 120.4a). If that
    /// removes the last counter of a Siege, its defeat trigger triggers once
    /// (310.12b), however many sources the removal came from (510.2).
    pub(crate) fn remove_defense(&mut self, b: CardId, amount: u32, by_combat: bool) {
        let o = self.obj(b);
        // (only a battle on the battlefield has defense counters)
        if amount == 0 || o.defense == 0 {
            return;
        }
        let n = amount.min(o.defense);
        let left = o.defense - n;
        let (siege, controller, incarnation) = (o.is_siege(), o.controller, o.incarnation);
        self.obj_mut(b).defense = left;
        self.emit(Event::DefenseRemoved {
            battle: b,
            amount: n,
            left,
        });
        if left == 0 && siege {
            let h = &mut self.obj_mut(b).history;
            bump(&mut h.defeats);
            bump(&mut h.triggers);
            h.combat_defeat = by_combat;
            // 603.3a: controlled by the source's controller when it triggered.
            self.waiting_triggers.push(Trigger {
                source: b,
                incarnation,
                controller,
                ability: Ability::Defeat,
                subject: None,
                x: 0,
            });
            self.emit(Event::Triggered {
                source: b,
                controller,
            });
        }
    }

    /// The injected bug [`EngineFault::TriggerPerSource`]: a Siege whose last
    /// counter was just removed by combat damage from several sources
    /// triggers once more per source beyond the first.
    pub(crate) fn extra_trigger_per_source(&mut self, b: CardId, dealt: &[(CardId, Target, u32)]) {
        let sources = dealt
            .iter()
            .filter(|&&(_, to, n)| to == Target::Permanent(b) && n > 0)
            .count();
        let Some(t) = self
            .waiting_triggers
            .iter()
            .rev()
            .find(|t| t.source == b && t.ability == Ability::Defeat)
            .cloned()
        else {
            return;
        };
        for _ in 1..sources {
            bump(&mut self.obj_mut(b).history.triggers);
            self.waiting_triggers.push(t.clone());
        }
    }

    /// Is `card` the source of a defeat trigger that has triggered but not
    /// yet left the stack (310.7)?
    pub fn trigger_pending(&self, card: CardId) -> bool {
        let inc = self.obj(card).incarnation;
        let same =
            |t: &Trigger| t.source == card && t.incarnation == inc && t.ability == Ability::Defeat;
        self.waiting_triggers.iter().any(same)
            || self
                .stack
                .iter()
                .any(|s| matches!(s, StackItem::DefeatTrigger(t) if same(t)))
    }

    /// Put waiting triggers on the stack: each player in APNAP order puts
    /// theirs (603.3b). One player's simultaneous defeat triggers go on in
    /// card order (their order is not offered as a decision). A trigger whose
    /// controller left the game is not among them: it went as they left
    /// (800.4d, [`Game::leave_game`]).
    pub(crate) fn put_triggers_on_stack(&mut self) {
        let waiting = std::mem::take(&mut self.waiting_triggers);
        for p in self.apnap().collect::<Vec<_>>() {
            let mut mine: Vec<Trigger> = waiting
                .iter()
                .filter(|t| t.controller == p)
                .cloned()
                .collect();
            mine.sort_by_key(|t| t.source);
            for t in mine {
                let source = t.source;
                let key = self.next_ability_key();
                self.stack.push(match t.ability {
                    Ability::Defeat => StackItem::DefeatTrigger(t),
                    Ability::Printed(_) | Ability::Ward { .. } => StackItem::TriggeredAbility {
                        choosing: t.first_group(),
                        trigger: t,
                        targets: Vec::new(),
                        key,
                    },
                });
                self.emit(Event::TriggerOnStack { source });
            }
        }
    }

    /// A defeat trigger ended without exiling its source. The shared
    /// `History` has one count for this, `trigger_fizzles`, used both when
    /// the source had left the battlefield (400.7) and when the trigger
    /// ceased to exist with its controller (800.4a, 800.4d).
    pub(crate) fn trigger_ended_without_source(&mut self, source: CardId) {
        bump(&mut self.obj_mut(source).history.trigger_fizzles);
        self.emit(Event::TriggerFoundNothing { source });
    }

    /// The defeat trigger resolves (310.12b): exile its source, then its
    /// controller may cast the card transformed. A source that left the
    /// battlefield is a new object the trigger can't find (400.7). Only a
    /// nonmodal double-faced card can be cast transformed; a token or any
    /// other card stays in exile (712.14a, rulings; B23).
    pub(crate) fn resolve_trigger(&mut self, t: Trigger) {
        let o = self.obj(t.source);
        if !o.on_battlefield() || o.incarnation != t.incarnation {
            self.trigger_ended_without_source(t.source);
            self.settle(self.active);
            return;
        }
        let optional = self.fault(EngineFault::OptionalTrigger);
        if !optional {
            self.move_to(t.source, Zone::Exile);
            bump(&mut self.obj_mut(t.source).history.trigger_exiles);
        }
        self.emit(Event::Resolved { source: t.source });
        let o = self.obj(t.source);
        if !o.token && o.card.transforms() && self.in_game(t.controller) {
            self.waiting = Waiting::CastTransformed {
                player: t.controller,
                card: t.source,
            };
        } else {
            self.settle(self.active);
        }
    }

    /// The trigger's controller casts the exiled card transformed, without
    /// paying its mana cost ([`crate::abilities::free_cast`]; with its targets, if it
    /// has any, chosen next), or declines; declined, it stays in exile
    /// (B21). The spell has only its back face's characteristics (712.8c)
    /// and no player receives priority until the trigger has finished
    /// resolving (608.2g); then the active player does (117.3b).
    pub(crate) fn cast_transformed(
        &mut self,
        player: PlayerId,
        card: CardId,
        cast: bool,
    ) -> Result<(), EngineError> {
        let Waiting::CastTransformed {
            player: who,
            card: which,
        } = self.waiting
        else {
            return illegal(
                "310.12b",
                format!(
                    "no defeat trigger is resolving: the game waits for {}",
                    self.waiting_text()
                ),
            );
        };
        if who != player {
            return illegal(
                "310.12b",
                format!("the trigger's controller {who} may cast {which}, not {player}"),
            );
        }
        if which != card {
            return illegal(
                "310.12b",
                format!("the resolving trigger exiled {which}, not {card}"),
            );
        }
        if cast && !self.may_cast_free(player, card, true) {
            return illegal(
                "601.2c",
                format!("{card} transformed has targets and none is legal: it can't be cast"),
            );
        }
        if self.fault(EngineFault::OptionalTrigger) && cast {
            self.move_to(card, Zone::Exile);
            bump(&mut self.obj_mut(card).history.trigger_exiles);
        }
        if cast {
            let free = crate::state::resolving::FreeCast {
                transformed: true,
                resolving: false,
            };
            if !self.cast_free_or_wait(player, card, free) {
                return Ok(());
            }
        } else {
            self.emit(Event::DeclinedCast { player, card });
        }
        self.settle(self.active);
        Ok(())
    }
}
