//! Defense counters and the Siege's defeat trigger (310.6, 310.12b) with
//! the exile and the cast transformed (712.8c, 712.11a).

use crate::rules::faults::Fault;
use crate::rules::state::{bump, Ability, GameState, Pending, StackItem, Then, Waiting};
use battlecheck_properties::step::Happened;
use battlecheck_properties::{CardId, PlayerId, Zone};

impl GameState {
    /// Remove up to `n` defense counters from battle `id` (310.6, 120.3h: never
    /// below zero; excess is not carried anywhere, 120.4a). If that removes
    /// the last counter of a Siege, its defeat trigger triggers once
    /// (310.12b), however many sources removed counters in this one event
    /// (`sources`, 510.2).
    pub fn remove_counters(&mut self, id: CardId, n: u8, sources: u8, by_combat: bool) {
        let before = self.obj(id).counters;
        let after = before.saturating_sub(n);
        self.obj_mut(id).counters = after;
        self.record(Happened::DefenseRemoved {
            battle: id,
            amount: (before - after).into(),
            left: after.into(),
        });
        if before > 0 && after == 0 && self.chars(id).siege {
            let o = self.obj_mut(id);
            bump(&mut o.history.defeats);
            o.history.combat_defeat = by_combat;
            let times = if self.setup().fault(Fault::TriggerPerSource) {
                sources.max(1)
            } else {
                1
            };
            for _ in 0..times {
                let o = self.obj(id);
                let w = Waiting {
                    source: id,
                    incarnation: o.incarnation,
                    controller: o.controller,
                    ability: Ability::Defeat,
                };
                bump(&mut self.obj_mut(id).history.triggers);
                self.waiting.push(w);
            }
        }
    }

    /// Can the exiled `card` be cast transformed? Only a nonmodal
    /// double-faced card can (712.11a); a token or any other card stays in
    /// exile (rulings B23, B24).
    fn castable_transformed(&self, card: CardId) -> bool {
        let def = self.setup().def(card);
        if def.token {
            return self.setup().fault(Fault::TokensCastTransformed);
        }
        def.kind.is_dfc()
    }

    /// The defeat trigger on top of the stack resolves: "exile it, then you
    /// may cast it transformed without paying its mana cost" (310.12b). If
    /// its source is no longer the object it triggered from (it left the
    /// battlefield, 400.7), it does nothing.
    pub fn resolve_defeat_trigger(
        &mut self,
        source: CardId,
        incarnation: u8,
        controller: PlayerId,
    ) {
        let o = self.obj(source);
        if o.zone != Zone::Battlefield || o.incarnation != incarnation {
            bump(&mut self.obj_mut(source).history.trigger_fizzles);
            return self.settle(Then::Priority);
        }
        let castable = self.castable_transformed(source) && self.in_game(controller);
        if castable && self.setup().fault(Fault::CastWithoutExile) {
            return self.put_transformed_on_stack(source, controller);
        }
        if castable && self.setup().fault(Fault::OptionalTrigger) {
            self.pending = Pending::CastTransformed {
                card: source,
                player: controller,
            };
            return;
        }
        // The exile happens whatever the player decides (ruling B21).
        self.move_to(source, Zone::Exile);
        bump(&mut self.obj_mut(source).history.trigger_exiles);
        if castable {
            self.pending = Pending::CastTransformed {
                card: source,
                player: controller,
            };
        } else {
            self.settle(Then::Priority);
        }
    }

    /// The controller of the resolving trigger casts the exiled card
    /// transformed, or declines (it stays in exile).
    pub fn decide_cast_transformed(&mut self, card: CardId, player: PlayerId, cast: bool) {
        if self.setup().fault(Fault::OptionalTrigger) && self.obj(card).zone == Zone::Battlefield {
            if !cast {
                return self.settle(Then::Priority);
            }
            self.move_to(card, Zone::Exile);
            bump(&mut self.obj_mut(card).history.trigger_exiles);
        }
        if cast {
            self.put_transformed_on_stack(card, player);
        } else {
            self.settle(Then::Priority);
        }
    }

    /// Cast `card` transformed: it goes on the stack back face up with only
    /// its back face's characteristics (712.8c, 712.11a), controlled by its
    /// caster.
    fn put_transformed_on_stack(&mut self, card: CardId, player: PlayerId) {
        self.move_to(card, Zone::Stack);
        let o = self.obj_mut(card);
        o.back_face = true;
        o.controller = player;
        o.default_controller = player;
        bump(&mut o.history.transformed_casts);
        self.stack.push(StackItem::Spell {
            card,
            controller: player,
            transformed: true,
            targets: [None; 2],
        });
        self.settle(Then::Priority);
    }
}
