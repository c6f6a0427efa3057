//! Symmetry reduction over interchangeable players (stateright's
//! [`Representative`], honoured by its depth-first search).
//!
//! Which renamings of players are exact symmetries of a bounded game? Seats
//! matter through turn order: who takes the next turn, and APNAP order
//! (101.4). Renaming is therefore only applied
//!
//! * in the last turn of the bound, where no further turn is taken, so the
//!   nonactive players are never again active (not even if others leave);
//! * to nonactive players whose starting cards are identical (the same
//!   "class"), so that their objects map one to one;
//! * with every seat-dependent choice among nonactive players made
//!   seat-independent by the shared vocabulary: priority is a window in which
//!   any player may act (see `battlecheck_properties::decision`), blocks and
//!   protector choices are single combined decisions.
//!
//! One seat dependence remains: the APNAP order in which triggered
//! abilities of two or more nonactive players go on the stack together
//! (603.3b). (An attacker's damage among several blockers is divided as
//! its controller chooses, 510.1c, a decision like any other, so it does
//! not depend on how objects are numbered.) The model records when the
//! dependence shows ([`Setup::seat_order_mattered`](crate::rules::config::Setup));
//! a checker run that saw it is not exact and is repeated without symmetry.
//! `tests/equivariance.rs` shows that no other transition depends on
//! seating: every state whose renaming has other successors sets the flag.
//!
//! The representative is the least state (by `Ord`) over all allowed
//! renamings, so it does not depend on exploration order or thread count.

use crate::rules::config::Renaming;
use crate::rules::state::{Combat, GameState, Obj, Pending, StackItem, TargetRef, Waiting};
use battlecheck_properties::step::StepBreak;
use battlecheck_properties::{AttackTarget, CardId, PlayerId, Target};
use stateright::Representative;
use std::cmp::Ordering;

impl Representative for GameState {
    fn representative(&self) -> Self {
        let setup = self.setup();
        if self.turn + 1 < setup.config.turns {
            return self.clone();
        }
        let mut best = self.clone();
        best.waiting.sort();
        for r in &setup.renamings[self.active.0 as usize] {
            // Most renamings lose: compare without building them first.
            if self.renamed_cmp(r, &best) == Ordering::Less {
                best = self.renamed(r);
            }
        }
        best
    }
}

/// Object `o` with the players and objects it refers to renamed by `r`
/// (its own number is the caller's).
fn renamed_obj(o: &Obj, r: &Renaming) -> Obj {
    let p = |x: PlayerId| PlayerId(r.seat[x.0 as usize]);
    let c = |x: CardId| CardId(r.object[x.0 as usize]);
    let at = |x: AttackTarget| match x {
        AttackTarget::Player(q) => AttackTarget::Player(p(q)),
        AttackTarget::Battle(o) => AttackTarget::Battle(c(o)),
    };
    let mut n = *o;
    n.controller = p(o.controller);
    n.default_controller = p(o.default_controller);
    n.control_effects = o.control_effects.map(|e| e.map(p));
    n.protector = o.protector.map(p);
    n.copy_of = o.copy_of.map(c);
    n.attached_to = o.attached_to.map(c);
    n.combat = match o.combat {
        Combat::None => Combat::None,
        Combat::Attacking {
            target,
            defender,
            blocked,
        } => Combat::Attacking {
            target: target.map(at),
            defender: p(defender),
            blocked,
        },
        Combat::Blocking(a) => Combat::Blocking(c(a)),
    };
    n
}

/// What the game waits for, with the objects it names renamed by `r`.
fn renamed_pending(pending: Pending, r: &Renaming) -> Pending {
    let c = |x: CardId| CardId(r.object[x.0 as usize]);
    let p = |x: PlayerId| PlayerId(r.seat[x.0 as usize]);
    match pending {
        Pending::AssignTrample { attacker } => Pending::AssignTrample {
            attacker: c(attacker),
        },
        Pending::DivideDamage { attacker } => Pending::DivideDamage {
            attacker: c(attacker),
        },
        Pending::ChooseCopy { card } => Pending::ChooseCopy { card: c(card) },
        Pending::EnterProtector { entering, copy_of } => Pending::EnterProtector {
            entering: c(entering),
            copy_of: copy_of.map(c),
        },
        Pending::CastTransformed { card, player } => Pending::CastTransformed {
            card: c(card),
            player: p(player),
        },
        Pending::TargetTrigger { source, then } => Pending::TargetTrigger {
            source: c(source),
            then,
        },
        Pending::ReselectAttack { attacker, player } => Pending::ReselectAttack {
            attacker: c(attacker),
            player: p(player),
        },
        other => other,
    }
}

impl GameState {
    /// How [`GameState::renamed`] by `r` compares with `other`, building
    /// the renamed state only when what the order looks at first (what
    /// the game waits for, the players, the objects in number order) does
    /// not already decide it.
    fn renamed_cmp(&self, r: &Renaming, other: &GameState) -> Ordering {
        let first = (self.setup.cmp(&other.setup))
            .then(self.turn.cmp(&other.turn))
            .then(self.active.cmp(&other.active))
            .then(self.step.cmp(&other.step))
            .then_with(|| renamed_pending(self.pending, r).cmp(&other.pending))
            .then_with(|| {
                let n = self.players.len();
                (0..n)
                    .map(|j| self.players[r.seat_from[j] as usize].cmp(&other.players[j]))
                    .find(|o| o.is_ne())
                    .unwrap_or_else(|| n.cmp(&other.players.len()))
            })
            .then_with(|| {
                let n = self.objs.len();
                (0..n)
                    .map(|j| {
                        renamed_obj(&self.objs[r.object_from[j] as usize], r).cmp(&other.objs[j])
                    })
                    .find(|o| o.is_ne())
                    .unwrap_or_else(|| n.cmp(&other.objs.len()))
            });
        match first {
            Ordering::Equal => self.renamed(r).cmp(other),
            decided => decided,
        }
    }

    /// This state with players and objects renamed by `r`.
    pub fn renamed(&self, r: &Renaming) -> GameState {
        let p = |x: PlayerId| PlayerId(r.seat[x.0 as usize]);
        let c = |x: CardId| CardId(r.object[x.0 as usize]);
        let t = |x: Target| match x {
            Target::Player(q) => Target::Player(p(q)),
            Target::Permanent(o) => Target::Permanent(c(o)),
            Target::Trigger(o) => Target::Trigger(c(o)),
        };
        let mut next = self.clone();
        for (i, pl) in self.players.iter().enumerate() {
            next.players[r.seat[i] as usize] = *pl;
        }
        for (i, o) in self.objs.iter().enumerate() {
            next.objs[r.object[i] as usize] = renamed_obj(o, r);
        }
        for (n, s) in next.stack.iter_mut().zip(&self.stack) {
            *n = match *s {
                StackItem::Spell {
                    card,
                    controller,
                    transformed,
                    targets,
                } => StackItem::Spell {
                    card: c(card),
                    controller: p(controller),
                    transformed,
                    targets: targets.map(|x| {
                        x.map(|x| TargetRef {
                            target: t(x.target),
                            incarnation: x.incarnation,
                        })
                    }),
                },
                StackItem::Trigger {
                    source,
                    incarnation,
                    controller,
                    ability,
                    target,
                } => StackItem::Trigger {
                    source: c(source),
                    incarnation,
                    controller: p(controller),
                    ability,
                    target: target.map(|x| TargetRef {
                        target: t(x.target),
                        incarnation: x.incarnation,
                    }),
                },
            };
        }
        for (n, w) in next.waiting.iter_mut().zip(&self.waiting) {
            *n = Waiting {
                source: c(w.source),
                incarnation: w.incarnation,
                controller: p(w.controller),
                ability: w.ability,
            };
        }
        next.waiting.sort();
        next.broken = self.broken.map(|b| StepBreak {
            subject: t(b.subject),
            ..b
        });
        next.pending = renamed_pending(self.pending, r);
        next
    }
}
