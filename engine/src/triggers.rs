//! Printed triggered abilities (603): they trigger (603.2, 603.6a), wait
//! to be put on the stack (603.3), get their targets as they are put there
//! (603.3d) and resolve (608.2). What they do is their effect: reselecting
//! an attack ([`crate::reselect`], 508.7) or following instructions
//! ([`crate::effects`]).

use crate::cards::{PrintedTrigger, TargetKind, TriggerEffect, TriggerEvent};
use crate::error::{illegal, EngineError};
use crate::event::Event;
use crate::fault::EngineFault;
use crate::game::{Ability, Game, StackItem, Trigger, TurnStep, Waiting};
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
        let entered = self.obj(card).face().clone();
        for source in self.with_triggers(|when| when == TriggerEvent::AnotherYouControlEnters) {
            if source == card || self.obj(source).controller != controller {
                continue;
            }
            let triggered = self.printed_triggers(source, |t| {
                t.when == TriggerEvent::AnotherYouControlEnters
                    && t.entering.as_ref().is_none_or(|f| f.accepts(&entered))
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

    /// `player` just cast a spell (601.2i): the "whenever you cast a spell"
    /// abilities of the permanents they control trigger.
    pub(crate) fn cast_triggers(&mut self, player: PlayerId) {
        let mut sources = self.with_triggers(|when| when == TriggerEvent::YouCastASpell);
        sources.retain(|&s| self.obj(s).controller == player);
        for source in sources {
            let n = self.trigger_printed(source, |when| when == TriggerEvent::YouCastASpell);
            for _ in 0..n {
                self.emit(Event::CastTriggered {
                    source,
                    controller: player,
                });
            }
        }
    }

    /// Attackers were just declared (508.1): for each of them, the
    /// "whenever equipped creature attacks" abilities of the Equipment
    /// attached to it and the "whenever a [creature] you control attacks"
    /// abilities of its controller's permanents trigger (508.3a), each
    /// about that attacking creature.
    pub(crate) fn attack_triggers(&mut self, attackers: &[CardId]) {
        let sources = self.with_triggers(|when| {
            matches!(
                when,
                TriggerEvent::EquippedCreatureAttacks
                    | TriggerEvent::CreatureYouControlAttacks
                    | TriggerEvent::ThisAttacks
            )
        });
        for &a in attackers {
            for &s in &sources {
                let (o, attacker) = (self.obj(s), self.obj(a));
                let mut triggered = self.printed_triggers(s, |t| match t.when {
                    TriggerEvent::EquippedCreatureAttacks => o.attached_to == Some(a),
                    TriggerEvent::ThisAttacks => s == a,
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
    pub(crate) fn combat_damage_triggers(&mut self, dealt: &[(CardId, Target, u8)]) {
        let mut sources: Vec<CardId> = dealt
            .iter()
            .filter(|&&(_, to, n)| {
                n > 0
                    && match to {
                        Target::Player(_) => true,
                        Target::Permanent(c) => self.obj(c).is_battle(),
                        Target::Trigger(_) => false,
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

    /// The legal targets of triggered ability `t` (115.1, 801.4).
    fn trigger_targets(&self, t: &Trigger) -> Vec<Target> {
        let Ability::Printed(effect) = &t.ability else {
            return Vec::new();
        };
        let Some(&kind) = effect.targets().first() else {
            return Vec::new();
        };
        let players = (0..self.players.len() as u8).map(|p| Target::Player(PlayerId(p)));
        self.battlefield()
            .map(|o| Target::Permanent(o.id))
            .chain(players)
            .filter(|&x| self.legal_trigger_target(t, x, kind).is_ok())
            .collect()
    }

    /// Is `x` a legal target of kind `kind` for triggered ability `t`
    /// (115.1, 801.4)? "Another" target is not the ability's source.
    fn legal_trigger_target(
        &self,
        t: &Trigger,
        x: Target,
        kind: TargetKind,
    ) -> Result<(), EngineError> {
        if kind == TargetKind::AnyOther && x == Target::Permanent(t.source) {
            return illegal(
                "115.1",
                format!(
                    "{}: \"any other target\" is not the ability's source",
                    t.source
                ),
            );
        }
        self.check_target(x, kind, t.controller)
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
            target: None,
            up_to_one: false,
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
    /// targets, bottom first, after their modes (603.3c). One with no legal
    /// target is removed from the stack; one with a single legal target
    /// gets it; otherwise the game waits for its controller to choose.
    /// Returns whether it waits.
    pub(crate) fn target_triggers(&mut self) -> bool {
        if self.choose_trigger_modes() {
            return true;
        }
        while let Some(i) = self
            .stack
            .iter()
            .position(|s| matches!(s, StackItem::TriggeredAbility { chosen: false, trigger, .. } if trigger.targets()))
        {
            let StackItem::TriggeredAbility { trigger, .. } = self.stack[i].clone() else {
                unreachable!("position found a triggered ability")
            };
            let up_to_one = trigger.up_to_one();
            match self.trigger_targets(&trigger).as_slice() {
                // 115.1: "up to one target" with no legal target: none.
                [] if up_to_one => self.set_trigger_target(i, None),
                [] => {
                    self.stack.remove(i);
                    self.emit(Event::TriggerRemoved {
                        source: trigger.source,
                    });
                }
                [only] if !up_to_one => self.set_trigger_target(i, Some(*only)),
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

    fn set_trigger_target(&mut self, i: usize, t: Option<Target>) {
        let with_incarnation = t.map(|t| match t {
            Target::Permanent(c) => (t, self.obj(c).incarnation),
            _ => (t, 0),
        });
        let mut chose = None;
        if let StackItem::TriggeredAbility {
            target,
            chosen,
            trigger,
        } = &mut self.stack[i]
        {
            *target = with_incarnation;
            *chosen = true;
            chose = Some((trigger.controller, trigger.source));
        }
        // 702.21a: becoming the target of an opponent's ability.
        if let (Some(t), Some((controller, source))) = (t, chose) {
            self.ward_triggers(&[t], controller, crate::ward::Warded::Ability(source));
        }
    }

    /// `player` chooses the target of the triggered ability of `source`
    /// being put on the stack (603.3d), or none for "up to one target".
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
                matches!(s, StackItem::TriggeredAbility { trigger, chosen: false, .. }
                    if trigger.source == source && trigger.targets())
            })
            .expect("the trigger whose target is chosen is on the stack");
        let StackItem::TriggeredAbility { trigger, .. } = self.stack[i].clone() else {
            unreachable!("only a printed triggered ability waits for its target")
        };
        let Ability::Printed(effect) = &trigger.ability else {
            unreachable!("only a printed triggered ability waits for its target")
        };
        // The legal targets are those of `trigger_targets`: the ones this
        // check accepts; none only for "up to one target" (115.1).
        match target {
            Some(target) => {
                for &kind in effect.targets() {
                    self.legal_trigger_target(&trigger, target, kind)?;
                }
            }
            None if trigger.up_to_one() => {}
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
    pub(crate) fn resolve_printed_trigger(&mut self, t: Trigger, target: Option<(Target, u32)>) {
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
            TriggerEffect::ReselectAttack => self.resolve_reselect_trigger(&t, target),
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
                target: kind,
                up_to_one,
                steps,
                ..
            } => {
                // 608.2b: an ability whose every target is now illegal
                // does not resolve; a permanent that changed zones is a
                // new object (400.7). One that got no target ("up to one
                // target") resolves, doing nothing to a target.
                let chosen = match (kind, target) {
                    (None, _) => None,
                    (Some(_), None) if *up_to_one => None,
                    (Some(kind), Some((x, inc))) => {
                        let same = match x {
                            Target::Permanent(c) => self.obj(c).incarnation == inc,
                            _ => true,
                        };
                        match same && self.legal_trigger_target(&t, x, *kind).is_ok() {
                            true => Some(x),
                            false => return self.fizzle_trigger(&t),
                        }
                    }
                    (Some(_), None) => return self.fizzle_trigger(&t),
                };
                let steps = steps.clone();
                self.emit(Event::Resolved { source: t.source });
                if self.follow(t.source, t.controller, &steps, chosen, t.subject, t.x) {
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
