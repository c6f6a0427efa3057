//! Priority (117): who may act, passing in succession, and what the game
//! does before a player receives priority (117.5: state-based actions, then
//! waiting triggers, repeated until neither happens).

use crate::state::error::{illegal, EngineError};
use crate::state::event::Event;
use crate::state::game::{Game, Waiting};
use battlecheck_properties::PlayerId;

impl Game {
    /// `player` passes priority (117.3d). When every player in the game has
    /// passed in succession, the top of the stack resolves or, if the stack
    /// is empty, the step ends (117.4).
    pub(crate) fn pass(&mut self, player: PlayerId) -> Result<(), EngineError> {
        self.require_priority(player)?;
        self.emit(Event::Passed { player });
        self.passes += 1;
        let in_game = self.players.iter().filter(|p| p.in_game).count();
        if self.passes < in_game {
            // 117.5: state-based actions and triggers come before the next
            // player receives priority; if any happen, passing starts over.
            // In a settled game the check would find nothing.
            let next = self.next_player(player);
            if self.settled {
                self.priority = next;
                return Ok(());
            }
            let passes = self.passes;
            if !self.settle_reporting(next, false) {
                self.passes = passes;
            }
            return Ok(());
        }
        self.passes = 0;
        let settled = std::mem::take(&mut self.settled);
        if self.stack.is_empty() {
            self.end_step(settled)?;
        } else {
            self.resolve_top();
        }
        Ok(())
    }

    /// Refuse an action by a player who does not hold priority (117.1).
    pub(crate) fn require_priority(&self, player: PlayerId) -> Result<(), EngineError> {
        if self.waiting != Waiting::Priority {
            return illegal(
                "117.1",
                format!(
                    "no player has priority: the game waits for {}",
                    self.waiting_text()
                ),
            );
        }
        if self.priority != player {
            return illegal(
                "117.1",
                format!("{player} does not hold priority ({} does)", self.priority),
            );
        }
        Ok(())
    }

    /// Before `to` receives priority: perform state-based actions until none
    /// apply (704.3), stopping for protector choices; put waiting triggers on
    /// the stack (603.3b) and check again; then give `to` priority (117.5).
    /// If `to` left the game, the next player receives it (800.4a, 800.4j).
    pub(crate) fn settle(&mut self, to: PlayerId) {
        self.settle_reporting(to, false);
    }

    /// [`Game::settle`] as a step begins that the last round of passes
    /// ended in a settled game (see `Game::settled`), with nothing done
    /// since that a state-based action, the legend rule or the end of the
    /// game reads (see [`Game::end_step`]): their first check would find
    /// what the last one found, nothing, and is not made. Triggers of the
    /// step's beginning are put on the stack, and checked after, as always.
    pub(crate) fn settle_unchanged(&mut self, to: PlayerId) {
        self.settle_reporting(to, true);
    }

    /// [`Game::settle`], returning whether any state-based action or
    /// trigger happened; `unchanged` as [`Game::settle_unchanged`].
    fn settle_reporting(&mut self, to: PlayerId, mut unchanged: bool) -> bool {
        self.priority = to;
        self.passes = 0;
        self.settled = false;
        let mut acted = false;
        loop {
            if !self.protector_choices.is_empty() {
                self.waiting = Waiting::ChooseProtectors;
                return true;
            }
            if !std::mem::take(&mut unchanged) {
                if let Some(player) = self.legend_rule_chooser() {
                    self.waiting = Waiting::KeepLegend { player };
                    return true;
                }
                if self.check_game_over() {
                    return true;
                }
                if self.state_based_actions() {
                    acted = true;
                    continue;
                }
            }
            if !self.waiting_triggers.is_empty() {
                self.put_triggers_on_stack();
                acted = true;
                continue;
            }
            if self.target_triggers() {
                return true;
            }
            break;
        }
        self.settled = true;
        self.waiting = Waiting::Priority;
        if !self.in_game(self.priority) {
            self.priority = self.next_player(self.priority);
        }
        acted
    }

    /// The game ends when at most one player, or with Two-Headed Giant one
    /// team, remains (104.2a, 810.8a); the winner named is the first player
    /// of that team.
    pub(crate) fn check_game_over(&mut self) -> bool {
        if self.waiting == Waiting::GameOver {
            return true;
        }
        let first = self.players_from(PlayerId(0)).next();
        if let Some(first) = first {
            if self.players_from(first).any(|q| !self.teammates(first, q)) {
                return false;
            }
        }
        self.waiting = Waiting::GameOver;
        self.emit(Event::GameOver { winner: first });
        true
    }

    pub(crate) fn waiting_text(&self) -> String {
        match &self.waiting {
            Waiting::Priority => format!("{} to act with priority", self.priority),
            Waiting::DeclareAttackers => format!("{} to declare attackers", self.active),
            Waiting::DeclareBlockers(ps) => format!("{} to declare blockers", ps[0]),
            Waiting::AssignAsUnblocked(a) => format!(
                "the choice whether {} assigns its combat damage as though it weren't blocked",
                a[0]
            ),
            Waiting::AssignTrample(a) => format!("trample damage of {} to be assigned", a[0]),
            Waiting::DivideDamage(a) => format!("the combat damage of {} to be divided", a[0]),
            Waiting::ChooseProtectors => "protector choices".to_string(),
            Waiting::CastTransformed { player, card } => {
                format!("{player} to cast {card} transformed or not")
            }
            Waiting::ChooseCopy { player, card } => {
                format!("{player} to choose the battle {card} copies")
            }
            Waiting::TargetTrigger { player, source } => {
                format!("{player} to choose the target of the triggered ability of {source}")
            }
            Waiting::PayUnless { player, source } => {
                format!("{player} to pay the ward cost of {source} or not")
            }
            Waiting::ChooseModes { player, source } => {
                format!("{player} to choose the modes of the triggered ability of {source}")
            }
            Waiting::ReselectAttack { player, attacker } => {
                format!("{player} to reselect what {attacker} attacks or not")
            }
            Waiting::ChooseCards { player, source } => {
                format!("{player} to choose cards for the resolving ability of {source}")
            }
            Waiting::KeepLegend { player } => {
                format!("{player} to choose the legendary permanent they keep")
            }
            Waiting::ChooseNewTargets {
                player,
                spell,
                cast: None,
            } => {
                format!("{player} to choose the targets of the copy of {spell}")
            }
            Waiting::ChooseNewTargets { player, spell, .. } => {
                format!(
                    "{player} to choose the targets of {spell}, cast without paying its mana cost"
                )
            }
            Waiting::GameOver => "nothing: the game is over".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::catalogue::Catalogue;
    use crate::scenario::build_game;
    use crate::state::game::{Game, Waiting};
    use crate::Action;
    use std::path::Path;

    fn game(text: &str, file: &Path) -> Game {
        build_game(file, text, &Catalogue::bundled().unwrap()).unwrap()
    }

    /// 117.5: before the next player receives priority, state-based actions
    /// are checked. A game changed since the last check is checked after a
    /// pass: the player at 0 life loses (704.5a) as the pass ends.
    #[test]
    fn a_pass_in_a_game_changed_since_the_last_check_checks_it() {
        let text = r#"{"name": "three", "players": 3, "cards": [], "steps": []}"#;
        let mut g = game(text, Path::new("three.json"));
        assert!(g.settled, "the setup was checked");
        let holder = g.priority;
        let last = g.next_player(g.next_player(holder));
        // What an action does before its own check: the game is unsettled.
        g.players[last.0 as usize].life = 0;
        g.settled = false;
        g.apply(&Action::Pass { player: holder }).unwrap();
        assert!(!g.in_game(last), "{last} at 0 life is still in the game");
    }

    /// In a settled game a pass gives the next player priority without a
    /// check, and leaves the game as a check would: from every scenario's
    /// setup, a pass by the holder (then one more) with the game settled and
    /// with it marked unsettled gives the same observation and decisions.
    #[test]
    fn a_pass_in_a_settled_game_leaves_it_as_a_check_would() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
        let mut compared = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let file = entry.unwrap().path();
            let text = std::fs::read_to_string(&file).unwrap();
            let mut settled = game(&text, &file);
            for _ in 0..2 {
                if settled.waiting != Waiting::Priority || !settled.settled {
                    break;
                }
                let mut checked = settled.clone();
                checked.settled = false;
                let player = settled.priority;
                let a = settled.apply(&Action::Pass { player });
                let b = checked.apply(&Action::Pass { player });
                assert_eq!(a.is_ok(), b.is_ok(), "{}", file.display());
                assert_eq!(settled.observe(), checked.observe(), "{}", file.display());
                assert_eq!(
                    settled.legal_decisions(),
                    checked.legal_decisions(),
                    "{}",
                    file.display()
                );
                compared += 1;
            }
        }
        assert!(compared > 200, "{compared} passes compared");
    }
}
