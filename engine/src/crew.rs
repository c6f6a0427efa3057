//! Crew (702.122) and Vehicles (301.7). "Crew N" is an activated ability:
//! "Tap any number of other untapped creatures you control with total
//! power N or greater: This permanent becomes an artifact creature until
//! end of turn" (702.122a). Tapping them is a cost (602.2b, 601.2h), not a
//! {T} ability of theirs, so creatures that came under their controller's
//! control this turn may crew (302.6 restricts only their own {T}
//! abilities). A Vehicle has its printed power and toughness only while it
//! is a creature (301.7a, 301.7b); becoming one is a type-changing effect
//! (layer 4, 613.1d) that ends in the cleanup step (514.2).

use crate::error::{illegal, EngineError};
use crate::event::Event;
use crate::fault::EngineFault;
use crate::game::Game;
use battlecheck_properties::{CardId, PlayerId};

/// `legal_actions` lists crew sets drawn from at most this many of a
/// player's untapped creatures (2^10 sets); an activation naming any other
/// set is still judged by [`Game::check_crew`].
const CREW_CANDIDATES: usize = 10;

impl Game {
    /// Is `crew` a legal payment of a crew cost `need` (`None`: the
    /// ability has none) for `source`, which `player` activates (702.122a)?
    pub(crate) fn check_crew(
        &self,
        player: PlayerId,
        source: CardId,
        need: Option<u8>,
        crew: &[CardId],
        name: &str,
    ) -> Result<(), EngineError> {
        let Some(need) = need else {
            if crew.is_empty() {
                return Ok(());
            }
            return illegal(
                "602.2b",
                format!("{name}'s cost taps no creatures to crew it"),
            );
        };
        let mut total = 0i32;
        for (i, &c) in crew.iter().enumerate() {
            self.known(c)?;
            let o = self.obj(c);
            let creature = &o.face().name;
            if crew[..i].contains(&c) {
                return illegal("702.122a", format!("{c} ({creature}) is named twice"));
            }
            if c == source {
                return illegal(
                    "702.122a",
                    format!("{name} can't crew itself: crew taps other creatures"),
                );
            }
            if !o.on_battlefield() || o.controller != player || !o.is_creature() {
                return illegal(
                    "702.122a",
                    format!("{c} ({creature}) is not a creature {player} controls"),
                );
            }
            if o.tapped {
                return illegal("702.122a", format!("{c} ({creature}) is tapped"));
            }
            if o.sick && self.fault(EngineFault::SickCreaturesCantCrew) {
                return illegal(
                    "302.6",
                    format!("{c} ({creature}) came under {player}'s control this turn"),
                );
            }
            total += i32::from(self.power(c));
        }
        if total < i32::from(need) {
            return illegal(
                "702.122a",
                format!("the crew's total power is {total}, less than {name}'s crew {need}"),
            );
        }
        Ok(())
    }

    /// The sets of creatures `player` might tap to crew `source` with crew
    /// `need`: every nonempty set of its other untapped creatures (at most
    /// [`CREW_CANDIDATES`] of them, in object order) with total power `need`
    /// or more.
    pub(crate) fn crew_candidates(
        &self,
        player: PlayerId,
        source: CardId,
        need: u8,
    ) -> Vec<Vec<CardId>> {
        let creatures: Vec<(CardId, i32)> = self
            .battlefield()
            .filter(|o| o.controller == player && o.id != source && o.is_creature() && !o.tapped)
            .take(CREW_CANDIDATES)
            .map(|o| (o.id, i32::from(self.power(o.id))))
            .collect();
        (1u32..1 << creatures.len())
            .filter_map(|set| {
                let chosen: Vec<&(CardId, i32)> = creatures
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| set & (1 << i) != 0)
                    .map(|(_, c)| c)
                    .collect();
                let total: i32 = chosen.iter().map(|c| c.1).sum();
                (total >= i32::from(need)).then(|| chosen.iter().map(|c| c.0).collect())
            })
            .collect()
    }

    /// "This permanent becomes an artifact creature until end of turn"
    /// (702.122a): `source`, if it is still on the battlefield.
    pub(crate) fn becomes_artifact_creature(&mut self, source: CardId) {
        if self.obj(source).on_battlefield() {
            self.obj_mut(source).crewed = true;
            self.emit(Event::Animated { card: source });
        }
    }
}
