//! Convoke (702.51): "For each colored mana in this spell's total cost,
//! you may tap an untapped creature of that color you control rather than
//! pay that mana. For each generic mana in this spell's total cost, you
//! may tap an untapped creature you control rather than pay that mana"
//! (702.51a). It is neither an additional nor an alternative cost: it
//! applies once the total cost is determined (702.51b, 601.2f), as the cost
//! is paid (601.2h). Creatures that came under their controller's control
//! this turn may convoke (tapping them is not a {T} ability of theirs,
//! 302.6). The pool cards have no convoke of their own: Caetus, Sea Tyrant
//! of Segovia gives it to the noncreature spells its controller casts.

use crate::cards::card::CardType;
use crate::cards::color::Color;
use crate::cards::mana_cost::{index, pay, ManaCost};
use crate::cards::static_ability::StaticAbility;
use crate::fault::EngineFault;
use crate::state::error::{illegal, EngineError};
use crate::state::event::Event;
use crate::state::game::Game;
use battlecheck_properties::{CardId, PlayerId};

impl Game {
    /// Does spell `card`, cast by `player`, have convoke: a noncreature
    /// spell while they control a permanent whose static ability gives
    /// their noncreature spells convoke (Caetus, 604.1)?
    pub(crate) fn has_convoke(&self, player: PlayerId, card: CardId) -> bool {
        !self.obj(card).card.front().is(CardType::Creature)
            && self.battlefield().any(|o| {
                o.controller == player
                    && self.has_abilities(o.id)
                    && o.face()
                        .statics
                        .contains(&StaticAbility::NoncreatureSpellsYouCastHaveConvoke)
            })
    }

    /// `player` pays `cost` for `what`, tapping the creatures `convoke`
    /// for part of it (702.51a) and paying the rest from their mana pool
    /// (601.2h), or it is refused. Each creature pays one generic mana or
    /// one mana of one of its colors; of the ways to split the cost the
    /// engine takes the first that leaves a payable rest, trying colored
    /// mana before generic for each creature in order (the player's
    /// choice, 601.2h, made for them: it changes only which mana stays in
    /// the pool).
    pub(crate) fn pay_with_convoke(
        &mut self,
        player: PlayerId,
        cost: &ManaCost,
        convoke: &[CardId],
        what: String,
    ) -> Result<(), EngineError> {
        self.check_untapped_creatures(player, convoke, "702.51a")?;
        let colors: Vec<Vec<Color>> = convoke
            .iter()
            .map(|&c| {
                if self.fault(EngineFault::ConvokeIgnoresColor) {
                    Color::ALL.to_vec()
                } else {
                    self.colors(c).to_vec()
                }
            })
            .collect();
        let pool = self.players[player.0 as usize].pool;
        let Some(left) = split(*cost, &colors, &|rest| pay(pool, rest)) else {
            return illegal(
                "601.2h",
                format!(
                    "{player} can't pay {} for {what} with {} creature(s) tapped for convoke and the mana in their pool",
                    cost.text(),
                    convoke.len()
                ),
            );
        };
        self.players[player.0 as usize].pool = left;
        for &c in convoke {
            self.obj_mut(c).tapped = true;
        }
        self.emit(Event::PaidMana {
            player,
            cost: cost.text(),
        });
        Ok(())
    }

    /// The sets of creatures `player` might tap for convoke while casting
    /// `card`: none, and if it has convoke every nonempty set of their
    /// untapped creatures ([`Game::untapped_creature_sets`]); the cast's
    /// own checks decide which are legal.
    pub(crate) fn convoke_candidates(
        &self,
        player: PlayerId,
        card: CardId,
    ) -> std::borrow::Cow<'static, [Vec<CardId>]> {
        const NONE: &[Vec<CardId>] = &[Vec::new()];
        if !self.pays_mana || !self.has_convoke(player, card) {
            return std::borrow::Cow::Borrowed(NONE);
        }
        self.untapped_creature_sets(player, None).into()
    }
}

/// The first way (depth first, each creature trying its colors in WUBRG
/// order and then generic mana) to have each creature of `colors` pay one
/// mana of `cost` such that `rest` accepts what is left; `None` if a
/// creature can pay nothing or no way is accepted.
fn split<T>(
    cost: ManaCost,
    colors: &[Vec<Color>],
    rest: &dyn Fn(&ManaCost) -> Option<T>,
) -> Option<T> {
    let Some((first, others)) = colors.split_first() else {
        return rest(&cost);
    };
    for c in Color::ALL.into_iter().filter(|c| first.contains(c)) {
        let i = index(c.mana());
        if cost.symbols[i] > 0 {
            let mut less = cost;
            less.symbols[i] -= 1;
            if let Some(t) = split(less, others, rest) {
                return Some(t);
            }
        }
    }
    if cost.generic > 0 {
        let mut less = cost;
        less.generic -= 1;
        return split(less, others, rest);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn left(cost: &str, colors: &[&[Color]], pool: [u8; 6]) -> Option<[u8; 6]> {
        let colors: Vec<Vec<Color>> = colors.iter().map(|c| c.to_vec()).collect();
        split(ManaCost::parse(cost).unwrap(), &colors, &|rest| {
            pay(pool, rest)
        })
    }

    #[test]
    fn a_creature_pays_generic_mana_or_mana_of_its_color() {
        use Color::*;
        // A blue creature pays {U}; a red one the {1}; the pool pays {R}.
        assert_eq!(
            left("{1}{U}{R}", &[&[Blue], &[Red]], [0, 0, 0, 1, 0, 0]),
            Some([0; 6])
        );
        // A blue creature can't pay {R}; a colorless one pays only generic.
        assert_eq!(left("{R}", &[&[Blue]], [0; 6]), None);
        assert_eq!(left("{R}", &[&[]], [0, 0, 0, 1, 0, 0]), None);
        assert_eq!(left("{1}", &[&[]], [0; 6]), Some([0; 6]));
        // A white and blue creature pays whichever the rest needs: here
        // {W}, the pool's {U} paying {U}.
        assert_eq!(
            left("{W}{U}", &[&[White, Blue]], [0, 1, 0, 0, 0, 0]),
            Some([0; 6])
        );
        assert_eq!(
            left("{W}{U}", &[&[White, Blue]], [1, 0, 0, 0, 0, 0]),
            Some([0; 6])
        );
        // More creatures than mana to pay: one would pay nothing.
        assert_eq!(left("{1}", &[&[], &[]], [0; 6]), None);
    }
}
