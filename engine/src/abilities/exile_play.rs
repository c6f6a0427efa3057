//! Playing cards from exile (601.3, 305.1): effects that let a card's owner
//! play it from exile, with normal timing (Invasion of Gobakhan's "for as
//! long as that card remains exiled, its owner may play it"; Invasion of
//! Kaldheim's "until the end of your next turn, you may play cards exiled
//! this way"; Pyre of the World Tree's "you may play that card this
//! turn"). Any zone change ends a permission (400.7: the card is a new
//! object); so does the end of its duration, in the cleanup step (514.2).

use crate::cards::instruction::PlayDuration;
use crate::state::game::Game;
use crate::state::lasting::ExilePermission;
use crate::state::lasting::Until;
use battlecheck_properties::{CardId, PlayerId};

impl Game {
    /// The extra cost of playing `card` from exile, if its owner may (601.3).
    pub(crate) fn exile_permission(&self, card: CardId) -> Option<u8> {
        self.playable_from_exile
            .iter()
            .find(|p| p.card == card)
            .map(|p| p.costs_more)
    }

    /// `card`, just exiled by an ability `controller` controls, may be
    /// played by its owner for `duration`.
    pub(crate) fn may_play_from_exile(
        &mut self,
        card: CardId,
        controller: PlayerId,
        duration: PlayDuration,
    ) {
        let until = match duration {
            PlayDuration::ThisTurn => Until::EndOfTurn,
            // During their own turn, "your next turn" is the one after it.
            PlayDuration::UntilTheEndOfYourNextTurn => Until::EndOfTurnsOf {
                player: controller,
                turns: if self.teammates(controller, self.active) {
                    2
                } else {
                    1
                },
            },
        };
        self.playable_from_exile.push(ExilePermission {
            card,
            costs_more: 0,
            until,
        });
    }

    /// `card`, just exiled, may be played by its owner for as long as it
    /// remains exiled, for `costs_more` more (Invasion of Gobakhan).
    pub(crate) fn may_play_while_exiled(&mut self, card: CardId, costs_more: u8) {
        self.playable_from_exile.push(ExilePermission {
            card,
            costs_more,
            until: Until::Exiled,
        });
    }

    /// The turn ends (514.2): the permissions that last until now end.
    pub(crate) fn end_exile_permissions(&mut self) {
        if self.fault(crate::fault::EngineFault::ExilePermissionNeverEnds) {
            return;
        }
        let active = self.active;
        let ours = |g: &Game, p: PlayerId| g.teammates(p, active);
        let mut kept = Vec::new();
        for mut p in std::mem::take(&mut self.playable_from_exile) {
            let keep = match &mut p.until {
                Until::Exiled => true,
                Until::EndOfTurn => false,
                Until::EndOfTurnsOf { player, turns } => {
                    if ours(self, *player) {
                        *turns = turns.saturating_sub(1);
                    }
                    *turns > 0
                }
            };
            if keep {
                kept.push(p);
            }
        }
        self.playable_from_exile = kept;
    }
}
