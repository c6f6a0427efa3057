//! The engine's input: one player's action at a time, and how the shared
//! [`Decision`] maps onto actions.

use crate::state::game::{Game, Waiting};
use battlecheck_properties::decision::{cards, to_cards};
use battlecheck_properties::{AttackTarget, CardId, Decision, Mana, PlayerId, Target};
use serde::{Deserialize, Serialize};
use smallvec::{smallvec, SmallVec};

/// The actions of one decision ([`Game::actions_for`]): most often a few
/// passes and one action, kept without a list on the heap.
pub type Actions = SmallVec<[Action; 4]>;

/// Something one player does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", tag = "action")]
pub enum Action {
    /// Pass priority (117.3d).
    Pass { player: PlayerId },
    /// Cast a spell from hand (601), with its targets, the value of X it
    /// announces (601.2b; absent: 0) and the creatures tapped for convoke
    /// (702.51a).
    Cast {
        player: PlayerId,
        card: CardId,
        #[serde(default)]
        targets: Vec<Target>,
        #[serde(default)]
        x: Option<u8>,
        #[serde(default)]
        convoke: Vec<CardId>,
    },
    /// Play a land (305.1), with its back face up for a modal
    /// double-faced card's land face (712.12).
    PlayLand {
        player: PlayerId,
        card: CardId,
        #[serde(default)]
        back_face: bool,
    },
    /// Activate a mana ability of `source` for `mana` (605.3a).
    ActivateMana {
        player: PlayerId,
        source: CardId,
        mana: Mana,
    },
    /// Activate activated ability number `ability` of `source` (602.2),
    /// discarding `discard` to pay its cost if it asks for a discard and
    /// tapping `crew` if it is a crew ability (702.122a).
    Activate {
        player: PlayerId,
        source: CardId,
        #[serde(default)]
        ability: u8,
        #[serde(default)]
        target: Option<Target>,
        #[serde(default)]
        discard: Option<CardId>,
        #[serde(default)]
        crew: Vec<CardId>,
    },
    /// Activate an Equipment's equip ability (702.6a).
    Equip {
        player: PlayerId,
        equipment: CardId,
        creature: CardId,
    },
    /// Concede (104.3a).
    Concede { player: PlayerId },
    /// As `card` enters, choose the battle it enters as a copy of (707.5).
    ChooseCopy {
        player: PlayerId,
        card: CardId,
        original: CardId,
    },
    /// Choose a battle's protector (310.9a, 310.12a, 704.5x–y).
    ChooseProtector {
        player: PlayerId,
        battle: CardId,
        protector: PlayerId,
    },
    /// The active player's attack declaration (508.1).
    DeclareAttackers {
        player: PlayerId,
        attacks: Vec<(CardId, AttackTarget)>,
    },
    /// One defending player's blocks (509.1, 802.4): (blocker, attacker).
    DeclareBlockers {
        player: PlayerId,
        blocks: Vec<(CardId, CardId)>,
    },
    /// Just before a blocked attacker assigns its combat damage, decide
    /// whether it assigns it as though it weren't blocked (Zilortha, Apex
    /// of Ikoria: any non-Human creature of Zilortha's controller; C04).
    AssignAsUnblocked {
        player: PlayerId,
        attacker: CardId,
        as_unblocked: bool,
    },
    /// Divide a blocked trampler's damage (702.19b): this much to what it
    /// attacks, the rest to its blockers.
    AssignTrample {
        player: PlayerId,
        attacker: CardId,
        to_attacked: u32,
    },
    /// Divide a blocked attacker's combat damage among its blockers
    /// (510.1c): each blocker and the damage assigned to it.
    DivideDamage {
        player: PlayerId,
        attacker: CardId,
        division: Vec<(CardId, u32)>,
    },
    /// Cast the card exiled by a defeat trigger transformed, or decline
    /// (310.12b).
    CastTransformed {
        player: PlayerId,
        card: CardId,
        cast: bool,
    },
    /// Choose the target of a triggered ability being put on the stack
    /// (603.3d), or none (`null`) for "up to one target" (115.1).
    TargetTrigger {
        player: PlayerId,
        source: CardId,
        #[serde(default)]
        target: Option<Target>,
    },
    /// Reselect what an attacking creature attacks, or keep it (`None`)
    /// (508.7).
    ReselectAttack {
        player: PlayerId,
        attacker: CardId,
        #[serde(default)]
        to: Option<AttackTarget>,
    },
    /// Choose the cards a resolving ability of `source` tells `player` to
    /// choose (608.2d): to discard, sacrifice or find.
    ChooseCards {
        player: PlayerId,
        source: CardId,
        cards: Vec<CardId>,
    },
    /// Choose the modes of a modal triggered ability being put on the stack
    /// (603.3c).
    ChooseModes {
        player: PlayerId,
        source: CardId,
        modes: Vec<u8>,
    },
    /// Pay a ward cost or not (702.21a).
    PayUnless {
        player: PlayerId,
        source: CardId,
        pay: bool,
    },
    /// Keep one of one's legendary permanents with the same name (704.5j).
    KeepLegend { player: PlayerId, card: CardId },
    /// Choose the targets of a copy of `spell` (707.10c).
    ChooseNewTargets {
        player: PlayerId,
        spell: CardId,
        targets: Vec<Target>,
    },
}

impl Action {
    /// The shared decision this action is when its player is the one to
    /// act, if it is one by itself: not a single player's pass, protector
    /// choice or block declaration, which a decision makes together with
    /// the other players' (see [`Game::legal_decisions`]).
    pub fn as_decision(&self) -> Option<Decision> {
        self.clone().into_decision()
    }

    /// [`Action::as_decision`], taking the action rather than copying it.
    pub fn into_decision(self) -> Option<Decision> {
        Some(match self {
            Action::Cast {
                player,
                card,
                targets,
                x,
                convoke,
            } => Decision::Cast {
                player,
                card,
                targets,
                x,
                convoke: to_cards(convoke),
            },
            Action::PlayLand {
                player,
                card,
                back_face,
            } => Decision::PlayLand {
                player,
                card,
                back_face,
            },
            Action::ActivateMana {
                player,
                source,
                mana,
            } => Decision::ActivateMana {
                player,
                source,
                mana,
            },
            Action::Activate {
                player,
                source,
                ability,
                target,
                discard,
                crew,
            } => Decision::Activate {
                player,
                source,
                ability,
                target,
                discard,
                crew: to_cards(crew),
            },
            Action::Equip {
                player,
                equipment,
                creature,
            } => Decision::Equip {
                player,
                equipment,
                creature,
            },
            Action::Concede { player } => Decision::Concede { player },
            Action::ChooseCopy {
                player,
                card,
                original,
            } => Decision::ChooseCopy {
                player,
                card,
                original,
            },
            Action::DeclareAttackers { attacks, .. } => Decision::DeclareAttackers { attacks },
            Action::AssignAsUnblocked {
                player,
                attacker,
                as_unblocked,
            } => Decision::AssignAsUnblocked {
                player,
                attacker,
                as_unblocked,
            },
            Action::AssignTrample {
                attacker,
                to_attacked,
                ..
            } => Decision::AssignTrample {
                attacker,
                to_attacked,
            },
            Action::DivideDamage {
                attacker, division, ..
            } => Decision::DivideDamage { attacker, division },
            Action::CastTransformed { player, card, cast } => {
                Decision::CastTransformed { player, card, cast }
            }
            Action::TargetTrigger {
                player,
                source,
                target,
            } => Decision::TargetTrigger {
                player,
                source,
                target,
            },
            Action::ReselectAttack {
                player,
                attacker,
                to,
            } => Decision::ReselectAttack {
                player,
                attacker,
                to,
            },
            Action::ChooseCards {
                player,
                source,
                cards,
            } => Decision::ChooseCards {
                player,
                source,
                cards,
                ordered: false,
            },
            Action::KeepLegend { player, card } => Decision::KeepLegend { player, card },
            Action::ChooseNewTargets {
                player,
                spell,
                targets,
            } => Decision::ChooseNewTargets {
                player,
                spell,
                targets,
            },
            Action::PayUnless {
                player,
                source,
                pay,
            } => Decision::PayUnless {
                player,
                source,
                pay,
            },
            Action::ChooseModes {
                player,
                source,
                modes,
            } => Decision::ChooseModes {
                player,
                source,
                modes,
            },
            Action::Pass { .. }
            | Action::ChooseProtector { .. }
            | Action::DeclareBlockers { .. } => return None,
        })
    }

    /// The player who acts.
    pub fn player(&self) -> PlayerId {
        match *self {
            Action::Pass { player }
            | Action::Cast { player, .. }
            | Action::PlayLand { player, .. }
            | Action::ActivateMana { player, .. }
            | Action::Equip { player, .. }
            | Action::Activate { player, .. }
            | Action::Concede { player }
            | Action::ChooseCopy { player, .. }
            | Action::ChooseProtector { player, .. }
            | Action::DeclareAttackers { player, .. }
            | Action::DeclareBlockers { player, .. }
            | Action::AssignAsUnblocked { player, .. }
            | Action::AssignTrample { player, .. }
            | Action::DivideDamage { player, .. }
            | Action::CastTransformed { player, .. }
            | Action::TargetTrigger { player, .. }
            | Action::ReselectAttack { player, .. }
            | Action::ChooseCards { player, .. }
            | Action::KeepLegend { player, .. }
            | Action::ChooseNewTargets { player, .. }
            | Action::ChooseModes { player, .. }
            | Action::PayUnless { player, .. } => player,
        }
    }
}

impl Game {
    /// The actions a shared [`Decision`] stands for, in the current state.
    ///
    /// One to one, except:
    /// * [`Decision::Cast`] and [`Decision::Equip`] by a player who does not
    ///   hold priority are preceded by the passes that bring priority to
    ///   them (in a priority window any player may act);
    /// * [`Decision::PassAll`] is one pass by every player in the game, in
    ///   turn order from the priority holder (117.4), less those who have
    ///   already passed in succession: it completes the round, so the top of
    ///   the stack resolves or the step ends;
    /// * [`Decision::ChooseProtectors`] is one choice per battle, each made by
    ///   the battle's controller;
    /// * [`Decision::DeclareBlockers`] is one declaration per defending player
    ///   still to declare, in APNAP order (802.4), each holding the blocks by
    ///   that player's creatures (possibly none);
    /// * the acting player of `DeclareAttackers`, `AssignTrample` and
    ///   `DivideDamage`, which the decision does not name, is the active
    ///   player and the attacker's controller.
    pub fn actions_for(&self, d: &Decision) -> Actions {
        match d {
            Decision::PassAll => {
                let mut passes = self.window_passes();
                passes.truncate(self.passes_to_end_round());
                passes
            }
            Decision::Cast {
                player,
                card,
                targets,
                x,
                convoke,
            } => {
                let mut actions = self.passes_before(*player);
                actions.push(Action::Cast {
                    player: *player,
                    card: *card,
                    targets: targets.clone(),
                    x: *x,
                    convoke: cards(convoke).to_vec(),
                });
                actions
            }
            Decision::PlayLand {
                player,
                card,
                back_face,
            } => {
                let mut actions = self.passes_before(*player);
                actions.push(Action::PlayLand {
                    player: *player,
                    card: *card,
                    back_face: *back_face,
                });
                actions
            }
            Decision::ActivateMana {
                player,
                source,
                mana,
            } => {
                let mut actions = self.passes_before(*player);
                actions.push(Action::ActivateMana {
                    player: *player,
                    source: *source,
                    mana: *mana,
                });
                actions
            }
            Decision::Activate {
                player,
                source,
                ability,
                target,
                discard,
                crew,
            } => {
                let mut actions = self.passes_before(*player);
                actions.push(Action::Activate {
                    player: *player,
                    source: *source,
                    ability: *ability,
                    target: *target,
                    discard: *discard,
                    crew: cards(crew).to_vec(),
                });
                actions
            }
            Decision::Equip {
                player,
                equipment,
                creature,
            } => {
                let mut actions = self.passes_before(*player);
                actions.push(Action::Equip {
                    player: *player,
                    equipment: *equipment,
                    creature: *creature,
                });
                actions
            }
            Decision::Concede { player } => smallvec![Action::Concede { player: *player }],
            Decision::ChooseCopy {
                player,
                card,
                original,
            } => smallvec![Action::ChooseCopy {
                player: *player,
                card: *card,
                original: *original,
            }],
            Decision::ChooseProtectors { choices } => choices
                .iter()
                .map(|&(battle, protector)| Action::ChooseProtector {
                    player: self.chooser_of(battle),
                    battle,
                    protector,
                })
                .collect(),
            Decision::DeclareAttackers { attacks } => smallvec![Action::DeclareAttackers {
                player: self.active,
                attacks: attacks.clone(),
            }],
            Decision::DeclareBlockers { blocks } => {
                let defenders = match &self.waiting {
                    Waiting::DeclareBlockers(ds) => ds.clone(),
                    _ => Vec::new(),
                };
                let mut actions: Actions = defenders
                    .iter()
                    .map(|&player| Action::DeclareBlockers {
                        player,
                        blocks: blocks
                            .iter()
                            .filter(|(b, _)| self.exists(*b) && self.obj(*b).controller == player)
                            .copied()
                            .collect(),
                    })
                    .collect();
                // Blocks by creatures of no defending player are kept, so that
                // the engine refuses them with the rule that forbids them.
                let stray: Vec<(CardId, CardId)> = blocks
                    .iter()
                    .filter(|(b, _)| {
                        !self.exists(*b) || !defenders.contains(&self.obj(*b).controller)
                    })
                    .copied()
                    .collect();
                if let Some((b, _)) = stray.first() {
                    let player = if self.exists(*b) {
                        self.obj(*b).controller
                    } else {
                        self.active
                    };
                    actions.insert(
                        0,
                        Action::DeclareBlockers {
                            player,
                            blocks: stray,
                        },
                    );
                }
                actions
            }
            Decision::AssignAsUnblocked {
                player,
                attacker,
                as_unblocked,
            } => smallvec![Action::AssignAsUnblocked {
                player: *player,
                attacker: *attacker,
                as_unblocked: *as_unblocked,
            }],
            Decision::AssignTrample {
                attacker,
                to_attacked,
            } => smallvec![Action::AssignTrample {
                player: if self.exists(*attacker) {
                    self.obj(*attacker).controller
                } else {
                    self.active
                },
                attacker: *attacker,
                to_attacked: *to_attacked,
            }],
            Decision::DivideDamage { attacker, division } => smallvec![Action::DivideDamage {
                player: if self.exists(*attacker) {
                    self.obj(*attacker).controller
                } else {
                    self.active
                },
                attacker: *attacker,
                division: division.clone(),
            }],
            Decision::CastTransformed { player, card, cast } => {
                smallvec![Action::CastTransformed {
                    player: *player,
                    card: *card,
                    cast: *cast,
                }]
            }
            Decision::TargetTrigger {
                player,
                source,
                target,
            } => smallvec![Action::TargetTrigger {
                player: *player,
                source: *source,
                target: *target,
            }],
            Decision::ReselectAttack {
                player,
                attacker,
                to,
            } => smallvec![Action::ReselectAttack {
                player: *player,
                attacker: *attacker,
                to: *to,
            }],
            Decision::ChooseCards {
                player,
                source,
                cards,
                ..
            } => smallvec![Action::ChooseCards {
                player: *player,
                source: *source,
                cards: cards.clone(),
            }],
            Decision::ChooseModes {
                player,
                source,
                modes,
            } => smallvec![Action::ChooseModes {
                player: *player,
                source: *source,
                modes: modes.clone(),
            }],
            Decision::PayUnless {
                player,
                source,
                pay,
            } => smallvec![Action::PayUnless {
                player: *player,
                source: *source,
                pay: *pay,
            }],
            Decision::KeepLegend { player, card } => smallvec![Action::KeepLegend {
                player: *player,
                card: *card,
            }],
            Decision::ChooseNewTargets {
                player,
                spell,
                targets,
            } => smallvec![Action::ChooseNewTargets {
                player: *player,
                spell: *spell,
                targets: targets.clone(),
            }],
        }
    }

    /// In a priority window, the passes that bring priority from its holder
    /// to `player` (117.3d): "any player may act" of the shared decisions.
    /// None when `player` holds priority, is not in the game or the game does
    /// not wait for priority (the action is then refused as it stands).
    fn passes_before(&self, player: PlayerId) -> Actions {
        let mut passes = self.window_passes();
        passes.truncate(self.passes_to(player));
        passes
    }

    /// Every player's pass in turn order from the priority holder: the
    /// passes that bring priority to a player ([`Game::passes_before`])
    /// and those of a pass by everyone are its prefixes.
    pub(crate) fn window_passes(&self) -> Actions {
        self.players_from(self.priority)
            .map(|p| Action::Pass { player: p })
            .collect()
    }

    /// How many of the [`Game::window_passes`] come before `player` acts
    /// ([`Game::passes_before`]).
    pub(crate) fn passes_to(&self, player: PlayerId) -> usize {
        if self.waiting != Waiting::Priority || !self.in_game(player) {
            return 0;
        }
        self.players_from(self.priority)
            .take_while(|&p| p != player)
            .count()
    }

    /// How many of the [`Game::window_passes`] [`Decision::PassAll`] stands
    /// for: one by every player in the game, less those who have already
    /// passed in succession.
    pub(crate) fn passes_to_end_round(&self) -> usize {
        self.players_from(self.priority)
            .count()
            .saturating_sub(self.passes)
    }

    /// Who chooses `battle`'s protector: the player a pending choice names,
    /// else its controller.
    fn chooser_of(&self, battle: CardId) -> PlayerId {
        self.protector_choices
            .iter()
            .find(|c| c.battle == battle)
            .map(|c| c.chooser)
            .unwrap_or_else(|| {
                if self.exists(battle) {
                    self.obj(battle).controller
                } else {
                    self.active
                }
            })
    }
}
