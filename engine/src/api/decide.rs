//! The legal shared [`Decision`]s of a game: what the conformance harness
//! compares with the model's decisions. Candidates are built from the
//! engine's state as [`Game::legal_actions`] builds them, and a candidate is
//! legal when [`Game::apply_decision`] accepts it, so this list says exactly
//! what the engine would do, not what it is meant to do.

use crate::state::game::{Combat, Game, Waiting};
use battlecheck_properties::{CardId, Decision, PlayerId};

impl Game {
    /// Every decision [`Game::apply_decision`] accepts now, sorted. Priority
    /// windows list every player's casts and equips (any player may act,
    /// see [`Game::actions_for`]) and every player's concession (104.3a).
    pub fn legal_decisions(&self) -> Vec<Decision> {
        self.legal_decisions_among(&|_| true)
    }

    /// The decisions of [`Game::legal_decisions`] that `wanted` keeps,
    /// without judging the others: judging a candidate may take it on a
    /// copy of the game ([`Game::accepted`]), which a caller that drops
    /// some kinds need not pay.
    pub fn legal_decisions_among(&self, wanted: &dyn Fn(&Decision) -> bool) -> Vec<Decision> {
        // Room for 24, under 1 KiB: a larger request makes glibc's malloc
        // first consolidate its free small chunks (with room for 32 that was
        // 3% of the engine's time in random games); with room for 16, a
        // priority window's list often grew once.
        let mut candidates: Vec<Decision> = Vec::with_capacity(24);
        match &self.waiting {
            Waiting::Priority => {
                candidates.push(Decision::PassAll);
                let targets = self.spell_target_candidates();
                let equipment: Vec<CardId> = self
                    .battlefield()
                    .filter(|o| self.is_equipment(o.id))
                    .map(|o| o.id)
                    .collect();
                // Lands and mana abilities: one look at the cards for all
                // the players (the list is sorted below).
                for (player, card, back_face) in self.land_plays() {
                    if self.in_game(player) {
                        candidates.push(Decision::PlayLand {
                            player,
                            card,
                            back_face,
                        });
                    }
                }
                for (player, source, mana) in self.mana_activations() {
                    if self.in_game(player) {
                        candidates.push(Decision::ActivateMana {
                            player,
                            source,
                            mana,
                        });
                    }
                }
                // The players with activated abilities to list.
                let activators: Vec<PlayerId> =
                    self.activation_sources().map(|o| o.controller).collect();
                for p in self.players_from(PlayerId(0)) {
                    self.each_cast_candidate(p, &targets, |card, targets, x, convoke| {
                        candidates.push(Decision::Cast {
                            player: p,
                            card,
                            targets,
                            x,
                            convoke: battlecheck_properties::decision::to_cards(convoke),
                        })
                    });
                    let activations = match activators.contains(&p) {
                        true => self.activation_candidates(p),
                        false => Vec::new(),
                    };
                    for a in activations {
                        candidates.push(Decision::Activate {
                            player: p,
                            source: a.source,
                            ability: a.ability,
                            target: a.target,
                            discard: a.discard,
                            crew: battlecheck_properties::decision::to_cards(a.crew),
                        });
                    }
                    for &equipment in &equipment {
                        for c in self.battlefield() {
                            candidates.push(Decision::Equip {
                                player: p,
                                equipment,
                                creature: c.id,
                            });
                        }
                    }
                }
            }
            Waiting::DeclareAttackers => {
                for attacks in self.attack_candidates(self.active) {
                    candidates.push(Decision::DeclareAttackers { attacks });
                }
            }
            Waiting::DeclareBlockers(defenders) => {
                let attackers: Vec<CardId> = self
                    .battlefield()
                    .filter(|o| matches!(o.combat, Combat::Attacking { .. }))
                    .map(|o| o.id)
                    .collect();
                let blockers: Vec<CardId> = self
                    .battlefield()
                    .filter(|o| defenders.contains(&o.controller) && o.is_creature())
                    .map(|o| o.id)
                    .collect();
                for blocks in combinations(&blockers, &attackers) {
                    candidates.push(Decision::DeclareBlockers { blocks });
                }
            }
            Waiting::AssignAsUnblocked(queue) => {
                let attacker = queue[0];
                for as_unblocked in [true, false] {
                    candidates.push(Decision::AssignAsUnblocked {
                        player: self.obj(attacker).controller,
                        attacker,
                        as_unblocked,
                    });
                }
            }
            Waiting::AssignTrample(queue) => {
                for (attacker, to_attacked) in self.trample_candidates(queue) {
                    candidates.push(Decision::AssignTrample {
                        attacker,
                        to_attacked,
                    });
                }
            }
            Waiting::DivideDamage(queue) => {
                for (attacker, division) in self.division_candidates(queue) {
                    candidates.push(Decision::DivideDamage { attacker, division });
                }
            }
            Waiting::ChooseProtectors => {
                let players: Vec<PlayerId> = self.players_from(PlayerId(0)).collect();
                let mut all: Vec<Vec<(CardId, PlayerId)>> = vec![Vec::new()];
                for c in &self.protector_choices {
                    all = all
                        .into_iter()
                        .flat_map(|prefix| {
                            players.iter().map(move |&p| {
                                let mut v = prefix.clone();
                                v.push((c.battle, p));
                                v
                            })
                        })
                        .collect();
                }
                candidates.extend(
                    all.into_iter()
                        .map(|choices| Decision::ChooseProtectors { choices }),
                );
            }
            Waiting::CastTransformed { player, card } => {
                for cast in [true, false] {
                    candidates.push(Decision::CastTransformed {
                        player: *player,
                        card: *card,
                        cast,
                    });
                }
            }
            Waiting::PayUnless { player, source } => {
                for pay in [true, false] {
                    candidates.push(Decision::PayUnless {
                        player: *player,
                        source: *source,
                        pay,
                    });
                }
            }
            Waiting::ChooseModes { player, source } => {
                for modes in self.mode_candidates(*source) {
                    candidates.push(Decision::ChooseModes {
                        player: *player,
                        source: *source,
                        modes,
                    });
                }
            }
            Waiting::ChooseCopy { player, card } => {
                for original in self.copy_choices(*player, *card) {
                    candidates.push(Decision::ChooseCopy {
                        player: *player,
                        card: *card,
                        original,
                    });
                }
            }
            Waiting::TargetTrigger { player, source } => {
                for target in self.trigger_target_candidates() {
                    candidates.push(Decision::TargetTrigger {
                        player: *player,
                        source: *source,
                        target,
                    });
                }
            }
            Waiting::ReselectAttack { player, attacker } => {
                for to in self.reselect_candidates() {
                    candidates.push(Decision::ReselectAttack {
                        player: *player,
                        attacker: *attacker,
                        to,
                    });
                }
            }
            Waiting::ChooseCards { player, source } => {
                let ordered = self.card_choice_ordered();
                for cards in self.card_choice_candidates() {
                    candidates.push(Decision::ChooseCards {
                        player: *player,
                        source: *source,
                        cards,
                        ordered,
                    });
                }
            }
            Waiting::ChooseNewTargets {
                player,
                spell,
                cast,
            } => {
                for targets in self.target_candidates(*player, *spell, *cast) {
                    candidates.push(Decision::ChooseNewTargets {
                        player: *player,
                        spell: *spell,
                        targets,
                    });
                }
            }
            Waiting::KeepLegend { player } => {
                for o in self.battlefield() {
                    candidates.push(Decision::KeepLegend {
                        player: *player,
                        card: o.id,
                    });
                }
            }
            Waiting::GameOver => return Vec::new(),
        }
        for p in self.players_from(PlayerId(0)) {
            candidates.push(Decision::Concede { player: p });
        }
        candidates.retain(|d| wanted(d));
        // The verdicts of a few decisions (most lists) on the stack.
        let (mut few, mut many) = ([false; 64], Vec::new());
        let verdicts = match candidates.len() {
            n if n <= few.len() => &mut few[..n],
            n => {
                many.resize(n, false);
                &mut many[..]
            }
        };
        self.judge_all(&candidates, verdicts);
        let mut verdicts = verdicts.iter();
        candidates.retain(|_| verdicts.next() == Some(&true));
        // Equal decisions are alike: no need for a stable sort.
        candidates.sort_unstable();
        candidates.dedup();
        candidates
    }
}

/// Every assignment of one attacker (or none) to each blocker, in blocker
/// order.
fn combinations(blockers: &[CardId], attackers: &[CardId]) -> Vec<Vec<(CardId, CardId)>> {
    blockers.iter().fold(vec![Vec::new()], |acc, &b| {
        acc.iter()
            .flat_map(|prefix| {
                std::iter::once(prefix.clone()).chain(attackers.iter().map(move |&a| {
                    let mut v = prefix.clone();
                    v.push((b, a));
                    v
                }))
            })
            .collect()
    })
}
