//! Libraries and drawing (401, 121). A player's library is an ordered pile:
//! [`Player::library`](crate::state::game::Player::library) lists it bottom first,
//! so its top card is the last. A player who is told to draw from an empty
//! library draws nothing and loses the game at the next state-based action
//! check (121.4, 704.5b).

use crate::fault::EngineFault;
use crate::state::event::Event;
use crate::state::game::Game;
use battlecheck_properties::{CardId, PlayerId, Zone};

impl Game {
    /// The top `n` cards of `p`'s library, top first.
    pub(crate) fn top_of_library(&self, p: PlayerId, n: u8) -> Vec<CardId> {
        self.players[p.0 as usize]
            .library
            .iter()
            .rev()
            .take(usize::from(n))
            .copied()
            .collect()
    }

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

    /// `p` mills `n` cards: the top `n` cards of their library, or all if
    /// fewer, go to their graveyard (701.17a, 701.17b).
    pub(crate) fn mill(&mut self, p: PlayerId, n: u8) {
        for _ in 0..n {
            let Some(&top) = self.players[p.0 as usize].library.last() else {
                return;
            };
            self.move_to(top, Zone::Graveyard);
            self.emit(Event::Milled {
                player: p,
                card: top,
            });
        }
    }

    /// `p` shuffles their library into a random order (701.24a), drawn
    /// from the game's seeded random source: the same seed shuffles the
    /// same way.
    pub(crate) fn shuffle(&mut self, p: PlayerId) {
        let mut library = std::mem::take(&mut self.players[p.0 as usize].library);
        self.random_order(&mut library);
        self.players[p.0 as usize].library = library;
        self.emit(Event::Shuffled { player: p });
    }

    /// `cards`, from `p`'s library, go to its bottom in a random order
    /// (401.4 with the order randomised).
    pub(crate) fn put_on_bottom_in_random_order(&mut self, p: PlayerId, cards: &[CardId]) {
        let mut moved = cards.to_vec();
        self.random_order(&mut moved);
        let library = &mut self.players[p.0 as usize].library;
        library.retain(|c| !moved.contains(c));
        library.splice(0..0, moved.iter().copied());
        self.emit(Event::PutOnBottom {
            player: p,
            count: moved.len() as u8,
        });
    }

    /// Scry (701.22a), after the choice: of `looked`, the top cards of
    /// `p`'s library, `kept` (in order from the top) go back on top and
    /// the rest are put on the bottom; returns the rest, in their order
    /// from the top, when their order on the bottom is still to be chosen
    /// (two or more of them).
    pub(crate) fn scry_keep(
        &mut self,
        p: PlayerId,
        looked: &[CardId],
        kept: &[CardId],
    ) -> Vec<CardId> {
        let mut kept = kept.to_vec();
        if self.fault(EngineFault::ScryKeepsOrder) {
            kept.sort_by_key(|c| looked.iter().position(|l| l == c));
        }
        let rest: Vec<CardId> = looked
            .iter()
            .copied()
            .filter(|c| !kept.contains(c))
            .collect();
        let library = &mut self.players[p.0 as usize].library;
        library.retain(|c| !looked.contains(c));
        library.extend(kept.iter().rev());
        if rest.len() > 1 {
            return rest;
        }
        self.scry_bottom(p, &rest);
        Vec::new()
    }

    /// Scry (701.22a): `cards`, in the order chosen (the first nearest the
    /// top), are put on the bottom of `p`'s library.
    pub(crate) fn scry_bottom(&mut self, p: PlayerId, cards: &[CardId]) {
        let library = &mut self.players[p.0 as usize].library;
        library.retain(|c| !cards.contains(c));
        for &c in cards {
            library.insert(0, c);
        }
        self.emit(Event::PutOnBottom {
            player: p,
            count: cards.len() as u8,
        });
    }

    /// "Reveal the top card of your library. If it's a \[land\] or
    /// double-faced card, draw a card" (701.20a, 121.2): `p` reveals it;
    /// if it is of one of `types`, or a double-faced card (712.1) when
    /// `or_double_faced`, they draw.
    pub(crate) fn reveal_top_draw_if(
        &mut self,
        p: PlayerId,
        types: &[crate::cards::card::CardType],
        or_double_faced: bool,
    ) {
        let Some(&top) = self.players[p.0 as usize].library.last() else {
            return;
        };
        self.emit(Event::Revealed {
            player: p,
            card: top,
        });
        let card = &self.obj(top).card;
        let front = card.front();
        if types.iter().any(|&t| front.is(t)) || (or_double_faced && card.back.is_some()) {
            self.draw(p, 1);
        }
    }

    /// Put `cards` in a random order: Fisher–Yates, drawing from the
    /// game's seeded random source.
    fn random_order(&mut self, cards: &mut [CardId]) {
        for i in (1..cards.len()).rev() {
            let j = (self.random() % (i as u64 + 1)) as usize;
            cards.swap(i, j);
        }
    }

    /// The next number of the game's random source (SplitMix64).
    fn random(&mut self) -> u64 {
        self.shuffle_state = self.shuffle_state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.shuffle_state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
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
