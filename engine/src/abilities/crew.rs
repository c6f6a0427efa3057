//! Crew (702.122) and Vehicles (301.7). "Crew N" is an activated ability:
//! "Tap any number of other untapped creatures you control with total
//! power N or greater: This permanent becomes an artifact creature until
//! end of turn" (702.122a). Tapping them is a cost (602.2b, 601.2h), not a
//! {T} ability of theirs, so creatures that came under their controller's
//! control this turn may crew (302.6 restricts only their own {T}
//! abilities). A Vehicle has its printed power and toughness only while it
//! is a creature (301.7a, 301.7b); becoming one is a type-changing effect
//! (layer 4, 613.1d) that ends in the cleanup step (514.2).

use crate::fault::EngineFault;
use crate::state::error::{illegal, EngineError};
use crate::state::event::Event;
use crate::state::game::Game;
use battlecheck_properties::{CardId, PlayerId};

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
        if crew.contains(&source) {
            return illegal(
                "702.122a",
                format!("{name} can't crew itself: crew taps other creatures"),
            );
        }
        self.check_untapped_creatures(player, crew, "702.122a")?;
        if let Some(&c) = crew
            .iter()
            .find(|&&c| self.obj(c).sick && self.fault(EngineFault::SickCreaturesCantCrew))
        {
            return illegal(
                "302.6",
                format!(
                    "{c} ({}) came under {player}'s control this turn",
                    self.obj(c).face().name
                ),
            );
        }
        let total: i32 = crew.iter().map(|&c| self.power(c)).sum();
        if total < i32::from(need) {
            return illegal(
                "702.122a",
                format!("the crew's total power is {total}, less than {name}'s crew {need}"),
            );
        }
        Ok(())
    }

    /// The sets of creatures `player` might tap to crew `source` with crew
    /// `need`: every nonempty set of its other untapped creatures
    /// ([`Game::untapped_creature_sets`]) with total power `need` or more.
    pub(crate) fn crew_candidates(
        &self,
        player: PlayerId,
        source: CardId,
        need: u8,
    ) -> Vec<Vec<CardId>> {
        self.untapped_creature_sets(player, Some(source))
            .into_iter()
            .filter(|set| {
                let total: i32 = set.iter().map(|&c| self.power(c)).sum();
                !set.is_empty() && total >= i32::from(need)
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
