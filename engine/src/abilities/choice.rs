//! Choices of cards a player makes while an ability resolves (608.2d): the
//! cards they discard (701.9b), the permanent they sacrifice (701.21a), the
//! cards they find in a search of their library (701.23a). Several players
//! told to choose ("each opponent discards a card") choose in APNAP order,
//! then act at once (101.4). A choice with one possible answer is made
//! without asking: no cards to choose from, or every card must be taken.

use crate::cards::instruction::Instruction;
use crate::fault::EngineFault;
use crate::state::error::{illegal, EngineError};
use crate::state::event::Event;
use crate::state::game::{Game, Waiting};
use crate::state::resolving::Resolution;
use battlecheck_properties::{CardId, PlayerId, Zone};

/// What one player may choose: from `options`, at least `min` and at most
/// `max` cards; in an order that matters if `ordered` (a scry's); the same
/// card more than once if `repeats` (a distribution of counters, naming a
/// creature for each).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct CardChoice {
    pub options: Vec<CardId>,
    pub min: usize,
    pub max: usize,
    pub ordered: bool,
    pub repeats: bool,
    /// "Unless you discard a \[creature card\]": the options that may be
    /// chosen alone instead.
    pub or_one: Option<Vec<CardId>>,
}

impl CardChoice {
    /// A choice of at least `min` and at most `max` of `options`, in no
    /// order, each at most once.
    fn some_of(options: Vec<CardId>, min: usize, max: usize) -> CardChoice {
        CardChoice {
            options,
            min,
            max,
            ordered: false,
            repeats: false,
            or_one: None,
        }
    }

    /// Is `cards` as many cards as the choice asks for, or one that may be
    /// chosen alone?
    fn counts(&self, cards: &[CardId]) -> bool {
        (self.min..=self.max).contains(&cards.len())
            || matches!((cards, &self.or_one), ([one], Some(alone)) if alone.contains(one))
    }

    /// The choice has one possible answer: every option (in the one
    /// order there is), or none; with repeats, the one option each time.
    fn forced(&self) -> bool {
        let all = self.min == self.options.len() && (!self.ordered || self.options.len() == 1);
        match (self.repeats, &self.or_one) {
            (true, _) => self.options.len() <= 1,
            // One card, discarded either way; or every card, none of which
            // may go alone.
            (false, Some(alone)) => self.options.len() <= 1 || (all && alone.is_empty()),
            (false, None) => self.options.is_empty() || all,
        }
    }

    /// The answer of a forced choice.
    fn forced_answer(self) -> Vec<CardId> {
        match (self.repeats, self.options.first()) {
            (true, Some(&only)) => vec![only; self.max],
            _ => self.options,
        }
    }
}

impl Game {
    /// Follow `step`, an instruction that asks players to choose cards:
    /// ask them in turn, making each forced choice at once, and act once
    /// all have chosen. Returns false if the game now waits for a choice.
    pub(crate) fn choose_or_wait(&mut self, step: &Instruction) -> bool {
        let r = self.resolution.as_ref().expect("an ability is resolving");
        if r.choosers.is_none() {
            let who = step_who(step);
            let told = self.told(who, r.controller, r.target);
            self.resolution.as_mut().expect("resolving").choosers = Some(told);
        }
        loop {
            let r = self.resolution.as_ref().expect("an ability is resolving");
            let next = r.choosers.as_ref().and_then(|c| c.first().copied());
            let Some(chooser) = next else { break };
            let choice = self.card_choice(step, chooser);
            if self.in_game(chooser) && !choice.forced() {
                let player = if self.fault(EngineFault::ControllerChoosesForOthers) {
                    r.controller
                } else {
                    chooser
                };
                self.waiting = Waiting::ChooseCards {
                    player,
                    source: r.source,
                };
                return false;
            }
            let r = self.resolution.as_mut().expect("an ability is resolving");
            if self.players[chooser.0 as usize].in_game {
                r.chosen.extend(choice.forced_answer());
            }
            r.choosers.as_mut().expect("choosers are set").remove(0);
        }
        let r = self.resolution.as_mut().expect("an ability is resolving");
        let chosen = std::mem::take(&mut r.chosen);
        r.choosers = None;
        r.steps.remove(0);
        // Revealing or tapping none is still doing it: "when you do"
        // follows either way.
        r.did = !chosen.is_empty()
            || matches!(
                step,
                Instruction::Reveal { .. } | Instruction::TapAnyNumberOfUntappedCreaturesYouControl
            );
        if let Instruction::Search { .. } = step {
            // "And/or graveyard" ("and/or outside the game"): taking a card
            // from there is searching only there.
            r.searched_library = !chosen.iter().any(|&c| {
                matches!(
                    self.objects[c.0 as usize].zone,
                    Zone::Graveyard | Zone::Outside
                )
            });
        }
        r.chosen_last = u8::try_from(chosen.len()).unwrap_or(u8::MAX);
        self.act_on_chosen(step, &chosen);
        true
    }

    /// The cards a search by `chooser` looks through: their library, their
    /// graveyard too for "your library and/or graveyard", and their cards
    /// outside the game for "and/or outside the game" (400.11a).
    fn searched(
        &self,
        chooser: PlayerId,
        and_graveyard: bool,
        and_outside: bool,
    ) -> impl Iterator<Item = CardId> + '_ {
        let graveyard = self
            .objects
            .iter()
            .filter(move |o| {
                o.owner == chooser
                    && !o.token
                    && ((and_graveyard && o.zone == Zone::Graveyard)
                        || (and_outside && o.zone == Zone::Outside))
            })
            .map(|o| o.id);
        self.players[chooser.0 as usize]
            .library
            .iter()
            .copied()
            .chain(graveyard)
    }

    /// Does card `c` match `find`, with the resolving ability's X (202.3:
    /// a card's mana value outside the stack counts X as 0)?
    pub(crate) fn card_matches(
        &self,
        find: &crate::cards::instruction::CardFilter,
        c: CardId,
    ) -> bool {
        let x = self.resolution.as_ref().map_or(0, |r| r.x);
        let mut mana_value = self.mana_value(c);
        if self.fault(EngineFault::ManaValueBoundExclusive) {
            mana_value = mana_value.saturating_add(1);
        }
        find.accepts_card(self.obj(c).face(), mana_value, x)
    }

    /// What `chooser` may choose for `step` now.
    pub(crate) fn card_choice(&self, step: &Instruction, chooser: PlayerId) -> CardChoice {
        let (options, count, may): (Vec<CardId>, u8, bool) = match step {
            Instruction::Discard {
                count,
                unless_one: Some(find),
                ..
            } => {
                let hand: Vec<CardId> = self.hand_of(chooser).collect();
                let alone = hand
                    .iter()
                    .copied()
                    .filter(|&c| find.accepts(self.obj(c).face()))
                    .collect();
                let all = hand.len().min(usize::from(*count));
                return CardChoice {
                    or_one: Some(alone),
                    ..CardChoice::some_of(hand, all, all)
                };
            }
            Instruction::Discard { count, may, .. } => {
                (self.hand_of(chooser).collect(), *count, *may)
            }
            Instruction::Sacrifice { types, may, .. } => (
                self.battlefield()
                    .filter(|o| o.controller == chooser && types.iter().any(|&t| o.is(t)))
                    .map(|o| o.id)
                    .collect(),
                1,
                *may,
            ),
            // 701.23b: a search for cards with a stated quality may find
            // fewer than there are, so it may find none.
            Instruction::Search {
                find,
                up_to,
                and_graveyard,
                and_outside_the_game,
                ..
            } => (
                self.searched(chooser, *and_graveyard, *and_outside_the_game)
                    .filter(|&c| self.card_matches(find, c))
                    .collect(),
                *up_to,
                true,
            ),
            // "You may copy that spell": that spell, if still on the stack.
            Instruction::YouMayCopyThatSpell => {
                let r = self.resolution.as_ref().expect("an ability is resolving");
                let spell: Vec<CardId> = r
                    .subject
                    .filter(|&s| self.spell_targets(s).is_some())
                    .into_iter()
                    .collect();
                let max = spell.len();
                return CardChoice::some_of(spell, 0, max);
            }
            // 701.22a: any number of the top N stay on top, in any order.
            Instruction::Scry(n) => {
                let top = self.top_of_library(chooser, *n);
                let max = top.len();
                return CardChoice {
                    ordered: true,
                    ..CardChoice::some_of(top, 0, max)
                };
            }
            // 701.22a: the others go to the bottom, in any order.
            Instruction::ScryBottom => {
                let r = self.resolution.as_ref().expect("an ability is resolving");
                let rest = r.scry_bottom.clone();
                let all = rest.len();
                return CardChoice {
                    ordered: true,
                    ..CardChoice::some_of(rest, all, all)
                };
            }
            Instruction::LookAtTop { count, find, up_to } => (
                self.top_of_library(chooser, *count)
                    .into_iter()
                    .filter(|&c| find.accepts(self.obj(c).face()))
                    .collect(),
                *up_to,
                true,
            ),
            Instruction::ExileFromHand { whose, find, .. } => {
                let r = self.resolution.as_ref().expect("an ability is resolving");
                let hands: Vec<CardId> = self
                    .told(*whose, r.controller, r.target)
                    .into_iter()
                    .flat_map(|p| self.hand_of(p).collect::<Vec<_>>())
                    .filter(|&c| find.accepts(self.obj(c).face()))
                    .collect();
                (hands, 1, true)
            }
            Instruction::PutFromHand { find } => (
                self.hand_of(chooser)
                    .filter(|&c| find.accepts(self.obj(c).face()))
                    .collect(),
                1,
                true,
            ),
            Instruction::Reveal { find } => {
                let all: Vec<CardId> = self
                    .hand_of(chooser)
                    .filter(|&c| find.accepts(self.obj(c).face()))
                    .collect();
                let n = u8::try_from(all.len()).unwrap_or(u8::MAX);
                (all, n, true)
            }
            Instruction::YouMayCastOneOfThem => (
                self.found_in_exile()
                    .filter(|&c| self.may_cast_free(chooser, c, false))
                    .collect(),
                1,
                true,
            ),
            Instruction::PutOneOfThemIntoYourHand => (self.found_in_exile().collect(), 1, false),
            Instruction::TapAnyNumberOfUntappedCreaturesYouControl => {
                let untapped: Vec<CardId> = self
                    .creatures_controlled_by(chooser)
                    .into_iter()
                    .filter(|&c| !self.obj(c).tapped)
                    .collect();
                let all = untapped.len();
                return CardChoice::some_of(untapped, 0, all);
            }
            Instruction::TokenCopyOfAPermanentYouControl => (
                self.battlefield()
                    .filter(|o| o.controller == chooser)
                    .map(|o| o.id)
                    .collect(),
                1,
                false,
            ),
            // 608.2d: a creature named for each counter; each creature
            // named gets at least one, so one, two or three are chosen.
            Instruction::DistributePlusOneCounters(n) => {
                let mine = self.creatures_controlled_by(chooser);
                let all = match mine.is_empty() {
                    true => 0,
                    false => usize::from(*n),
                };
                return CardChoice {
                    repeats: true,
                    ..CardChoice::some_of(mine, all, all)
                };
            }
            _ => unreachable!("only a choice of cards is chosen"),
        };
        let max = options.len().min(usize::from(count));
        CardChoice::some_of(options, if may { 0 } else { max }, max)
    }

    /// The cards the resolving ability's exile looked for ("those two
    /// cards", [`Instruction::ExileUntil`]) that are still in exile.
    fn found_in_exile(&self) -> impl Iterator<Item = CardId> + '_ {
        let r = self.resolution.as_ref().expect("an ability is resolving");
        r.found
            .iter()
            .copied()
            .filter(|&c| self.obj(c).zone == Zone::Exile)
    }

    /// Do what `step` says to the cards chosen for it.
    fn act_on_chosen(&mut self, step: &Instruction, chosen: &[CardId]) {
        let controller = self.resolution.as_ref().expect("resolving").controller;
        if let Instruction::Scry(n) = step {
            let looked = self.top_of_library(controller, *n);
            let rest = self.scry_keep(controller, &looked, chosen);
            if !rest.is_empty() {
                let r = self.resolution.as_mut().expect("resolving");
                r.scry_bottom = rest;
                r.steps.insert(0, Instruction::ScryBottom);
            }
            return;
        }
        if let Instruction::YouMayCopyThatSpell = step {
            if !chosen.is_empty() {
                let r = self.resolution.as_mut().expect("resolving");
                r.steps.insert(0, Instruction::CopyThatSpell);
            }
            return;
        }
        if let Instruction::ScryBottom = step {
            self.resolution
                .as_mut()
                .expect("resolving")
                .scry_bottom
                .clear();
            self.scry_bottom(controller, chosen);
            return;
        }
        if let Instruction::LookAtTop { count, .. } = step {
            let player = self.resolution.as_ref().expect("resolving").controller;
            let looked = self.top_of_library(player, *count);
            for &c in chosen {
                self.move_to(c, Zone::Hand);
            }
            let rest: Vec<CardId> = looked.into_iter().filter(|c| !chosen.contains(c)).collect();
            if !self.fault(EngineFault::LookedAtStayOnTop) {
                self.put_on_bottom_in_random_order(player, &rest);
            }
            return;
        }
        for &c in chosen {
            // A card that left the zone it was chosen from since (its owner
            // left the game, 800.4a) is a new object (400.7).
            let zone = self.obj(c).zone;
            let still_there = match step {
                Instruction::Discard { .. }
                | Instruction::Reveal { .. }
                | Instruction::ExileFromHand { .. }
                | Instruction::PutFromHand { .. } => zone == Zone::Hand,
                Instruction::Sacrifice { .. }
                | Instruction::TapAnyNumberOfUntappedCreaturesYouControl
                | Instruction::TokenCopyOfAPermanentYouControl
                | Instruction::DistributePlusOneCounters(_) => zone == Zone::Battlefield,
                Instruction::YouMayCastOneOfThem | Instruction::PutOneOfThemIntoYourHand => {
                    zone == Zone::Exile
                }
                // A search's cards: the library, and the graveyard and
                // cards outside the game where it looks there too.
                Instruction::Search { .. } => {
                    matches!(zone, Zone::Library | Zone::Graveyard | Zone::Outside)
                }
                _ => unreachable!("only a choice of cards is acted on"),
            };
            if !still_there {
                continue;
            }
            let owner = self.obj(c).owner;
            match step {
                Instruction::Discard { .. } => self.discard(owner, c),
                Instruction::Sacrifice { .. } => {
                    let controller = self.obj(c).controller;
                    self.move_to(c, Zone::Graveyard);
                    self.emit(Event::Sacrificed {
                        player: controller,
                        card: c,
                    });
                }
                Instruction::ExileFromHand {
                    owner_may_play,
                    costs_more,
                    ..
                } => {
                    self.move_to(c, Zone::Exile);
                    if *owner_may_play {
                        let more = if self.fault(EngineFault::CostIncreaseIgnored) {
                            0
                        } else {
                            *costs_more
                        };
                        self.may_play_while_exiled(c, more);
                    }
                }
                Instruction::PutFromHand { .. } => {
                    let controller = self.resolution.as_ref().expect("resolving").controller;
                    self.put_onto_battlefield(c, controller);
                }
                Instruction::YouMayCastOneOfThem => {
                    let r = self.resolution.as_mut().expect("resolving");
                    r.steps.insert(0, Instruction::CastWithoutPaying(c));
                }
                Instruction::PutOneOfThemIntoYourHand => self.move_to(c, Zone::Hand),
                Instruction::TapAnyNumberOfUntappedCreaturesYouControl => {
                    self.obj_mut(c).tapped = true;
                    self.emit(Event::Tapped { card: c });
                }
                Instruction::TokenCopyOfAPermanentYouControl => {
                    let controller = self.resolution.as_ref().expect("resolving").controller;
                    self.create_token_copy_of(c, controller);
                }
                Instruction::DistributePlusOneCounters(_) => {
                    let on = match self.fault(EngineFault::DistributionOnOneCreature) {
                        true => chosen[0],
                        false => c,
                    };
                    self.put_plus_one_counters(on, 1);
                }
                Instruction::Reveal { .. } => {
                    // 701.20b: a revealed card stays where it is.
                    self.emit(Event::Revealed {
                        player: owner,
                        card: c,
                    });
                }
                Instruction::Search { to, tapped, .. } => {
                    self.move_to(c, *to);
                    self.emit(Event::Found {
                        player: owner,
                        card: c,
                    });
                    if *to == Zone::Battlefield {
                        self.obj_mut(c).tapped =
                            *tapped && !self.fault(EngineFault::FoundEnterUntapped);
                        self.enters_triggers(c);
                    }
                }
                _ => unreachable!("only a choice of cards is acted on"),
            }
        }
    }

    /// Is the order of the cards chosen now part of the choice (a scry's,
    /// 701.22a)?
    pub(crate) fn card_choice_ordered(&self) -> bool {
        self.choosing()
            .is_some_and(|(step, chooser)| self.card_choice(step, chooser).ordered)
    }

    /// Every set of cards the player choosing now might name: each set of
    /// at most the instruction's count from the zone it chooses from. The
    /// choice's own checks decide which are legal.
    pub(crate) fn card_choice_candidates(&self) -> Vec<Vec<CardId>> {
        let Some((step, chooser)) = self.choosing() else {
            return Vec::new();
        };
        let pool: Vec<CardId> = match step {
            Instruction::Discard { .. }
            | Instruction::Reveal { .. }
            | Instruction::PutFromHand { .. } => self.hand_of(chooser).collect(),
            Instruction::ExileFromHand { .. } => self
                .objects
                .iter()
                .filter(|o| o.zone == Zone::Hand)
                .map(|o| o.id)
                .collect(),
            Instruction::LookAtTop { count, .. } | Instruction::Scry(count) => {
                self.top_of_library(chooser, *count)
            }
            Instruction::ScryBottom
            | Instruction::YouMayCopyThatSpell
            | Instruction::YouMayCastOneOfThem
            | Instruction::PutOneOfThemIntoYourHand
            | Instruction::TokenCopyOfAPermanentYouControl
            | Instruction::TapAnyNumberOfUntappedCreaturesYouControl
            | Instruction::DistributePlusOneCounters(_) => self.card_choice(step, chooser).options,
            Instruction::Sacrifice { .. } => self.battlefield().map(|o| o.id).collect(),
            Instruction::Search {
                and_graveyard,
                and_outside_the_game,
                ..
            } => self
                .searched(chooser, *and_graveyard, *and_outside_the_game)
                .collect(),
            _ => self.players[chooser.0 as usize].library.clone(),
        };
        let choice = self.card_choice(step, chooser);
        let most = choice.max.max(1);
        if choice.repeats {
            return multisets(&pool, choice.max);
        }
        if choice.ordered {
            return arrangements(&pool, most);
        }
        let mut out: Vec<Vec<CardId>> = vec![Vec::new()];
        for &c in &pool {
            let longer: Vec<Vec<CardId>> = out
                .iter()
                .filter(|s| s.len() < most)
                .map(|s| {
                    let mut s = s.clone();
                    s.push(c);
                    s
                })
                .collect();
            out.extend(longer);
        }
        out
    }

    /// The instruction being chosen for and the player choosing now.
    fn choosing(&self) -> Option<(&Instruction, PlayerId)> {
        let r: &Resolution = self.resolution.as_ref()?;
        Some((r.steps.first()?, *r.choosers.as_ref()?.first()?))
    }

    /// `player` chooses `cards` for the resolving ability of `source`
    /// (608.2d); the ability goes on.
    pub(crate) fn choose_cards(
        &mut self,
        player: PlayerId,
        source: CardId,
        cards: &[CardId],
    ) -> Result<(), EngineError> {
        let Waiting::ChooseCards {
            player: who,
            source: which,
        } = self.waiting
        else {
            return illegal(
                "608.2d",
                format!(
                    "no cards are being chosen: the game waits for {}",
                    self.waiting_text()
                ),
            );
        };
        if who != player || which != source {
            return illegal(
                "608.2d",
                format!("{who} chooses cards for the resolving ability of {which}"),
            );
        }
        let (step, chooser) = self.choosing().expect("a choice of cards is pending");
        let step = step.clone();
        let choice = self.card_choice(&step, chooser);
        let rule = match step {
            Instruction::Discard { .. } => "701.9b",
            Instruction::Sacrifice { .. } => "701.21a",
            Instruction::Search { .. } => "701.23a",
            Instruction::Reveal { .. } => "701.20a",
            Instruction::Scry(_) | Instruction::ScryBottom => "701.22a",
            Instruction::YouMayCopyThatSpell => "707.10",
            Instruction::YouMayCastOneOfThem => "608.2g",
            Instruction::DistributePlusOneCounters(_) => "122.6",
            _ => "608.2d",
        };
        if let Some(c) = cards.iter().find(|c| !choice.options.contains(c)) {
            return illegal(
                rule,
                format!(
                    "{c} ({}) is not a card {player} may choose here",
                    self.obj(*c).face().name
                ),
            );
        }
        let mut distinct = cards.to_vec();
        distinct.sort();
        distinct.dedup();
        if distinct.len() != cards.len() && !choice.repeats {
            return illegal("608.2d", "a card is chosen once");
        }
        if !choice.counts(cards) {
            return illegal(
                rule,
                format!(
                    "{player} chooses {} card(s) here, not {}",
                    match choice.min == choice.max {
                        true => choice.min.to_string(),
                        false => format!("{} to {}", choice.min, choice.max),
                    },
                    cards.len()
                ),
            );
        }
        let r = self.resolution.as_mut().expect("an ability is resolving");
        r.chosen.extend_from_slice(cards);
        r.choosers.as_mut().expect("choosers are set").remove(0);
        if self.go_on() {
            self.settle(self.active);
        }
        Ok(())
    }
}

/// Every sequence of at most `most` distinct cards of `pool`, in every
/// order (an ordered choice's candidates), the empty one first.
fn arrangements(pool: &[CardId], most: usize) -> Vec<Vec<CardId>> {
    let mut out: Vec<Vec<CardId>> = vec![Vec::new()];
    let mut frontier: Vec<Vec<CardId>> = vec![Vec::new()];
    for _ in 0..most {
        let mut next = Vec::new();
        for prefix in &frontier {
            for &c in pool.iter().filter(|c| !prefix.contains(c)) {
                let mut longer = prefix.clone();
                longer.push(c);
                next.push(longer);
            }
        }
        out.extend(next.iter().cloned());
        frontier = next;
    }
    out
}

/// Every multiset of exactly `n` cards of `pool` (a distribution's
/// candidates), each once, in the pool's order.
fn multisets(pool: &[CardId], n: usize) -> Vec<Vec<CardId>> {
    let mut out: Vec<Vec<CardId>> = vec![Vec::new()];
    for _ in 0..n {
        out = out
            .iter()
            .flat_map(|prefix| {
                // Non-decreasing positions in the pool: each multiset once.
                let from = prefix
                    .last()
                    .and_then(|l| pool.iter().position(|c| c == l))
                    .unwrap_or(0);
                pool[from..].iter().map(move |&c| {
                    let mut longer = prefix.clone();
                    longer.push(c);
                    longer
                })
            })
            .collect();
    }
    out
}

/// Who `step` tells to choose.
fn step_who(step: &Instruction) -> crate::cards::instruction::Who {
    match step {
        Instruction::Discard { who, .. } | Instruction::Sacrifice { who, .. } => *who,
        _ => crate::cards::instruction::Who::You,
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::catalogue::Catalogue;
    use crate::cards::instruction::{CardFilter, Instruction, Who};
    use crate::scenario::build_game;
    use battlecheck_properties::{CardId, PlayerId, Zone};
    use std::path::Path;

    /// "Discard two cards unless you discard a creature card" (Teferi
    /// Akosa of Zhalfir's +1) and "discard two cards": a choice with one
    /// possible answer is made without asking (one card, or two cards of
    /// which none may go alone, or exactly two to discard); otherwise the
    /// game waits for the player.
    #[test]
    fn a_discard_asks_only_when_there_is_a_choice() {
        let cards = Catalogue::bundled().unwrap();
        let discard = |unless: bool| Instruction::Discard {
            who: Who::You,
            count: 2,
            may: false,
            unless_one: unless.then(|| CardFilter {
                types: vec![crate::cards::card::CardType::Creature],
                ..CardFilter::default()
            }),
        };
        for (hand, unless, asks) in [
            (&["Forest"][..], true, false),
            (&["Forest", "Plains"][..], true, false),
            (&["Forest", "Grizzly Bears"][..], true, true),
            (&["Forest", "Plains"][..], false, false),
            (&["Forest", "Plains", "Island"][..], false, true),
        ] {
            let listed: Vec<String> = hand
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    format!(r#"{{"id": "c{i}", "card": "{c}", "owner": "P1", "zone": "hand"}}"#)
                })
                .collect();
            let text = format!(
                r#"{{"name": "discard", "players": 2, "cards": [{}], "steps": []}}"#,
                listed.join(", ")
            );
            let mut g = build_game(Path::new("discard.json"), &text, &cards).unwrap();
            let done = g.follow(
                CardId(0),
                PlayerId(0),
                &[discard(unless)],
                Vec::new(),
                None,
                0,
            );
            assert_eq!(done, !asks, "{hand:?} unless {unless}");
            if done {
                let left = (0..hand.len())
                    .filter(|&i| g.obj(CardId(i as u8)).zone == Zone::Hand)
                    .count();
                assert_eq!(left, hand.len().saturating_sub(2), "{hand:?}");
            }
        }
    }
}
