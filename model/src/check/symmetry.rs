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
//! Two seat dependences remain: the APNAP order in which triggered
//! abilities of two or more nonactive players go on the stack together
//! (603.3b), and the model's division of an attacker's damage among its
//! blockers in card order (510.1c, simplified), which depends on object
//! numbers when the blockers have different owners. The model records when
//! either happens ([`Setup::seat_order_mattered`](crate::rules::config::Setup));
//! a checker run that saw it is not exact and is repeated without symmetry.
//! `tests/equivariance.rs` shows that no other transition depends on
//! seating: every state whose renaming has other successors sets the flag.
//!
//! The representative is the least state (by `Ord`) over all allowed
//! renamings, so it does not depend on exploration order or thread count.

use crate::rules::config::Renaming;
use crate::rules::state::{Combat, GameState, Pending, StackItem, TargetRef, Waiting};
use battlecheck_properties::step::StepBreak;
use battlecheck_properties::{AttackTarget, CardId, PlayerId, Target};
use stateright::Representative;

impl Representative for GameState {
    fn representative(&self) -> Self {
        let setup = self.setup();
        if self.turn + 1 < setup.config.turns {
            return self.clone();
        }
        let mut best = self.clone();
        best.waiting.sort();
        for r in &setup.renamings[self.active.0 as usize] {
            let candidate = self.renamed(r);
            if candidate < best {
                best = candidate;
            }
        }
        best
    }
}

impl GameState {
    /// This state with players and objects renamed by `r`.
    pub fn renamed(&self, r: &Renaming) -> GameState {
        let p = |x: PlayerId| PlayerId(r.seat[x.0 as usize]);
        let c = |x: CardId| CardId(r.object[x.0 as usize]);
        let t = |x: Target| match x {
            Target::Player(q) => Target::Player(p(q)),
            Target::Permanent(o) => Target::Permanent(c(o)),
            Target::Trigger(o) => Target::Trigger(c(o)),
        };
        let at = |x: AttackTarget| match x {
            AttackTarget::Player(q) => AttackTarget::Player(p(q)),
            AttackTarget::Battle(o) => AttackTarget::Battle(c(o)),
        };
        let mut next = self.clone();
        for (i, pl) in self.players.iter().enumerate() {
            next.players[r.seat[i] as usize] = *pl;
        }
        for (i, o) in self.objs.iter().enumerate() {
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
            next.objs[r.object[i] as usize] = n;
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
                } => StackItem::Trigger {
                    source: c(source),
                    incarnation,
                    controller: p(controller),
                },
            };
        }
        for (n, w) in next.waiting.iter_mut().zip(&self.waiting) {
            *n = Waiting {
                source: c(w.source),
                incarnation: w.incarnation,
                controller: p(w.controller),
            };
        }
        next.waiting.sort();
        next.broken = self.broken.map(|b| StepBreak {
            subject: t(b.subject),
            ..b
        });
        next.pending = match self.pending {
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
            other => other,
        };
        next
    }
}
