//! Moving objects between zones (400). An object that moves is a new object
//! with no memory of its previous existence (400.7): counters, damage,
//! protector, combat, attachments, copy and type-changing effects are gone,
//! and it is front face up again (712.8a).

use crate::state::event::Event;
use crate::state::game::{Combat, Game};
use battlecheck_properties::view::ProtectorOrigin;
use battlecheck_properties::{CardId, PlayerId, Zone};

impl Game {
    /// A new token of `card` under `controller`'s control, not yet created
    /// (outside the game until it is put somewhere, 111.1). The game has
    /// room for 256 objects (card numbers are one byte): beyond that no
    /// token is made, the event says so, and this returns `None`.
    pub(crate) fn new_token(
        &mut self,
        card: std::sync::Arc<crate::cards::card::Card>,
        controller: PlayerId,
    ) -> Option<CardId> {
        let Ok(n) = u8::try_from(self.objects.len()) else {
            self.emit(Event::NoRoomForToken { controller });
            return None;
        };
        let id = CardId(n);
        self.objects.push(crate::state::game::Object::new(
            id,
            card,
            controller,
            true,
            Zone::Outside,
        ));
        Some(id)
    }

    /// The cards in `p`'s hand (402.1).
    pub(crate) fn hand_of(&self, p: PlayerId) -> impl Iterator<Item = CardId> + '_ {
        self.objects
            .iter()
            .filter(move |o| o.zone == Zone::Hand && o.owner == p)
            .map(|o| o.id)
    }

    /// `player` discards `card` from their hand: it goes to their
    /// graveyard (701.9a), and their "whenever you discard" abilities
    /// trigger.
    pub(crate) fn discard(&mut self, player: PlayerId, card: CardId) {
        self.move_to(card, Zone::Graveyard);
        self.emit(Event::Discarded { player, card });
        self.discard_triggers(player, card);
    }

    /// Move `id` to `to`. Tokens may move too; they cease to exist at the
    /// next state-based action check (111.7, 704.5d).
    pub fn move_to(&mut self, id: CardId, to: Zone) {
        let from = self.obj(id).zone;
        // 603.10a: a dies trigger looks at the creature as it last was.
        let died = from == Zone::Battlefield && to == Zone::Graveyard && self.obj(id).is_creature();
        let controller = self.obj(id).controller;
        if from == Zone::Stack {
            self.stack.retain(
                |s| !matches!(s, crate::state::game::StackItem::Spell { card, .. } if *card == id),
            );
        }
        self.track_library(id, from, to);
        if from == Zone::Battlefield && to == Zone::Graveyard {
            self.to_graveyard_this_turn = true;
        }
        let o = self.obj_mut(id);
        o.zone = to;
        o.incarnation += 1;
        o.controller = o.owner;
        o.base_controller = o.owner;
        o.control_effects.clear();
        o.back_face = false;
        o.copy = None;
        o.animated = None;
        o.crewed = false;
        o.defense = 0;
        o.loyalty = 0;
        o.loyalty_activated = false;
        o.plus_one = 0;
        o.stun = 0;
        o.until_end_of_turn = (0, 0);
        o.damage = 0;
        // 107.3m: a permanent entering from the stack keeps its spell's X
        // for its enters triggers.
        o.x = if from == Zone::Stack && to == Zone::Battlefield {
            o.x
        } else {
            0
        };
        // 614.1c: "this land enters tapped".
        o.tapped = to == Zone::Battlefield && o.enters_tapped();
        o.sick = true;
        o.protector = None;
        o.protector_origin = ProtectorOrigin::Entered;
        o.combat = Combat::None;
        o.attached_to = None;
        self.gained_until_end_of_turn.retain(|&(c, _)| c != id);
        self.lost_abilities.retain(|&c| c != id);
        self.playable_from_exile.retain(|p| p.card != id);
        self.attacked_this_turn.retain(|&c| c != id);
        self.deathtouched.retain(|&c| c != id);
        self.emit(Event::Moved { card: id, from, to });
        if died {
            self.dies_triggers(controller);
        }
    }

    /// The player who controls `id` on the battlefield: the newest
    /// control-changing effect's player, else the player who put it there
    /// (108.4, 613.1b). If that default controller has left the game, the
    /// object is exiled instead (800.4c).
    pub fn recompute_controller(&mut self, id: CardId) {
        let o = self.obj(id);
        let new = o
            .control_effects
            .last()
            .copied()
            .unwrap_or(o.base_controller);
        if !self.in_game(new) {
            self.move_to(id, Zone::Exile);
            return;
        }
        if new != o.controller {
            let o = self.obj_mut(id);
            o.controller = new;
            o.sick = true;
            self.emit(Event::ControlChanged {
                card: id,
                controller: new,
            });
        }
    }
}
