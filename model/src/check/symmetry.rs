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

use crate::check::fingerprint::Parts;
use crate::rules::config::Renaming;
use crate::rules::config::MAX_WAITING;
use crate::rules::state::{Combat, GameState, Obj, Pending, StackItem, TargetRef, Waiting};
use battlecheck_properties::step::StepBreak;
use battlecheck_properties::{AttackTarget, CardId, PlayerId, Target};
use stateright::Representative;
use std::cmp::Ordering;
use std::hash::{Hash, Hasher};
use tinyvec::ArrayVec;

impl Representative for GameState {
    fn representative(&self) -> Self {
        self.with_representative(GameState::clone)
    }
}

impl GameState {
    /// `f` of this state's representative: the least state (by `Ord`) over
    /// the renamings allowed now. The state is not copied when it is its
    /// own representative, and a renaming is built only when it is less
    /// than the least so far (the search calls this on every generated
    /// state, to fingerprint the representative).
    pub fn with_representative<R>(&self, f: impl FnOnce(&GameState) -> R) -> R {
        let setup = self.setup();
        if self.turn + 1 < setup.config.turns {
            return f(self);
        }
        // The least renaming so far; `None` for the state as it is (its
        // waiting triggers sorted).
        let mut best: Option<&Renaming> = None;
        for r in &setup.renamings[self.active.0 as usize] {
            if self.cmp_renamings(Some(r), best) == Ordering::Less {
                best = Some(r);
            }
        }
        match best {
            None if self.waiting.is_sorted() => f(self),
            r => f(&self.built(r)),
        }
    }
}

/// Object `o` with the players and objects it refers to renamed by `r`
/// (its own number is the caller's). Inlined, so that the renamed object
/// stays in registers on its way to the hasher: returned through memory,
/// its fields were written byte by byte and read back several at a time,
/// which stalls the processor (a store cannot be forwarded to a wider
/// load).
#[inline(always)]
fn renamed_obj(o: &Obj, r: &Renaming) -> Obj {
    let p = |x: PlayerId| PlayerId(r.seat[x.0 as usize]);
    let c = |x: CardId| CardId(r.object[x.0 as usize]);
    let at = |x: AttackTarget| match x {
        AttackTarget::Player(q) => AttackTarget::Player(p(q)),
        AttackTarget::Battle(o) => AttackTarget::Battle(c(o)),
        AttackTarget::Planeswalker(o) => AttackTarget::Planeswalker(c(o)),
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
        Pending::AssignAsUnblocked { attacker } => Pending::AssignAsUnblocked {
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
        Pending::ChooseCards {
            source,
            player,
            whose,
        } => Pending::ChooseCards {
            source: c(source),
            player: p(player),
            whose: p(whose),
        },
        Pending::Priority
        | Pending::DeclareAttackers
        | Pending::DeclareBlockers
        | Pending::SbaProtectors { .. }
        | Pending::GameOver => pending,
    }
}

impl GameState {
    /// How this state renamed by `a` compares with it renamed by `b`
    /// (`None`: as it is, its waiting triggers sorted), building the two
    /// only when what the order looks at first (what the game waits for,
    /// the players, the objects in number order) does not decide. The
    /// turn, the active player and the step are the same in both.
    fn cmp_renamings(&self, a: Option<&Renaming>, b: Option<&Renaming>) -> Ordering {
        let pending =
            |r: Option<&Renaming>| r.map_or(self.pending, |r| renamed_pending(self.pending, r));
        let player = |r: Option<&Renaming>, j: usize| {
            r.map_or(self.players[j], |r| self.players[r.seat_from[j] as usize])
        };
        let obj = |r: Option<&Renaming>, j: usize| {
            r.map_or(self.objs[j], |r| {
                renamed_obj(&self.objs[r.object_from[j] as usize], r)
            })
        };
        let first_difference = |mut o: std::ops::Range<usize>, cmp: &dyn Fn(usize) -> Ordering| {
            o.find_map(|j| Some(cmp(j)).filter(|o| o.is_ne()))
                .unwrap_or(Ordering::Equal)
        };
        pending(a)
            .cmp(&pending(b))
            .then_with(|| {
                first_difference(0..self.players.len(), &|j| player(a, j).cmp(&player(b, j)))
            })
            .then_with(|| first_difference(0..self.objs.len(), &|j| obj(a, j).cmp(&obj(b, j))))
            .then_with(|| self.built(a).cmp(&self.built(b)))
    }

    /// This state renamed by `r` (`None`: as it is, its waiting triggers
    /// sorted).
    fn built(&self, r: Option<&Renaming>) -> GameState {
        match r {
            Some(r) => self.renamed(r),
            None => {
                let mut s = self.clone();
                s.waiting.sort();
                s
            }
        }
    }

    /// This state with players and objects renamed by `r`.
    pub fn renamed(&self, r: &Renaming) -> GameState {
        let mut next = self.clone();
        for (i, pl) in self.players.iter().enumerate() {
            next.players[r.seat[i] as usize] = *pl;
        }
        for (i, o) in self.objs.iter().enumerate() {
            next.objs[r.object[i] as usize] = renamed_obj(o, r);
        }
        for (n, s) in next.stack.iter_mut().zip(&self.stack) {
            *n = renamed_item(s, r);
        }
        for (n, w) in next.waiting.iter_mut().zip(&self.waiting) {
            *n = renamed_waiting(w, r);
        }
        next.waiting.sort();
        next.broken = renamed_break(self.broken, r);
        next.pending = renamed_pending(self.pending, r);
        next
    }

    /// Hash the representative of this state (see
    /// [`GameState::with_representative`]) as [`Hash`] hashes it, without
    /// building it when it is a renaming.
    pub fn hash_representative<H: Hasher>(&self, hasher: &mut H) {
        let setup = self.setup();
        let best = if self.turn + 1 < setup.config.turns {
            None
        } else {
            setup.renamings[self.active.0 as usize]
                .iter()
                .fold(None, |best, r| {
                    if self.cmp_renamings(Some(r), best) == Ordering::Less {
                        Some(r)
                    } else {
                        best
                    }
                })
        };
        match best {
            None if self.waiting.is_sorted() => self.hash(hasher),
            None => self.built(None).hash(hasher),
            Some(r) => {
                let mut waiting: ArrayVec<[Waiting; MAX_WAITING]> =
                    self.waiting.iter().map(|w| renamed_waiting(w, r)).collect();
                waiting.sort();
                self.hash_parts(
                    Parts {
                        pending: renamed_pending(self.pending, r),
                        broken: renamed_break(self.broken, r),
                        players: (0..self.players.len())
                            .map(|j| self.players[r.seat_from[j] as usize]),
                        objs: (0..self.objs.len())
                            .map(|j| renamed_obj(&self.objs[r.object_from[j] as usize], r)),
                        stack: self.stack.iter().map(|s| renamed_item(s, r)),
                        waiting: waiting.iter().copied(),
                    },
                    hasher,
                )
            }
        }
    }
}

/// A target renamed by `r`.
fn renamed_target(x: Target, r: &Renaming) -> Target {
    match x {
        Target::Player(q) => Target::Player(PlayerId(r.seat[q.0 as usize])),
        Target::Permanent(o) => Target::Permanent(CardId(r.object[o.0 as usize])),
        Target::Trigger(o) => Target::Trigger(CardId(r.object[o.0 as usize])),
        Target::Card(o) => Target::Card(CardId(r.object[o.0 as usize])),
    }
}

fn renamed_target_ref(x: TargetRef, r: &Renaming) -> TargetRef {
    TargetRef {
        target: renamed_target(x.target, r),
        incarnation: x.incarnation,
    }
}

/// A stack item with the players and objects it names renamed by `r`.
fn renamed_item(s: &StackItem, r: &Renaming) -> StackItem {
    let p = |x: PlayerId| PlayerId(r.seat[x.0 as usize]);
    let c = |x: CardId| CardId(r.object[x.0 as usize]);
    match *s {
        StackItem::Spell {
            card,
            controller,
            transformed,
            targets,
        } => StackItem::Spell {
            card: c(card),
            controller: p(controller),
            transformed,
            targets: targets.map(|x| x.map(|x| renamed_target_ref(x, r))),
        },
        StackItem::Activated { source, controller } => StackItem::Activated {
            source: c(source),
            controller: p(controller),
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
            target: target.map(|x| renamed_target_ref(x, r)),
        },
    }
}

/// A waiting trigger with its source and controller renamed by `r`.
fn renamed_waiting(w: &Waiting, r: &Renaming) -> Waiting {
    Waiting {
        source: CardId(r.object[w.source.0 as usize]),
        incarnation: w.incarnation,
        controller: PlayerId(r.seat[w.controller.0 as usize]),
        ability: w.ability,
    }
}

/// A broken step rule with its subject renamed by `r`.
fn renamed_break(b: Option<StepBreak>, r: &Renaming) -> Option<StepBreak> {
    b.map(|b| StepBreak {
        subject: renamed_target(b.subject, r),
        ..b
    })
}
