//! Invasion of Gobakhan (checklist C02): "When this Siege enters, look at
//! target opponent's hand. You may exile a nonland card from it. For as
//! long as that card remains exiled, its owner may play it." Its owner may
//! cast it from exile (601.3) with normal timing (the card's rulings; 307.1,
//! 310.1), and only while it stays exiled: a zone change makes it a new
//! object without the permission (400.7).

use crate::rules::faults::Fault;
use crate::rules::state::{GameState, Pending, TargetRef, Then};
use arrayvec::ArrayVec;
use battlecheck_properties::{CardId, PlayerId, Target, Zone};

impl GameState {
    /// The legal choices for "target opponent" of `controller` (115.1,
    /// 102.3; 801.4: within range of influence).
    pub fn opponent_targets(&self, controller: PlayerId) -> ArrayVec<PlayerId, 6> {
        self.player_ids()
            .filter(|&p| self.is_opponent_target(controller, p))
            .collect()
    }

    fn is_opponent_target(&self, controller: PlayerId, p: PlayerId) -> bool {
        self.in_game(p)
            && !self.teammates(controller, p)
            && self.in_reach(controller, Target::Player(p))
    }

    /// The trigger resolves (608.2b: not if its target is no longer an
    /// opponent in the game within range). Its controller looks at the
    /// opponent's hand and may choose a card to exile; with an empty hand
    /// there is nothing to choose.
    pub fn resolve_exile_trigger(
        &mut self,
        source: CardId,
        controller: PlayerId,
        target: Option<TargetRef>,
    ) {
        let whose = target.and_then(|t| match t.target {
            Target::Player(p) if self.is_opponent_target(controller, p) => Some(p),
            _ => None,
        });
        match whose {
            Some(whose) if !self.exile_candidates(whose).is_empty() => {
                self.pending = Pending::ChooseCards {
                    source,
                    player: controller,
                    whose,
                }
            }
            _ => self.settle(Then::Priority),
        }
    }

    /// The nonland cards in `whose` hand (every card of the model's pool
    /// is a nonland card).
    pub fn exile_candidates(&self, whose: PlayerId) -> ArrayVec<CardId, 24> {
        self.ids()
            .filter(|&c| self.setup().def(c).owner == whose && self.obj(c).zone == Zone::Hand)
            .collect()
    }

    /// The trigger's controller chose `card` (or none: "you may"): it is
    /// exiled, and its owner may play it while it stays there.
    pub fn exile_chosen(&mut self, card: Option<CardId>) {
        if let Some(card) = card {
            self.move_to(card, Zone::Exile);
            self.obj_mut(card).playable_from_exile = true;
        }
        self.settle(Then::Priority);
    }

    /// May `player` cast `card` from where it is (601.3)? A card in their
    /// hand, or one in exile that an effect lets its owner play.
    pub fn may_cast_from_zone(&self, player: PlayerId, card: CardId) -> bool {
        let o = self.obj(card);
        let owner = self.setup().def(card).owner;
        match o.zone {
            Zone::Hand => owner == player,
            Zone::Exile if o.playable_from_exile => {
                owner == player || self.setup().fault(Fault::ExiledCardPlayableByAnyone)
            }
            _ => false,
        }
    }
}
