//! Players leaving the game (104.3a conceding, 704.5a losing, 800.4a).

use crate::state::event::Event;
use crate::state::game::{Ability, Combat, Game, StackItem, Waiting};
use battlecheck_properties::{CardId, PlayerId, Zone};

impl Game {
    /// `p` concedes (104.3a): they leave the game at once, whatever the game
    /// waits for; decisions that were theirs pass on or lapse (800.4a,
    /// 800.4h, 800.4j).
    pub(crate) fn concede(&mut self, p: PlayerId) {
        self.leave_game(p);
        if self.check_game_over() {
            return;
        }
        match self.waiting.clone() {
            Waiting::Priority => {
                let holder = if self.priority == p {
                    self.next_player(p)
                } else {
                    self.priority
                };
                self.settle(holder);
            }
            Waiting::DeclareAttackers if p == self.active => self.settle(p),
            Waiting::DeclareAttackers => self.settle_during_declaration(),
            Waiting::DeclareBlockers(ds) => {
                let ds = self.defenders_with_blocks(&ds);
                if ds.is_empty() {
                    self.settle(self.active);
                } else {
                    self.waiting = Waiting::DeclareBlockers(ds);
                    self.settle_during_declaration();
                }
            }
            Waiting::AssignAsUnblocked(queue) => {
                // The leaver's attackers, and a Zilortha they owned or
                // controlled, are gone (800.4a): the choices still to make
                // are found again; those made stand.
                self.resume_as_unblocked(queue);
                if matches!(
                    self.waiting,
                    Waiting::AssignAsUnblocked(_)
                        | Waiting::AssignTrample(_)
                        | Waiting::DivideDamage(_)
                ) {
                    self.settle_during_declaration();
                }
            }
            Waiting::AssignTrample(mut queue) => {
                // The leaver's attackers are gone (800.4a), and one they
                // controlled by an effect is removed from combat (506.4);
                // the others keep their turn to divide damage.
                queue.retain(|&a| matches!(self.obj(a).combat, Combat::Attacking { .. }));
                if queue.is_empty() {
                    self.begin_division();
                } else {
                    self.waiting = Waiting::AssignTrample(queue);
                }
                if matches!(
                    self.waiting,
                    Waiting::AssignTrample(_) | Waiting::DivideDamage(_)
                ) {
                    self.settle_during_declaration();
                }
            }
            Waiting::DivideDamage(_) => {
                // The leaver's attackers and blockers are gone (800.4a): the
                // divisions still to be made are found again.
                self.begin_division();
                if matches!(self.waiting, Waiting::DivideDamage(_)) {
                    self.settle_during_declaration();
                }
            }
            Waiting::ChooseProtectors => {
                // Choices for battles that left, or whose chooser left (the
                // battle may have returned to another controller, 800.4a),
                // are dropped; the state-based actions ask again if needed.
                let keep: Vec<bool> = self
                    .protector_choices
                    .iter()
                    .map(|c| {
                        self.in_game(c.chooser)
                            && (self.obj(c.battle).on_battlefield()
                                || self.entry.as_ref().is_some_and(|e| e.entering == c.battle))
                    })
                    .collect();
                let mut keep = keep.into_iter();
                self.protector_choices
                    .retain(|_| keep.next().unwrap_or(false));
                if self.protector_choices.is_empty() {
                    self.protector_choices_done();
                }
            }
            Waiting::CastTransformed { player, .. } | Waiting::ChooseCopy { player, .. }
                if player == p =>
            {
                self.settle(self.active)
            }
            // The leaver's triggers left the stack with them (800.4a), and
            // their attackers with what they controlled: the targets still
            // to choose are found again.
            Waiting::TargetTrigger { .. } | Waiting::ChooseModes { .. } => {
                self.settle(self.priority)
            }
            // The warded spell or ability left the stack with its
            // controller (800.4a), or stays to be paid for.
            Waiting::PayUnless { player, .. } if player == p => {
                self.ward = None;
                self.settle(self.active)
            }
            // The resolving trigger's controller or the attacker left: the
            // choice lapses and the resolution is over.
            Waiting::ReselectAttack { player, attacker }
                if player == p || !self.obj(attacker).on_battlefield() =>
            {
                self.settle(self.active)
            }
            // The resolving ability's controller left: the ability ceased
            // to exist (800.4a), so its resolution is over.
            Waiting::ChooseCards { .. }
                if self.resolution.as_ref().is_some_and(|r| r.controller == p) =>
            {
                self.resolution = None;
                self.settle(self.active)
            }
            // A player told to choose left: their part lapses (800.4a) and
            // the ability goes on without it: it asks the next player, or
            // it is done and the active player receives priority.
            Waiting::ChooseCards { player, .. } if player == p && self.go_on() => {
                self.settle(self.active)
            }
            // The copy's controller left: the ability that copies ceased
            // to exist (800.4a), and the copy is not made.
            Waiting::ChooseNewTargets { player, .. } if player == p => {
                self.resolution = None;
                self.settle(self.active)
            }
            // The player who keeps a legend left with their permanents
            // (800.4a): the state-based actions go on.
            Waiting::KeepLegend { player } if player == p => self.settle(self.priority),
            // The exiled card's owner left: the card left the game with them
            // (800.4a), so there is nothing left to cast and the choice
            // lapses; the resolution is over (117.3b, 800.4j).
            Waiting::CastTransformed { card, .. } if self.obj(card).zone != Zone::Exile => {
                self.settle(self.active)
            }
            _ => {}
        }
    }

    /// A player left while the game waits for a turn-based declaration
    /// (attackers, blockers, trample damage). Deviation: 704.3 checks
    /// state-based actions only when a player would receive priority; the
    /// engine performs those the departure causes (new protectors, 704.5x–y;
    /// exiled tokens ceasing to exist, 704.5d) at once, so that every state
    /// in which the game waits for a declaration is settled. No player can
    /// act in between, and the declaration is unaffected: a battle that is
    /// attacked keeps its protector (704.5x), and the blocks a player may
    /// make do not depend on the protector of a battle nobody attacks. A
    /// protector choice interrupts the declaration, which resumes after it.
    fn settle_during_declaration(&mut self) {
        let declaration = self.waiting.clone();
        loop {
            if !self.protector_choices.is_empty() {
                self.resume = Some(declaration);
                self.waiting = Waiting::ChooseProtectors;
                return;
            }
            if !self.state_based_actions() {
                return;
            }
        }
    }

    /// 800.4a: objects `p` owns leave the game; effects giving `p` control
    /// end; abilities `p` controls on the stack cease to exist; objects `p`
    /// still controls are exiled. The battles `p` protected get new
    /// protectors by state-based action (704.5x, B26). With Two-Headed
    /// Giant `p`'s team leaves with them (810.8a–b).
    pub(crate) fn leave_game(&mut self, p: PlayerId) {
        let team: Vec<PlayerId> = self
            .players_from(p)
            .filter(|&q| self.teammates(p, q))
            .collect();
        for q in team {
            self.leave_alone(q);
        }
    }

    fn leave_alone(&mut self, p: PlayerId) {
        if !self.in_game(p) {
            return;
        }
        self.players[p.0 as usize].in_game = false;
        self.emit(Event::LeftGame { player: p });
        // 800.4a: the objects a player owns leave with them, emblems too
        // (114.2).
        self.emblems.retain(|e| e.controller != p);
        let owned: Vec<CardId> = self
            .objects
            .iter()
            .filter(|o| o.owner == p && o.zone != Zone::Outside)
            .map(|o| o.id)
            .collect();
        for c in owned {
            self.move_to(c, Zone::Outside);
        }
        let controlled: Vec<CardId> = self
            .objects
            .iter()
            .filter(|o| o.on_battlefield() && o.control_effects.contains(&p))
            .map(|o| o.id)
            .collect();
        for c in controlled {
            self.obj_mut(c).control_effects.retain(|&q| q != p);
            self.recompute_controller(c);
        }
        // 506.4: an attacking or blocking creature whose control returned
        // to another player is removed from combat at once, before any
        // choice still to be made in combat is looked at again.
        self.enforce_removal_from_combat();
        let mut gone_triggers = Vec::new();
        self.stack.retain(|s| match s {
            StackItem::DefeatTrigger(t) if t.controller == p => {
                gone_triggers.push(t.source);
                false
            }
            StackItem::TriggeredAbility { trigger, .. } => trigger.controller != p,
            StackItem::Equip { controller, .. } | StackItem::Ability { controller, .. } => {
                *controller != p
            }
            _ => true,
        });
        // 800.4d: a triggered ability `p` would control is never put on the
        // stack, so those waiting to be go with them now, even if the game
        // ends before anything would be put on the stack.
        self.waiting_triggers.retain(|t| {
            if t.controller == p && t.ability == Ability::Defeat {
                gone_triggers.push(t.source);
            }
            t.controller != p
        });
        for source in gone_triggers {
            self.trigger_ended_without_source(source);
        }
        // 800.4a, 800.4c: what the leaver still controls is exiled.
        let still: Vec<CardId> = self
            .objects
            .iter()
            .filter(|o| matches!(o.zone, Zone::Battlefield | Zone::Stack) && o.controller == p)
            .map(|o| o.id)
            .collect();
        for c in still {
            self.move_to(c, Zone::Exile);
        }
        // A battle entering as the leaver's spell resolved does not enter
        // (its choice of protector is dropped with the waiting choices, see
        // `concede`), and that resolution is over: the active player
        // receives priority next (117.3b), or the next player if they left
        // (800.4j). Otherwise the leaver can't be chosen (800.4a).
        if self
            .entry
            .as_ref()
            .is_some_and(|e| self.obj(e.spell).zone != Zone::Stack)
        {
            self.entry = None;
            self.priority = self.active;
        }
        if let Some(e) = &mut self.entry {
            e.options.retain(|&q| q != p);
        }
    }
}
