//! Printed triggered abilities (603): they trigger (603.2, 603.6a), wait
//! to be put on the stack (603.3), get their targets as they are put there
//! (603.3d) and resolve (608.2). What they do is their effect: reselecting
//! an attack ([`crate::rules::reselect`], 508.7) or following instructions
//! ([`crate::abilities::effects`]).

use crate::cards::card::{PrintedTrigger, TargetKind, TriggerEffect, TriggerEvent};
use crate::fault::EngineFault;
use crate::rules::stack::target_name;
use crate::state::error::{illegal, EngineError};
use crate::state::event::Event;
use crate::state::game::{Ability, Chosen, Game, StackItem, Trigger, TurnStep, Waiting};
use battlecheck_properties::{CardId, PlayerId, Target};

/// The choices of modes of a modal ability: every set of `min` to `max`
/// different modes, sorted; none for another ability.
fn mode_choices(ability: &Ability) -> Vec<Vec<u8>> {
    let Ability::Printed(TriggerEffect::Modal { min, max, modes }) = ability else {
        return Vec::new();
    };
    let n = u8::try_from(modes.len()).unwrap_or(u8::MAX);
    let mut out: Vec<Vec<u8>> = vec![Vec::new()];
    for m in 0..n {
        let with: Vec<Vec<u8>> = out
            .iter()
            .filter(|s| s.len() < usize::from(*max))
            .map(|s| {
                let mut s = s.clone();
                s.push(m);
                s
            })
            .collect();
        out.extend(with);
    }
    out.retain(|s| s.len() >= usize::from(*min));
    out.sort();
    out
}

impl Game {
    /// `card` just entered the battlefield: its enters triggers trigger
    /// (603.2, 603.6a), controlled by its controller (603.3a).
    pub(crate) fn enters_triggers(&mut self, card: CardId) {
        let declare_attackers = self.step == TurnStep::DeclareAttackers;
        let controller = self.obj(card).controller;
        let n = self.trigger_printed(card, |when| match when {
            TriggerEvent::EntersDuringDeclareAttackers => declare_attackers,
            TriggerEvent::Enters => true,
            TriggerEvent::DealsCombatDamageToPlayerOrBattle
            | TriggerEvent::BeginningOfYourEndStep
            | TriggerEvent::BeginningOfEachOpponentsUpkeep
            | TriggerEvent::EquippedCreatureAttacks
            | TriggerEvent::YouCastASpell
            | TriggerEvent::CreatureYouControlAttacks
            | TriggerEvent::ThisAttacks
            | TriggerEvent::ThisAndAnotherCreatureTokenAttack
            | TriggerEvent::YouDiscard
            | TriggerEvent::BeginningOfCombatOnYourTurn
            | TriggerEvent::BeginningOfYourUpkeep
            | TriggerEvent::AnotherYouControlEnters
            | TriggerEvent::CreatureAnOpponentControlsDies => false,
        });
        for _ in 0..n {
            self.emit(Event::EntersTriggered {
                source: card,
                controller,
            });
        }
        // "Whenever another [enchantment] you control enters" (603.6a).
        for source in self.with_triggers(|when| when == TriggerEvent::AnotherYouControlEnters) {
            if source == card || self.obj(source).controller != controller {
                continue;
            }
            let entered = self.obj(card).face();
            let triggered = self.printed_triggers(source, |t| {
                t.when == TriggerEvent::AnotherYouControlEnters
                    && t.entering.as_ref().is_none_or(|f| f.accepts(entered))
            });
            for t in triggered {
                self.waiting_triggers.push(t);
                self.emit(Event::EntersTriggered { source, controller });
            }
        }
    }

    /// `step` begins: the "at the beginning of" triggered abilities of
    /// permanents trigger (503.1a, 513.1a), those with an intervening "if"
    /// only if it holds (603.4).
    pub(crate) fn beginning_of_step_triggers(&mut self, step: TurnStep) {
        let active = self.active;
        let sources = self.with_triggers(|when| {
            matches!(
                when,
                TriggerEvent::BeginningOfYourEndStep
                    | TriggerEvent::BeginningOfEachOpponentsUpkeep
                    | TriggerEvent::BeginningOfYourUpkeep
                    | TriggerEvent::BeginningOfCombatOnYourTurn
            )
        });
        for source in sources {
            let controller = self.obj(source).controller;
            let theirs = self.variant.opponents(controller, active);
            let triggered = self.printed_triggers(source, |t| {
                let now = match t.when {
                    TriggerEvent::BeginningOfYourEndStep => {
                        step == TurnStep::End && controller == active
                    }
                    TriggerEvent::BeginningOfEachOpponentsUpkeep => {
                        step == TurnStep::Upkeep && theirs
                    }
                    TriggerEvent::BeginningOfYourUpkeep => {
                        step == TurnStep::Upkeep && controller == active
                    }
                    TriggerEvent::BeginningOfCombatOnYourTurn => {
                        step == TurnStep::BeginCombat && controller == active
                    }
                    _ => false,
                };
                now && (t.effect.only_if().is_none_or(|c| self.holds(c))
                    || self.fault(EngineFault::InterveningIfIgnored))
            });
            let n = triggered.len();
            self.waiting_triggers.extend(triggered);
            for _ in 0..n {
                self.emit(Event::StepTriggered { source, controller });
            }
        }
    }

    /// A creature controlled by `controller` just died (700.4): the
    /// "whenever a creature an opponent controls dies" abilities of the
    /// permanents of `controller`'s opponents trigger (603.10a: as the
    /// game was just before, the creature's controller then).
    pub(crate) fn dies_triggers(&mut self, controller: PlayerId) {
        let mut sources =
            self.with_triggers(|when| when == TriggerEvent::CreatureAnOpponentControlsDies);
        sources.retain(|&s| {
            self.variant.opponents(self.obj(s).controller, controller)
                || self.fault(EngineFault::DiesTriggersForOwnCreatures)
        });
        for source in sources {
            let n = self.trigger_printed(source, |when| {
                when == TriggerEvent::CreatureAnOpponentControlsDies
            });
            let controller = self.obj(source).controller;
            for _ in 0..n {
                self.emit(Event::DiesTriggered { source, controller });
            }
        }
    }

    /// `player` just cast `spell` (601.2i), from their hand if `from_hand`:
    /// the "whenever you cast a \[noncreature\] spell \[from your hand\]"
    /// abilities of the permanents they control trigger, those whose kind
    /// of spell it is (its characteristics on the stack: the back face if
    /// cast transformed, 712.11a). "That spell" is the trigger's subject.
    pub(crate) fn cast_triggers(&mut self, player: PlayerId, spell: CardId, from_hand: bool) {
        let mut sources = self.with_triggers(|when| when == TriggerEvent::YouCastASpell);
        sources.retain(|&s| self.obj(s).controller == player);
        if sources.is_empty() {
            return;
        }
        let mut cast = self.obj(spell).face().clone();
        cast.colors = self.colors(spell).to_vec();
        for source in sources {
            let mut triggered = self.printed_triggers(source, |t| {
                t.when == TriggerEvent::YouCastASpell
                    && t.spell.as_ref().is_none_or(|f| f.accepts(&cast))
                    && (from_hand || !t.from_hand || self.fault(EngineFault::CastFromAnywhere))
            });
            for t in &mut triggered {
                t.subject = Some(spell);
            }
            let n = triggered.len();
            self.waiting_triggers.extend(triggered);
            for _ in 0..n {
                self.emit(Event::CastTriggered {
                    source,
                    controller: player,
                });
            }
        }
    }

    /// `player` just discarded `card` (701.9a): the "whenever you discard a
    /// \[land\] card" abilities of the permanents they control trigger.
    pub(crate) fn discard_triggers(&mut self, player: PlayerId, card: CardId) {
        let mut sources = self.with_triggers(|when| when == TriggerEvent::YouDiscard);
        sources.retain(|&s| self.obj(s).controller == player);
        if sources.is_empty() {
            return;
        }
        let any = self.fault(EngineFault::DiscardTriggerForAnyCard);
        // The card as it was discarded: its front face (712.8a).
        let discarded = self.obj(card).card.front().clone();
        for source in sources {
            let triggered = self.printed_triggers(source, |t| {
                t.when == TriggerEvent::YouDiscard
                    && (any || t.discarded.as_ref().is_none_or(|f| f.accepts(&discarded)))
            });
            for t in triggered {
                self.waiting_triggers.push(t);
                self.emit(Event::DiscardTriggered {
                    source,
                    controller: player,
                });
            }
        }
    }

    /// Attackers were just declared (508.1): for each of them, the
    /// "whenever equipped creature attacks" abilities of the Equipment
    /// attached to it and the "whenever a \[creature\] you control attacks"
    /// abilities of its controller's permanents trigger (508.3a), each
    /// about that attacking creature.
    pub(crate) fn attack_triggers(&mut self, attackers: &[CardId]) {
        let sources = self.with_triggers(|when| {
            matches!(
                when,
                TriggerEvent::EquippedCreatureAttacks
                    | TriggerEvent::CreatureYouControlAttacks
                    | TriggerEvent::ThisAttacks
                    | TriggerEvent::ThisAndAnotherCreatureTokenAttack
            )
        });
        let tokens: Vec<CardId> = attackers
            .iter()
            .copied()
            .filter(|&c| self.obj(c).token && self.obj(c).is_creature())
            .collect();
        for &a in attackers {
            // "This token and at least one other creature token attack".
            let with_another_token = tokens.contains(&a)
                && (tokens.len() >= 2 || self.fault(EngineFault::TokenTriggerAlone));
            for &s in &sources {
                let (o, attacker) = (self.obj(s), self.obj(a));
                let mut triggered = self.printed_triggers(s, |t| match t.when {
                    TriggerEvent::EquippedCreatureAttacks => o.attached_to == Some(a),
                    TriggerEvent::ThisAttacks => s == a,
                    TriggerEvent::ThisAndAnotherCreatureTokenAttack => s == a && with_another_token,
                    TriggerEvent::CreatureYouControlAttacks => {
                        o.controller == attacker.controller
                            && t.attacker
                                .as_ref()
                                .is_none_or(|f| f.accepts(attacker.face()))
                    }
                    _ => false,
                });
                let controller = self.obj(s).controller;
                for t in &mut triggered {
                    t.subject = Some(a);
                    self.emit(Event::AttackTriggered {
                        source: s,
                        controller,
                    });
                }
                self.waiting_triggers.extend(triggered);
            }
        }
    }

    /// The permanents with a printed triggered ability whose trigger event
    /// `when` accepts (most have none: the search is a quick pass).
    fn with_triggers(&self, when: impl Fn(TriggerEvent) -> bool) -> Vec<CardId> {
        self.battlefield()
            .filter(|o| o.face().triggers.iter().any(|t| when(t.when)))
            .map(|o| o.id)
            .collect()
    }

    /// The printed triggered abilities of `source` whose trigger event
    /// `when` accepts trigger: each waits to be put on the stack (603.3),
    /// controlled by the source's controller (603.3a). Returns how many.
    fn trigger_printed(&mut self, source: CardId, when: impl Fn(TriggerEvent) -> bool) -> usize {
        let triggered = self.printed_triggers(source, |t| when(t.when));
        let n = triggered.len();
        self.waiting_triggers.extend(triggered);
        n
    }

    /// The printed triggered abilities of `source` that `which` accepts, as
    /// triggers controlled by the source's controller (603.3a).
    fn printed_triggers(
        &self,
        source: CardId,
        which: impl Fn(&PrintedTrigger) -> bool,
    ) -> Vec<Trigger> {
        let o = self.obj(source);
        if !self.has_abilities(source) {
            return Vec::new();
        }
        o.face()
            .triggers
            .iter()
            .filter(|t| which(t))
            .map(|t| Trigger {
                source,
                incarnation: o.incarnation,
                controller: o.controller,
                ability: Ability::Printed(t.effect.clone()),
                subject: None,
                // 107.3m: an enters trigger refers to its spell's X.
                x: match t.when {
                    TriggerEvent::Enters | TriggerEvent::EntersDuringDeclareAttackers
                        if !self.fault(EngineFault::EntersTriggerXIsZero) =>
                    {
                        o.x
                    }
                    _ => 0,
                },
            })
            .collect()
    }

    /// Combat damage was just dealt (510.2): each source that dealt some to
    /// a player or a battle triggers its "whenever this creature deals
    /// combat damage to a player or battle" abilities, once (510.3a).
    pub(crate) fn combat_damage_triggers(&mut self, dealt: &[(CardId, Target, u32)]) {
        let mut sources: Vec<CardId> = dealt
            .iter()
            .filter(|&&(_, to, n)| {
                n > 0
                    && match to {
                        Target::Player(_) => true,
                        Target::Permanent(c) => self.obj(c).is_battle(),
                        Target::Trigger(_) | Target::Card(_) => false,
                    }
            })
            .map(|&(source, _, _)| source)
            .collect();
        sources.sort();
        sources.dedup();
        for source in sources {
            let controller = self.obj(source).controller;
            let n = self.trigger_printed(source, |when| {
                when == TriggerEvent::DealsCombatDamageToPlayerOrBattle
            });
            for _ in 0..n {
                self.emit(Event::DamageTriggered { source, controller });
            }
        }
    }

    /// The legal targets for group `group` of triggered ability `t` (115.1,
    /// 801.4), leaving out those `chosen` already holds for the group
    /// (115.3).
    fn trigger_targets(&self, t: &Trigger, group: u8, chosen: &[Chosen]) -> Vec<Target> {
        let Some(g) = t.target_groups().get(usize::from(group)) else {
            return Vec::new();
        };
        self.trigger_target_candidates()
            .into_iter()
            .flatten()
            .filter(|&x| !chosen.iter().any(|c| c.group == group && c.target == x))
            .filter(|&x| self.legal_trigger_target(t, x, g.kind).is_ok())
            .collect()
    }

    /// Is `x` a legal target of kind `kind` for triggered ability `t`
    /// (115.1, 801.4; see [`Game::check_ability_target`])?
    fn legal_trigger_target(
        &self,
        t: &Trigger,
        x: Target,
        kind: TargetKind,
    ) -> Result<(), EngineError> {
        self.check_ability_target(t.source, x, kind, t.controller)?;
        if let (
            TargetKind::NonlandPermanentAnOpponentControlsWithManaValueAtMostX,
            Target::Permanent(c),
        ) = (kind, x)
        {
            let mana_value = self.mana_value(c);
            if mana_value > t.x {
                return illegal(
                    "115.1",
                    format!("{c} has mana value {mana_value}, more than X = {}", t.x),
                );
            }
        }
        Ok(())
    }

    /// 603.3c: the modal triggered abilities just put on the stack get
    /// their modes, bottom first: a choice with one possible answer is made
    /// at once; otherwise the game waits for its controller to choose.
    /// Returns whether it waits.
    fn choose_trigger_modes(&mut self) -> bool {
        while let Some(i) = self.stack.iter().position(|s| {
            matches!(s, StackItem::TriggeredAbility { trigger, .. }
                if matches!(trigger.ability, Ability::Printed(TriggerEffect::Modal { .. })))
        }) {
            let StackItem::TriggeredAbility { trigger, .. } = &self.stack[i] else {
                unreachable!("position found a triggered ability")
            };
            let choices = mode_choices(&trigger.ability);
            if let [only] = choices.as_slice() {
                self.set_trigger_modes(i, only);
            } else {
                self.waiting = Waiting::ChooseModes {
                    player: trigger.controller,
                    source: trigger.source,
                };
                return true;
            }
        }
        false
    }

    /// The modal ability at stack position `i` follows the instructions of
    /// `modes`, in the order printed (700.2).
    fn set_trigger_modes(&mut self, i: usize, modes: &[u8]) {
        let every = self.fault(EngineFault::EveryModeFollowed);
        let StackItem::TriggeredAbility { trigger, .. } = &mut self.stack[i] else {
            unreachable!("a modal triggered ability")
        };
        let Ability::Printed(TriggerEffect::Modal { modes: all, .. }) = &trigger.ability else {
            unreachable!("a modal triggered ability")
        };
        let all_modes: Vec<u8> = (0..all.len()).map(|m| m as u8).collect();
        let followed = if every { &all_modes } else { modes };
        let steps = followed
            .iter()
            .flat_map(|&m| all[usize::from(m)].iter().cloned())
            .collect();
        trigger.ability = Ability::Printed(TriggerEffect::Do {
            targets: Vec::new(),
            only_if: None,
            steps,
        });
        let source = trigger.source;
        self.emit(Event::ModesChosen {
            source,
            modes: modes.to_vec(),
        });
    }

    /// `player` chooses `modes` for the modal triggered ability of
    /// `source` being put on the stack (603.3c, 700.2).
    pub(crate) fn choose_modes(
        &mut self,
        player: PlayerId,
        source: CardId,
        modes: &[u8],
    ) -> Result<(), EngineError> {
        let Waiting::ChooseModes {
            player: who,
            source: which,
        } = self.waiting
        else {
            return illegal(
                "603.3c",
                format!(
                    "no modes are being chosen: the game waits for {}",
                    self.waiting_text()
                ),
            );
        };
        if who != player || which != source {
            return illegal(
                "603.3c",
                format!("{who} chooses the modes of the triggered ability of {which}"),
            );
        }
        let i = self
            .stack
            .iter()
            .position(|s| {
                matches!(s, StackItem::TriggeredAbility { trigger, .. }
                    if trigger.source == source
                        && matches!(trigger.ability, Ability::Printed(TriggerEffect::Modal { .. })))
            })
            .expect("the ability whose modes are chosen is on the stack");
        let StackItem::TriggeredAbility { trigger, .. } = &self.stack[i] else {
            unreachable!("position found a triggered ability")
        };
        let mut chosen = modes.to_vec();
        chosen.sort();
        if !mode_choices(&trigger.ability).contains(&chosen) {
            return illegal(
                "700.2",
                format!("{modes:?} is not a choice of modes this ability allows"),
            );
        }
        self.set_trigger_modes(i, &chosen);
        self.settle(self.priority);
        Ok(())
    }

    /// Every choice of modes a modal ability allows: from `min` to `max`
    /// different modes, each in printed order (700.2).
    pub(crate) fn mode_candidates(&self, source: CardId) -> Vec<Vec<u8>> {
        self.stack
            .iter()
            .find_map(|s| match s {
                StackItem::TriggeredAbility { trigger, .. } if trigger.source == source => {
                    Some(mode_choices(&trigger.ability))
                }
                _ => None,
            })
            .unwrap_or_default()
    }

    /// 603.3d: the triggered abilities just put on the stack get their
    /// targets, bottom first, after their modes (603.3c), one group (115.3)
    /// after another. One with no legal target for a group that needs one
    /// is removed from the stack; a group that needs one target and has a
    /// single legal one gets it; otherwise the game waits for its
    /// controller to choose ("up to" allows choosing no more, 115.1).
    /// Returns whether it waits.
    pub(crate) fn target_triggers(&mut self) -> bool {
        if self.choose_trigger_modes() {
            return true;
        }
        while let Some(i) = self.stack.iter().position(|s| {
            matches!(
                s,
                StackItem::TriggeredAbility {
                    choosing: Some(_),
                    ..
                }
            )
        }) {
            let StackItem::TriggeredAbility {
                trigger,
                targets,
                choosing: Some(group),
                ..
            } = self.stack[i].clone()
            else {
                unreachable!("position found a triggered ability choosing targets")
            };
            let g = trigger.target_groups()[usize::from(group)];
            let have = targets.iter().filter(|c| c.group == group).count();
            let optional = have >= g.min();
            match self.trigger_targets(&trigger, group, &targets).as_slice() {
                [] if optional => self.set_trigger_target(i, None),
                [] => {
                    self.stack.remove(i);
                    self.emit(Event::TriggerRemoved {
                        source: trigger.source,
                    });
                }
                [only] if !optional && g.max() == 1 => self.set_trigger_target(i, Some(*only)),
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

    /// The triggered ability at stack position `i` gets `t` as its next
    /// target in the group being chosen, or (`None`) no more targets in
    /// that group; the group is done once it has as many as it allows.
    fn set_trigger_target(&mut self, i: usize, t: Option<Target>) {
        let incarnation = t.map(|t| self.target_incarnation(t));
        let StackItem::TriggeredAbility {
            targets,
            choosing,
            trigger,
            key,
        } = &mut self.stack[i]
        else {
            unreachable!("only a triggered ability chooses targets")
        };
        let Some(group) = *choosing else {
            unreachable!("a triggered ability choosing targets")
        };
        let groups = trigger.target_groups();
        if let (Some(target), Some(incarnation)) = (t, incarnation) {
            targets.push(Chosen {
                group,
                target,
                incarnation,
            });
        }
        let full =
            targets.iter().filter(|c| c.group == group).count() >= groups[usize::from(group)].max();
        if t.is_none() || full {
            let next = group + 1;
            *choosing = (usize::from(next) < groups.len()).then_some(next);
        }
        let (controller, key) = (trigger.controller, *key);
        // 702.21a: becoming the target of an opponent's ability.
        if let Some(t) = t {
            self.ward_triggers(
                &[t],
                controller,
                crate::state::resolving::Warded::Ability(key),
            );
        }
    }

    /// `player` chooses the next target of the triggered ability of
    /// `source` being put on the stack (603.3d), or none: no more for an
    /// "up to" group (115.1).
    pub(crate) fn target_trigger(
        &mut self,
        player: PlayerId,
        source: CardId,
        target: Option<Target>,
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
                matches!(s, StackItem::TriggeredAbility { trigger, choosing: Some(_), .. }
                    if trigger.source == source)
            })
            .expect("the trigger whose target is chosen is on the stack");
        let StackItem::TriggeredAbility {
            trigger,
            targets,
            choosing: Some(group),
            ..
        } = self.stack[i].clone()
        else {
            unreachable!("position found a triggered ability choosing targets")
        };
        let g = trigger.target_groups()[usize::from(group)];
        // The legal targets are those of `trigger_targets`: the ones these
        // checks accept; none only once the group has as many as it needs.
        match target {
            Some(target) => {
                if targets
                    .iter()
                    .any(|c| c.group == group && c.target == target)
                {
                    return illegal(
                        "115.3",
                        format!(
                            "{} is already a target of this instance of \"target\"",
                            target_name(target)
                        ),
                    );
                }
                self.legal_trigger_target(&trigger, target, g.kind)?;
            }
            None if targets.iter().filter(|c| c.group == group).count() >= g.min() => {}
            None => {
                return illegal(
                    "603.3d",
                    format!("the triggered ability of {source} needs a target"),
                )
            }
        }
        self.set_trigger_target(i, target);
        self.settle(self.priority);
        Ok(())
    }

    /// A printed triggered ability resolves (608.2).
    pub(crate) fn resolve_printed_trigger(&mut self, t: Trigger, targets: Vec<Chosen>) {
        if let Ability::Ward { .. } = t.ability {
            return self.resolve_ward(&t);
        }
        let Ability::Printed(effect) = &t.ability else {
            unreachable!("a printed trigger has a printed ability")
        };
        match effect {
            TriggerEffect::Modal { .. } => {
                unreachable!("modes are chosen as the ability is put on the stack")
            }
            TriggerEffect::ReselectAttack => {
                let target = targets.first().map(|c| (c.target, c.incarnation));
                self.resolve_reselect_trigger(&t, target)
            }
            TriggerEffect::Do {
                only_if: Some(condition),
                ..
            } if !self.holds(*condition) => {
                // 603.4: the intervening "if" no longer holds: the ability
                // does nothing.
                self.emit(Event::Resolved { source: t.source });
                self.settle(self.active);
            }
            TriggerEffect::Do {
                targets: groups,
                steps,
                ..
            } => {
                // 608.2b: an ability whose every target is now illegal
                // does not resolve; a permanent or card that changed zones
                // is a new object (400.7). Illegal targets are left out of
                // what it does; one that got no target ("up to") resolves.
                let legal: Vec<(u8, Target)> = targets
                    .iter()
                    .filter(|c| {
                        self.same_object(c.target, c.incarnation)
                            && self
                                .legal_trigger_target(
                                    &t,
                                    c.target,
                                    groups[usize::from(c.group)].kind,
                                )
                                .is_ok()
                    })
                    .map(|c| (c.group, c.target))
                    .collect();
                if !targets.is_empty() && legal.is_empty() {
                    return self.fizzle_trigger(&t);
                }
                let steps = steps.clone();
                self.emit(Event::Resolved { source: t.source });
                if self.follow(t.source, t.controller, &steps, legal, t.subject, t.x) {
                    self.settle(self.active);
                }
            }
        }
    }

    /// A triggered ability whose target is illegal does nothing (608.2b).
    fn fizzle_trigger(&mut self, t: &Trigger) {
        self.emit(Event::Fizzled { source: t.source });
        self.settle(self.active);
    }
}
