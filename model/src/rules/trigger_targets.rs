//! Targets of triggered abilities, chosen as they are put on the stack
//! (603.3d): Portal Mage's "target attacking creature" (508.7) and Invasion
//! of Gobakhan's "target opponent" (C02).

use crate::rules::state::{Ability, GameState, Pending, StackItem, Then};
use arrayvec::ArrayVec;
use battlecheck_properties::{CardId, PlayerId, Target};

impl GameState {
    /// The legal targets of a triggered ability of `controller` (115.1,
    /// 801.4); none for an ability without a target.
    pub fn trigger_target_options(
        &self,
        ability: Ability,
        controller: PlayerId,
    ) -> ArrayVec<Target, 32> {
        match ability {
            // A ward trigger targets nothing: it names the spell it counters.
            Ability::Defeat | Ability::SearchForCreature | Ability::Ward => ArrayVec::new(),
            Ability::Reselect => self
                .attacking_targets(controller)
                .into_iter()
                .map(Target::Permanent)
                .collect(),
            Ability::ExileFromHand => self
                .opponent_targets(controller)
                .into_iter()
                .map(Target::Player)
                .collect(),
        }
    }

    /// 603.3d: each trigger put on the stack gets its target as it is put
    /// there, bottom first. With no legal target it is removed from the
    /// stack; with one the choice is made; with more its controller
    /// chooses ([`Pending::TargetTrigger`]). Then the game goes on with
    /// `then`.
    pub fn target_triggers(&mut self, then: Then) {
        while let Some(i) = self.stack.iter().position(|s| {
            matches!(
                s,
                StackItem::Trigger {
                    ability: Ability::Reselect | Ability::ExileFromHand,
                    target: None,
                    ..
                }
            )
        }) {
            let StackItem::Trigger {
                source,
                controller,
                ability,
                ..
            } = self.stack[i]
            else {
                unreachable!("position found a trigger")
            };
            let options = self.trigger_target_options(ability, controller);
            match options.len() {
                0 => {
                    self.stack.remove(i);
                }
                1 => self.set_trigger_target(i, options[0]),
                _ => {
                    self.pending = Pending::TargetTrigger { source, then };
                    return;
                }
            }
        }
        self.go_on(then);
    }

    fn set_trigger_target(&mut self, i: usize, t: Target) {
        let chosen = self.target_ref(t);
        if let StackItem::Trigger { target, .. } = &mut self.stack[i] {
            *target = Some(chosen);
        }
    }

    /// The trigger of `source` on the stack whose target is not chosen yet.
    pub fn untargeted_trigger(&self, source: CardId) -> Option<StackItem> {
        self.stack.iter().copied().find(
            |s| matches!(s, StackItem::Trigger { source: s, target: None, .. } if *s == source),
        )
    }

    /// The controller of the trigger of `source` chose its target.
    pub fn choose_trigger_target(&mut self, source: CardId, t: Target, then: Then) {
        let i = self
            .stack
            .iter()
            .position(
                |s| matches!(s, StackItem::Trigger { source: s, target: None, .. } if *s == source),
            )
            .expect("the trigger waiting for its target is on the stack");
        self.set_trigger_target(i, t);
        self.target_triggers(then);
    }
}
