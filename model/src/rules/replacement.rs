//! Replacement effects that modify damage (614.1a): Pool Amplifier's "If a
//! noncreature source you control would deal damage to a creature,
//! battle, or opponent, it deals that much damage plus 2 instead" (the
//! damage replacement of Disciples of the Inferno). A battle is dealt the
//! increased damage and loses as many defense counters (120.3h); a player
//! dealt it by an opponent's source loses that much life (120.3a); the
//! source's controller is no opponent of their own. Several such effects
//! apply one after the other (616.1), which sums their bonuses whatever
//! the order. The model's only noncreature source of damage is its burn
//! spell (`stack`).

use crate::rules::faults::Fault;
use crate::rules::state::GameState;
use battlecheck_properties::{PlayerId, Target};

impl GameState {
    /// The damage a noncreature source controlled by `controller` deals to
    /// `to` when it would deal `amount` (614.1a): increased by every
    /// permanent `controller` controls with such an effect, if `to` is a
    /// creature, a battle, or an opponent of `controller`.
    pub(crate) fn noncreature_damage(&self, controller: PlayerId, to: Target, amount: u8) -> u8 {
        let affected = match to {
            Target::Player(p) => !self.teammates(controller, p),
            Target::Permanent(c) => {
                let c = self.chars(c);
                c.creature || (c.battle && !self.setup().fault(Fault::DamageBonusNotToBattles))
            }
            _ => false,
        };
        if amount == 0 || !affected {
            return amount;
        }
        self.on_battlefield()
            .filter(|&s| self.obj(s).controller == controller)
            .fold(amount, |n, s| {
                n.saturating_add(self.chars(s).noncreature_damage_bonus)
            })
    }
}
