//! Mana (106) and paying with it: mana costs and mana value (202.1,
//! 202.3), X (107.3), the total cost of a spell (601.2f) and its payment
//! (601.2h), mana pools (106.4), mana abilities (605: a land's intrinsic
//! one, 305.6; a Treasure's, 111.10a) and playing lands (305.1, 116.2a).
//!
//! A game pays costs with mana only if its position says so
//! ([`Game::pays_mana`], a scenario's `mana`): the battlecheck model has no
//! mana, so a game checked against it casts every spell for free, X being
//! 0. Lands are played in either kind of game.

use crate::cards::card::{CardType, Layout};
use crate::cards::mana_cost::index;
use crate::cards::mana_cost::pay;
use crate::cards::mana_cost::ManaAbility;
use crate::cards::mana_cost::ManaCost;
use crate::fault::EngineFault;
use crate::state::error::{illegal, EngineError};
use crate::state::event::Event;
use crate::state::game::{Game, Waiting};
use battlecheck_properties::{CardId, Mana, PlayerId, Zone};

/// The mana ability of each basic land type (305.6).
const BASIC_LAND_TYPES: [(&str, Mana); 5] = [
    ("Plains", Mana::White),
    ("Island", Mana::Blue),
    ("Swamp", Mana::Black),
    ("Mountain", Mana::Red),
    ("Forest", Mana::Green),
];

impl Game {
    /// The mana ability of permanent `id`, if it has one: the one its text
    /// gives it, or for a land the intrinsic "{T}: Add \[mana\]" of each of
    /// its basic land types (305.6).
    pub(crate) fn mana_ability(&self, id: CardId) -> Option<ManaAbility> {
        let o = self.obj(id);
        if !self.has_abilities(id) {
            return None;
        }
        if let Some(m) = &o.face().mana {
            return Some(m.clone());
        }
        if !o.is(CardType::Land) {
            return None;
        }
        let add: Vec<Mana> = BASIC_LAND_TYPES
            .iter()
            .filter(|(t, _)| o.face().has_subtype(t))
            .map(|&(_, m)| m)
            .collect();
        (!add.is_empty()).then_some(ManaAbility {
            add,
            sacrifice: false,
        })
    }

    /// `player` activates the mana ability of `source` for `mana` (605.3a:
    /// while they hold priority). It does not use the stack (605.3b): the
    /// source is tapped (107.5) and, for a Treasure, sacrificed (701.21a),
    /// and the mana goes into their pool (106.4). They keep priority
    /// (117.3c).
    pub(crate) fn activate_mana(
        &mut self,
        player: PlayerId,
        source: CardId,
        mana: Mana,
    ) -> Result<(), EngineError> {
        self.known(source)?;
        self.require_priority(player)?;
        let o = self.obj(source);
        if !o.on_battlefield() || o.controller != player {
            return illegal(
                "602.2",
                format!("{source} is not a permanent {player} controls"),
            );
        }
        let Some(ability) = self.mana_ability(source) else {
            return illegal("605.1a", format!("{} has no mana ability", o.face().name));
        };
        if o.tapped {
            return illegal(
                "107.5",
                format!(
                    "{} is tapped: it can't be tapped to pay {{T}}",
                    o.face().name
                ),
            );
        }
        if o.is_creature()
            && o.sick
            && !self.has_keyword(source, crate::cards::card::Keyword::Haste)
        {
            return illegal(
                "302.6",
                format!(
                    "{} has not been under {player}'s control since their turn began",
                    o.face().name
                ),
            );
        }
        if !ability.add.contains(&mana) {
            return illegal(
                "605.1a",
                format!(
                    "{} adds {}, not {{{}}}",
                    o.face().name,
                    ability
                        .add
                        .iter()
                        .map(|m| format!("{{{}}}", m.symbol()))
                        .collect::<Vec<_>>()
                        .join(" or "),
                    mana.symbol()
                ),
            );
        }
        self.obj_mut(source).tapped = true;
        if ability.sacrifice {
            self.move_to(source, Zone::Graveyard);
            self.emit(Event::Sacrificed {
                player,
                card: source,
            });
        }
        let pool = &mut self.players[player.0 as usize].pool;
        pool[index(mana)] = pool[index(mana)].saturating_add(1);
        self.emit(Event::ManaAdded {
            player,
            source,
            mana,
        });
        self.passes = 0;
        self.settle(player);
        Ok(())
    }

    /// `player` plays the land `card` (305.1, 116.2a): while holding
    /// priority in a main phase of their turn with an empty stack, once per
    /// turn (305.2), from their hand or from exile where an effect lets its
    /// owner play it. A modal double-faced card may be played with its land
    /// back face up (712.12). It does not use the stack; they keep priority
    /// (116.3).
    pub(crate) fn play_land(
        &mut self,
        player: PlayerId,
        card: CardId,
        back_face: bool,
    ) -> Result<(), EngineError> {
        self.known(card)?;
        self.require_priority(player)?;
        let o = self.obj(card);
        let in_hand = o.zone == Zone::Hand;
        let exiled = self.exile_permission(card).is_some();
        if o.owner != player || !(in_hand || exiled) {
            return illegal(
                "305.1",
                format!("{card} is not in {player}'s hand, nor a card they may play from exile"),
            );
        }
        let face = if back_face {
            if o.card.layout != Layout::ModalDfc {
                return illegal(
                    "712.12",
                    format!(
                        "{} is not a modal double-faced card: only its front face may be played",
                        o.card.name()
                    ),
                );
            }
            o.card.face(true)
        } else {
            o.card.front()
        };
        if !face.is(CardType::Land) {
            return illegal("305.1", format!("{} is not a land", face.name));
        }
        if !self.sorcery_timing(player) {
            return illegal(
                "305.1",
                "a land is played only in a main phase of its player's turn with an empty stack",
            );
        }
        if self.players[player.0 as usize].lands_played >= 1
            && !self.fault(EngineFault::LandsWithoutLimit)
        {
            return illegal("305.2", format!("{player} has played a land this turn"));
        }
        let from = o.zone;
        self.players[player.0 as usize].lands_played += 1;
        self.move_to(card, Zone::Battlefield);
        let o = self.obj_mut(card);
        o.back_face = back_face;
        // 614.1c on the face played (712.12).
        o.tapped = o.enters_tapped();
        o.controller = player;
        o.base_controller = player;
        self.emit(Event::PlayedLand { player, card, from });
        self.enters_triggers(card);
        self.passes = 0;
        self.settle(player);
        Ok(())
    }

    /// The mana value of `id` (202.3): that of its card's mana cost (the
    /// front face's, 202.3b), X counted as chosen while it is a spell and
    /// as 0 elsewhere (202.3e); 0 for a token that copies nothing (111.4).
    pub fn mana_value(&self, id: CardId) -> u8 {
        let o = self.obj(id);
        let x = if o.zone == Zone::Stack { o.x } else { 0 };
        o.card.mana_cost.mana_value(x)
    }

    /// The total cost of casting `card` with X = `x` (601.2f): its mana
    /// cost, and the increase of an effect that lets its owner play it
    /// from exile ("costs {2} more", Invasion of Gobakhan).
    pub(crate) fn total_cost(&self, card: CardId, x: u8) -> ManaCost {
        let more = self.exile_permission(card).unwrap_or(0);
        self.obj(card).card.mana_cost.total(x, more)
    }

    /// `player` pays `cost` for `what` from their mana pool (601.2h), or
    /// it is refused.
    pub(crate) fn pay(
        &mut self,
        player: PlayerId,
        cost: &ManaCost,
        what: String,
    ) -> Result<(), EngineError> {
        let pool = self.players[player.0 as usize].pool;
        match pay(pool, cost) {
            Some(left) => {
                self.players[player.0 as usize].pool = left;
                self.emit(Event::PaidMana {
                    player,
                    cost: cost.text(),
                });
                Ok(())
            }
            None => illegal(
                "601.2h",
                format!(
                    "{player} can't pay {} for {what} with the mana in their pool",
                    cost.text()
                ),
            ),
        }
    }

    /// The value of X of a spell cast as `card` with `x` announced (601.2b,
    /// 107.3a): announced if its mana cost has an X in a game that pays
    /// mana, else none and 0.
    pub(crate) fn announced_x(&self, card: CardId, x: Option<u8>) -> Result<u8, EngineError> {
        let xs = self.obj(card).card.mana_cost.xs;
        match (x, xs > 0, self.pays_mana) {
            (None, false, _) | (None, true, false) => Ok(0),
            (Some(x), true, true) => Ok(x),
            (None, true, true) => illegal(
                "601.2b",
                format!(
                    "{}'s mana cost has X: its value is announced as it is cast",
                    self.obj(card).card.name()
                ),
            ),
            (Some(_), false, _) => illegal(
                "107.3a",
                format!("{}'s mana cost has no X", self.obj(card).card.name()),
            ),
            (Some(_), true, false) => illegal(
                "107.3a",
                "this game pays no mana: X is 0, and not announced",
            ),
        }
    }

    /// The values of X `player` may announce casting `card` (601.2b,
    /// 107.3a): those whose total cost their pool pays, in a game that pays
    /// mana; none (X is 0) in one that does not, or for a cost without X.
    pub(crate) fn x_choices(
        &self,
        player: PlayerId,
        card: CardId,
    ) -> std::borrow::Cow<'static, [Option<u8>]> {
        let cost = self.obj(card).card.mana_cost;
        if !self.pays_mana || cost.xs == 0 {
            return std::borrow::Cow::Borrowed(&[None]);
        }
        let pool = self.players[player.0 as usize].pool;
        (0..=u8::MAX)
            .take_while(|&x| pay(pool, &self.total_cost(card, x)).is_some())
            .map(Some)
            .collect::<Vec<_>>()
            .into()
    }

    /// Every mana `player` might add now, one activation each; the
    /// activation's own checks decide which are legal.
    pub(crate) fn mana_candidates(&self, player: PlayerId) -> Vec<(CardId, Mana)> {
        self.mana_activations()
            .filter(|&(p, ..)| p == player)
            .map(|(_, source, mana)| (source, mana))
            .collect()
    }

    /// [`Game::mana_candidates`] of every player at once, in one look at
    /// the battlefield: the controller, the source and the mana.
    pub(crate) fn mana_activations(&self) -> impl Iterator<Item = (PlayerId, CardId, Mana)> + '_ {
        (self.waiting == Waiting::Priority)
            .then(|| self.battlefield())
            .into_iter()
            .flatten()
            .filter_map(|o| Some((o.controller, o.id, self.mana_ability(o.id)?)))
            .flat_map(|(p, id, a)| a.add.into_iter().map(move |m| (p, id, m)))
    }

    /// Every land `player` might play now, with the face: each land card in
    /// their hand or exiled with a permission to play it; the play's own
    /// checks decide which are legal.
    pub(crate) fn land_candidates(&self, player: PlayerId) -> Vec<(CardId, bool)> {
        self.land_plays()
            .filter(|&(p, ..)| p == player)
            .map(|(_, card, back_face)| (card, back_face))
            .collect()
    }

    /// [`Game::land_candidates`] of every player at once, in one look at
    /// the cards: the owner, the card and the face.
    pub(crate) fn land_plays(&self) -> impl Iterator<Item = (PlayerId, CardId, bool)> + '_ {
        self.objects
            .iter()
            .filter(|o| {
                o.zone == Zone::Hand
                    || (o.zone == Zone::Exile && self.exile_permission(o.id).is_some())
            })
            .flat_map(|o| {
                let front = o.card.front().is(CardType::Land).then_some(false);
                let back = (o.card.layout == Layout::ModalDfc
                    && o.card.face(true).is(CardType::Land))
                .then_some(true);
                front
                    .into_iter()
                    .chain(back)
                    .map(move |back_face| (o.owner, o.id, back_face))
            })
    }

    /// Each player's mana pool empties as a step or phase ends (106.4).
    pub(crate) fn empty_mana_pools(&mut self) {
        if self.fault(EngineFault::ManaPoolsNeverEmpty) {
            return;
        }
        for p in &mut self.players {
            p.pool = [0; 6];
        }
    }
}
