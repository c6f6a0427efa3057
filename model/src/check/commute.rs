//! Concessions that commute with a cast, explored once (issue 15).
//!
//! A player may concede at any time (104.3a), so the model offers every
//! opponent of the active player a concession in every priority window,
//! and concessions are three quarters of the successors of a four-player
//! game. Most of them reach states seen already: conceding after a spell
//! is cast reaches what casting it after the concession reaches. This
//! module tells, from states the search computes anyway, which concessions
//! the search may skip at the state a decision reached
//! ([`crate::check::search`]).
//!
//! **The conditions.** Let `s` wait for priority, `x` be a decision of
//! player `q` that puts one item on the stack (a cast or an activation),
//! `u = x(s)`, and `c` the concession of player `p` with `v = c(s)`. The
//! search may skip `c` at `u` when `u` waits for priority in the same
//! window as `s` (the same turn, step and active player, no trigger
//! waiting, no rule of one decision broken that `s` had not broken), `x`
//! changed no player and put exactly its one item on top of the stack,
//! and either
//!
//! * **`c` commutes with `x`**: `v` waits for priority in that window too,
//!   `c` only removed items from the stack, `q` is still in the game in
//!   `v`, and none of the objects `x` wrote, the card or source of its
//!   item, nor the objects and players it targets, is one `c` wrote or a
//!   player it took out (a target that is a triggered ability on the stack
//!   also needs `c` to have left the stack as it was). Then `x` is legal in
//!   `v` and `x(v) = c(u)`. Leaving the game (800.4a,
//!   [`GameState::leave_game`]) touches what its player owns, objects
//!   under control-changing effects involving them, what they control on
//!   the battlefield and the stack, and their abilities on the stack; none
//!   of it is what `x` wrote, and `x`'s one new item is `q`'s, who stays.
//!   Casting (601.2) and activating read the card or source, the targets'
//!   legality and incarnations, the step and whether the stack is empty,
//!   which `c` leaves alone (it can only empty the stack where `x` needed
//!   no empty stack). The state-based actions after each (704.3) read
//!   nothing the other wrote.
//! * **`c` absorbs `x`**: `p = q`, `x` is a cast of `p`'s own card that
//!   wrote nothing but that card, and left its history alone. Then
//!   `c(u) = v`: leaving, `p`'s card leaves the game from the stack as it
//!   would from their hand (400.7: a new object; its zone changes are then
//!   forgotten), with the spell, and everything else is as in `s`.
//!
//! What a decision wrote is [`Journal::written`](crate::rules::state::Journal),
//! a superset of what it changed. `tests/commute.rs` walks every preset
//! and asserts, for every pair these conditions accept, that conceding at
//! `u` reaches `v` or `x(v)` with `x` legal in `v`; and that the seeded
//! bugs of a condition blind to what a concession wrote or to who left
//! are caught.
//!
//! **Why skipping is exact.** By induction on the depth of `u` in the
//! search tree (the tree of the decisions by which each state was first
//! reached): for every state explored and every concession offered there,
//! the orbit of the state it leads to is visited. At `s`, `c` was taken,
//! or skipped and covered by the hypothesis; so some member `π(v)` of
//! `v`'s orbit is visited, and explored. If `c` absorbs `x`, `c(u) = v`.
//! If it commutes, `π(x)`, never skipped (only concessions are), is taken
//! at `π(v)` and reaches `π(x(v)) = π(c(u))`. So a skipped concession's
//! state is still visited, the unique states of a complete run are the
//! same, and the skipped successors, counted as generated (the search
//! without the reduction generates them), keep the generated count the
//! same. Which concessions are skipped depends on which parent reaches a
//! state first; the counts do not. The conditions rest on the rules as
//! written: with a seeded fault the model does not offer the reduction
//! ([`crate::check::model::BattleModel::commute`]).
//!
//! A concession skipped at `s` is still computed there, into a spare
//! state that is never looked up, when a new successor of `s` could skip
//! it too: what it writes is what the conditions at that successor need.

use crate::rules::state::{GameState, Pending, StackItem};
use battlecheck_properties::Target;

/// What one concession wrote, from a state waiting for priority, when it
/// stayed in that priority window (see the module's condition).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Conceded {
    /// The seat that conceded.
    pub seat: u8,
    /// The objects it wrote, bit `i` for object `i`.
    pub objects: u32,
    /// The players it changed (who left: the seat, and a team's others).
    pub players: u8,
    /// Whether the stack is as it was.
    pub stack_kept: bool,
}

impl GameState {
    /// `after` waits for priority in the same window as `self`: the same
    /// turn, step and active player, no trigger waiting, no step rule
    /// broken that `self` had not broken.
    fn same_window(&self, after: &GameState) -> bool {
        self.pending == Pending::Priority
            && after.pending == Pending::Priority
            && self.waiting.is_empty()
            && after.waiting.is_empty()
            && (after.turn, after.active, after.step, after.broken)
                == (self.turn, self.active, self.step, self.broken)
            && after.combat_damage_prevented == self.combat_damage_prevented
    }

    /// What the concession of `seat` from `self` to `after` wrote, if it
    /// stayed in the priority window and only removed items from the
    /// stack.
    pub fn conceded(&self, after: &GameState, seat: u8) -> Option<Conceded> {
        if !self.same_window(after) {
            return None;
        }
        // Items only removed: `after`'s stack is a subsequence of ours.
        let mut ours = self.stack.iter();
        if !after.stack.iter().all(|item| ours.any(|o| o == item)) {
            return None;
        }
        let mut players = 0;
        for (i, (a, b)) in self.players.iter().zip(after.players.iter()).enumerate() {
            if a != b {
                players |= 1 << i;
            }
        }
        Some(Conceded {
            seat,
            objects: after.journal.written,
            players,
            stack_kept: after.stack == self.stack,
        })
    }

    /// The seats (bit `p` for seat `p`) whose concessions the search may
    /// skip at `after`, reached from `self` by a decision that put one
    /// item on the stack: those of `conceded` that commute with it, and
    /// the caster's own when it only moved their card to the stack (see
    /// the module's conditions).
    pub fn commuting(&self, after: &GameState, conceded: &[Conceded]) -> u8 {
        let n = self.stack.len();
        if !self.same_window(after)
            || after.players != self.players
            || after.stack.len() != n + 1
            || after.stack[..n] != self.stack[..]
        {
            return 0;
        }
        let written = after.journal.written;
        let (controller, mut objects, mut players, on_stack, absorbed) = match after.stack[n] {
            StackItem::Spell {
                card,
                controller,
                targets,
                ..
            } => {
                let (mut objects, mut players, mut on_stack) = (1u32 << card.0, 0u8, false);
                for t in targets.iter().flatten() {
                    match t.target {
                        Target::Player(p) => players |= 1 << p.0,
                        Target::Permanent(id) | Target::Card(id) => objects |= 1 << id.0,
                        Target::Trigger(id) => {
                            objects |= 1 << id.0;
                            on_stack = true;
                        }
                    }
                }
                // The caster conceding reaches what conceding before the
                // cast reaches: their card leaves the game either way.
                let absorbed = written == 1 << card.0
                    && self.setup().def(card).owner == controller
                    && self.obj(card).history == after.obj(card).history;
                (controller, objects, players, on_stack, absorbed)
            }
            StackItem::Activated {
                source,
                controller,
                equip,
            } => {
                let target = match equip.map(|t| t.target) {
                    Some(Target::Permanent(c)) => 1u32 << c.0,
                    _ => 0,
                };
                (controller, 1u32 << source.0 | target, 0, false, false)
            }
            StackItem::Trigger { .. } => return 0,
        };
        objects |= written;
        players |= 1 << controller.0;
        let mut seats = if absorbed { 1 << controller.0 } else { 0 };
        for c in conceded {
            if c.objects & objects == 0 && c.players & players == 0 && (c.stack_kept || !on_stack) {
                seats |= 1 << c.seat;
            }
        }
        seats
    }
}
