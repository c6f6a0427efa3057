//! The stack (405, 601, 608): casting spells with their targets, resolving
//! spells and triggered abilities, and the effects of the spells the card
//! data can describe.

use crate::cards::card::{CardType, Effect, Face, Keyword, TargetKind};
use crate::fault::EngineFault;
use crate::state::error::{illegal, refuse, EngineError, Refusal, Refused};
use crate::state::event::Event;
use crate::state::game::{
    bump, Combat, Entry, Game, ProtectorChoice, StackItem, TurnStep, Waiting,
};
use battlecheck_properties::view::ProtectorOrigin;
use battlecheck_properties::{CardId, PlayerId, Target, Zone};
use std::sync::Arc;

/// What a cast the rules allow goes on with ([`Game::cast_refusal`]).
pub(crate) struct CastAllowed {
    /// The X announced (601.2b).
    x: u8,
    /// Cast from exile by its owner, as an effect lets them (601.3).
    from_exile: bool,
    /// Cast from its caster's hand.
    in_hand: bool,
}

impl Game {
    /// `player` casts `card` from their hand, or from exile where an effect
    /// lets its owner play it (601.2a, 601.3), announcing X (601.2b) and
    /// paying the total cost in a game that pays mana (601.2f–h).
    pub(crate) fn cast(
        &mut self,
        player: PlayerId,
        card: CardId,
        targets: &[Target],
        x: Option<u8>,
        convoke: &[CardId],
    ) -> Result<(), EngineError> {
        let CastAllowed {
            x,
            from_exile,
            in_hand,
        } = self.cast_refusal(player, card, targets, x, convoke)?;
        if self.pays_mana {
            let cost = self.total_cost(card, x);
            let name = self.obj(card).card.front().name.clone();
            self.pay_with_convoke(player, &cost, convoke, name)?;
        }
        self.move_to(card, Zone::Stack);
        let o = self.obj_mut(card);
        o.controller = player;
        o.base_controller = player;
        o.x = x;
        if from_exile {
            bump(&mut o.history.exile_casts);
        }
        self.becomes_spell(player, card, false, targets, in_hand);
        // 117.3c: the caster receives priority again.
        self.settle(player);
        Ok(())
    }

    /// Why the rules forbid `player` to cast `card` now with these targets,
    /// X and convoking creatures, as far as the game tells before the cost
    /// is paid (601.2a–e): everything [`Game::cast`] checks but the payment,
    /// which only a game that pays mana makes; else what the cast goes on
    /// with. Reads the game only, so a candidate cast is judged without a
    /// copy of it.
    pub(crate) fn cast_refusal(
        &self,
        player: PlayerId,
        card: CardId,
        targets: &[Target],
        x: Option<u8>,
        convoke: &[CardId],
    ) -> Result<CastAllowed, EngineError> {
        self.known(card)?;
        self.require_priority(player)?;
        self.cast_refusal_holding_priority(player, card, targets, x, convoke)
    }

    /// [`Game::cast_refusal`] for a `player` who holds priority, whether
    /// or not they hold it now: nothing else it checks reads who holds it.
    pub(crate) fn cast_refusal_holding_priority(
        &self,
        player: PlayerId,
        card: CardId,
        targets: &[Target],
        x: Option<u8>,
        convoke: &[CardId],
    ) -> Result<CastAllowed, EngineError> {
        self.known(card)?;
        let (may_play, in_hand) = self.cast_card_refusal::<EngineError>(player, card)?;
        let face = self.obj(card).card.front();
        let kinds = face.target_kinds();
        if !kinds.is_empty() {
            if targets.len() != kinds.len() {
                return illegal(
                    "601.2c",
                    format!(
                        "{} needs {} target(s), got {}",
                        face.name,
                        kinds.len(),
                        targets.len()
                    ),
                );
            }
            for (&t, &k) in targets.iter().zip(kinds) {
                self.check_target(t, k, player)?;
            }
        } else if !targets.is_empty() {
            return illegal("601.2c", format!("{} has no targets", face.name));
        }
        let x = self.announced_x(card, x)?;
        let may_convoke = self.pays_mana && self.has_convoke(player, card);
        if !convoke.is_empty() && !may_convoke {
            return illegal(
                "702.51a",
                format!(
                    "{} has no convoke, or costs no mana in this game",
                    face.name
                ),
            );
        }
        Ok(CastAllowed {
            x,
            from_exile: may_play,
            in_hand,
        })
    }

    /// What forbids `player` to cast `card` (a card this game knows) now,
    /// whatever its targets, X and convoking creatures: it is not in their
    /// hand nor exiled with a permission they may use (601.2a, 601.3), it
    /// is a land (305.9), or it is cast at sorcery speed out of a main
    /// phase of its caster's turn with an empty stack (117.1a, 310.1;
    /// flash, 702.8a). Else whether it is cast from exile and whether from
    /// the hand. The first checks of [`Game::cast_refusal`].
    pub(crate) fn cast_card_refusal<R: Refusal>(
        &self,
        player: PlayerId,
        card: CardId,
    ) -> Result<(bool, bool), R> {
        let o = self.obj(card);
        let playable = self.exile_permission(card).is_some();
        let may_play =
            playable && (o.owner == player || self.fault(EngineFault::ExiledCardPlayableByAnyone));
        if playable && !may_play {
            return refuse("601.3", || {
                format!("only {card}'s owner, {}, may play it from exile", o.owner)
            });
        }
        let in_hand = o.zone == Zone::Hand && o.owner == player;
        if !in_hand && !may_play {
            return refuse("601.2a", || format!("{card} is not in {player}'s hand"));
        }
        let face = o.card.front();
        if face.is(CardType::Land) {
            return refuse("305.9", || {
                format!("{} is a land: it can't be cast", face.name)
            });
        }
        if !face.is(CardType::Instant) && !face.has(Keyword::Flash) && !self.sorcery_timing(player)
        {
            let rule = if face.is(CardType::Battle) {
                "310.1"
            } else {
                "117.1a"
            };
            return refuse(rule, || {
                format!(
                    "{} can be cast only by the active player in a main phase with an empty stack",
                    face.name
                )
            });
        }
        Ok((may_play, in_hand))
    }

    /// `card`, moved to the stack, becomes a spell under `player`'s
    /// control with `targets` (601.2a, 601.2i), cast from their hand or
    /// not: its cast triggers and the ward of what it targets trigger
    /// (702.21a: becoming the target of an opponent's spell).
    pub(crate) fn becomes_spell(
        &mut self,
        player: PlayerId,
        card: CardId,
        transformed: bool,
        targets: &[Target],
        from_hand: bool,
    ) {
        let with_incarnations: Vec<(Target, u32)> = targets
            .iter()
            .map(|&t| (t, self.target_incarnation(t)))
            .collect();
        self.stack.push(StackItem::Spell {
            card,
            controller: player,
            transformed,
            targets: with_incarnations,
        });
        self.emit(Event::Cast {
            player,
            card,
            transformed,
            targets: targets.to_vec(),
        });
        self.cast_triggers(player, card, from_hand);
        self.ward_triggers(
            targets,
            player,
            crate::state::resolving::Warded::Spell(card),
        );
    }

    /// 117.1a, 307.1: the active player, in a main phase, with an empty
    /// stack, holding priority.
    pub(crate) fn sorcery_timing(&self, player: PlayerId) -> bool {
        // 805.4: with shared team turns it is each active team player's turn.
        self.teammates(player, self.active)
            && matches!(self.step, TurnStep::Main1 | TurnStep::Main2)
            && self.stack.is_empty()
    }

    pub(crate) fn target_incarnation(&self, t: Target) -> u32 {
        match t {
            Target::Permanent(c) | Target::Card(c) => self.obj(c).incarnation,
            Target::Player(_) | Target::Trigger(_) => 0,
        }
    }

    /// Is `t` still the object it was when targeted, with incarnation
    /// `incarnation` (400.7: one that changed zones is a new object)?
    pub(crate) fn same_object(&self, t: Target, incarnation: u32) -> bool {
        self.target_incarnation(t) == incarnation
    }

    /// Is `t` a legal target of kind `k` for a spell of `caster` (115.1,
    /// 115.4, 801.4)?
    pub(crate) fn check_target<R: Refusal>(
        &self,
        t: Target,
        k: TargetKind,
        caster: PlayerId,
    ) -> Result<(), R> {
        self.check_target_kind(t, k, caster)?;
        // Without a range of influence everything is in range (801.2).
        if self.variant.range.is_none() || self.fault(EngineFault::TargetsOutOfRange) {
            return Ok(());
        }
        let table = self.seating();
        let in_range = match t {
            Target::Player(p) => table.in_range(caster, p),
            Target::Permanent(c) => self.object_in_range(caster, self.obj(c)),
            Target::Trigger(c) => self.stack.iter().any(|s| {
                matches!(s, StackItem::DefeatTrigger(t) | StackItem::TriggeredAbility { trigger: t, .. }
                    if t.source == c && table.in_range(caster, t.controller))
            }),
            // 108.4a: a card in a graveyard has no controller; its owner
            // stands in.
            Target::Card(c) => table.in_range(caster, self.obj(c).owner),
        };
        if in_range {
            Ok(())
        } else {
            refuse("801.4", || {
                format!(
                    "{} is outside {caster}'s range of influence",
                    target_name(t)
                )
            })
        }
    }

    /// Is `t` a legal target of kind `k` for an ability of `source` that
    /// `controller` controls (115.1, 801.4)? "Another" target is not the
    /// ability's source.
    pub(crate) fn check_ability_target(
        &self,
        source: CardId,
        t: Target,
        k: TargetKind,
        controller: PlayerId,
    ) -> Result<(), EngineError> {
        if k.another() && t == Target::Permanent(source) {
            return illegal(
                "115.1",
                format!("{source}: \"another target\" is not the ability's source"),
            );
        }
        self.check_target(t, k, controller)
    }

    /// Is `t` a target of kind `k` (115.1, 115.4)?
    fn check_target_kind<R: Refusal>(
        &self,
        t: Target,
        k: TargetKind,
        caster: PlayerId,
    ) -> Result<(), R> {
        match t {
            Target::Player(p) => {
                self.known_player(p).map_err(R::from_error)?;
                if !matches!(
                    k,
                    TargetKind::Any
                        | TargetKind::AnyOther
                        | TargetKind::Player
                        | TargetKind::Opponent
                        | TargetKind::AnotherBattleOrOpponent
                ) {
                    return refuse("115.1", || format!("{p} is a player, not a permanent"));
                }
                if matches!(
                    k,
                    TargetKind::Opponent | TargetKind::AnotherBattleOrOpponent
                ) && !self.variant.opponents(caster, p)
                {
                    return refuse("115.1", || format!("{p} is not an opponent of {caster}"));
                }
                if !self.in_game(p) {
                    return refuse("115.1", || format!("{p} has left the game"));
                }
                Ok(())
            }
            Target::Permanent(c) => {
                self.known(c).map_err(R::from_error)?;
                let o = self.obj(c);
                if !o.on_battlefield() {
                    return refuse("115.1", || {
                        format!("{c} is not a permanent on the battlefield")
                    });
                }
                let name = &o.face().name;
                let theirs = self.variant.opponents(caster, o.controller);
                let hexproof_applies = if self.fault(EngineFault::HexproofAgainstTeammates) {
                    caster != o.controller
                } else {
                    theirs
                };
                if hexproof_applies
                    && self.has_keyword(c, Keyword::Hexproof)
                    && !self.fault(EngineFault::HexproofIgnored)
                {
                    return refuse("702.11b", || {
                        format!("{c} ({name}) has hexproof: an opponent of its controller can't target it")
                    });
                }
                match k {
                    TargetKind::Any | TargetKind::AnyOther
                        if !(o.is_creature() || o.is_battle() || o.is(CardType::Planeswalker)) =>
                    {
                        refuse("115.4", || {
                            format!("{c} ({name}) is not a creature, planeswalker or battle")
                        })
                    }
                    TargetKind::Battle | TargetKind::AnotherBattleOrOpponent if !o.is_battle() => {
                        refuse("115.1", || format!("{c} ({name}) is not a battle"))
                    }
                    TargetKind::CreatureYouDontControl
                        if !(o.is_creature() && o.controller != caster) =>
                    {
                        refuse("115.1", || {
                            format!("{c} ({name}) is not a creature {caster} doesn't control")
                        })
                    }
                    k if k.is_card() => refuse("115.1", || {
                        format!("{c} ({name}) is a permanent, not a card in a graveyard")
                    }),
                    TargetKind::Siege if !o.is_siege() => {
                        refuse("115.1", || format!("{c} ({name}) is not a Siege"))
                    }
                    TargetKind::AttackingCreature
                        if !(o.is_creature() && matches!(o.combat, Combat::Attacking { .. })) =>
                    {
                        refuse("115.1", || {
                            format!("{c} ({name}) is not an attacking creature")
                        })
                    }
                    TargetKind::Creature | TargetKind::AnotherCreature if !o.is_creature() => {
                        refuse("115.1", || format!("{c} ({name}) is not a creature"))
                    }
                    TargetKind::CreatureYouControl
                        if !(o.is_creature() && o.controller == caster) =>
                    {
                        refuse("115.1", || {
                            format!("{c} ({name}) is not a creature {caster} controls")
                        })
                    }
                    TargetKind::CreatureAnOpponentControls if !(o.is_creature() && theirs) => {
                        refuse("115.1", || {
                            format!(
                                "{c} ({name}) is not a creature an opponent of {caster} controls"
                            )
                        })
                    }
                    TargetKind::ArtifactOrCreatureAnOpponentControls
                        if !((o.is_creature() || o.is(CardType::Artifact)) && theirs) =>
                    {
                        refuse("115.1", || {
                            format!(
                                "{c} ({name}) is not an artifact or creature an opponent of {caster} controls"
                            )
                        })
                    }
                    TargetKind::NonlandPermanentAnOpponentControlsNotExactlyTwoColors => {
                        let colors = self.colors(c).len();
                        if o.is(CardType::Land) || !theirs {
                            refuse("115.1", || {
                                format!("{c} ({name}) is not a nonland permanent an opponent of {caster} controls")
                            })
                        } else if colors == 2 {
                            refuse("115.1", || {
                                format!("{c} ({name}) is exactly two colors (105.2)")
                            })
                        } else {
                            Ok(())
                        }
                    }
                    TargetKind::NonElfCreatureAnOpponentControlsWithPowerAtMostYourLands => {
                        let lands = self.count_you_control(caster, CardType::Land);
                        let power = self.power(c);
                        let most = if self.fault(EngineFault::PowerLimitExclusive) {
                            lands as i32 - 1
                        } else {
                            lands as i32
                        };
                        if !o.is_creature()
                            || !theirs
                            || o.face().subtypes.iter().any(|s| s == "Elf")
                        {
                            refuse("115.1", || {
                                format!("{c} ({name}) is not a non-Elf creature an opponent of {caster} controls")
                            })
                        } else if power > most {
                            refuse("115.1", || {
                                format!("{c} ({name}) has power {power}, more than the {lands} lands {caster} controls")
                            })
                        } else {
                            Ok(())
                        }
                    }
                    TargetKind::NonlandPermanentAnOpponentControlsWithManaValueAtMostX
                        if o.is(CardType::Land) || !theirs =>
                    {
                        refuse("115.1", || {
                            format!("{c} ({name}) is not a nonland permanent an opponent of {caster} controls")
                        })
                    }
                    TargetKind::PermanentAnOpponentControls if !theirs => refuse("115.1", || {
                        format!("{c} ({name}) is not a permanent an opponent of {caster} controls")
                    }),
                    TargetKind::TriggeredAbility => refuse("115.1", || {
                        format!("{c} is a permanent, not a triggered ability")
                    }),
                    TargetKind::Player | TargetKind::Opponent => refuse("115.1", || {
                        format!("{c} ({name}) is a permanent, not a player")
                    }),
                    _ => Ok(()),
                }
            }
            Target::Card(c) => {
                self.known(c).map_err(R::from_error)?;
                let o = self.obj(c);
                // 712.8a: a double-faced card in a graveyard has only its
                // front face's characteristics.
                let face = o.card.front();
                let name = &face.name;
                if k == TargetKind::SpellYouControl {
                    // A card or copy is on the stack exactly while it is a
                    // spell there (405.1, 707.10).
                    return if o.zone != Zone::Stack {
                        refuse("115.1", || format!("{c} ({name}) is not a spell"))
                    } else if o.controller != caster {
                        refuse("115.1", || {
                            format!("{c} ({name}) is not a spell {caster} controls")
                        })
                    } else {
                        Ok(())
                    };
                }
                if o.zone != Zone::Graveyard {
                    return refuse("115.1", || format!("{c} ({name}) is not in a graveyard"));
                }
                let yours = o.owner == caster || self.fault(EngineFault::GraveyardTargetOfAnyOwner);
                match k {
                    TargetKind::CardInAGraveyard => Ok(()),
                    TargetKind::PermanentCardInYourGraveyard
                    | TargetKind::NonbattlePermanentCardInYourGraveyard
                        if !yours =>
                    {
                        refuse("115.1", || {
                            format!("{c} ({name}) is not in {caster}'s graveyard")
                        })
                    }
                    // 110.4a: an artifact, battle, creature, enchantment,
                    // land or planeswalker card.
                    TargetKind::PermanentCardInYourGraveyard if !face.is_permanent() => {
                        refuse("110.4a", || format!("{c} ({name}) is not a permanent card"))
                    }
                    TargetKind::NonbattlePermanentCardInYourGraveyard
                        if !face.is_permanent() || face.is(CardType::Battle) =>
                    {
                        refuse("110.4a", || {
                            format!("{c} ({name}) is not a nonbattle permanent card")
                        })
                    }
                    TargetKind::PermanentCardInYourGraveyard
                    | TargetKind::NonbattlePermanentCardInYourGraveyard => Ok(()),
                    _ => refuse("115.1", || {
                        format!("{c} ({name}) is a card in a graveyard, not a permanent or player")
                    }),
                }
            }
            Target::Trigger(c) => {
                if k != TargetKind::TriggeredAbility {
                    return refuse("115.1", || {
                        "a triggered ability is not a legal target here".to_string()
                    });
                }
                if !self
                    .stack
                    .iter()
                    .any(|s| matches!(s, StackItem::DefeatTrigger(t) | StackItem::TriggeredAbility { trigger: t, .. } if t.source == c))
                {
                    return refuse("115.1", || format!("no triggered ability of {c} is on the stack"),
                    );
                }
                Ok(())
            }
        }
    }

    /// Is the target still legal as the spell resolves (608.2b)? A permanent
    /// that changed zones since it was targeted is a new object (400.7).
    fn still_legal(&self, (t, inc): (Target, u32), k: TargetKind, caster: PlayerId) -> bool {
        self.same_object(t, inc) && self.check_target::<Refused>(t, k, caster).is_ok()
    }

    /// The key of an ability about to be put on the stack: one more than
    /// the largest key of an ability there, 0 if there is none, so that no
    /// other ability on the stack has it (with at most 255 of them). Ward's
    /// trigger finds the ability it counters by it (702.21a). Taken from
    /// what is on the stack, it never makes two games differ by their
    /// history alone.
    pub(crate) fn next_ability_key(&self) -> u8 {
        self.stack
            .iter()
            .filter_map(|s| match s {
                StackItem::TriggeredAbility { key, .. } | StackItem::Ability { key, .. } => {
                    Some(*key)
                }
                _ => None,
            })
            .max()
            .map_or(0, |k| k.saturating_add(1))
    }

    /// The top object of the stack resolves (608); then the active player
    /// receives priority (117.3b).
    pub(crate) fn resolve_top(&mut self) {
        match self.stack.pop() {
            Some(StackItem::DefeatTrigger(t)) => self.resolve_trigger(t),
            Some(StackItem::TriggeredAbility {
                trigger, targets, ..
            }) => self.resolve_printed_trigger(trigger, targets),
            Some(StackItem::Spell {
                card,
                controller,
                transformed,
                targets,
            }) => {
                self.resolve_spell(card, controller, transformed, &targets);
            }
            Some(StackItem::Ability {
                source,
                controller,
                effect,
                target,
                ..
            }) => self.resolve_activated(source, controller, effect, target),
            Some(StackItem::Equip {
                source,
                controller,
                creature,
                incarnation,
            }) => {
                self.resolve_equip(source, controller, creature, incarnation);
                self.settle(self.active);
            }
            None => self.settle(self.active),
        }
    }

    fn resolve_spell(
        &mut self,
        card: CardId,
        controller: PlayerId,
        transformed: bool,
        targets: &[(Target, u32)],
    ) {
        let data = Arc::clone(&self.obj(card).card);
        let face = data.face(transformed);
        if !face.is_permanent() {
            // 608.2b: a spell whose every target is now illegal does not
            // resolve; illegal targets are left out of what it does.
            let legal: Vec<bool> = targets
                .iter()
                .zip(face.target_kinds())
                .map(|(&t, &k)| self.still_legal(t, k, controller))
                .collect();
            if !legal.is_empty() && legal.iter().all(|l| !l) {
                self.emit(Event::Fizzled { source: card });
                self.move_to(card, Zone::Graveyard);
                self.settle(self.active);
                return;
            }
            if let Some(effect) = face.effect {
                self.apply_effect(card, controller, effect, targets, &legal);
                if self.entry.is_some() {
                    // The token it makes waits for its protector choice.
                    return;
                }
            }
            if !face.spell_steps.is_empty() {
                // 608.2c: its instructions in order, each target as its
                // own group.
                let groups: Vec<(u8, Target)> = (0u8..)
                    .zip(targets)
                    .zip(&legal)
                    .filter(|(_, &l)| l)
                    .map(|((i, t), _)| (i, t.0))
                    .collect();
                let x = self.obj(card).x;
                if !self.follow(card, controller, &face.spell_steps, groups, None, x) {
                    // 608.2d: a player chooses; the spell finishes once its
                    // instructions are done (`go_on`).
                    self.resolution.as_mut().expect("a choice waits").spell = true;
                    return;
                }
            }
            self.finish_spell(card);
            // 117.3b: the active player receives priority.
            let next = if self.fault(EngineFault::PriorityToCaster) {
                controller
            } else {
                self.active
            };
            self.settle(next);
            return;
        }
        self.emit(Event::Resolved { source: card });
        // 707.10f: a copy of a permanent spell becomes a token as it
        // resolves.
        if self.obj(card).spell_copy {
            let o = self.obj_mut(card);
            o.spell_copy = false;
            o.token = true;
        }
        // 707.5, 614.1c: "you may have it enter as a copy of a battle": with
        // one battle on the battlefield the choice is made at once; with
        // none it enters as itself.
        // 707.9b, 614.1c: "you may have this creature enter as a copy of
        // any creature card in a graveyard, except ...": with no such card
        // it enters as itself; else its controller chooses one, or none.
        if face.enters_as_copy_of_creature_card.is_some()
            && !self.creature_card_copy_options(controller).is_empty()
        {
            return self.wait_for_copy_choice(card, controller, transformed);
        }
        if face.enters_as_copy_of_battle {
            let battles = self.copy_options(controller);
            match battles.as_slice() {
                [] => {}
                [only] => {
                    let copy = self.copiable(*only);
                    return self.enter(card, controller, transformed, Some(copy));
                }
                _ => return self.wait_for_copy_choice(card, controller, transformed),
            }
        }
        self.enter(card, controller, transformed, None);
    }

    /// The last of an instant's or sorcery's resolution: it is put into
    /// its owner's graveyard (608.2n).
    pub(crate) fn finish_spell(&mut self, card: CardId) {
        self.emit(Event::Resolved { source: card });
        self.move_to(card, Zone::Graveyard);
    }

    /// The battles a permanent entering as a copy of a battle of
    /// `controller`'s choice may copy (707.5), within their range of
    /// influence (801.5a).
    pub(crate) fn copy_options(&self, controller: PlayerId) -> Vec<CardId> {
        self.battlefield()
            .filter(|o| o.is_battle() && self.object_in_range(controller, o))
            .map(|o| o.id)
            .collect()
    }

    /// The resolving permanent spell `card` waits for its controller to
    /// choose what it enters as a copy of: it is still resolving, so still
    /// on the stack (608.3), while they choose.
    fn wait_for_copy_choice(&mut self, card: CardId, controller: PlayerId, transformed: bool) {
        self.stack.push(StackItem::Spell {
            card,
            controller,
            transformed,
            targets: Vec::new(),
        });
        self.waiting = Waiting::ChooseCopy {
            player: controller,
            card,
        };
    }

    /// The creature cards in graveyards a permanent entering as a copy of
    /// one may copy (707.9b), within `controller`'s range of influence
    /// (801.5a).
    pub(crate) fn creature_card_copy_options(&self, controller: PlayerId) -> Vec<CardId> {
        self.objects
            .iter()
            .filter(|o| {
                o.zone == Zone::Graveyard
                    && !o.token
                    && o.card.front().is(CardType::Creature)
                    && self.object_in_range(controller, o)
            })
            .map(|o| o.id)
            .collect()
    }

    /// What the clone `card` waiting to enter may copy: a battle on the
    /// battlefield (707.5), or a creature card in a graveyard or itself
    /// (entering as itself, "you may").
    pub(crate) fn copy_choices(&self, player: PlayerId, card: CardId) -> Vec<CardId> {
        if self
            .obj(card)
            .face()
            .enters_as_copy_of_creature_card
            .is_some()
        {
            let mut out = vec![card];
            out.extend(self.creature_card_copy_options(player));
            return out;
        }
        self.battlefield()
            .filter(|o| o.is_battle())
            .map(|o| o.id)
            .collect()
    }

    /// The resolving clone's controller chooses what it copies.
    pub(crate) fn choose_copy(
        &mut self,
        player: PlayerId,
        card: CardId,
        original: CardId,
    ) -> Result<(), EngineError> {
        let Waiting::ChooseCopy {
            player: who,
            card: which,
        } = self.waiting
        else {
            return illegal(
                "707.5",
                format!(
                    "no copy is being chosen: the game waits for {}",
                    self.waiting_text()
                ),
            );
        };
        if who != player || which != card {
            return illegal("707.5", format!("{who} chooses what {which} copies"));
        }
        let transformed = matches!(
            self.stack.last(),
            Some(StackItem::Spell {
                transformed: true,
                ..
            })
        );
        if let Some(except) = self
            .obj(card)
            .face()
            .enters_as_copy_of_creature_card
            .clone()
        {
            let copy = if original == card {
                None
            } else if self.creature_card_copy_options(player).contains(&original) {
                Some(Arc::new(self.copy_with_exceptions(original, &except)))
            } else {
                return illegal(
                    "707.9b",
                    format!("{original} is not a creature card in a graveyard {player} may copy"),
                );
            };
            self.stack.pop();
            self.enter(card, player, transformed, copy);
            return Ok(());
        }
        let o = self.obj(original);
        if !o.on_battlefield() || !o.is_battle() {
            return illegal(
                "707.5",
                format!("{original} is not a battle on the battlefield"),
            );
        }
        if !self.object_in_range(player, o) {
            return illegal(
                "801.5a",
                format!("{original} is outside {player}'s range of influence"),
            );
        }
        let copy = self.copiable(original);
        self.stack.pop();
        self.enter(card, player, transformed, Some(copy));
        Ok(())
    }

    /// A resolving permanent spell enters under its controller's control
    /// (608.3a, 310.2), back face up if cast transformed (712.14a), as a
    /// copy if it enters as one (707.5); then the active player receives
    /// priority (117.3b).
    fn enter(
        &mut self,
        card: CardId,
        controller: PlayerId,
        transformed: bool,
        copy: Option<Arc<Face>>,
    ) {
        if self.defer_entry(card, card, controller, transformed, copy.clone(), None) {
            return;
        }
        self.put_card(card, controller, transformed, copy, None);
        self.settle(self.active);
    }

    /// The players who may protect a permanent with characteristics `face`
    /// entering under `controller` (310.9a, 310.12a); `None` if it is not a
    /// battle.
    fn entering_options(&self, face: &Face, controller: PlayerId) -> Option<Vec<PlayerId>> {
        if !face.is(CardType::Battle) {
            return None;
        }
        Some(if face.is_siege() {
            self.opponents_in_range(controller)
        } else if self.in_game(controller) {
            vec![controller]
        } else {
            Vec::new()
        })
    }

    /// If `entering` is a battle whose protector is a real choice, wait for
    /// it with the resolving `spell` back on the stack (see [`Entry`]) and
    /// return true.
    pub(crate) fn defer_entry(
        &mut self,
        spell: CardId,
        entering: CardId,
        controller: PlayerId,
        transformed: bool,
        copy: Option<Arc<Face>>,
        token_card: Option<Arc<crate::cards::card::Card>>,
    ) -> bool {
        let face = match &copy {
            Some(f) => f,
            None => self.obj(entering).card.face(transformed),
        };
        let options = match self.entering_options(face, controller) {
            Some(o) if o.len() > 1 => o,
            _ => return false,
        };
        self.stack.push(StackItem::Spell {
            card: spell,
            controller,
            transformed: spell == entering && transformed,
            targets: Vec::new(),
        });
        self.protector_choices.push(ProtectorChoice {
            battle: entering,
            chooser: controller,
            origin: ProtectorOrigin::Entered,
        });
        self.entry = Some(Entry {
            spell,
            entering,
            controller,
            transformed,
            copy,
            token_card,
            options,
            protector: None,
        });
        self.waiting = Waiting::ChooseProtectors;
        true
    }

    /// The protector of an entering battle is chosen: the spell finishes
    /// resolving and the permanent enters with it.
    pub(crate) fn finish_entry(&mut self, e: Entry) {
        self.stack.pop();
        match e.token_card {
            Some(card) => {
                // 608.2n: the spell that made the token goes to the graveyard.
                self.emit(Event::Resolved { source: e.spell });
                self.move_to(e.spell, Zone::Graveyard);
                let face = e.copy.expect("a token enters as a copy");
                self.put_token(e.entering, card, e.controller, face, e.protector);
            }
            None => self.put_card(e.entering, e.controller, e.transformed, e.copy, e.protector),
        }
        self.settle(self.active);
    }

    /// The card enters the battlefield (with `protector` if it was chosen
    /// as it entered).
    fn put_card(
        &mut self,
        card: CardId,
        controller: PlayerId,
        transformed: bool,
        copy: Option<Arc<Face>>,
        protector: Option<PlayerId>,
    ) {
        self.move_to(card, Zone::Battlefield);
        let o = self.obj_mut(card);
        o.controller = controller;
        o.base_controller = controller;
        o.back_face = transformed;
        if let Some(face) = copy {
            let name = face.name.clone();
            o.copy = Some(face);
            self.emit(Event::BecameCopy { card, of: name });
        }
        self.enters_with_loyalty(card);
        self.enter_as_battle(card, protector);
        self.enters_triggers(card);
    }

    fn apply_effect(
        &mut self,
        card: CardId,
        controller: PlayerId,
        effect: Effect,
        targets: &[(Target, u32)],
        legal: &[bool],
    ) {
        let t = |i: usize| if legal[i] { Some(targets[i].0) } else { None };
        let perm = |i: usize| match t(i) {
            Some(Target::Permanent(c)) => Some(c),
            _ => None,
        };
        match effect {
            Effect::Damage { amount } => {
                if let Some(to) = t(0) {
                    self.deal_damage(&[(card, to, amount.into())], false);
                }
            }
            Effect::RemoveDefense { amount } => {
                if let Some(b) = perm(0) {
                    self.remove_defense(b, amount.into(), false);
                }
            }
            Effect::GainControl => {
                // 800.4b: control can't go to a player who left the game.
                if let (Some(c), true) = (perm(0), self.in_game(controller)) {
                    self.obj_mut(c).control_effects.push(controller);
                    self.recompute_controller(c);
                }
            }
            Effect::TokenCopyOfBattle => {
                if let Some(b) = perm(0) {
                    self.create_token_copy(card, b, controller);
                }
            }
            Effect::BecomeCopyOfSiege => {
                if let (Some(c), Some(s)) = (perm(0), perm(1)) {
                    self.become_copy(c, s);
                }
            }
            Effect::CounterTriggeredAbility => {
                if let Some(Target::Trigger(source)) = t(0) {
                    self.counter_trigger(source);
                }
            }
            Effect::Bounce => {
                if let Some(c) = perm(0) {
                    self.move_to(c, Zone::Hand);
                }
            }
            Effect::PreventCombatDamage => self.combat_damage_prevented = true,
            Effect::Animate { power, toughness } => {
                if let Some(c) = perm(0) {
                    self.obj_mut(c).animated = Some((power, toughness));
                    self.emit(Event::Animated { card: c });
                }
            }
        }
    }

    /// Counter the topmost triggered ability of `source` (701.6b): it leaves the
    /// stack without resolving.
    fn counter_trigger(&mut self, source: CardId) {
        let Some(i) = self.stack.iter().rposition(|s| {
            matches!(s, StackItem::DefeatTrigger(t) | StackItem::TriggeredAbility { trigger: t, .. }
                if t.source == source)
        }) else {
            return;
        };
        if let StackItem::DefeatTrigger(_) = self.stack.remove(i) {
            bump(&mut self.obj_mut(source).history.triggers_countered);
        }
        self.emit(Event::TriggerCountered { source });
    }
}

/// A target as messages name it.
pub(crate) fn target_name(t: Target) -> String {
    match t {
        Target::Player(p) => p.to_string(),
        Target::Permanent(c) => c.to_string(),
        Target::Trigger(c) => format!("the triggered ability of {c}"),
        Target::Card(c) => format!("the card {c}"),
    }
}
