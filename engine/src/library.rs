//! Libraries and drawing (401, 121). A player's library is an ordered pile:
//! [`Player::library`](crate::game::Player::library) lists it bottom first,
//! so its top card is the last. A player who is told to draw from an empty
//! library draws nothing and loses the game at the next state-based action
//! check (121.4, 704.5b).

use crate::event::Event;
use crate::fault::EngineFault;
use crate::game::Game;
use battlecheck_properties::{CardId, PlayerId, Zone};

impl Game {
    /// `p` draws `n` cards, one at a time (121.2): each is the top card of
    /// their library, put into their hand (121.1).
    pub(crate) fn draw(&mut self, p: PlayerId, n: u8) {
        for _ in 0..n {
            let library = &self.players[p.0 as usize].library;
            let drawn = if self.fault(EngineFault::DrawFromBottom) {
                library.first()
            } else {
                library.last()
            };
            let Some(&top) = drawn else {
                // 121.4: drawing from an empty library does nothing now;
                // 704.5b makes the player lose.
                self.players[p.0 as usize].drew_from_empty = true;
                self.emit(Event::DrewFromEmpty { player: p });
                continue;
            };
            self.move_to(top, Zone::Hand);
            self.emit(Event::Drew {
                player: p,
                card: top,
            });
        }
    }

    /// Keep each library's order as a card leaves or enters it (401.1): a
    /// card put into a library without a position goes on top.
    pub(crate) fn track_library(&mut self, card: CardId, from: Zone, to: Zone) {
        let owner = self.obj(card).owner.0 as usize;
        if from == Zone::Library {
            self.players[owner].library.retain(|&c| c != card);
        }
        if to == Zone::Library {
            self.players[owner].library.push(card);
        }
    }
}
