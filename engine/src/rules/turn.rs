//! The turn (500–514): steps in order, turn-based actions, the next turn.
//! No player receives priority in the untap and cleanup steps (117.3a,
//! 514.3), so they are performed in passing. Deviation: the draw step
//! draws nothing (504.1), since the model's games have no libraries and a
//! player drawing from an empty one would lose (704.5b); real-card
//! positions draw through their cards' instructions.

use crate::cards::card::Keyword;
use crate::fault::EngineFault;
use crate::state::error::EngineError;
use crate::state::event::Event;
use crate::state::game::Combat;
use crate::state::game::{Game, TurnStep};

impl Game {
    /// The current step ends (117.4 with an empty stack); the next begins.
    /// Turn numbers are one byte, as in the shared observation: the end of
    /// turn 255 is refused rather than counted wrong. `settled`: the game
    /// was settled (see `Game::settled`) as the last pass was made.
    pub(crate) fn end_step(&mut self, settled: bool) -> Result<(), EngineError> {
        use TurnStep::*;
        // Ending a step changes only the step and the mana pools (106.4),
        // which no state-based action reads, except the end of combat
        // (creatures leave combat, 511.3) and of the turn (514.2, 502.3).
        let unchanged = settled && !matches!(self.step, EndCombat | End);
        let next = match self.step {
            Upkeep => Draw,
            Draw => Main1,
            Main1 => BeginCombat,
            BeginCombat => DeclareAttackers,
            // 508.8: no attackers, no blockers or combat damage steps.
            DeclareAttackers if !self.attackers_declared => EndCombat,
            DeclareAttackers => DeclareBlockers,
            DeclareBlockers if self.first_strike_in_combat() => FirstStrikeDamage,
            DeclareBlockers | FirstStrikeDamage => CombatDamage,
            CombatDamage => EndCombat,
            EndCombat if self.fault(EngineFault::EndOfCombatRepeats) => EndCombat,
            EndCombat => {
                self.end_combat();
                Main2
            }
            Main2 => End,
            End => {
                self.end_step_refusal()?;
                self.cleanup_and_next_turn();
                Upkeep
            }
        };
        self.begin_step(next, unchanged);
        Ok(())
    }

    /// Why the current step can't end now, if it can't: the end step of
    /// the last turn a `u32` counts, after which the next turn's number can't be counted. Reads
    /// the game only, so that a pass by everyone is judged without being
    /// taken (see [`Game::accepted`]).
    pub(crate) fn end_step_refusal(&self) -> Result<(), EngineError> {
        if self.step == TurnStep::End && self.turn == u32::MAX {
            return Err(EngineError::Limit {
                reason: format!(
                    "turn {} is the last turn the engine counts: the next turn can't begin",
                    u32::MAX
                ),
            });
        }
        Ok(())
    }

    /// A step begins: its turn-based actions, then the active player gets
    /// priority (117.3a). `unchanged`: nothing a state-based action reads
    /// has changed since the last check found none (see
    /// [`Game::settle_unchanged`]); a step with turn-based actions checks
    /// after them all the same.
    pub(crate) fn begin_step(&mut self, step: TurnStep, unchanged: bool) {
        // 106.4: mana pools empty as each step and phase ends.
        self.empty_mana_pools();
        self.step = step;
        self.emit(Event::StepBegan {
            turn: self.turn,
            active: self.active,
            step,
        });
        match step {
            TurnStep::DeclareAttackers => self.begin_declare_attackers(),
            TurnStep::DeclareBlockers => self.begin_declare_blockers(),
            TurnStep::FirstStrikeDamage | TurnStep::CombatDamage => self.begin_combat_damage(),
            TurnStep::Upkeep | TurnStep::BeginCombat | TurnStep::End => {
                // 503.1a, 507.1, 513.1a: "at the beginning of" triggers go
                // on the stack before the active player receives priority.
                self.beginning_of_step_triggers(step);
                self.settle_after(unchanged)
            }
            _ => self.settle_after(unchanged),
        }
    }

    /// The active player receives priority as a step without turn-based
    /// actions begins (117.3a), after the checks of 117.5.
    fn settle_after(&mut self, unchanged: bool) {
        match unchanged {
            true => self.settle_unchanged(self.active),
            false => self.settle(self.active),
        }
    }

    /// 510.4: a first-strike damage step happens if an attacking or
    /// blocking creature has first strike (702.7b) or double strike
    /// (702.4b) as the combat damage step begins.
    fn first_strike_in_combat(&self) -> bool {
        self.battlefield().any(|o| {
            o.combat != Combat::None
                && (self.has_keyword(o.id, Keyword::FirstStrike)
                    || self.has_keyword(o.id, Keyword::DoubleStrike))
        })
    }

    /// 514.2 (damage wears off, "until end of turn" effects end), then the next player in turn order who is
    /// still in the game takes a turn (800.4k); their permanents untap (502.3)
    /// and have been theirs since the turn began (302.6).
    fn cleanup_and_next_turn(&mut self) {
        let wears_off = !self.fault(EngineFault::DamageStays);
        let crew_never_ends = self.fault(EngineFault::CrewNeverEnds);
        // 514.2: "until end of turn" effects end.
        self.gained_until_end_of_turn.clear();
        self.combat_damage_prevented = false;
        self.lost_abilities.clear();
        self.end_exile_permissions();
        for o in self.objects.iter_mut() {
            if wears_off {
                o.damage = 0;
            }
            // 514.2: "until end of turn" effects end.
            o.until_end_of_turn = (0, 0);
            o.crewed &= crew_never_ends;
            // 606.3: "that turn" is over.
            o.loyalty_activated = false;
        }
        // "Since your last turn": the turn of the player whose turn ends
        // counts from now.
        let ending = self.active.0 as usize;
        self.players[ending].combat_damaged = false;
        // 805.4: with shared team turns the next team takes the turn; its
        // first seat stands for it where one active player is named.
        let ap = self.active;
        let next = self
            .players_from(ap)
            .find(|&p| !self.teammates(p, ap))
            .unwrap_or_else(|| self.next_player(ap));
        self.active = next;
        self.turn += 1;
        self.to_graveyard_this_turn = false;
        self.attacked_this_turn.clear();
        // 801.2c: ranges of influence are determined as each turn begins;
        // 305.2: each player may play a land in their turn.
        for p in self.players.iter_mut() {
            p.seated = p.in_game;
            p.lands_played = 0;
        }
        let (active, variant) = (self.active, self.variant);
        let stun = !self.fault(EngineFault::StunIgnored);
        for o in self
            .objects
            .iter_mut()
            .filter(|o| o.on_battlefield() && !variant.opponents(o.controller, active))
        {
            o.untap(stun);
            o.sick = false;
        }
    }
}
