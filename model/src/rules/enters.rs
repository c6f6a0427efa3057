//! The printed enters triggers of the pool's real cards (603.6a): they
//! trigger as the permanent enters front face up, or a copy of it enters
//! (707.2: a copy has the copied card's abilities), controlled by its
//! controller (603.3a). What each does is its card's module: Portal Mage's
//! (`reselect`, only during the declare attackers step), Invasion of
//! Gobakhan's (`play_from_exile`), and Invasion of Ikoria's, which finds
//! nothing in the model's games (below).

use crate::rules::cards::CardName;
use crate::rules::state::{Ability, GameState, Waiting};
use battlecheck_properties::{CardId, Step};

impl GameState {
    /// `id` entered the battlefield as `root`, or as a copy of `root` when
    /// `copy`: its enters triggers trigger.
    pub fn enters_triggers(&mut self, id: CardId, root: CardId, copy: bool) {
        let o = self.obj(id);
        if o.back_face {
            return;
        }
        let def = self.setup().def(root);
        let ability = match def.name {
            // "When this creature enters during the declare attackers step"
            // (603.2); a Clone copies only battles, so never Portal Mage.
            CardName::PortalMage if !copy => {
                (self.step == Step::DeclareAttackers).then_some(Ability::Reselect)
            }
            CardName::Gobakhan => Some(Ability::ExileFromHand),
            CardName::Zilortha => Some(Ability::SearchForCreature),
            _ => None,
        };
        if let Some(ability) = ability {
            self.waiting.push(Waiting {
                source: id,
                incarnation: o.incarnation,
                controller: o.controller,
                ability,
            });
        }
    }
}
