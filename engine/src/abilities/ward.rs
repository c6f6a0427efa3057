//! Ward (702.21): "Ward \[cost\]" means "Whenever this permanent becomes the
//! target of a spell or ability an opponent controls, counter that spell or
//! ability unless that player pays \[cost\]" (702.21a): {2} (Bloomwielder
//! Dryads, Gargantuan Slabhorn) or 2 life (Refraction Elemental). As the
//! trigger resolves, the player who controls the spell or ability chooses
//! whether to pay (decision `pay_unless`); one who can't pay doesn't (118.3:
//! mana in a game that pays it, 119.4: life they don't have). In a game
//! that pays no mana a mana cost is paid for free, as every cost there.

use crate::cards::ability::WardCost;
use crate::cards::mana_cost::pay;
use crate::fault::EngineFault;
use crate::state::error::{illegal, EngineError};
use crate::state::event::Event;
use crate::state::game::{Ability, Game, StackItem, Trigger, Waiting};
use crate::state::resolving::Warded;
use battlecheck_properties::{CardId, PlayerId, Target, Zone};

impl Game {
    /// `targets`, just chosen for the spell or ability `what` controlled by
    /// `controller`: each targeted permanent with ward whose controller is
    /// an opponent of `controller` triggers (702.21a).
    pub(crate) fn ward_triggers(&mut self, targets: &[Target], controller: PlayerId, what: Warded) {
        for &t in targets {
            let Target::Permanent(c) = t else { continue };
            let o = self.obj(c);
            let opponent = if self.fault(EngineFault::WardAgainstTeammates) {
                o.controller != controller
            } else {
                self.variant.opponents(o.controller, controller)
            };
            if !o.on_battlefield() || !opponent || self.fault(EngineFault::WardIgnored) {
                continue;
            }
            // Its own ward and each granted one: each triggers (702.21a).
            let costs: Vec<WardCost> = o
                .face()
                .ward
                .filter(|_| self.has_abilities(c))
                .into_iter()
                .chain(self.transformed_grants(c).filter_map(|(_, ward)| ward))
                .chain(self.subtype_grants(c).filter_map(|(_, _, ward)| ward))
                .collect();
            let (ward_controller, incarnation) = (o.controller, o.incarnation);
            for cost in costs {
                self.waiting_triggers.push(Trigger {
                    source: c,
                    incarnation,
                    controller: ward_controller,
                    ability: Ability::Ward { cost, what },
                    subject: None,
                    x: 0,
                });
                self.emit(Event::WardTriggered {
                    source: c,
                    controller: ward_controller,
                });
            }
        }
    }

    /// The spell or ability `what` on the stack, and who controls it. An
    /// equip ability never is one: it targets a creature its controller
    /// controls (702.6a), never an opponent's.
    fn warded_on_stack(&self, what: Warded) -> Option<(usize, PlayerId)> {
        self.stack.iter().enumerate().find_map(|(i, s)| {
            let controller = match (s, what) {
                (
                    StackItem::Spell {
                        card, controller, ..
                    },
                    Warded::Spell(c),
                ) if *card == c => *controller,
                (StackItem::TriggeredAbility { trigger, key, .. }, Warded::Ability(k))
                    if *key == k =>
                {
                    trigger.controller
                }
                (
                    StackItem::Ability {
                        controller, key, ..
                    },
                    Warded::Ability(k),
                ) if *key == k => *controller,
                _ => return None,
            };
            Some((i, controller))
        })
    }

    /// Can `player` pay `cost` now?
    fn can_pay(&self, player: PlayerId, cost: WardCost) -> bool {
        let p = &self.players[player.0 as usize];
        let mana = match (cost.mana, self.pays_mana) {
            (Some(m), true) => pay(p.pool, &m).is_some(),
            _ => true,
        };
        // 119.4: a player can pay life only if their life total is at least
        // the payment.
        mana && p.life >= i32::from(cost.life)
    }

    /// A ward trigger resolves: if the spell or ability it counters is
    /// still on the stack, its controller pays or it is countered; one who
    /// can't pay doesn't.
    pub(crate) fn resolve_ward(&mut self, t: &Trigger) {
        let Ability::Ward { cost, what } = t.ability else {
            unreachable!("a ward trigger")
        };
        self.emit(Event::Resolved { source: t.source });
        match self.warded_on_stack(what) {
            None => self.settle(self.active),
            Some((_, player)) if !self.can_pay(player, cost) => {
                self.counter_warded(what);
                self.settle(self.active);
            }
            Some((_, player)) => {
                self.ward = Some((cost, what));
                self.waiting = Waiting::PayUnless {
                    player,
                    source: t.source,
                };
            }
        }
    }

    /// `player` pays the ward cost or not.
    pub(crate) fn pay_unless(
        &mut self,
        player: PlayerId,
        source: CardId,
        paid: bool,
    ) -> Result<(), EngineError> {
        let Waiting::PayUnless {
            player: who,
            source: which,
        } = self.waiting
        else {
            return illegal(
                "702.21a",
                format!(
                    "no ward cost is being paid: the game waits for {}",
                    self.waiting_text()
                ),
            );
        };
        if who != player || which != source {
            return illegal(
                "702.21a",
                format!("{who} pays the ward cost of {which} or not"),
            );
        }
        let (cost, what) = self.ward.take().expect("a ward cost is asked");
        if paid {
            if let (Some(m), true) = (cost.mana, self.pays_mana) {
                let name = self.obj(source).face().name.clone();
                self.pay(player, &m, name)?;
            }
            if cost.life > 0 {
                self.emit(Event::LostLife {
                    player,
                    amount: cost.life.into(),
                });
                self.lose_life(player, cost.life.into());
            }
        } else {
            self.counter_warded(what);
        }
        self.settle(self.active);
        Ok(())
    }

    /// Counter the warded spell or ability (701.6a: a spell goes to its
    /// owner's graveyard; an ability ceases to exist).
    fn counter_warded(&mut self, what: Warded) {
        let Some((i, _)) = self.warded_on_stack(what) else {
            return;
        };
        match self.stack.remove(i) {
            StackItem::Spell { card, .. } => {
                self.emit(Event::Countered { source: card });
                self.move_to(card, Zone::Graveyard);
            }
            StackItem::TriggeredAbility { trigger, .. } => self.emit(Event::Countered {
                source: trigger.source,
            }),
            StackItem::Ability { source, .. } => self.emit(Event::Countered { source }),
            StackItem::DefeatTrigger(_) | StackItem::Equip { .. } => {
                unreachable!("ward counters a spell or an ability that targets")
            }
        }
    }
}
