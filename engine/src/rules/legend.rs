//! The legend rule (704.5j): a player who controls two or more legendary
//! permanents with the same name chooses one of them, and the rest are put
//! into their owners' graveyards, as a state-based action. The game waits
//! for the choice ([`Waiting::KeepLegend`]) before it checks state-based
//! actions again.

use crate::cards::card::Supertype;
use crate::fault::EngineFault;
use crate::state::error::{illegal, EngineError};
use crate::state::event::Event;
use crate::state::game::{Game, Object, Waiting};
use battlecheck_properties::{CardId, PlayerId, Zone};

impl Game {
    /// The first player, in APNAP order, who controls two or more
    /// legendary permanents with the same name, if any.
    pub(crate) fn legend_rule_chooser(&self) -> Option<PlayerId> {
        let legendary = |o: &Object| o.face().supertypes.contains(&Supertype::Legendary);
        if self.fault(EngineFault::LegendRuleIgnored) || !self.battlefield().any(legendary) {
            return None;
        }
        self.apnap().find(|&p| self.legend_group(p).len() >= 2)
    }

    /// The first name of which `p` controls two or more legendary
    /// permanents: those permanents (or fewer than two if none).
    fn legend_group(&self, p: PlayerId) -> Vec<CardId> {
        let legends: Vec<&Object> = self
            .battlefield()
            .filter(|o| o.controller == p && o.face().supertypes.contains(&Supertype::Legendary))
            .collect();
        for o in &legends {
            let same: Vec<CardId> = legends
                .iter()
                .filter(|x| x.face().name == o.face().name)
                .map(|x| x.id)
                .collect();
            if same.len() >= 2 {
                return same;
            }
        }
        Vec::new()
    }

    /// `player` keeps `card` of their legendary permanents with its name;
    /// the others go to their owners' graveyards (704.5j). State-based
    /// actions are then checked again.
    pub(crate) fn keep_legend(
        &mut self,
        player: PlayerId,
        card: CardId,
    ) -> Result<(), EngineError> {
        let Waiting::KeepLegend { player: who } = self.waiting else {
            return illegal(
                "704.5j",
                format!(
                    "no legendary permanent is being kept: the game waits for {}",
                    self.waiting_text()
                ),
            );
        };
        if who != player {
            return illegal(
                "704.5j",
                format!("{who} chooses the legendary permanent they keep"),
            );
        }
        let group = self.legend_group(player);
        if !group.contains(&card) {
            return illegal(
                "704.5j",
                format!("{card} is not one of {player}'s legendary permanents with the same name"),
            );
        }
        for c in group.into_iter().filter(|&c| c != card) {
            self.emit(Event::StateBased {
                card: c,
                rule: "704.5j",
            });
            self.move_to(c, Zone::Graveyard);
        }
        self.settle(self.priority);
        Ok(())
    }
}
