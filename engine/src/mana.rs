//! Mana (106) and paying with it: mana costs and mana value (202.1,
//! 202.3), X (107.3), the total cost of a spell (601.2f) and its payment
//! (601.2h), mana pools (106.4), mana abilities (605: a land's intrinsic
//! one, 305.6; a Treasure's, 111.10a) and playing lands (305.1, 116.2a).
//!
//! A game pays costs with mana only if its position says so
//! ([`Game::pays_mana`], a scenario's `mana`): the battlecheck model has no
//! mana, so a game checked against it casts every spell for free, X being
//! 0. Lands are played in either kind of game.

use crate::cards::{CardType, Layout};
use crate::error::{illegal, EngineError};
use crate::event::Event;
use crate::fault::EngineFault;
use crate::game::{Game, Waiting};
use battlecheck_properties::{CardId, Mana, PlayerId, Zone};
use serde::{Deserialize, Serialize};

/// A mana cost (202.1, 107.4): its generic part, its mana symbols by kind
/// (in [`Mana::ALL`] order) and how many {X} it has (107.3). Written in
/// card files as printed: `"{2}{B}"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ManaCost {
    pub generic: u8,
    pub symbols: [u8; 6],
    pub xs: u8,
}

/// Where `m` is counted in a [`Pool`] or [`ManaCost::symbols`].
pub fn index(m: Mana) -> usize {
    Mana::ALL
        .iter()
        .position(|&k| k == m)
        .expect("every mana is in Mana::ALL")
}

impl ManaCost {
    /// Read a printed mana cost: `{X}{G}{G}`, `{2}{R}`, `{C}`, `{0}`.
    pub fn parse(text: &str) -> Result<ManaCost, String> {
        let mut cost = ManaCost::default();
        let mut rest = text;
        while !rest.is_empty() {
            let Some(inner) = rest.strip_prefix('{') else {
                return Err(format!("mana cost {text:?}: expected `{{` at {rest:?}"));
            };
            let Some(end) = inner.find('}') else {
                return Err(format!("mana cost {text:?}: a symbol is not closed"));
            };
            let symbol = &inner[..end];
            rest = &inner[end + 1..];
            if symbol == "X" {
                cost.xs += 1;
            } else if let Ok(n) = symbol.parse::<u8>() {
                cost.generic = cost.generic.saturating_add(n);
            } else if let Some(m) = Mana::ALL
                .into_iter()
                .find(|m| symbol.len() == 1 && symbol.starts_with(m.symbol()))
            {
                cost.symbols[index(m)] += 1;
            } else {
                return Err(format!(
                    "mana cost {text:?}: unknown symbol {{{symbol}}} (107.4: numbers, X, W, U, B, R, G, C)"
                ));
            }
        }
        Ok(cost)
    }

    /// Its mana value (202.3): the total amount of mana in it, each {X}
    /// counted as `x` (202.3e: 0 except on the stack).
    pub fn mana_value(&self, x: u8) -> u8 {
        self.symbols
            .iter()
            .fold(self.generic, |n, &s| n.saturating_add(s))
            .saturating_add(self.xs.saturating_mul(x))
    }

    /// The total cost to pay (601.2f): this cost with X = `x` and `more`
    /// generic mana added by a cost increase.
    pub fn total(&self, x: u8, more: u8) -> ManaCost {
        ManaCost {
            generic: self
                .generic
                .saturating_add(self.xs.saturating_mul(x))
                .saturating_add(more),
            symbols: self.symbols,
            xs: 0,
        }
    }

    /// In words, as printed: `{2}{G}{G}`.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for _ in 0..self.xs {
            s.push_str("{X}");
        }
        if self.generic > 0 || self.symbols.iter().all(|&n| n == 0) && self.xs == 0 {
            s.push_str(&format!("{{{}}}", self.generic));
        }
        for (m, &n) in Mana::ALL.iter().zip(&self.symbols) {
            for _ in 0..n {
                s.push_str(&format!("{{{}}}", m.symbol()));
            }
        }
        s
    }
}

impl TryFrom<String> for ManaCost {
    type Error = String;
    fn try_from(text: String) -> Result<ManaCost, String> {
        ManaCost::parse(&text)
    }
}

impl From<ManaCost> for String {
    fn from(cost: ManaCost) -> String {
        cost.text()
    }
}

/// A player's mana pool (106.4): how much mana of each kind, in
/// [`Mana::ALL`] order.
pub type Pool = [u8; 6];

/// The mana in a pool as symbols in WUBRGC order: `{G}{G}`, `""` for none.
pub fn pool_text(pool: Pool) -> String {
    Mana::ALL
        .iter()
        .zip(pool)
        .flat_map(|(m, n)| std::iter::repeat_n(format!("{{{}}}", m.symbol()), n.into()))
        .collect()
}

/// The pool left after paying `cost` from `pool` (601.2h: in full or not
/// at all), or `None` if it can't be paid. Each mana symbol is paid with
/// mana of its kind; the generic part with what is left, colorless first,
/// then the colors in WUBRG order. Which mana pays a generic cost is the
/// player's choice (601.2h), which the engine makes this way: a player who
/// wants another adds only the mana they mean to spend.
pub fn pay(pool: Pool, cost: &ManaCost) -> Option<Pool> {
    let mut left = pool;
    for (have, &need) in left.iter_mut().zip(&cost.symbols) {
        *have = have.checked_sub(need)?;
    }
    let mut generic = cost.generic;
    for i in [5, 0, 1, 2, 3, 4] {
        let spent = left[i].min(generic);
        left[i] -= spent;
        generic -= spent;
    }
    (generic == 0).then_some(left)
}

/// A mana ability (605.1a): "{T}: Add one mana of any of `add`" ("{T}:
/// Add {G}", "{T}: Add one mana of any color"), with "Sacrifice this" in
/// its cost too if `sacrifice` (a Treasure's, 111.10a).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ManaAbility {
    pub add: Vec<Mana>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sacrifice: bool,
}

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
        if o.is_creature() && o.sick && !self.has_keyword(source, crate::cards::Keyword::Haste) {
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

#[cfg(test)]
mod tests {
    use super::{pay, ManaCost};

    #[test]
    fn costs_are_read_valued_and_paid() {
        let ikoria = ManaCost::parse("{X}{G}{G}").unwrap();
        assert_eq!(ikoria.xs, 1);
        assert_eq!(ikoria.mana_value(0), 2);
        assert_eq!(ikoria.mana_value(3), 5);
        assert_eq!(ikoria.total(2, 0).text(), "{2}{G}{G}");
        assert_eq!(ManaCost::parse("{0}").unwrap().text(), "{0}");
        // As printed (202.1): no {0} beside colored symbols or X, and a
        // cost reads back as the text it was read from.
        for printed in ["{X}{G}{G}", "{G}", "{X}", "{2}{U}", "{W}{U}{B}{R}{G}"] {
            let cost = ManaCost::parse(printed).unwrap();
            assert_eq!(cost.text(), printed);
            assert_eq!(String::from(cost), printed);
        }
        assert!(ManaCost::parse("{G/W}").is_err());
        assert!(ManaCost::parse("G").is_err());
        // W U B R G C
        let pool = [1, 0, 0, 0, 3, 1];
        assert_eq!(pay(pool, &ikoria.total(2, 0)), Some([0, 0, 0, 0, 1, 0]));
        assert_eq!(pay(pool, &ikoria.total(3, 0)), Some([0, 0, 0, 0, 0, 0]));
        assert_eq!(pay(pool, &ikoria.total(4, 0)), None);
        assert_eq!(pay([0, 0, 0, 0, 1, 5], &ikoria.total(0, 0)), None);
    }
}
