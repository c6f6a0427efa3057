//! The model's state seen through the shared [`GameView`], without copying.

use crate::rules::cards::{BackFace, Kind};
use crate::rules::config::{MAX_OBJECTS, MAX_PLAYERS};
use crate::rules::state::{Ability, Combat, GameState, Pending as P, StackItem};
use arrayvec::ArrayVec;
use battlecheck_properties::catalogue;
use battlecheck_properties::seating::Table;
use battlecheck_properties::step::StepBreak;
use battlecheck_properties::view::CombatObs;
use battlecheck_properties::{
    CardId, GameView, ObjectObs, Pending, PlayerId, PlayerObs, StackObs, Step, Zone,
};

impl GameView for GameState {
    fn turn(&self) -> u32 {
        self.turn.into()
    }
    fn active(&self) -> PlayerId {
        self.active
    }
    fn step(&self) -> Step {
        self.step
    }
    fn pending(&self) -> Pending {
        match self.pending {
            P::Priority => Pending::Priority,
            P::DeclareAttackers => Pending::DeclareAttackers,
            P::DeclareBlockers => Pending::DeclareBlockers,
            P::AssignAsUnblocked { .. } => Pending::AssignAsUnblocked,
            P::AssignTrample { .. } => Pending::AssignTrample,
            P::DivideDamage { .. } => Pending::DivideDamage,
            P::ChooseCopy { .. } | P::EnterProtector { .. } | P::SbaProtectors { .. } => {
                Pending::ChooseProtectors
            }
            P::CastTransformed { .. } => Pending::CastTransformed,
            P::TargetTrigger { .. } => Pending::TargetTrigger,
            P::ReselectAttack { .. } => Pending::ReselectAttack,
            P::PayUnless { .. } => Pending::PayUnless,
            P::ChooseCards { .. } => Pending::ChooseCards,
            P::GameOver => Pending::GameOver,
        }
    }
    fn player_count(&self) -> usize {
        self.players.len()
    }
    fn player(&self, p: PlayerId) -> PlayerObs {
        let pl = self.players[p.0 as usize];
        PlayerObs {
            life: pl.life.into(),
            in_game: pl.in_game,
        }
    }
    fn object_count(&self) -> usize {
        self.objs.len()
    }
    fn object(&self, id: CardId) -> ObjectObs {
        self.observe_object(id)
    }
    fn stack_len(&self) -> usize {
        self.stack.len()
    }
    fn stack_item(&self, index: usize) -> StackObs {
        match self.stack[index] {
            StackItem::Spell {
                card,
                controller,
                transformed,
                ..
            } => StackObs::Spell {
                card,
                controller,
                transformed,
            },
            StackItem::Trigger {
                source,
                controller,
                ability: Ability::Defeat,
                ..
            } => StackObs::DefeatTrigger { source, controller },
            StackItem::Trigger {
                source,
                controller,
                ability:
                    Ability::Reselect
                    | Ability::ExileFromHand
                    | Ability::SearchForCreature
                    | Ability::Ward,
                ..
            } => StackObs::TriggeredAbility { source, controller },
            StackItem::Activated {
                source, controller, ..
            } => StackObs::Ability { source, controller },
        }
    }
    fn waiting_trigger_count(&self) -> usize {
        self.defeat_triggers_waiting().count()
    }
    fn waiting_trigger(&self, index: usize) -> CardId {
        self.defeat_triggers_waiting()
            .nth(index)
            .expect("index below waiting_trigger_count")
    }
    fn step_broken(&self) -> Option<StepBreak> {
        self.broken
    }
    fn table(&self) -> Table {
        GameState::table(self)
    }
}

impl GameState {
    /// Who makes the choice the game waits for, where the shared decision
    /// does not name them: each battle's protector chooser, in player order
    /// (310.9a: as it enters, the controller of the spell resolving;
    /// 704.5x–y: "that battle's controller chooses"); a trampler's or a
    /// blocked attacker's controller assigning its damage (702.19b,
    /// 510.1c). Empty for the other waits: their decisions name their
    /// player, or they are the declarations and priority windows.
    pub fn choosers(&self) -> ArrayVec<PlayerId, MAX_PLAYERS> {
        let mut who: ArrayVec<PlayerId, MAX_PLAYERS> = ArrayVec::new();
        match self.pending {
            P::EnterProtector { .. } => who.push(self.resolving_controller()),
            P::SbaProtectors { .. } => {
                for (battle, _) in self.sba_protector_choices() {
                    let c = self.obj(battle).controller;
                    if !who.contains(&c) {
                        who.push(c);
                    }
                }
                who.sort_unstable();
            }
            P::AssignTrample { attacker } | P::DivideDamage { attacker } => {
                who.push(self.obj(attacker).controller)
            }
            _ => {}
        }
        who
    }

    /// The sources of the defeat triggers waiting to be put on the stack
    /// (the view tells only those, see [`GameView::waiting_trigger`]).
    fn defeat_triggers_waiting(&self) -> impl Iterator<Item = CardId> + '_ {
        self.waiting
            .iter()
            .filter(|w| w.ability == Ability::Defeat)
            .map(|w| w.source)
    }

    /// One object as the shared vocabulary observes it. Inlined into the
    /// catalogue's snapshot of a state, so that the observation is written
    /// where the snapshot keeps it rather than copied there.
    #[inline(always)]
    pub fn observe_object(&self, id: CardId) -> ObjectObs {
        let o = self.obj(id);
        let def = self.setup().def(id);
        let c = self.chars(id);
        let creature_here = c.creature && o.zone == Zone::Battlefield;
        let copy_root_siege = o
            .copy_of
            .is_some_and(|r| matches!(self.setup().def(r).kind, Kind::Siege { .. }));
        ObjectObs {
            id,
            owner: def.owner,
            token: def.token,
            dfc: def.kind.is_dfc() && !def.token,
            zone: o.zone,
            controller: o.controller,
            back_face: o.back_face,
            battle: c.battle,
            siege: c.siege,
            creature: c.creature,
            sorcery_back: matches!(
                def.kind,
                Kind::Siege {
                    back: BackFace::Sorcery,
                    ..
                }
            ) && !def.token,
            siege_copy: copy_root_siege && o.zone == Zone::Battlefield,
            defense: o.counters.into(),
            loyalty: if o.zone == Zone::Battlefield && c.planeswalker {
                o.loyalty.into()
            } else {
                0
            },
            printed_defense: c.printed_defense.into(),
            protector: o.protector,
            protector_origin: o.protector_origin,
            tapped: o.tapped,
            damage: if creature_here { o.damage.into() } else { 0 },
            sick: creature_here && o.sick,
            flash: def.kind.instant_speed() && !def.kind.is_instant(),
            power: if creature_here { c.power.into() } else { 0 },
            toughness: if creature_here { c.toughness.into() } else { 0 },
            combat: match o.combat {
                Combat::None => CombatObs::None,
                Combat::Attacking {
                    target,
                    blocked,
                    defender,
                } => CombatObs::Attacking {
                    target,
                    blocked,
                    defender: Some(defender),
                },
                Combat::Blocking(a) => CombatObs::Blocking(a),
            },
            attached_to: o.attached_to,
            playable_from_exile: o.playable_from_exile,
            history: o.history,
        }
    }

    /// The conditions of the catalogue entries in `wanted` on this state
    /// (see [`catalogue::evaluate`]), every object observed once.
    pub fn evaluate(&self, wanted: u64) -> u64 {
        let snapshot = Snapshot {
            state: self,
            objects: self.ids().map(|id| self.observe_object(id)).collect(),
            table: self.table(),
        };
        catalogue::evaluate(&snapshot, wanted)
    }
}

/// A state with every object observed once, and its seating, so that the
/// catalogue's checks read them without recomputing them.
struct Snapshot<'a> {
    state: &'a GameState,
    objects: ArrayVec<ObjectObs, MAX_OBJECTS>,
    table: Table,
}

impl GameView for Snapshot<'_> {
    fn turn(&self) -> u32 {
        self.state.turn()
    }
    fn active(&self) -> PlayerId {
        self.state.active()
    }
    fn step(&self) -> Step {
        self.state.step()
    }
    fn pending(&self) -> Pending {
        self.state.pending()
    }
    fn player_count(&self) -> usize {
        self.state.player_count()
    }
    fn player(&self, p: PlayerId) -> PlayerObs {
        self.state.player(p)
    }
    fn object_count(&self) -> usize {
        self.objects.len()
    }
    fn object(&self, id: CardId) -> ObjectObs {
        self.objects[id.0 as usize]
    }
    fn stack_len(&self) -> usize {
        self.state.stack_len()
    }
    fn stack_item(&self, index: usize) -> StackObs {
        self.state.stack_item(index)
    }
    fn waiting_trigger_count(&self) -> usize {
        self.state.waiting_trigger_count()
    }
    fn waiting_trigger(&self, index: usize) -> CardId {
        self.state.waiting_trigger(index)
    }
    fn step_broken(&self) -> Option<StepBreak> {
        self.state.broken
    }
    fn table(&self) -> Table {
        self.table
    }
}
