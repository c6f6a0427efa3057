//! Costs paid by tapping untapped creatures one controls, named by the
//! player: crew (702.122a, [`crate::abilities::crew`]) and convoke (702.51a,
//! [`crate::abilities::convoke`]). Tapping them is a cost of the spell or ability, not
//! a {T} ability of theirs, so creatures that came under their
//! controller's control this turn may be tapped (302.6).

use crate::state::error::{illegal, EngineError};
use crate::state::game::Game;
use battlecheck_properties::{CardId, PlayerId};

/// `legal_actions` offers sets drawn from at most this many of a player's
/// untapped creatures (2^10 sets); a decision naming any other set is
/// still judged by [`Game::check_untapped_creatures`].
const CANDIDATES: usize = 10;

impl Game {
    /// Are `cards` distinct untapped creatures `player` controls (`rule`
    /// cited if not)?
    pub(crate) fn check_untapped_creatures(
        &self,
        player: PlayerId,
        cards: &[CardId],
        rule: &'static str,
    ) -> Result<(), EngineError> {
        for (i, &c) in cards.iter().enumerate() {
            self.known(c)?;
            let o = self.obj(c);
            let name = &o.face().name;
            if cards[..i].contains(&c) {
                return illegal(rule, format!("{c} ({name}) is named twice"));
            }
            if !o.on_battlefield() || o.controller != player || !o.is_creature() {
                return illegal(
                    rule,
                    format!("{c} ({name}) is not a creature {player} controls"),
                );
            }
            if o.tapped {
                return illegal(rule, format!("{c} ({name}) is tapped"));
            }
        }
        Ok(())
    }

    /// Every set of `player`'s untapped creatures other than `except`, the
    /// empty one first: the sets drawn from the first [`CANDIDATES`] of
    /// them in object order.
    pub(crate) fn untapped_creature_sets(
        &self,
        player: PlayerId,
        except: Option<CardId>,
    ) -> Vec<Vec<CardId>> {
        let creatures: Vec<CardId> = self
            .battlefield()
            .filter(|o| {
                o.controller == player && Some(o.id) != except && o.is_creature() && !o.tapped
            })
            .take(CANDIDATES)
            .map(|o| o.id)
            .collect();
        (0u32..1 << creatures.len())
            .map(|set| {
                creatures
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| set & (1 << i) != 0)
                    .map(|(_, &c)| c)
                    .collect()
            })
            .collect()
    }
}
