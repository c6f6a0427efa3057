//! Prevention effects (615): Fog's "Prevent all combat damage that would be
//! dealt this turn". A prevention effect watches for damage that would be
//! dealt and stops it (615.1, 615.1a): damage prevented never happens
//! (615.6), so a battle it would have been dealt to loses no defense
//! counters (120.3h), a creature is marked with none, a player loses no
//! life, and lifelink and deathtouch see no damage (702.15b, 702.2b). It
//! applies to combat damage dealt to anything, battles and planeswalkers
//! included, and to no other damage (a bolt still deals its damage); it
//! ends in the turn's cleanup step (514.2, `turn`). Its controller leaving
//! the game does not end it: 800.4a ends only the effects that give that
//! player control of something. It prevents all of the damage, so the
//! order in which it and a damage-increasing replacement apply (616.1)
//! changes nothing, and no choice is asked (the model's only such
//! replacement, Pool Amplifier's, applies to noncombat damage anyway).

use crate::rules::faults::Fault;
use crate::rules::state::GameState;
use battlecheck_properties::Target;

impl GameState {
    /// Fog resolves: combat damage is prevented for the rest of the turn.
    pub(crate) fn prevent_combat_damage_this_turn(&mut self) {
        self.combat_damage_prevented = true;
    }

    /// Is the combat damage that would be dealt to `to` now prevented?
    pub(crate) fn combat_damage_prevented_to(&self, to: Target) -> bool {
        let spared = |to| match to {
            Target::Permanent(b) => {
                self.setup().fault(Fault::PreventionMissesBattles) && self.chars(b).battle
            }
            _ => false,
        };
        self.combat_damage_prevented && !spared(to)
    }
}
