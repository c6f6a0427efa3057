//! Copies (707): tokens that are copies of battles or of any permanent, a
//! card entering as a
//! copy of a battle or of a creature card with exceptions (707.9b), and a
//! permanent becoming a copy of a Siege.
//!
//! 707.2's list of copiable values omits defense (a known gap of the rules
//! text); the engine copies printed defense with the other characteristics,
//! as the rulings require: "if another permanent enters the battlefield as a
//! copy of a battle, it also enters with that number of defense counters".

use crate::cards::card::Face;
use crate::state::event::Event;
use crate::state::game::Game;
use battlecheck_properties::view::ProtectorOrigin;
use battlecheck_properties::{CardId, PlayerId, Zone};
use std::sync::Arc;

impl Game {
    /// The copiable values of `id` (707.2, 707.3: a copy of a copy gets the
    /// copied values).
    pub fn copiable(&self, id: CardId) -> Arc<Face> {
        match &self.obj(id).copy {
            Some(f) => f.clone(),
            None => Arc::new(self.obj(id).face().clone()),
        }
    }

    /// The copiable values of card `of` (a card in a graveyard: its front
    /// face, 712.8a) with the exceptions of `except` (707.9b): its power
    /// and toughness instead, its colors and subtypes as well.
    pub(crate) fn copy_with_exceptions(
        &self,
        of: CardId,
        except: &crate::cards::card::CopyExceptions,
    ) -> Face {
        let mut face = self.obj(of).card.front().clone();
        if self.fault(crate::fault::EngineFault::CopyExceptionsIgnored) {
            return face;
        }
        face.power = Some(except.power);
        face.toughness = Some(except.toughness);
        for c in &except.colors {
            if !face.colors.contains(c) {
                face.colors.push(*c);
            }
        }
        face.colors.sort();
        for s in &except.subtypes {
            if !face.has_subtype(s) {
                face.subtypes.push(s.clone());
            }
        }
        face
    }

    /// `id` becomes a copy of `of` (707.2). Counters stay as they are: a
    /// permanent that never had defense counters stays at 0 (B22, B25); a
    /// battle keeps its protector (310.9g, B15).
    pub(crate) fn become_copy(&mut self, id: CardId, of: CardId) {
        let face = self.copiable(of);
        let name = face.name.clone();
        let siege = face.is_siege();
        let o = self.obj_mut(id);
        o.copy = Some(face);
        if siege {
            o.history.was_siege_copy = true;
        }
        self.emit(Event::BecameCopy { card: id, of: name });
    }

    /// Create the token of `maker` as a copy of battle `of`, under
    /// `controller`'s control (707.5, 111.10). As a battle it enters with
    /// defense counters (310.4b) and a protector (310.9a). A card's token
    /// is set aside when the game is built; a copy of the spell (707.10)
    /// makes a token too, a new object.
    pub(crate) fn create_token_copy(&mut self, maker: CardId, of: CardId, controller: PlayerId) {
        let token = match self.token_of.iter().find(|(m, _)| *m == maker) {
            Some(&(_, token)) => token,
            None => {
                let Some(token) = self.new_token(self.obj(of).card.clone(), controller) else {
                    return;
                };
                self.token_of.push((maker, token));
                token
            }
        };
        if self.obj(token).zone != Zone::Outside || !self.in_game(controller) {
            return;
        }
        let face = self.copiable(of);
        let card = self.obj(of).card.clone();
        if self.defer_entry(
            maker,
            token,
            controller,
            false,
            Some(face.clone()),
            Some(card.clone()),
        ) {
            return;
        }
        self.put_token(token, card, controller, face, None);
    }

    /// Create a token that's a copy of permanent `of` under `controller`'s
    /// control (111.1, 707.2): its copiable values, a battle with defense
    /// counters and a protector (310.4b, 310.9a), if the game has room for
    /// it (see `new_token`).
    pub(crate) fn create_token_copy_of(&mut self, of: CardId, controller: PlayerId) {
        let card = self.obj(of).card.clone();
        let Some(token) = self.new_token(card.clone(), controller) else {
            return;
        };
        let face = self.copiable(of);
        self.put_token(token, card, controller, face, None);
    }

    /// The token enters the battlefield (with `protector` if it was chosen
    /// as it entered).
    pub(crate) fn put_token(
        &mut self,
        token: CardId,
        card: Arc<crate::cards::card::Card>,
        controller: PlayerId,
        face: Arc<Face>,
        protector: Option<PlayerId>,
    ) {
        let o = self.obj_mut(token);
        o.card = card;
        o.owner = controller;
        self.move_to(token, Zone::Battlefield);
        let o = self.obj_mut(token);
        o.controller = controller;
        o.base_controller = controller;
        o.copy = Some(face);
        self.emit(Event::TokenCreated { token, controller });
        self.enters_with_loyalty(token);
        self.enter_as_battle(token, protector);
        // 707.2, 603.6a: the token has the copied card's abilities, its
        // enters triggers included.
        self.enters_triggers(token);
    }

    /// A permanent that has just entered: if a battle, it gets its defense
    /// counters (310.4b, 614.1c) and a protector (310.9a, 310.12a): `chosen`
    /// if it was chosen as it entered.
    pub(crate) fn enter_as_battle(&mut self, id: CardId, chosen: Option<PlayerId>) {
        let o = self.obj(id);
        if !o.is_battle() {
            return;
        }
        let defense = o.printed_defense();
        let siege = o.is_siege();
        let copied = o.copy.is_some();
        let o = self.obj_mut(id);
        o.defense = defense;
        if siege && copied {
            o.history.was_siege_copy = true;
        }
        self.emit(Event::EnteredWithDefense {
            battle: id,
            defense,
        });
        match chosen {
            Some(p) => self.set_protector(id, p, ProtectorOrigin::Entered),
            None => self.protector_on_entering(id),
        }
    }
}
