//! Zilortha, Apex of Ikoria (checklist C04): "For each non-Human creature
//! you control, you may have that creature assign its combat damage as
//! though it weren't blocked." Its rulings: the choice is made for each
//! creature just before it assigns combat damage; it is all or nothing
//! (all of the damage to the player, planeswalker or battle it attacks,
//! 510.1b, none to its blockers, 510.1c); its blockers still deal it
//! damage; and it applies to a creature attacking a battle too.

use crate::cards::static_ability::StaticAbility;
use crate::fault::EngineFault;
use crate::state::error::{illegal, EngineError};
use crate::state::event::Event;
use crate::state::game::{Combat, Game, Waiting};
use battlecheck_properties::{AttackTarget, CardId, PlayerId, Target};

impl Game {
    /// Is `id` a Human (205.3m)?
    pub(crate) fn is_human(&self, id: CardId) -> bool {
        self.obj(id).face().has_subtype("Human")
    }

    /// May `attacker`'s controller have it assign its combat damage as
    /// though it weren't blocked: it is not a Human, and they control a
    /// permanent with Zilortha's static ability (604.2: it applies while
    /// that permanent is on the battlefield)?
    fn may_assign_as_unblocked(&self, attacker: CardId) -> bool {
        let o = self.obj(attacker);
        let onto_battle = matches!(
            o.combat,
            Combat::Attacking {
                target: Some(AttackTarget::Battle(_)),
                ..
            }
        );
        (!self.is_human(attacker) || self.fault(EngineFault::AsUnblockedForHumans))
            && !(onto_battle && self.fault(EngineFault::AsUnblockedNotOntoBattles))
            && self.battlefield().any(|s| {
                (s.controller == o.controller || self.fault(EngineFault::AsUnblockedForEveryone))
                    && self.has_abilities(s.id)
                    && s.face()
                        .statics
                        .contains(&StaticAbility::NonHumansMayAssignAsUnblocked)
            })
    }

    /// As a combat damage step begins: each blocked attacker that deals
    /// damage now, with power above 0 (510.1a), that its controller may
    /// have assign its damage as though it weren't blocked waits for that
    /// choice, in card order; then trample assignments (702.19b).
    pub(crate) fn begin_as_unblocked(&mut self, strikers: Vec<CardId>) {
        self.as_unblocked.clear();
        let queue: Vec<CardId> = strikers
            .into_iter()
            .filter(|&a| {
                matches!(self.obj(a).combat, Combat::Attacking { blocked: true, .. })
                    && self.power(a) > 0
                    && self.may_assign_as_unblocked(a)
            })
            .collect();
        if queue.is_empty() {
            self.begin_trample();
        } else {
            self.waiting = Waiting::AssignAsUnblocked(queue);
        }
    }

    /// After a player left the game while these attackers waited for the
    /// choice: those still on the battlefield that may still make it wait
    /// on, in the same order; with none, trample assignments follow.
    pub(crate) fn resume_as_unblocked(&mut self, queue: Vec<CardId>) {
        let queue: Vec<CardId> = queue
            .into_iter()
            .filter(|&a| self.obj(a).on_battlefield() && self.may_assign_as_unblocked(a))
            .collect();
        if queue.is_empty() {
            self.begin_trample();
        } else {
            self.waiting = Waiting::AssignAsUnblocked(queue);
        }
    }

    /// `player` decides whether `attacker` assigns its combat damage as
    /// though it weren't blocked.
    pub(crate) fn assign_as_unblocked(
        &mut self,
        player: PlayerId,
        attacker: CardId,
        as_unblocked: bool,
    ) -> Result<(), EngineError> {
        let Waiting::AssignAsUnblocked(queue) = &self.waiting else {
            return illegal(
                "510.1c",
                format!(
                    "no attacker may assign its combat damage as though it weren't blocked now: the game waits for {}",
                    self.waiting_text()
                ),
            );
        };
        self.assigners_turn(queue, attacker, player, "510.1c")?;
        if as_unblocked {
            self.as_unblocked.push(attacker);
        }
        if let Waiting::AssignAsUnblocked(queue) = &mut self.waiting {
            queue.retain(|&a| a != attacker);
            if queue.is_empty() {
                self.begin_trample();
            }
        }
        Ok(())
    }

    /// Does `attacker` assign its combat damage this step as though it
    /// weren't blocked?
    pub(crate) fn assigns_as_unblocked(&self, attacker: CardId) -> bool {
        self.as_unblocked.contains(&attacker)
    }

    /// The fact that `attacker` assigns all its combat damage to `target`,
    /// what it attacks, as though it weren't blocked.
    pub(crate) fn as_unblocked_event(
        &self,
        attacker: CardId,
        target: Option<AttackTarget>,
    ) -> Event {
        Event::AssignedAsUnblocked {
            attacker,
            to: target.map(|t| match t {
                AttackTarget::Player(p) => Target::Player(p),
                AttackTarget::Battle(c) | AttackTarget::Planeswalker(c) => Target::Permanent(c),
            }),
            human: self.is_human(attacker),
        }
    }

    /// Does a blocker deal its combat damage to `attacker` (510.1d)? Yes,
    /// even when the attacker assigns its own as though it weren't blocked
    /// (Zilortha's ruling).
    pub(crate) fn damaged_by_blockers(&self, attacker: CardId) -> bool {
        !(self.assigns_as_unblocked(attacker) && self.fault(EngineFault::AsUnblockedNotDamaged))
    }
}
