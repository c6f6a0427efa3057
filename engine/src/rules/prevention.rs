//! Prevention effects (615): "Prevent all combat damage that would be
//! dealt this turn" (Fog). A prevention effect watches for damage that
//! would be dealt and stops it (615.1, 615.1a); damage prevented never
//! happens (615.6): no life is lost, no damage marked, no defense or
//! loyalty counters removed (120.3), and nothing that looks for damage
//! dealt (lifelink, deathtouch, "deals combat damage" triggers) sees it.
//! Fog's effect covers combat damage dealt to anything, battles included,
//! and no other damage. It lasts until the cleanup step (514.2,
//! [`crate::rules::turn`]); it is no control effect, so its controller
//! leaving the game does not end it (800.4a). It prevents all of the
//! damage, so the order in which it and a replacement effect that
//! increases damage apply (616.1, the affected player's or controller's
//! choice) changes nothing: it is applied first, and no choice is asked.

use crate::fault::EngineFault;
use crate::state::event::Event;
use crate::state::game::Game;
use battlecheck_properties::{CardId, Target};

impl Game {
    /// The combat damage of `dealt` that is still dealt while a Fog's
    /// effect applies: the rest is prevented, each assignment announced as
    /// [`Event::DamagePrevented`].
    pub(crate) fn prevent_combat_damage(
        &mut self,
        dealt: &[(CardId, Target, u32)],
    ) -> Vec<(CardId, Target, u32)> {
        let mut kept = Vec::new();
        for &(source, to, amount) in dealt {
            let spared = matches!(to, Target::Permanent(c)
                if self.fault(EngineFault::PreventionMissesBattles) && self.obj(c).is_battle());
            if spared || amount == 0 {
                kept.push((source, to, amount));
            } else {
                self.emit(Event::DamagePrevented { source, to, amount });
            }
        }
        kept
    }
}
