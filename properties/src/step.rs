//! Rules over what one decision did, not over where the game ended: a
//! repeated hit on a battle with no counters left, one counter too many
//! removed from a battle that is defeated anyway, or a life total that ends
//! right by accident leave no trace in the state. The model and the engine
//! each record what a decision did as [`Happened`] facts, and both are
//! judged here by the same rules ([`breaks`]).

use crate::seating::{AttackOption, Table};
use crate::{CardId, PlayerId, Target};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One fact about what a decision did, in the order it happened. Also
/// what an engine process may tell of each decision it takes (the engine
/// protocol's `happened`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case", tag = "fact")]
pub enum Happened {
    /// `source` dealt `amount` damage to `to` (120.1).
    Damage {
        source: CardId,
        to: Target,
        amount: u32,
    },
    /// `amount` defense counters were removed from `battle`, leaving `left`.
    DefenseRemoved {
        battle: CardId,
        amount: u32,
        left: u32,
    },
    /// `player`'s life total changed (119.3).
    Life { player: PlayerId },
    /// An effect other than damage dealt to `player` made them gain or lose
    /// life (119.3): an instruction ("you gain N life", "target player
    /// loses N life") or lifelink (702.15b, 120.3f); or they paid life as a
    /// cost (119.4: a ward cost, 702.21a).
    LifeByInstruction { player: PlayerId },
    /// `protector` was chosen to protect `battle`, controlled by
    /// `controller`; `siege`: the battle is a Siege (310.9a, 310.12a,
    /// 704.5x–y).
    ProtectorChosen {
        battle: CardId,
        protector: PlayerId,
        controller: PlayerId,
        siege: bool,
    },
    /// `controller` declared `attacker` as attacking `defender` or a battle
    /// `defender` protects (508.1b, 310.9d).
    Attacked {
        attacker: CardId,
        controller: PlayerId,
        defender: PlayerId,
    },
    /// `attacker`, a blocked creature, assigned its combat damage as though
    /// it weren't blocked (Zilortha, Apex of Ikoria; C04): all of it to
    /// `to`, what it attacks (none if it attacks nothing, 510.1b).
    /// `human`: it is a Human, which the ability does not let do so.
    /// Told as the damage is dealt, before its damage facts.
    AssignedAsUnblocked {
        attacker: CardId,
        to: Option<Target>,
        human: bool,
    },
    /// What `attacker`, controlled by `controller`, attacks was reselected
    /// (508.7): it attacked `chosen` or a battle `chosen` protected, and
    /// now attacks `defender` or a battle `defender` protects.
    Reselected {
        attacker: CardId,
        controller: PlayerId,
        chosen: PlayerId,
        defender: PlayerId,
    },
}

/// A rule of what one decision may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StepRule {
    /// 510.2, 120.3: a source deals its damage to a recipient once per
    /// round of damage.
    DamageDealtOnce,
    /// 120.3h, 310.6: damage dealt to a battle removes that many defense
    /// counters, never more than it has.
    CountersMatchDamage,
    /// 120.3a, 120.3h, 119.3: a player's life total changes here only by
    /// damage dealt to that player or by an instruction that makes them
    /// gain or lose life; damage dealt to a battle changes no one's life.
    LifeOnlyByDamage,
    /// 310.9a, 310.12a: whenever a protector is chosen, it is one who may
    /// protect the battle then: for a Siege an opponent of its controller,
    /// for a battle with no battle type its controller. A wrong choice that
    /// a state-based action (704.5y) replaces at once leaves no trace in
    /// the settled state.
    ProtectorChosenLegally,
    /// 801.5a: with a limited range of influence, a protector is chosen
    /// within the range of the battle's controller.
    ProtectorWithinRange,
    /// 801.3: creatures attack only opponents within their controller's
    /// range of influence, and battles those opponents protect.
    AttackWithinRange,
    /// 803.1a–b: with attack left or right, creatures attack only the
    /// nearest opponent on that side, and battles that opponent protects.
    AttackOnItsSide,
    /// 508.7c: a creature's attack is reselected only onto an opponent of
    /// its controller or a battle such an opponent protects.
    ReselectOntoOpponent,
    /// 508.7d: without the attack multiple players option, only onto the
    /// chosen defending player or a battle they protect.
    ReselectOntoChosenDefender,
    /// 508.7e: with a limited range of influence, only onto a player within
    /// the controller's range, or a battle whose protector is.
    ReselectWithinRange,
    /// 805.10a–b: with Two-Headed Giant, creatures attack only players of
    /// the defending team and battles they protect, never a teammate.
    AttackOnTheOtherTeam,
    /// 510.1b and Zilortha's ruling (C04): a creature that assigns its
    /// combat damage as though it weren't blocked assigns all of it to what
    /// it attacks, none to its blockers ("all or nothing").
    AsUnblockedAllOrNothing,
    /// 510.1c and Zilortha's text (C04): only a non-Human creature may
    /// assign its combat damage as though it weren't blocked; a blocked
    /// Human assigns it to its blockers.
    AsUnblockedOnlyNonHuman,
}

impl StepRule {
    pub const ALL: [StepRule; 13] = [
        StepRule::DamageDealtOnce,
        StepRule::CountersMatchDamage,
        StepRule::LifeOnlyByDamage,
        StepRule::ProtectorChosenLegally,
        StepRule::ProtectorWithinRange,
        StepRule::AttackWithinRange,
        StepRule::AttackOnItsSide,
        StepRule::ReselectOntoOpponent,
        StepRule::ReselectOntoChosenDefender,
        StepRule::ReselectWithinRange,
        StepRule::AttackOnTheOtherTeam,
        StepRule::AsUnblockedAllOrNothing,
        StepRule::AsUnblockedOnlyNonHuman,
    ];

    /// The numbers of the rules every step rule is stated from, each once,
    /// in order: "510.2, 120.3h, …".
    pub fn all_rule_numbers() -> String {
        let mut seen: Vec<&str> = Vec::new();
        for r in StepRule::ALL {
            if !seen.contains(&r.rule()) {
                seen.push(r.rule());
            }
        }
        seen.join(", ")
    }

    /// Is it a rule of the multiplayer options (801, 803)?
    pub fn of_options(self) -> bool {
        matches!(
            self,
            StepRule::ProtectorWithinRange
                | StepRule::AttackWithinRange
                | StepRule::AttackOnItsSide
        )
    }

    /// Is it a rule of reselecting an attack (508.7c–e)?
    pub fn of_reselection(self) -> bool {
        matches!(
            self,
            StepRule::ReselectOntoOpponent
                | StepRule::ReselectOntoChosenDefender
                | StepRule::ReselectWithinRange
        )
    }

    /// Is it a rule of Zilortha's assignment as though not blocked (C04)?
    pub fn of_as_unblocked(self) -> bool {
        matches!(
            self,
            StepRule::AsUnblockedAllOrNothing | StepRule::AsUnblockedOnlyNonHuman
        )
    }

    /// Is it a rule of team play (805, 810)?
    pub fn of_teams(self) -> bool {
        self == StepRule::AttackOnTheOtherTeam
    }

    /// The rule number the step rule is stated from.
    pub fn rule(self) -> &'static str {
        match self {
            StepRule::DamageDealtOnce => "510.2",
            StepRule::CountersMatchDamage => "120.3h",
            StepRule::LifeOnlyByDamage => "120.3a",
            StepRule::ProtectorChosenLegally => "310.12a",
            StepRule::ProtectorWithinRange => "801.5a",
            StepRule::AttackWithinRange => "801.3",
            StepRule::AttackOnItsSide => "803.1",
            StepRule::ReselectOntoOpponent => "508.7c",
            StepRule::ReselectOntoChosenDefender => "508.7d",
            StepRule::ReselectWithinRange => "508.7e",
            StepRule::AttackOnTheOtherTeam => "805.10a",
            StepRule::AsUnblockedAllOrNothing => "510.1b",
            StepRule::AsUnblockedOnlyNonHuman => "510.1c",
        }
    }
}

/// A step rule broken, and what broke it: the recipient dealt damage twice,
/// the battle, or the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct StepBreak {
    pub rule: StepRule,
    pub subject: Target,
}

/// A broken step rule with the numbers that broke it, for a report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    pub what: StepBreak,
    pub text: String,
}

impl fmt::Display for Broken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.what.rule.rule(), self.text)
    }
}

fn name(t: Target) -> String {
    match t {
        Target::Player(p) => p.to_string(),
        Target::Permanent(c) | Target::Trigger(c) | Target::Card(c) => c.to_string(),
    }
}

/// The rule of 508.7c–e a reselection of an attack by a creature of
/// `controller`, whose defending player was chosen as `chosen`, onto
/// `defender` (or a battle `defender` protects) breaks, with why in words
/// ("`defender` is … `controller`"); `None` if it is allowed
/// ([`Table::may_reselect`]).
pub fn reselect_break(
    table: &Table,
    controller: PlayerId,
    chosen: PlayerId,
    defender: PlayerId,
) -> Option<(StepRule, &'static str)> {
    if !table.variant.opponents(controller, defender) || !table.in_game.contains(defender.0) {
        Some((
            StepRule::ReselectOntoOpponent,
            "not an opponent in the game of",
        ))
    } else if table.variant.attack != AttackOption::Multiple && defender != chosen {
        Some((
            StepRule::ReselectOntoChosenDefender,
            "not the defending player chosen by",
        ))
    } else if !table.in_range(controller, defender) {
        Some((
            StepRule::ReselectWithinRange,
            "outside the range of influence of",
        ))
    } else {
        None
    }
}

/// Every step rule the facts of one decision break, in the order the
/// facts show it. `table` is the seating as the decision ended (the
/// multiplayer options and who is in the game; a decision that declares
/// attackers or chooses protectors changes neither).
pub fn breaks(happened: &[Happened], table: &Table) -> Vec<Broken> {
    let mut out = Vec::new();
    let mut hits: Vec<(CardId, Target)> = Vec::new();
    let mut by_instruction: Vec<PlayerId> = Vec::new();
    let mut to_battle: Vec<(CardId, u32)> = Vec::new();
    let mut as_unblocked: Vec<(CardId, Option<Target>)> = Vec::new();
    for h in happened {
        match *h {
            Happened::LifeByInstruction { player } => by_instruction.push(player),
            Happened::AssignedAsUnblocked {
                attacker,
                to,
                human,
            } => {
                if human {
                    out.push(Broken {
                        what: StepBreak {
                            rule: StepRule::AsUnblockedOnlyNonHuman,
                            subject: Target::Permanent(attacker),
                        },
                        text: format!(
                            "{attacker}, a Human, assigned its combat damage as though it weren't blocked (Zilortha lets only non-Human creatures)"
                        ),
                    });
                }
                as_unblocked.push((attacker, to));
            }
            Happened::Damage { source, to, amount } => {
                if let Some(&(_, attacked)) = as_unblocked.iter().find(|(a, _)| *a == source) {
                    if attacked != Some(to) {
                        out.push(Broken {
                            what: StepBreak {
                                rule: StepRule::AsUnblockedAllOrNothing,
                                subject: to,
                            },
                            text: format!(
                                "{source} assigned its combat damage as though it weren't blocked, yet dealt damage to {}, not what it attacks (all or nothing)",
                                name(to)
                            ),
                        });
                    }
                }
                if hits.contains(&(source, to)) {
                    out.push(Broken {
                        what: StepBreak {
                            rule: StepRule::DamageDealtOnce,
                            subject: to,
                        },
                        text: format!(
                            "{source} dealt damage to {} twice in one decision",
                            name(to)
                        ),
                    });
                }
                hits.push((source, to));
                if let Target::Permanent(b) = to {
                    match to_battle.iter_mut().find(|(c, _)| *c == b) {
                        Some((_, n)) => *n += amount,
                        None => to_battle.push((b, amount)),
                    }
                }
            }
            Happened::DefenseRemoved {
                battle,
                amount,
                left,
            } => {
                // Counters removed by an effect that is not damage (an
                // "erode" spell) are not matched against any damage.
                if let Some(i) = to_battle.iter().position(|(c, _)| *c == battle) {
                    let (_, dealt) = to_battle.remove(i);
                    let had = amount + left;
                    if amount != dealt.min(had) {
                        out.push(Broken {
                            what: StepBreak {
                                rule: StepRule::CountersMatchDamage,
                                subject: Target::Permanent(battle),
                            },
                            text: format!(
                                "{dealt} damage to battle {battle} with {had} defense counters removed {amount}"
                            ),
                        });
                    }
                }
            }
            Happened::Life { player } => {
                // 810.9: damage to a player changes their team's shared life.
                let team = |q: PlayerId| table.variant.team(q) == table.variant.team(player);
                let teammate_hit = |to: &Target| matches!(to, Target::Player(q) if team(*q));
                if !hits.iter().any(|(_, to)| teammate_hit(to))
                    && !by_instruction.iter().any(|&q| team(q))
                {
                    out.push(Broken {
                        what: StepBreak {
                            rule: StepRule::LifeOnlyByDamage,
                            subject: Target::Player(player),
                        },
                        text: format!(
                            "{player}'s life changed without damage dealt to {player} or an instruction to gain or lose life"
                        ),
                    });
                }
            }
            Happened::ProtectorChosen {
                battle,
                protector,
                controller,
                siege,
            } => {
                if table.variant.opponents(controller, protector) != siege
                    || (!siege && protector != controller)
                {
                    let why = if siege {
                        "a Siege's protector is an opponent of its controller"
                    } else {
                        "a battle with no battle type is protected by its controller"
                    };
                    out.push(Broken {
                        what: StepBreak {
                            rule: StepRule::ProtectorChosenLegally,
                            subject: Target::Permanent(battle),
                        },
                        text: format!(
                            "{protector} was chosen to protect battle {battle}, controlled by {controller} ({why}, 310.9a)"
                        ),
                    });
                } else if !table.in_range(controller, protector) {
                    out.push(Broken {
                        what: StepBreak {
                            rule: StepRule::ProtectorWithinRange,
                            subject: Target::Permanent(battle),
                        },
                        text: format!(
                            "{protector} was chosen to protect battle {battle}, but is outside the range of influence of its controller {controller}"
                        ),
                    });
                }
            }
            Happened::Attacked {
                attacker,
                controller,
                defender,
            } => {
                // Attacking oneself or a player who left is judged by the
                // properties of the state (310.9b); here only the options.
                let rule =
                    if defender != controller && !table.variant.opponents(controller, defender) {
                        Some((StepRule::AttackOnTheOtherTeam, "a teammate of"))
                    } else if !table.in_range(controller, defender) {
                        Some((
                            StepRule::AttackWithinRange,
                            "outside the range of influence of",
                        ))
                    } else if table.variant.attack != AttackOption::Multiple
                        && defender != controller
                        && !table.may_attack(controller, defender)
                    {
                        Some((
                            StepRule::AttackOnItsSide,
                            "not the nearest opponent on the side of",
                        ))
                    } else {
                        None
                    };
                if let Some((rule, why)) = rule {
                    out.push(Broken {
                        what: StepBreak {
                            rule,
                            subject: Target::Player(defender),
                        },
                        text: format!(
                            "{attacker} attacks {defender} or a battle {defender} protects; {defender} is {why} {controller} ({})",
                            table.variant.describe()
                        ),
                    });
                }
            }
            Happened::Reselected {
                attacker,
                controller,
                chosen,
                defender,
            } => {
                if let Some((rule, why)) = reselect_break(table, controller, chosen, defender) {
                    out.push(Broken {
                        what: StepBreak {
                            rule,
                            subject: Target::Permanent(attacker),
                        },
                        text: format!(
                            "{attacker}'s attack was reselected onto {defender} or a battle {defender} protects; {defender} is {why} {controller}"
                        ),
                    });
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{breaks, Happened, StepRule};
    use crate::seating::{AttackOption, Seats, Table, Variant};
    use crate::{CardId, PlayerId, Target};

    /// Four seats, all in the game, with the given options.
    fn table(attack: AttackOption, range: Option<u8>) -> Table {
        Table {
            variant: Variant {
                attack,
                range,
                ..Variant::default()
            },
            seats: 4,
            in_game: Seats::of(4, |_| true),
            seated: Seats::of(4, |_| true),
        }
    }

    fn rules_at(h: &[Happened], t: &Table) -> Vec<StepRule> {
        breaks(h, t).into_iter().map(|b| b.what.rule).collect()
    }

    fn rules(h: &[Happened]) -> Vec<StepRule> {
        rules_at(h, &table(AttackOption::Multiple, None))
    }

    /// Each rule fails on the facts of its bug and holds on the right ones.
    #[test]
    fn each_rule_catches_its_bug_and_passes_the_right_facts() {
        let (bear, siege, p2) = (CardId(1), CardId(0), PlayerId(1));
        let hit = |amount| Happened::Damage {
            source: bear,
            to: Target::Permanent(siege),
            amount,
        };
        let removed = |amount, left| Happened::DefenseRemoved {
            battle: siege,
            amount,
            left,
        };
        let to_player = Happened::Damage {
            source: bear,
            to: Target::Player(p2),
            amount: 2,
        };
        let life = Happened::Life { player: p2 };
        assert!(rules(&[hit(2), removed(2, 1)]).is_empty());
        assert!(rules(&[hit(5), removed(3, 0)]).is_empty());
        assert!(rules(&[to_player, life]).is_empty());
        // An erode effect removes counters without damage.
        assert!(rules(&[removed(2, 1)]).is_empty());
        assert_eq!(
            rules(&[hit(2), hit(2), removed(3, 0)]),
            [StepRule::DamageDealtOnce]
        );
        assert_eq!(
            rules(&[hit(2), removed(3, 1)]),
            [StepRule::CountersMatchDamage]
        );
        assert_eq!(
            rules(&[hit(2), removed(2, 0), life]),
            [StepRule::LifeOnlyByDamage]
        );
        let chosen = |protector, is_siege| Happened::ProtectorChosen {
            battle: siege,
            protector,
            controller: PlayerId(0),
            siege: is_siege,
        };
        assert!(rules(&[chosen(p2, true), chosen(PlayerId(0), false)]).is_empty());
        assert_eq!(
            rules(&[chosen(PlayerId(0), true), chosen(p2, false)]),
            [
                StepRule::ProtectorChosenLegally,
                StepRule::ProtectorChosenLegally
            ]
        );
        let text = breaks(
            &[hit(2), removed(3, 1)],
            &table(AttackOption::Multiple, None),
        )[0]
        .to_string();
        assert_eq!(
            text,
            "120.3h: 2 damage to battle #0 with 4 defense counters removed 3"
        );
    }

    /// `ALL` lists the rules in declaration order, each once, and the rule
    /// numbers they cite include Zilortha's.
    #[test]
    fn all_lists_every_rule_once() {
        for (i, r) in StepRule::ALL.iter().enumerate() {
            assert_eq!(*r as usize, i, "{r:?}");
        }
        assert_eq!(
            StepRule::all_rule_numbers(),
            "510.2, 120.3h, 120.3a, 310.12a, 801.5a, 801.3, 803.1, 508.7c, 508.7d, 508.7e, 805.10a, 510.1b, 510.1c"
        );
    }

    /// Zilortha's assignment (C04): all of the damage to what the creature
    /// attacks and only by a non-Human; a blocker still dealing it damage
    /// breaks nothing, and damage to a blocker by another attacker neither.
    #[test]
    fn an_assignment_as_though_unblocked_is_all_or_nothing_and_non_human() {
        let (bear, siege, blocker, cadet) = (CardId(1), CardId(0), CardId(5), CardId(2));
        let assigned = |attacker, human| Happened::AssignedAsUnblocked {
            attacker,
            to: Some(Target::Permanent(siege)),
            human,
        };
        let hit = |source, to| Happened::Damage {
            source,
            to: Target::Permanent(to),
            amount: 2,
        };
        let removed = Happened::DefenseRemoved {
            battle: siege,
            amount: 2,
            left: 1,
        };
        assert!(rules(&[
            assigned(bear, false),
            hit(bear, siege),
            hit(blocker, bear),
            hit(cadet, blocker),
            removed
        ])
        .is_empty());
        assert_eq!(
            rules(&[
                assigned(bear, false),
                hit(bear, siege),
                hit(bear, blocker),
                removed
            ]),
            [StepRule::AsUnblockedAllOrNothing]
        );
        assert_eq!(
            rules(&[assigned(cadet, true), hit(cadet, siege), removed]),
            [StepRule::AsUnblockedOnlyNonHuman]
        );
        // Attacking nothing (its battle left combat), it deals no damage.
        let nothing = Happened::AssignedAsUnblocked {
            attacker: bear,
            to: None,
            human: false,
        };
        assert_eq!(
            rules(&[nothing, hit(bear, blocker)]),
            [StepRule::AsUnblockedAllOrNothing]
        );
    }

    /// The multiplayer options: attacks on the wrong side or out of range,
    /// and a protector chosen out of range, break their rules; the same
    /// facts hold without the option.
    #[test]
    fn attacks_and_protectors_follow_the_options() {
        let attacks = |defender| Happened::Attacked {
            attacker: CardId(0),
            controller: PlayerId(0),
            defender: PlayerId(defender),
        };
        let left = table(AttackOption::Left, None);
        let right = table(AttackOption::Right, None);
        let range = table(AttackOption::Multiple, Some(1));
        assert!(rules_at(&[attacks(1)], &left).is_empty());
        assert_eq!(rules_at(&[attacks(3)], &left), [StepRule::AttackOnItsSide]);
        assert!(rules_at(&[attacks(3)], &right).is_empty());
        assert_eq!(
            rules_at(&[attacks(2)], &range),
            [StepRule::AttackWithinRange]
        );
        assert!(rules(&[attacks(2)]).is_empty());
        let chosen = |protector| Happened::ProtectorChosen {
            battle: CardId(5),
            protector: PlayerId(protector),
            controller: PlayerId(0),
            siege: true,
        };
        assert!(rules_at(&[chosen(3)], &range).is_empty());
        assert_eq!(
            rules_at(&[chosen(2)], &range),
            [StepRule::ProtectorWithinRange]
        );
        assert!(rules(&[chosen(2)]).is_empty());
    }

    /// Reselecting an attack (508.7c–e): onto an opponent, the chosen
    /// defending player without attack multiple players, within range.
    #[test]
    fn reselections_follow_508_7() {
        let reselect = |chosen, defender| Happened::Reselected {
            attacker: CardId(0),
            controller: PlayerId(0),
            chosen: PlayerId(chosen),
            defender: PlayerId(defender),
        };
        let multiple = table(AttackOption::Multiple, None);
        let left = table(AttackOption::Left, None);
        let range = table(AttackOption::Multiple, Some(1));
        assert!(rules_at(&[reselect(1, 2)], &multiple).is_empty());
        assert_eq!(
            rules_at(&[reselect(1, 0)], &multiple),
            [StepRule::ReselectOntoOpponent]
        );
        assert!(rules_at(&[reselect(1, 1)], &left).is_empty());
        assert_eq!(
            rules_at(&[reselect(1, 2)], &left),
            [StepRule::ReselectOntoChosenDefender]
        );
        assert!(rules_at(&[reselect(1, 3)], &range).is_empty());
        assert_eq!(
            rules_at(&[reselect(1, 2)], &range),
            [StepRule::ReselectWithinRange]
        );
        let mut gone = multiple;
        gone.in_game = crate::seating::Seats::of(4, |p| p != 2);
        assert_eq!(
            rules_at(&[reselect(1, 2)], &gone),
            [StepRule::ReselectOntoOpponent]
        );
    }
}
