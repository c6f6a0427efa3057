//! Protectors (310.9, 310.12a): who may protect a battle, and the choices
//! made as a battle enters and as a state-based action.

use crate::rules::config::MAX_PLAYERS;
use crate::rules::faults::Fault;
use crate::rules::state::GameState;
use arrayvec::ArrayVec;
use battlecheck_properties::step::Happened;
use battlecheck_properties::view::ProtectorOrigin;
use battlecheck_properties::{CardId, PlayerId};

impl GameState {
    /// The players who may protect battle `id` if `controller` controls it:
    /// for a Siege its controller's opponents in the game (310.12a); for a
    /// battle with no battle type only its controller (310.9a).
    pub fn protector_options(
        &self,
        id: CardId,
        controller: PlayerId,
    ) -> ArrayVec<PlayerId, MAX_PLAYERS> {
        self.protectors_for(self.chars(id).siege, controller)
    }

    /// The players who may be chosen to protect a Siege (`siege`) or a
    /// battle with no battle type controlled by `controller`, in turn
    /// order: with a limited range of influence, only players within the
    /// controller's range (801.5a; see `battlecheck_properties::seating`).
    pub fn protectors_for(
        &self,
        siege: bool,
        controller: PlayerId,
    ) -> ArrayVec<PlayerId, MAX_PLAYERS> {
        let table = self.table();
        let ignore_range = self.setup().fault(Fault::ProtectorOutOfRange);
        let variant = self.setup().config.variant;
        self.turn_order_from(controller)
            .filter(|&p| {
                if siege {
                    variant.opponents(controller, p)
                } else {
                    p == controller
                }
            })
            .filter(|&p| ignore_range || table.in_range(controller, p))
            .collect()
    }

    /// May `p` be the protector of battle `id` as it is now?
    pub fn may_protect(&self, id: CardId, p: PlayerId) -> bool {
        let controller = self.obj(id).controller;
        self.in_game(p)
            && if self.chars(id).siege {
                !self.teammates(p, controller)
            } else {
                p == controller
            }
    }

    /// Designate `p` as the protector of `id` (310.9f: the previous protector
    /// stops being its protector). A battle whose protector changes is
    /// removed from combat (506.4).
    pub fn set_protector(&mut self, id: CardId, p: Option<PlayerId>, origin: ProtectorOrigin) {
        self.record_protector(id, p);
        let old = self.obj(id).protector;
        if old.is_some() && old != p {
            self.remove_from_combat(id);
        }
        let o = self.obj_mut(id);
        o.protector = p;
        o.protector_origin = origin;
    }

    /// Record that `p` was chosen to protect battle `id` (see
    /// `battlecheck_properties::step`).
    pub fn record_protector(&mut self, id: CardId, p: Option<PlayerId>) {
        if let Some(protector) = p {
            self.record(Happened::ProtectorChosen {
                battle: id,
                protector,
                controller: self.obj(id).controller,
                siege: self.chars(id).siege,
            });
        }
    }
}
