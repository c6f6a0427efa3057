//! Planeswalkers (306): loyalty (306.5), loyalty abilities (606), damage
//! to a planeswalker (306.8, 120.3c) and emblems (114), which the
//! loyalty abilities of Teferi Akosa of Zhalfir (the back face of Invasion
//! of New Phyrexia) make. A planeswalker with loyalty 0 is put into its
//! owner's graveyard as a state-based action (306.9, 704.5i; in
//! [`crate::rules::sba`]). Planeswalkers can be attacked (306.6, 506.3; in
//! [`crate::rules::combat`]): its controller is the defending player (506.2).

use crate::cards::static_ability::StaticAbility;
use crate::fault::EngineFault;
use crate::state::error::{illegal, EngineError};
use crate::state::event::Event;
use crate::state::game::Game;
use crate::state::lasting::Emblem;
use battlecheck_properties::{CardId, PlayerId};

impl Game {
    /// A planeswalker enters with loyalty counters equal to its printed
    /// loyalty (306.5b, a replacement effect, 614.1c).
    pub(crate) fn enters_with_loyalty(&mut self, id: CardId) {
        let loyalty = self.obj(id).face().loyalty.unwrap_or(0);
        self.obj_mut(id).loyalty = loyalty.into();
    }

    /// May `player` activate a loyalty ability of `source` costing `cost`
    /// loyalty counters now (606.3, 606.6)?
    pub(crate) fn check_loyalty_cost(
        &self,
        player: PlayerId,
        source: CardId,
        cost: i8,
        name: &str,
    ) -> Result<(), EngineError> {
        if !self.sorcery_timing(player) {
            return illegal(
                "606.3",
                format!("{name}'s loyalty abilities are activated only in a main phase of {player}'s turn with an empty stack"),
            );
        }
        let o = self.obj(source);
        if o.loyalty_activated && !self.fault(EngineFault::LoyaltyAbilityTwicePerTurn) {
            return illegal(
                "606.3",
                format!("a loyalty ability of {name} was activated this turn"),
            );
        }
        if cost < 0 && o.loyalty < u32::from(cost.unsigned_abs()) {
            return illegal(
                "606.6",
                format!(
                    "{name} has {} loyalty counter(s): it can't pay {cost}",
                    o.loyalty
                ),
            );
        }
        Ok(())
    }

    /// Pay a loyalty cost (606.4): put on or remove loyalty counters (the
    /// observation's `loyalty` shows them).
    pub(crate) fn pay_loyalty(&mut self, source: CardId, cost: i8) {
        let o = self.obj_mut(source);
        o.loyalty_activated = true;
        o.loyalty = match cost >= 0 {
            true => o.loyalty.saturating_add(cost.unsigned_abs().into()),
            false => o.loyalty.saturating_sub(cost.unsigned_abs().into()),
        };
    }

    /// Damage dealt to planeswalker `c` removes that many loyalty counters
    /// (306.8, 120.3c), as many as it has at most.
    pub(crate) fn damage_loyalty(&mut self, c: CardId, n: u32) {
        if self.fault(EngineFault::PlaneswalkerDamageIgnored) {
            return;
        }
        let o = self.obj_mut(c);
        o.loyalty = o.loyalty.saturating_sub(n);
    }

    /// `player` gets an emblem with `abilities` (114.2), if still in the
    /// game.
    pub(crate) fn get_emblem(&mut self, player: PlayerId, abilities: &[StaticAbility]) {
        if !self.in_game(player) {
            return;
        }
        self.emblems.push(Emblem {
            controller: player,
            abilities: abilities.to_vec(),
        });
        self.emit(Event::EmblemCreated { player });
    }

    /// The static abilities that apply to permanents `p` controls from
    /// their emblems (114.4); with the fault, every player's emblems.
    pub(crate) fn emblem_abilities(&self, p: PlayerId) -> impl Iterator<Item = &StaticAbility> {
        let everyone = self.fault(EngineFault::EmblemForEveryone);
        self.emblems
            .iter()
            .filter(move |e| everyone || e.controller == p)
            .flat_map(|e| e.abilities.iter())
    }
}
