//! The turn (500–514) as far as battles need it: the main phase, combat,
//! the end of the turn, and the turn bound that ends the game.

use crate::rules::state::{GameState, Pending, Then};
use battlecheck_properties::{PlayerId, Step};

impl GameState {
    /// Every player passed priority in succession (117.4): the top of the
    /// stack resolves, or, with an empty stack, the step ends.
    pub fn pass_all(&mut self) {
        if !self.stack.is_empty() {
            return self.resolve_top();
        }
        match self.step {
            Step::Main => self.begin_combat(),
            Step::DeclareAttackers => self.begin_blocks(),
            Step::DeclareBlockers | Step::FirstStrikeDamage | Step::CombatDamage => {
                self.next_damage_step()
            }
        }
    }

    /// The cleanup step removes damage (514.2); the next player in turn
    /// order who is still in the game takes the next turn (800.4j: a turn
    /// continues without its active player if they left), their permanents
    /// untap (502.3) and are no longer "summoning sick" (302.6). Ranges of
    /// influence are determined as the turn begins (801.2c). After the last
    /// turn of the bound the game is over.
    pub fn end_turn(&mut self) {
        // 513.1a: the end step's triggers, which nobody answers here.
        self.lightshield_end_step();
        // 514.2: damage wears off and "until end of turn" effects end.
        for o in self.objs_mut() {
            o.damage = 0;
            o.attacked = false;
            o.shielded = false;
        }
        self.combat_damage_prevented = false;
        self.turn += 1;
        if self.turn >= self.setup().config.turns {
            self.pending = Pending::GameOver;
            return;
        }
        // 805.4: with shared team turns the next team takes the turn; its
        // first seat stands for it where one active player is named.
        let n = self.players.len() as u8;
        let ap = self.active;
        self.active = (1..=n)
            .map(|i| PlayerId((ap.0 + i) % n))
            .find(|&p| self.in_game(p) && !self.teammates(p, ap))
            .expect("a game in progress has players");
        if self.setup().config.variant.range.is_some() {
            for p in self.players.iter_mut() {
                p.seated = p.in_game;
            }
        }
        let ap = self.active;
        let variant = self.setup().config.variant;
        for o in self.objs_mut() {
            if !variant.opponents(o.controller, ap) {
                o.tapped = false;
                o.sick = false;
            }
        }
        self.step = Step::Main;
        self.settle(Then::Priority);
    }
}
