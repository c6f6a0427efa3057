//! The input API: [`Game::apply`] performs one action atomically and
//! returns its events, or refuses it with the rule that forbids it and leaves
//! the state untouched; [`Game::legal_actions`] lists what the player who
//! must act may do.

use crate::abilities::activate::Activation;
use crate::api::action::{Action, Actions};
use crate::cards::card::TargetKind;
use crate::state::error::{illegal, EngineError, Refused};
use crate::state::event::{step_violations, Event};
use crate::state::game::{Combat, Game, StackItem, Waiting};
use battlecheck_properties::decision::cards;
use battlecheck_properties::{AttackTarget, CardId, Decision, PlayerId, Target, Zone};
use smallvec::SmallVec;
use std::cell::Cell;

thread_local! {
    /// A game no longer needed, kept for the next copy made on this thread
    /// ([`Game::spare_copy`]).
    static SPARE: Cell<Option<Game>> = const { Cell::new(None) };
}

/// Keep `game` for the next copy made on this thread.
fn recycle(game: Game) {
    SPARE.set(Some(game));
}

/// A verdict of [`Game::accepted`] known at once, or known after the first
/// passes of the priority window.
enum Judged {
    Now(bool),
    AfterPasses(usize),
}

impl Game {
    /// Perform `action`. On error the game is unchanged.
    pub fn apply(&mut self, action: &Action) -> Result<Vec<Event>, EngineError> {
        self.apply_all(std::slice::from_ref(action), true)
    }

    /// Perform the actions a shared [`Decision`] stands for (see
    /// [`Game::actions_for`]), all or none.
    pub fn apply_decision(&mut self, d: &Decision) -> Result<Vec<Event>, EngineError> {
        let actions = self.decision_actions(d)?;
        self.apply_all(&actions, true)
    }

    /// [`Game::apply_decision`] without a copy of the game to fall back
    /// on: a decision refused part-way through its actions leaves the game
    /// part-way. For a caller that drops the game, or restores one it
    /// saved, after any refusal: a search over games, whose copies are the
    /// ones it keeps. The decision's events are added to `events`, a list
    /// the caller keeps from one decision to the next (no new list each
    /// time).
    pub fn apply_decision_part_way(
        &mut self,
        d: &Decision,
        events: &mut Vec<Event>,
    ) -> Result<(), EngineError> {
        let actions = self.decision_actions(d)?;
        self.perform_judging(&actions, false)?;
        events.append(&mut self.events);
        Ok(())
    }

    /// Would [`Game::apply_decision`] accept `d`? See [`Game::accepted`].
    pub fn accepts(&self, d: &Decision) -> bool {
        self.accepted(std::slice::from_ref(d))[0]
    }

    /// Which of `decisions` [`Game::apply_decision`] would accept. Each is
    /// judged by taking it on a copy of the game, except where what may
    /// refuse it is known without one:
    ///
    /// * a concession: a player may concede at any time (104.3a), so only
    ///   what refuses every action (`Game::may_act`) refuses one;
    /// * a cast, in a game that pays no mana: it is the passes that give
    ///   its caster priority, then the cast itself, and `Game::cast_refusal`
    ///   is all that may refuse a cast (what follows it, the card moving to
    ///   the stack and what triggers, cannot fail) and only reads the game;
    /// * an attack declaration: `Game::attack_refusal` is all that may
    ///   refuse it, and only reads the game;
    /// * a block declaration by the last defending player to declare:
    ///   likewise `Game::block_refusal`; the protector of the one battle
    ///   whose protector is awaited: likewise
    ///   `Game::protector_choice_refusal`; a trampler's assignment and a
    ///   division of combat damage: likewise `Game::trample_refusal` and
    ///   `Game::division_refusal`;
    /// * in a settled game (`Game::settled`), a pass by everyone and a cast
    ///   its caster gets priority for within the round: the passes before
    ///   the last change only who holds priority, so a cast is judged as if
    ///   its caster held it (`Game::cast_refusal_holding_priority`), and
    ///   a pass by everyone is refused only where its last pass ends a step
    ///   that can't end (`Game::end_step_refusal`).
    ///
    /// The passes a priority window's decisions begin with are all one
    /// sequence, every player's pass in turn order from the priority
    /// holder (`Game::window_passes`): a cast by the k-th player from the holder
    /// begins with its first k passes, and the passes of everyone
    /// ([`Decision::PassAll`]) are a prefix of it too. So these passes are
    /// taken once, on one copy, in that order, and each such decision is
    /// judged on the game after its passes (none for the holder's casts).
    ///
    /// Casts and concessions are most of the decisions a priority window
    /// offers, and a pass by everyone is in every one.
    pub fn accepted(&self, decisions: &[Decision]) -> Vec<bool> {
        // Not `vec![false; n]`: glibc serves that zeroed request without its
        // per-thread cache of small blocks, slower than a block and a fill.
        let mut verdicts = Vec::with_capacity(decisions.len());
        verdicts.resize(decisions.len(), false);
        self.judge_all(decisions, &mut verdicts);
        verdicts
    }

    /// [`Game::accepted`], into `verdicts` (one per decision, all false):
    /// a caller listing a few decisions keeps them on its stack.
    pub(crate) fn judge_all(&self, decisions: &[Decision], verdicts: &mut [bool]) {
        // The decisions judged after some of the passes: how many, and
        // which decision.
        let mut after_passes: Vec<(usize, usize)> = Vec::new();
        for (i, d) in decisions.iter().enumerate() {
            match self.judge(d) {
                Judged::Now(accepted) => verdicts[i] = accepted,
                Judged::AfterPasses(n) => after_passes.push((n, i)),
            }
        }
        if after_passes.is_empty() {
            return;
        }
        after_passes.sort_unstable();
        let passes = self.window_passes();
        let mut game = self.spare_copy();
        let mut taken = 0;
        for (n, i) in after_passes {
            // The passes not yet taken that this decision begins with.
            if game.perform_all(&passes[taken..n], false).is_err() {
                recycle(game);
                return;
            }
            taken = n;
            verdicts[i] = match &decisions[i] {
                Decision::Cast {
                    player,
                    card,
                    targets,
                    x,
                    convoke,
                } => game.cast_acceptable(*player, *card, targets, *x, cards(convoke), false),
                // A pass by everyone: its passes were all taken.
                _ => true,
            };
        }
        recycle(game);
    }

    /// One decision's verdict for [`Game::accepted`], or how many of the
    /// window's passes ([`Game::window_passes`]) must be taken before it is known.
    /// The decisions judged without a copy are judged without listing
    /// their actions either.
    fn judge(&self, d: &Decision) -> Judged {
        match d {
            Decision::Concede { player } => Judged::Now(self.may_act(*player).is_ok()),
            Decision::DeclareAttackers { attacks } => Judged::Now(
                self.may_act(self.active).is_ok()
                    && self.attack_refusal::<Refused>(self.active, attacks).is_ok(),
            ),
            // In a settled game the passes before the last change only who
            // holds priority (see `Game::settled`), and the last resolves
            // the top of the stack, which is never refused, or ends the
            // step.
            Decision::PassAll if self.waiting == Waiting::Priority && self.settled => Judged::Now(
                self.passes_to_end_round() > 0
                    && (!self.stack.is_empty() || self.end_step_refusal().is_ok()),
            ),
            Decision::PassAll if self.waiting == Waiting::Priority => {
                match self.passes_to_end_round() {
                    0 => Judged::Now(false),
                    n => Judged::AfterPasses(n),
                }
            }
            Decision::Cast {
                player,
                card,
                targets,
                x,
                convoke,
            } if !self.pays_mana => match self.passes_to(*player) {
                n if self.reached_as_is(n) => Judged::Now(self.cast_acceptable(
                    *player,
                    *card,
                    targets,
                    *x,
                    cards(convoke),
                    n > 0,
                )),
                n => Judged::AfterPasses(n),
            },
            _ => {
                let Ok(actions) = self.decision_actions(d) else {
                    return Judged::Now(false);
                };
                // One action refused, if at all, before anything changes:
                // its refusal alone (`Game::refused_up_front`).
                if let [action] = actions.as_slice() {
                    if let Some(refused) = self.refused_up_front(action) {
                        return Judged::Now(self.may_act(action.player()).is_ok() && !refused);
                    }
                }
                let mut copy = self.spare_copy();
                let accepted = copy.perform_all(&actions, false).is_ok();
                recycle(copy);
                Judged::Now(accepted)
            }
        }
    }

    /// Does a decision that `passes` of the window's passes bring to its
    /// player read this game as it is? With none, or in a settled game
    /// when the passes stay within the round: they change only who holds
    /// priority (see `Game::settled`).
    pub(crate) fn reached_as_is(&self, passes: usize) -> bool {
        passes == 0 || (self.settled && passes < self.passes_to_end_round())
    }

    /// Would `player` casting `card` now be accepted, in a game that pays
    /// no mana (see [`Game::accepted`])? With `given_priority`, once the
    /// passes of a settled game have given them priority.
    fn cast_acceptable(
        &self,
        player: PlayerId,
        card: CardId,
        targets: &[Target],
        x: Option<u8>,
        convoke: &[CardId],
        given_priority: bool,
    ) -> bool {
        self.may_act(player).is_ok()
            && if given_priority {
                self.cast_refusal_holding_priority(player, card, targets, x, convoke)
            } else {
                self.cast_refusal(player, card, targets, x, convoke)
            }
            .is_ok()
    }

    /// A copy of this game, made into the game last recycled on this
    /// thread if there is one: [`Clone::clone_from`] keeps its
    /// allocations, and judging candidate decisions copies the game once
    /// per candidate.
    fn spare_copy(&self) -> Game {
        match SPARE.take() {
            Some(mut spare) => {
                spare.clone_from(self);
                spare
            }
            None => self.clone(),
        }
    }

    /// The game after decision `d`, leaving this one untouched (one copy
    /// of the game; no events are recorded).
    pub fn after(&self, d: &Decision) -> Result<Game, EngineError> {
        self.performed(&self.decision_actions(d)?, false)
    }

    /// The actions decision `d` stands for now, or why it stands for none.
    fn decision_actions(&self, d: &Decision) -> Result<Actions, EngineError> {
        let actions = self.actions_for(d);
        if actions.is_empty() {
            return illegal(
                "117.1",
                format!(
                    "{d:?} names nothing to do now: the game waits for {}",
                    self.waiting_text()
                ),
            );
        }
        Ok(actions)
    }

    /// Perform `actions`. If `all_or_none`, on a copy that replaces this
    /// game once they are all performed, or, for an action that is
    /// refused only before it changes anything
    /// ([`Game::refused_before_change`]), on this game; else on this game.
    fn apply_all(
        &mut self,
        actions: &[Action],
        all_or_none: bool,
    ) -> Result<Vec<Event>, EngineError> {
        self.perform_judging(actions, all_or_none)?;
        Ok(self.take_events())
    }

    /// Perform `actions` as [`Game::apply_all`] does, the events left in
    /// the game's list, and note the first rule of one decision that they
    /// break ([`Game::step_broken`]).
    fn perform_judging(
        &mut self,
        actions: &[Action],
        all_or_none: bool,
    ) -> Result<(), EngineError> {
        match actions {
            _ if !all_or_none => self.perform_all(actions, true)?,
            [action] if self.refused_before_change(action) => self.perform_all(actions, true)?,
            _ => {
                let mut next = self.spare_copy();
                if let Err(e) = next.perform_all(actions, true) {
                    recycle(next);
                    return Err(e);
                }
                recycle(std::mem::replace(self, next));
            }
        }
        if self.step_broken.is_none() {
            self.step_broken = step_violations(&self.events, || self.table())
                .first()
                .map(|b| b.what);
        }
        Ok(())
    }

    /// Whether [`Game::perform`] refuses `action`, for the actions that
    /// [`Game::refused_before_change`] lists and whose refusal, asked
    /// first, reads the game alone: the last defending player's blocks
    /// ([`Game::block_refusal`]), the one protector awaited
    /// ([`Game::protector_choice_refusal`]), a trampler's assignment
    /// ([`Game::trample_refusal`]) and a division of combat damage
    /// ([`Game::division_refusal`]), after [`Game::may_act`]. None for the
    /// others, judged by taking them on a copy.
    fn refused_up_front(&self, action: &Action) -> Option<bool> {
        let refusal = match *action {
            Action::DeclareBlockers { player, ref blocks } => {
                self.block_refusal::<Refused>(player, blocks).is_err()
            }
            Action::ChooseProtector {
                player,
                battle,
                protector,
            } => self
                .protector_choice_refusal(player, battle, protector)
                .is_err(),
            Action::AssignTrample {
                player,
                attacker,
                to_attacked,
            } => self.trample_refusal(player, attacker, to_attacked).is_err(),
            Action::DivideDamage {
                player,
                attacker,
                ref division,
            } => self.division_refusal(player, attacker, division).is_err(),
            _ => return None,
        };
        Some(refusal)
    }

    /// Does everything that may refuse `action` come before its first
    /// change to the game, so that a refusal leaves the game as it was?
    /// [`Game::perform`] first asks [`Game::may_act`], which only reads;
    /// then a concession cannot be refused (104.3a), an attack declaration
    /// is refused only by [`Game::attack_refusal`], a block declaration
    /// only by [`Game::block_refusal`], a protector choice only by
    /// [`Game::protector_choice_refusal`], a trampler's assignment only by
    /// [`Game::trample_refusal`], a division of combat damage only by
    /// [`Game::division_refusal`] and a cast in a game that pays no mana
    /// only by [`Game::cast_refusal`], each asked before anything changes.
    /// The other actions are taken on a copy. None of them is refused
    /// after a change today (a cast's payment is worked out whole before
    /// any mana is taken; the tests `random_play` and
    /// `a_cast_refused_as_it_pays_leaves_the_game_as_it_was` try refused
    /// casts, activations, equips, land plays and mana abilities taken in
    /// place); the copy keeps a cost or check added later from leaving a
    /// game half-changed (732.1).
    fn refused_before_change(&self, action: &Action) -> bool {
        match action {
            Action::Concede { .. }
            | Action::DeclareAttackers { .. }
            | Action::DeclareBlockers { .. }
            | Action::ChooseProtector { .. }
            | Action::AssignTrample { .. }
            | Action::DivideDamage { .. } => true,
            Action::Cast { .. } => !self.pays_mana,
            _ => false,
        }
    }

    /// A copy of the game with `actions` performed in order, holding their
    /// events if `record`; this game is untouched.
    fn performed(&self, actions: &[Action], record: bool) -> Result<Game, EngineError> {
        let mut next = self.clone();
        next.perform_all(actions, record)?;
        Ok(next)
    }

    /// Perform `actions` in order on this game, holding their events if
    /// `record`; on error the game is left part-way (callers work on a
    /// copy, take an action refused before it changes anything, or do not
    /// keep a game refused a decision).
    fn perform_all(&mut self, actions: &[Action], record: bool) -> Result<(), EngineError> {
        self.events.clear();
        self.recording = record;
        for a in actions {
            self.perform(a)?;
            // 506.4 applies at once, also while a resolution waits for a
            // decision (e.g. a Siege exiled by its trigger before the cast).
            // A settled game was just checked, removal from combat first
            // (`Game::state_based_actions`), and nothing has changed since
            // but who holds priority (see `Game::settled`).
            if !self.settled {
                self.enforce_removal_from_combat();
            }
        }
        self.recording = true;
        Ok(())
    }

    /// Why `player` may take no action at all now, if so: an unknown
    /// player, a player who left (800.4a), a game that is over (104.2a).
    pub(crate) fn may_act(&self, player: PlayerId) -> Result<(), EngineError> {
        self.known_player(player)?;
        if !self.in_game(player) {
            return illegal("800.4a", format!("{player} has left the game"));
        }
        if self.waiting == Waiting::GameOver {
            return illegal("104.2a", "the game is over");
        }
        Ok(())
    }

    pub(crate) fn perform(&mut self, action: &Action) -> Result<(), EngineError> {
        self.may_act(action.player())?;
        // Every action but a pass unsettles the game (see `Game::settled`),
        // unless it is refused before it changes anything.
        let settled = self.settled;
        if !matches!(action, Action::Pass { .. }) {
            self.settled = false;
        }
        let done = self.act(action);
        if done.is_err() && self.refused_before_change(action) {
            self.settled = settled;
        }
        done
    }

    /// Perform `action` (see [`Game::perform`]).
    fn act(&mut self, action: &Action) -> Result<(), EngineError> {
        match action {
            Action::Pass { player } => self.pass(*player),
            Action::Cast {
                player,
                card,
                targets,
                x,
                convoke,
            } => self.cast(*player, *card, targets, *x, convoke),
            Action::PlayLand {
                player,
                card,
                back_face,
            } => self.play_land(*player, *card, *back_face),
            Action::ActivateMana {
                player,
                source,
                mana,
            } => self.activate_mana(*player, *source, *mana),
            Action::Equip {
                player,
                equipment,
                creature,
            } => self.equip(*player, *equipment, *creature),
            Action::Activate {
                player,
                source,
                ability,
                target,
                discard,
                crew,
            } => self.activate(
                *player,
                Activation {
                    source: *source,
                    ability: *ability,
                    target: *target,
                    discard: *discard,
                    crew: crew.clone(),
                },
            ),
            Action::Concede { player } => {
                self.concede(*player);
                Ok(())
            }
            Action::ChooseProtector {
                player,
                battle,
                protector,
            } => {
                self.known(*battle)?;
                self.choose_protector(*player, *battle, *protector)
            }
            Action::DeclareAttackers { player, attacks } => {
                self.declare_attackers(*player, attacks)
            }
            Action::DeclareBlockers { player, blocks } => self.declare_blockers(*player, blocks),
            Action::AssignAsUnblocked {
                player,
                attacker,
                as_unblocked,
            } => {
                self.known(*attacker)?;
                self.assign_as_unblocked(*player, *attacker, *as_unblocked)
            }
            Action::AssignTrample {
                player,
                attacker,
                to_attacked,
            } => self.assign_trample(*player, *attacker, *to_attacked),
            Action::DivideDamage {
                player,
                attacker,
                division,
            } => self.divide_damage(*player, *attacker, division),
            Action::CastTransformed { player, card, cast } => {
                self.cast_transformed(*player, *card, *cast)
            }
            Action::ChooseCopy {
                player,
                card,
                original,
            } => {
                self.known(*original)?;
                self.choose_copy(*player, *card, *original)
            }
            Action::TargetTrigger {
                player,
                source,
                target,
            } => {
                self.known(*source)?;
                self.target_trigger(*player, *source, *target)
            }
            Action::ReselectAttack {
                player,
                attacker,
                to,
            } => {
                self.known(*attacker)?;
                self.reselect_attack(*player, *attacker, *to)
            }
            Action::ChooseCards {
                player,
                source,
                cards,
            } => {
                self.known(*source)?;
                for &c in cards {
                    self.known(c)?;
                }
                self.choose_cards(*player, *source, cards)
            }
            Action::ChooseModes {
                player,
                source,
                modes,
            } => {
                self.known(*source)?;
                self.choose_modes(*player, *source, modes)
            }
            Action::PayUnless {
                player,
                source,
                pay,
            } => {
                self.known(*source)?;
                self.pay_unless(*player, *source, *pay)
            }
            Action::KeepLegend { player, card } => {
                self.known(*card)?;
                self.keep_legend(*player, *card)
            }
            Action::ChooseNewTargets {
                player,
                spell,
                targets,
            } => {
                self.known(*spell)?;
                self.choose_new_targets(*player, *spell, targets)
            }
        }
    }

    /// Who makes the choice the game waits for, where the shared
    /// [`Decision`] does not name them: each battle's protector chooser
    /// (310.9a as it enters, 704.5x–y after: its controller), in player
    /// order; a trampler's or a blocked attacker's
    /// controller assigning its damage (702.19b, 510.1c). Empty for the
    /// other waits, whose decisions name their player or are the
    /// declarations and priority windows compared otherwise.
    pub fn choosers(&self) -> Vec<PlayerId> {
        match &self.waiting {
            Waiting::ChooseProtectors => {
                let mut who: Vec<PlayerId> =
                    self.protector_choices.iter().map(|c| c.chooser).collect();
                who.sort_unstable();
                who.dedup();
                who
            }
            Waiting::AssignTrample(a) | Waiting::DivideDamage(a) => a
                .first()
                .map(|&a| self.obj(a).controller)
                .into_iter()
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The player who must act now: the priority holder, the attacking or
    /// first defending player, a trampler's controller, the first protector
    /// chooser, or the player who may cast transformed. `None` once the game
    /// is over.
    pub fn to_act(&self) -> Option<PlayerId> {
        match &self.waiting {
            Waiting::Priority => Some(self.priority),
            Waiting::DeclareAttackers => Some(self.active),
            Waiting::DeclareBlockers(ds) => ds.first().copied(),
            Waiting::AssignAsUnblocked(a)
            | Waiting::AssignTrample(a)
            | Waiting::DivideDamage(a) => a.first().map(|&a| self.obj(a).controller),
            Waiting::ChooseProtectors => self.protector_choices.first().map(|c| c.chooser),
            Waiting::CastTransformed { player, .. }
            | Waiting::ChooseCopy { player, .. }
            | Waiting::TargetTrigger { player, .. }
            | Waiting::ChooseModes { player, .. }
            | Waiting::PayUnless { player, .. }
            | Waiting::ReselectAttack { player, .. }
            | Waiting::ChooseCards { player, .. }
            | Waiting::KeepLegend { player }
            | Waiting::ChooseNewTargets { player, .. } => Some(*player),
            Waiting::GameOver => None,
        }
    }

    /// Every legal action of the player who must act (see [`Game::to_act`]),
    /// conceding included. Declarations are listed in full (every
    /// combination), which is fine for the small games this engine is for.
    pub fn legal_actions(&self) -> Vec<Action> {
        let Some(player) = self.to_act() else {
            return Vec::new();
        };
        let mut candidates = vec![Action::Concede { player }];
        match &self.waiting {
            Waiting::Priority => {
                candidates.push(Action::Pass { player });
                candidates.extend(self.cast_candidates(player, &self.spell_target_candidates()));
                for (card, back_face) in self.land_candidates(player) {
                    candidates.push(Action::PlayLand {
                        player,
                        card,
                        back_face,
                    });
                }
                for (source, mana) in self.mana_candidates(player) {
                    candidates.push(Action::ActivateMana {
                        player,
                        source,
                        mana,
                    });
                }
                for a in self.activation_candidates(player) {
                    candidates.push(Action::Activate {
                        player,
                        source: a.source,
                        ability: a.ability,
                        target: a.target,
                        discard: a.discard,
                        crew: a.crew,
                    });
                }
                for e in self.battlefield().filter(|o| self.is_equipment(o.id)) {
                    for c in self.battlefield() {
                        candidates.push(Action::Equip {
                            player,
                            equipment: e.id,
                            creature: c.id,
                        });
                    }
                }
            }
            Waiting::DeclareAttackers => {
                for attacks in self.attack_candidates(player) {
                    candidates.push(Action::DeclareAttackers { player, attacks });
                }
            }
            Waiting::DeclareBlockers(_) => {
                let mut options: Vec<Option<CardId>> = vec![None];
                options.extend(
                    self.battlefield()
                        .filter(|o| matches!(o.combat, Combat::Attacking { .. }))
                        .map(|o| Some(o.id)),
                );
                let mine: Vec<CardId> = self
                    .battlefield()
                    .filter(|o| o.controller == player && o.is_creature())
                    .map(|o| o.id)
                    .collect();
                for combo in product(&mine, &options) {
                    candidates.push(Action::DeclareBlockers {
                        player,
                        blocks: combo,
                    });
                }
            }
            Waiting::AssignAsUnblocked(queue) => {
                for as_unblocked in [true, false] {
                    candidates.push(Action::AssignAsUnblocked {
                        player,
                        attacker: queue[0],
                        as_unblocked,
                    });
                }
            }
            Waiting::AssignTrample(queue) => {
                for (attacker, to_attacked) in self.trample_candidates(queue) {
                    candidates.push(Action::AssignTrample {
                        player,
                        attacker,
                        to_attacked,
                    });
                }
            }
            Waiting::DivideDamage(queue) => {
                for (attacker, division) in self.division_candidates(queue) {
                    candidates.push(Action::DivideDamage {
                        player,
                        attacker,
                        division,
                    });
                }
            }
            Waiting::ChooseProtectors => {
                for c in &self.protector_choices {
                    for p in self.players_from(PlayerId(0)) {
                        candidates.push(Action::ChooseProtector {
                            player: c.chooser,
                            battle: c.battle,
                            protector: p,
                        });
                    }
                }
            }
            Waiting::PayUnless { player, source } => {
                for pay in [true, false] {
                    candidates.push(Action::PayUnless {
                        player: *player,
                        source: *source,
                        pay,
                    });
                }
            }
            Waiting::ChooseModes { player, source } => {
                for modes in self.mode_candidates(*source) {
                    candidates.push(Action::ChooseModes {
                        player: *player,
                        source: *source,
                        modes,
                    });
                }
            }
            Waiting::CastTransformed { player, card } => {
                for cast in [true, false] {
                    candidates.push(Action::CastTransformed {
                        player: *player,
                        card: *card,
                        cast,
                    });
                }
            }
            Waiting::ChooseCopy { player, card } => {
                for original in self.copy_choices(*player, *card) {
                    candidates.push(Action::ChooseCopy {
                        player: *player,
                        card: *card,
                        original,
                    });
                }
            }
            Waiting::TargetTrigger { player, source } => {
                for target in self.trigger_target_candidates() {
                    candidates.push(Action::TargetTrigger {
                        player: *player,
                        source: *source,
                        target,
                    });
                }
            }
            Waiting::ReselectAttack { player, attacker } => {
                for to in self.reselect_candidates() {
                    candidates.push(Action::ReselectAttack {
                        player: *player,
                        attacker: *attacker,
                        to,
                    });
                }
            }
            Waiting::ChooseCards { player, source } => {
                for cards in self.card_choice_candidates() {
                    candidates.push(Action::ChooseCards {
                        player: *player,
                        source: *source,
                        cards,
                    });
                }
            }
            Waiting::ChooseNewTargets {
                player,
                spell,
                cast,
            } => {
                for targets in self.target_candidates(*player, *spell, *cast) {
                    candidates.push(Action::ChooseNewTargets {
                        player: *player,
                        spell: *spell,
                        targets,
                    });
                }
            }
            Waiting::KeepLegend { player } => {
                for o in self.battlefield() {
                    candidates.push(Action::KeepLegend {
                        player: *player,
                        card: o.id,
                    });
                }
            }
            Waiting::GameOver => {}
        }
        candidates
            .into_iter()
            .filter(|a| self.clone().apply(a).is_ok())
            .collect()
    }

    /// Every attack declaration `player` might make: each of their (and
    /// with Two-Headed Giant their teammate's) creatures
    /// attacking nothing, a defending player, a battle or a planeswalker
    /// (508.1a). The declaration's own checks decide which are legal.
    pub(crate) fn attack_candidates(&self, player: PlayerId) -> Vec<Vec<(CardId, AttackTarget)>> {
        let mut targets: Vec<Option<AttackTarget>> = vec![None];
        targets.extend(
            self.defending_players()
                .into_iter()
                .map(|p| Some(AttackTarget::Player(p))),
        );
        targets.extend(
            self.battlefield()
                .filter_map(crate::rules::reselect::attackable)
                .map(Some),
        );
        // 805.10b: the creatures of the whole attacking team.
        let mine: Vec<CardId> = self
            .battlefield()
            .filter(|o| self.teammates(o.controller, player) && o.is_creature())
            .map(|o| o.id)
            .collect();
        product(&mine, &targets)
    }

    /// The trample divisions asked for now (702.19b): one attacker at a
    /// time, in card order (see `assign_trample`), each amount up to its
    /// power going to what it attacks.
    pub(crate) fn trample_candidates(&self, queue: &[CardId]) -> Vec<(CardId, u32)> {
        queue
            .first()
            .map(|&attacker| {
                (0..=self.combat_power(attacker))
                    .map(|n| (attacker, n))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Every division of the first attacker's combat damage among its
    /// blockers that sums to what it does not assign to what it attacks
    /// (whether each is lethal enough is for the rules to judge).
    pub(crate) fn division_candidates(
        &self,
        queue: &[CardId],
    ) -> Vec<(CardId, Vec<(CardId, u32)>)> {
        let Some(&attacker) = queue.first() else {
            return Vec::new();
        };
        let blockers = self.current_blockers(attacker);
        let rest = self.damage_to_divide(attacker);
        let mut out = Vec::new();
        let mut parts: Vec<u32> = Vec::new();
        fn fill(k: usize, left: u32, parts: &mut Vec<u32>, out: &mut Vec<Vec<u32>>) {
            if parts.len() + 1 == k {
                parts.push(left);
                out.push(parts.clone());
                parts.pop();
                return;
            }
            for n in 0..=left {
                parts.push(n);
                fill(k, left - n, parts, out);
                parts.pop();
            }
        }
        let mut all = Vec::new();
        if !blockers.is_empty() {
            fill(blockers.len(), rest, &mut parts, &mut all);
        }
        for amounts in all {
            out.push((attacker, blockers.iter().copied().zip(amounts).collect()));
        }
        out
    }

    /// Every target a triggered ability's controller might choose: none,
    /// or one of [`Game::ability_target_candidates`].
    pub(crate) fn trigger_target_candidates(&self) -> Vec<Option<Target>> {
        std::iter::once(None)
            .chain(self.ability_target_candidates().into_iter().map(Some))
            .collect()
    }

    /// Every target an ability might have: each permanent, each player in
    /// the game, each card in a graveyard and each spell. The choice's own checks
    /// decide which are legal.
    pub(crate) fn ability_target_candidates(&self) -> Vec<Target> {
        self.battlefield()
            .map(|o| Target::Permanent(o.id))
            .chain(self.players_from(PlayerId(0)).map(Target::Player))
            .chain(
                self.objects
                    .iter()
                    .filter(|o| matches!(o.zone, Zone::Graveyard | Zone::Stack))
                    .map(|o| Target::Card(o.id)),
            )
            .collect()
    }

    /// Every reselection a player might make: none, each player, each
    /// battle or planeswalker. The reselection's own checks decide which
    /// are legal.
    pub(crate) fn reselect_candidates(&self) -> Vec<Option<AttackTarget>> {
        std::iter::once(None)
            .chain(
                self.players_from(PlayerId(0))
                    .map(|p| Some(AttackTarget::Player(p))),
            )
            .chain(
                self.battlefield()
                    .filter_map(crate::rules::reselect::attackable)
                    .map(Some),
            )
            .collect()
    }

    /// Every target a spell might have: each player, each permanent, each
    /// triggered ability on the stack. The spell's own checks decide which
    /// are legal.
    pub(crate) fn spell_target_candidates(&self) -> SmallVec<[Target; 16]> {
        // Room for them all at once (a filtered list would grow by steps),
        // most often without a list on the heap.
        let mut out =
            SmallVec::with_capacity(self.players.len() + self.objects.len() + self.stack.len());
        out.extend(self.players_from(PlayerId(0)).map(Target::Player));
        out.extend(self.battlefield().map(|o| Target::Permanent(o.id)));
        out.extend(self.stack.iter().filter_map(|s| match s {
            StackItem::DefeatTrigger(t) | StackItem::TriggeredAbility { trigger: t, .. } => {
                Some(Target::Trigger(t.source))
            }
            StackItem::Spell { .. } | StackItem::Equip { .. } | StackItem::Ability { .. } => None,
        }));
        out
    }

    /// Every list of targets, one of each kind of `kinds` in order, from
    /// `all`, that `player`'s spell may have (601.2c).
    pub(crate) fn target_choices(
        &self,
        kinds: &[TargetKind],
        player: PlayerId,
        all: &[Target],
    ) -> Vec<Vec<Target>> {
        kinds.iter().fold(vec![Vec::new()], |acc, &k| {
            acc.iter()
                .flat_map(|prefix| {
                    all.iter()
                        .filter(|&&t| self.check_target::<Refused>(t, k, player).is_ok())
                        .map(move |&t| {
                            let mut v = prefix.clone();
                            v.push(t);
                            v
                        })
                })
                .collect()
        })
    }

    /// Every cast `player` might make now: of the cards in their hand and
    /// of every card in exile that an effect lets someone play (whose owner
    /// alone may: the cast's own check decides, 601.3), each target among
    /// `all` (the game's [`Game::spell_target_candidates`]); the cast's own
    /// checks decide which are legal. A card the cast's first checks refuse
    /// whatever its targets ([`Game::cast_card_refusal`]) is left out
    /// where those checks would read this game as it is
    /// ([`Game::reached_as_is`]).
    pub(crate) fn cast_candidates(&self, player: PlayerId, all: &[Target]) -> Vec<Action> {
        let mut out = Vec::new();
        self.each_cast_candidate(player, all, |card, targets, x, convoke| {
            out.push(Action::Cast {
                player,
                card,
                targets,
                x,
                convoke,
            })
        });
        out
    }

    /// `f` of the card, targets, X and convoking creatures of each of
    /// [`Game::cast_candidates`], without a list of actions.
    pub(crate) fn each_cast_candidate(
        &self,
        player: PlayerId,
        all: &[Target],
        mut f: impl FnMut(CardId, Vec<Target>, Option<u8>, Vec<CardId>),
    ) {
        let judged_here = self.reached_as_is(self.passes_to(player));
        for o in self.objects.iter().filter(|o| {
            ((o.zone == Zone::Hand && o.owner == player) || self.exile_permission(o.id).is_some())
                && !(judged_here && self.cast_card_refusal::<Refused>(player, o.id).is_err())
        }) {
            let xs = self.x_choices(player, o.id);
            let convokes = self.convoke_candidates(player, o.id);
            let mut cast = |targets: Vec<Target>| {
                if let ([x], [convoke]) = (&xs[..], &convokes[..]) {
                    return f(o.id, targets, *x, convoke.clone());
                }
                for &x in xs.iter() {
                    for convoke in convokes.iter() {
                        f(o.id, targets.clone(), x, convoke.clone());
                    }
                }
            };
            // No list of target lists for a spell with one target or none
            // (most of them).
            match o.card.front().target_kinds() {
                [] => cast(Vec::new()),
                &[k] => all
                    .iter()
                    .filter(|&&t| self.check_target::<Refused>(t, k, player).is_ok())
                    .for_each(|&t| cast(vec![t])),
                kinds => self
                    .target_choices(kinds, player, all)
                    .into_iter()
                    .for_each(cast),
            }
        }
    }
}

/// Every assignment of one option (or none) to each item.
fn product<T: Copy>(items: &[CardId], options: &[Option<T>]) -> Vec<Vec<(CardId, T)>> {
    items.iter().fold(vec![Vec::new()], |acc, &item| {
        acc.iter()
            .flat_map(|prefix| {
                options.iter().map(move |opt| {
                    let mut v = prefix.clone();
                    if let Some(t) = opt {
                        v.push((item, *t));
                    }
                    v
                })
            })
            .collect()
    })
}
