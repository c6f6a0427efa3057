//! Activated abilities (602) other than mana abilities (`mana`) and equip
//! (`equip`): written on a line of a card's text as a cost and an effect,
//! "\[Cost\]: \[Effect.\]" (602.1a). Activating one puts it on the stack
//! (602.2a) with its target (601.2c), its costs paid (602.2b, 601.2h): mana
//! in a game that pays mana, {T} (107.5, 302.6), sacrificing its source
//! (701.21a). Any time its controller holds priority (602.2). As it
//! resolves it follows its instructions ([`crate::abilities::effects`]); with its only
//! target illegal it does nothing (608.2b). It exists independently of its
//! source (113.7a): sacrificing the source does not stop it.

use crate::cards::card::{Keyword, TriggerEffect};
use crate::fault::EngineFault;
use crate::state::error::{illegal, EngineError};
use crate::state::event::Event;
use crate::state::game::{Game, Object, StackItem};
use battlecheck_properties::{CardId, PlayerId, Target, Zone};

/// An activation (602.2): the source, the number of its ability, its
/// target, the card it discards and the creatures that crew it, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Activation {
    pub source: CardId,
    pub ability: u8,
    pub target: Option<Target>,
    pub discard: Option<CardId>,
    pub crew: Vec<CardId>,
}

impl Game {
    /// `player` makes activation `act` (602.2): ability number
    /// `act.ability` of `act.source` with `act.target`, discarding
    /// `act.discard` and tapping `act.crew` for a cost that asks for them.
    pub(crate) fn activate(
        &mut self,
        player: PlayerId,
        act: Activation,
    ) -> Result<(), EngineError> {
        let Activation {
            source,
            ability,
            target,
            discard,
            crew,
        } = act;
        self.known(source)?;
        self.require_priority(player)?;
        let o = self.obj(source);
        if !o.on_battlefield() || o.controller != player {
            return illegal(
                "602.2",
                format!("{source} is not a permanent {player} controls"),
            );
        }
        if !self.has_abilities(source) {
            return illegal(
                "613.1f",
                format!("{} lost all abilities until end of turn", o.face().name),
            );
        }
        let Some(a) = o.face().activated.get(usize::from(ability)).cloned() else {
            return illegal(
                "602.1",
                format!(
                    "{} has no activated ability number {ability}",
                    o.face().name
                ),
            );
        };
        let name = o.face().name.clone();
        match (a.effect.targets().first(), target) {
            (Some(g), Some(t)) => {
                self.check_ability_target(source, t, g.kind, player)?;
            }
            (Some(_), None) => {
                return illegal("601.2c", format!("{name}'s ability needs a target"))
            }
            (None, Some(_)) => return illegal("601.2c", format!("{name}'s ability has no target")),
            (None, None) => {}
        }
        if a.cost.tap {
            if o.tapped {
                return illegal("107.5", format!("{name} is tapped: it can't pay {{T}}"));
            }
            if o.is_creature() && o.sick && !self.has_keyword(source, Keyword::Haste) {
                return illegal(
                    "302.6",
                    format!("{name} has not been under {player}'s control since their turn began"),
                );
            }
        }
        match (&a.cost.discard, discard) {
            (Some(find), Some(card)) => {
                self.known(card)?;
                let c = self.obj(card);
                if c.zone != Zone::Hand || c.owner != player || !find.accepts(c.face()) {
                    return illegal(
                        "602.2b",
                        format!(
                            "{card} ({}) is not a card in {player}'s hand that {name}'s cost lets them discard",
                            c.face().name
                        ),
                    );
                }
            }
            (Some(_), None) => {
                return illegal("602.2b", format!("{name}'s cost needs a card to discard"))
            }
            (None, Some(_)) => return illegal("602.2b", format!("{name}'s cost discards no card")),
            (None, None) => {}
        }
        self.check_crew(player, source, a.cost.crew, &crew, &name)?;
        if let Some(cost) = a.cost.loyalty {
            self.check_loyalty_cost(player, source, cost, &name)?;
        }
        // 602.2b, 601.2h: the costs are paid.
        if let (Some(cost), true) = (a.cost.mana, self.pays_mana) {
            self.pay(player, &cost, name)?;
        }
        if a.cost.tap {
            self.obj_mut(source).tapped = true;
        }
        if a.cost.sacrifice {
            self.move_to(source, Zone::Graveyard);
            self.emit(Event::Sacrificed {
                player,
                card: source,
            });
        }
        if let Some(card) = discard.filter(|_| !self.fault(EngineFault::DiscardCostNotPaid)) {
            self.discard(player, card);
        }
        for &c in &crew {
            self.obj_mut(c).tapped = true;
        }
        if let Some(cost) = a.cost.loyalty {
            self.pay_loyalty(source, cost);
        }
        let targeted = target.map(|t| (t, self.target_incarnation(t)));
        let key = self.next_ability_key();
        self.stack.push(StackItem::Ability {
            source,
            controller: player,
            effect: a.effect,
            target: targeted,
            key,
        });
        // 702.21a: becoming the target of an opponent's ability.
        if let Some(t) = target {
            self.ward_triggers(&[t], player, crate::state::resolving::Warded::Ability(key));
        }
        self.emit(Event::ActivatedAbility {
            source,
            controller: player,
        });
        self.passes = 0;
        // 117.3c: the player who activated it receives priority again.
        self.settle(player);
        Ok(())
    }

    /// An activated ability resolves (608.2): if it has a target and that
    /// target is illegal now it does nothing (608.2b); else it follows its
    /// instructions.
    pub(crate) fn resolve_activated(
        &mut self,
        source: CardId,
        controller: PlayerId,
        effect: TriggerEffect,
        target: Option<(Target, u32)>,
    ) {
        let TriggerEffect::Do { steps, .. } = &effect else {
            unreachable!("activated abilities follow instructions");
        };
        if self.fault(EngineFault::AbilityNeedsItsSource) && !self.obj(source).on_battlefield() {
            self.emit(Event::Fizzled { source });
            self.settle(self.active);
            return;
        }
        let chosen = match (effect.targets().first(), target) {
            (Some(g), Some((t, inc))) => {
                if !self.same_object(t, inc)
                    || self
                        .check_ability_target(source, t, g.kind, controller)
                        .is_err()
                {
                    self.emit(Event::Fizzled { source });
                    self.settle(self.active);
                    return;
                }
                vec![(0, t)]
            }
            _ => Vec::new(),
        };
        self.emit(Event::Resolved { source });
        if self.follow(source, controller, steps, chosen, None, 0) {
            self.settle(self.active);
        }
    }

    /// The permanents with activated abilities (most have none).
    pub(crate) fn activation_sources(&self) -> impl Iterator<Item = &Object> {
        self.battlefield()
            .filter(|o| !o.face().activated.is_empty())
    }

    /// Every activation `player` might make now: each activated ability of
    /// each permanent they control, with each target it might have and
    /// each card of their hand it might discard and each set of creatures
    /// that might crew it; the activation's own
    /// checks decide which are legal.
    pub(crate) fn activation_candidates(&self, player: PlayerId) -> Vec<Activation> {
        let mut sources = self
            .activation_sources()
            .filter(|o| o.controller == player)
            .peekable();
        // Most permanents have no activated ability: the targets and the
        // hand are listed only for one that has.
        if sources.peek().is_none() {
            return Vec::new();
        }
        let targets: Vec<Option<Target>> = self
            .ability_target_candidates()
            .into_iter()
            .map(Some)
            .collect();
        let hand: Vec<Option<CardId>> = self.hand_of(player).map(Some).collect();
        let mut out = Vec::new();
        for o in sources {
            for (i, a) in o.face().activated.iter().enumerate() {
                let i = u8::try_from(i).unwrap_or(u8::MAX);
                let ts: &[Option<Target>] = match a.effect.targets().is_empty() {
                    true => &[None],
                    false => &targets,
                };
                let ds: &[Option<CardId>] = match a.cost.discard {
                    None => &[None],
                    Some(_) => &hand,
                };
                let crews = match a.cost.crew {
                    None => vec![Vec::new()],
                    Some(need) => self.crew_candidates(player, o.id, need),
                };
                for &t in ts {
                    for &d in ds {
                        out.extend(crews.iter().map(|crew| Activation {
                            source: o.id,
                            ability: i,
                            target: t,
                            discard: d,
                            crew: crew.clone(),
                        }));
                    }
                }
            }
        }
        out
    }
}
