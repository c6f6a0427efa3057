//! The decisions available in a state, and applying one. This is the only
//! place that maps the shared [`Decision`] vocabulary onto the rules.

use crate::rules::config::MAX_PLAYERS;
use crate::rules::faults::Fault;
use crate::rules::state::{GameState, Pending, StackItem};
use arrayvec::ArrayVec;
use battlecheck_properties::step;
use battlecheck_properties::{AttackTarget, CardId, Decision, PlayerId, Step, Zone};

/// Every combination of one option per slot (`None` = no option taken), in
/// a fixed order: the first combination takes no option anywhere.
fn combinations<T: Copy>(
    slots: &[(CardId, ArrayVec<T, 32>)],
    mut emit: impl FnMut(Vec<(CardId, T)>),
) {
    let mut digits = vec![0usize; slots.len()];
    loop {
        emit(
            slots
                .iter()
                .zip(&digits)
                .filter(|(_, &d)| d > 0)
                .map(|((id, options), &d)| (*id, options[d - 1]))
                .collect(),
        );
        let mut i = 0;
        loop {
            if i == slots.len() {
                return;
            }
            digits[i] += 1;
            if digits[i] <= slots[i].1.len() {
                break;
            }
            digits[i] = 0;
            i += 1;
        }
    }
}

/// Every combination of exactly one option per slot.
fn choices(
    slots: &[(CardId, ArrayVec<PlayerId, MAX_PLAYERS>)],
    prefix: &mut Vec<(CardId, PlayerId)>,
    out: &mut Vec<Decision>,
) {
    match slots.split_first() {
        None => out.push(Decision::ChooseProtectors {
            choices: prefix.clone(),
        }),
        Some(((battle, options), rest)) => {
            for &p in options {
                prefix.push((*battle, p));
                choices(rest, prefix, out);
                prefix.pop();
            }
        }
    }
}

impl GameState {
    /// May `player` cast `card` now? Instants and cards with flash
    /// whenever they could cast an instant (702.8a); everything else only in their main phase with an empty stack
    /// (307.1, 310.1).
    fn may_cast_now(&self, player: PlayerId, card: CardId) -> bool {
        let kind = self.setup().def(card).kind;
        let instant_speed = kind.instant_speed()
            || (matches!(
                kind,
                crate::rules::cards::Kind::Siege { .. } | crate::rules::cards::Kind::Battle { .. }
            ) && self.setup().fault(Fault::BattlesAtInstantSpeed))
            || (self.obj(card).zone == Zone::Exile && self.setup().fault(Fault::ExiledCastAnyTime));
        // 805.4: with shared team turns, it is each player's turn on the
        // active team.
        instant_speed
            || (self.step == Step::Main
                && self.stack.is_empty()
                && self.teammates(player, self.active))
    }

    /// The decisions available now, in a fixed order.
    pub fn decisions(&self, out: &mut Vec<Decision>) {
        match self.pending {
            Pending::Priority => self.priority_decisions(out),
            Pending::DeclareAttackers => {
                let targets = self.attack_targets();
                let slots: Vec<(CardId, ArrayVec<AttackTarget, 32>)> = self
                    .eligible_attackers()
                    .into_iter()
                    .map(|a| (a, targets.clone()))
                    .collect();
                combinations(&slots, |attacks| {
                    out.push(Decision::DeclareAttackers { attacks })
                });
            }
            Pending::DeclareBlockers => {
                let slots: Vec<(CardId, ArrayVec<CardId, 32>)> = self
                    .block_options()
                    .into_iter()
                    .map(|(b, a)| (b, a.into_iter().collect()))
                    .collect();
                combinations(&slots, |blocks| {
                    if self.blocks_legal(&blocks) {
                        out.push(Decision::DeclareBlockers { blocks })
                    }
                });
            }
            Pending::AssignAsUnblocked { attacker } => {
                let player = self.obj(attacker).controller;
                for as_unblocked in [true, false] {
                    out.push(Decision::AssignAsUnblocked {
                        player,
                        attacker,
                        as_unblocked,
                    });
                }
            }
            Pending::AssignTrample { attacker } => {
                for to_attacked in 0..=self.trample_excess(attacker) {
                    out.push(Decision::AssignTrample {
                        attacker,
                        to_attacked: to_attacked.into(),
                    });
                }
            }
            Pending::DivideDamage { attacker } => {
                let blockers = self.blockers_of(attacker);
                for amounts in self.divisions(attacker) {
                    out.push(Decision::DivideDamage {
                        attacker,
                        division: blockers
                            .iter()
                            .copied()
                            .zip(amounts.into_iter().map(u32::from))
                            .collect(),
                    });
                }
            }
            Pending::ChooseCopy { card } => {
                let player = self.obj(card).controller;
                for original in self.copy_candidates(player) {
                    out.push(Decision::ChooseCopy {
                        player,
                        card,
                        original,
                    });
                }
            }
            Pending::EnterProtector { entering, copy_of } => {
                let options =
                    self.entering_protector_options(entering, copy_of, self.resolving_controller());
                choices(&[(entering, options)], &mut Vec::new(), out);
            }
            Pending::SbaProtectors { .. } => {
                let slots: Vec<_> = self.sba_protector_choices().into_iter().collect();
                choices(&slots, &mut Vec::new(), out);
            }
            Pending::CastTransformed { card, player } => {
                out.push(Decision::CastTransformed {
                    player,
                    card,
                    cast: true,
                });
                out.push(Decision::CastTransformed {
                    player,
                    card,
                    cast: false,
                });
            }
            Pending::TargetTrigger { source, .. } => {
                let Some(StackItem::Trigger {
                    controller,
                    ability,
                    ..
                }) = self.untargeted_trigger(source)
                else {
                    unreachable!("the trigger waiting for its target is on the stack")
                };
                for t in self.trigger_target_options(ability, controller) {
                    out.push(Decision::TargetTrigger {
                        player: controller,
                        source,
                        target: Some(t),
                    });
                }
            }
            Pending::ChooseCards {
                source,
                player,
                whose,
            } => {
                out.push(Decision::ChooseCards {
                    player,
                    source,
                    cards: Vec::new(),
                    ordered: false,
                });
                for c in self.exile_candidates(whose) {
                    out.push(Decision::ChooseCards {
                        player,
                        source,
                        cards: vec![c],
                        ordered: false,
                    });
                }
            }
            Pending::ReselectAttack { attacker, player } => {
                out.push(Decision::ReselectAttack {
                    player,
                    attacker,
                    to: None,
                });
                for to in self.reselect_options(attacker) {
                    out.push(Decision::ReselectAttack {
                        player,
                        attacker,
                        to: Some(to),
                    });
                }
            }
            Pending::PayUnless { source, spell } => {
                if let Some((_, player)) = self.on_stack(spell) {
                    for pay in [true, false] {
                        out.push(Decision::PayUnless {
                            player,
                            source,
                            pay,
                        });
                    }
                }
            }
            Pending::GameOver => {}
        }
    }

    /// A priority window: all pass, any player casts a spell they may cast
    /// now or activates an ability (Lightshield Array's, an equip ability),
    /// or a nonactive player concedes.
    fn priority_decisions(&self, out: &mut Vec<Decision>) {
        out.push(Decision::PassAll);
        for player in self.player_ids().filter(|&p| self.in_game(p)) {
            for card in self.ids() {
                let def = self.setup().def(card);
                if !self.may_cast_from_zone(player, card) || !self.may_cast_now(player, card) {
                    continue;
                }
                match def.kind.target_count() {
                    0 => out.push(Decision::Cast {
                        player,
                        card,
                        targets: Vec::new(),
                        x: None,
                        convoke: None,
                    }),
                    1 => {
                        for t in self.target_candidates(def.kind, 0, player) {
                            out.push(Decision::Cast {
                                player,
                                card,
                                targets: vec![t],
                                x: None,
                                convoke: None,
                            });
                        }
                    }
                    _ => {
                        let second = self.target_candidates(def.kind, 1, player);
                        for t in self.target_candidates(def.kind, 0, player) {
                            for &u in &second {
                                out.push(Decision::Cast {
                                    player,
                                    card,
                                    targets: vec![t, u],
                                    x: None,
                                    convoke: None,
                                });
                            }
                        }
                    }
                }
            }
        }
        for (player, source) in self.shield_activations() {
            out.push(Decision::Activate {
                player,
                source,
                ability: 0,
                target: None,
                discard: None,
                crew: None,
            });
        }
        self.equip_decisions(out);
        if self.setup().config.concede {
            for player in self
                .player_ids()
                .filter(|&p| !self.teammates(p, self.active) && self.in_game(p))
            {
                out.push(Decision::Concede { player });
            }
        }
    }

    /// Apply a decision taken from [`GameState::decisions`], then judge
    /// what it did by the rules of one decision
    /// (`battlecheck_properties::step`).
    pub fn apply(&mut self, decision: &Decision) {
        self.journal.written = 0;
        self.perform(decision);
        if !self.journal.facts.is_empty() {
            let facts = std::mem::take(&mut self.journal.facts);
            if self.broken.is_none() {
                self.broken = step::breaks(&facts, &self.table()).first().map(|b| b.what);
            }
        }
    }

    fn perform(&mut self, decision: &Decision) {
        match (self.pending, decision) {
            (Pending::Priority, Decision::PassAll) => self.pass_all(),
            (
                Pending::Priority,
                Decision::Cast {
                    player,
                    card,
                    targets,
                    x: None,
                    convoke,
                },
            ) if convoke.is_none() => self.cast(*player, *card, targets),
            // State-based actions are checked only when a player would get
            // priority (704.3, 117.5); 800.4a: "If the player who left the
            // game had priority at the time they left, priority passes to
            // the next player in turn order". The model's priority window
            // does not say who holds priority, and a concession in it is
            // the holder's (the players before them having passed, which
            // changes nothing else): priority passes, so the check is made
            // at once, as the text says. A concession by a player who does
            // not hold priority, whose check waits until the holder acts or
            // passes, is not explored; it differs only in what the
            // observation shows until then, and when the holder casts a
            // spell at a battle that check puts into the graveyard (704.5x:
            // nobody may be chosen to protect it).
            (Pending::Priority, Decision::Concede { player }) => {
                self.leave_game(*player);
                self.settle(crate::rules::state::Then::Priority);
            }
            (Pending::Priority, Decision::Activate { player, source, .. }) => {
                self.activate_shield(*player, *source)
            }
            (
                Pending::Priority,
                Decision::Equip {
                    player,
                    equipment,
                    creature,
                },
            ) => self.activate_equip(*player, *equipment, *creature),
            (Pending::DeclareAttackers, Decision::DeclareAttackers { attacks }) => {
                self.declare_attackers(attacks)
            }
            (Pending::DeclareBlockers, Decision::DeclareBlockers { blocks }) => {
                self.declare_blockers(blocks)
            }
            (
                Pending::AssignAsUnblocked { .. },
                Decision::AssignAsUnblocked {
                    attacker,
                    as_unblocked,
                    ..
                },
            ) => self.assign_as_unblocked(*attacker, *as_unblocked),
            (
                Pending::AssignTrample { .. },
                Decision::AssignTrample {
                    attacker,
                    to_attacked,
                },
            ) => self.assign_trample(*attacker, small(*to_attacked)),
            (Pending::DivideDamage { .. }, Decision::DivideDamage { division, .. }) => {
                let division: Vec<(CardId, u8)> =
                    division.iter().map(|&(b, n)| (b, small(n))).collect();
                self.divide_damage(&division)
            }
            (Pending::ChooseCopy { .. }, Decision::ChooseCopy { card, original, .. }) => {
                self.choose_copy(*card, *original)
            }
            (
                Pending::EnterProtector { entering, copy_of },
                Decision::ChooseProtectors { choices },
            ) => self.finish_enter(entering, copy_of, choices.first().map(|c| c.1)),
            (Pending::SbaProtectors { then }, Decision::ChooseProtectors { choices }) => {
                self.choose_sba_protectors(choices, then)
            }
            (Pending::CastTransformed { .. }, Decision::CastTransformed { card, player, cast }) => {
                self.decide_cast_transformed(*card, *player, *cast)
            }
            (
                Pending::TargetTrigger { source, then },
                Decision::TargetTrigger {
                    target: Some(t), ..
                },
            ) => self.choose_trigger_target(source, *t, then),
            (Pending::ChooseCards { .. }, Decision::ChooseCards { cards, .. }) => {
                self.exile_chosen(cards.first().copied())
            }
            (Pending::ReselectAttack { attacker, .. }, Decision::ReselectAttack { to, .. }) => {
                self.reselect(attacker, *to)
            }
            (Pending::PayUnless { spell, .. }, Decision::PayUnless { pay, .. }) => {
                self.pay_unless(spell, *pay)
            }
            (pending, d) => {
                unreachable!("decision {d:?} is not offered while waiting for {pending:?}")
            }
        }
    }

    /// Is `decision` one of [`GameState::decisions`]?
    pub fn is_legal(&self, decision: &Decision) -> bool {
        let mut all = Vec::new();
        self.decisions(&mut all);
        all.contains(decision)
    }
}

/// An amount of damage of a decision [`GameState::decisions`] offered: the
/// model's games are small enough that every amount it offers fits a byte.
fn small(n: u32) -> u8 {
    u8::try_from(n).expect("a decision the model offered")
}
