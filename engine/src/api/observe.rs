//! What can be observed of the engine's game, in the shared vocabulary
//! ([`GameView`]), so that the catalogue's properties judge the engine with
//! the same code that judges the model.

use crate::cards::card::{CardType, Keyword};
use crate::state::game::{Ability, Game, StackItem, TurnStep, Waiting};
use battlecheck_properties::seating::Table;
use battlecheck_properties::step::StepBreak;
use battlecheck_properties::view::{ObjectObs, PlayerObs, StackObs};
use battlecheck_properties::{CardId, GameView, Observation, Pending, PlayerId, Step, Zone};

impl Game {
    /// An owned snapshot of the game.
    pub fn observe(&self) -> Observation {
        Observation::of(self)
    }

    /// The sources of the defeat triggers waiting to be put on the stack.
    fn waiting_defeat_triggers(&self) -> impl Iterator<Item = CardId> + '_ {
        self.waiting_triggers
            .iter()
            .filter(|t| t.ability == Ability::Defeat)
            .map(|t| t.source)
    }
}

impl GameView for Game {
    fn turn(&self) -> u32 {
        self.turn
    }
    fn active(&self) -> PlayerId {
        self.active
    }
    /// The shared steps are the ones with battle interaction: every step
    /// outside combat reads as `Main` (so do upkeep, draw and end steps),
    /// the beginning of combat too, and the end of combat reads as
    /// `CombatDamage`.
    fn step(&self) -> Step {
        match self.step {
            TurnStep::Upkeep
            | TurnStep::Draw
            | TurnStep::Main1
            | TurnStep::BeginCombat
            | TurnStep::Main2
            | TurnStep::End => Step::Main,
            TurnStep::DeclareAttackers => Step::DeclareAttackers,
            TurnStep::DeclareBlockers => Step::DeclareBlockers,
            TurnStep::FirstStrikeDamage => Step::FirstStrikeDamage,
            TurnStep::CombatDamage | TurnStep::EndCombat => Step::CombatDamage,
        }
    }
    fn pending(&self) -> Pending {
        match self.waiting {
            Waiting::Priority => Pending::Priority,
            Waiting::DeclareAttackers => Pending::DeclareAttackers,
            Waiting::DeclareBlockers(_) => Pending::DeclareBlockers,
            Waiting::AssignAsUnblocked(_) => Pending::AssignAsUnblocked,
            Waiting::AssignTrample(_) => Pending::AssignTrample,
            Waiting::DivideDamage(_) => Pending::DivideDamage,
            Waiting::ChooseProtectors => Pending::ChooseProtectors,
            Waiting::CastTransformed { .. } => Pending::CastTransformed,
            Waiting::TargetTrigger { .. } => Pending::TargetTrigger,
            Waiting::ChooseModes { .. } => Pending::ChooseModes,
            Waiting::PayUnless { .. } => Pending::PayUnless,
            Waiting::ReselectAttack { .. } => Pending::ReselectAttack,
            Waiting::ChooseCards { .. } => Pending::ChooseCards,
            Waiting::KeepLegend { .. } => Pending::KeepLegend,
            Waiting::ChooseNewTargets { .. } => Pending::ChooseNewTargets,
            // The shared `Pending` has no entry for this choice; like a
            // protector choice it is made as a permanent enters, before the
            // game settles.
            Waiting::ChooseCopy { .. } => Pending::ChooseProtectors,
            Waiting::GameOver => Pending::GameOver,
        }
    }
    fn player_count(&self) -> usize {
        self.players.len()
    }
    fn player(&self, p: PlayerId) -> PlayerObs {
        let x = &self.players[p.0 as usize];
        PlayerObs {
            life: x.life,
            in_game: x.in_game,
        }
    }
    fn object_count(&self) -> usize {
        self.objects.len()
    }
    fn object(&self, id: CardId) -> ObjectObs {
        let o = self.obj(id);
        let live = matches!(o.zone, Zone::Battlefield | Zone::Stack);
        let face = o.face();
        // A token outside the game (not yet created, or ceased to exist,
        // 111.7) has no characteristics.
        let exists = !((o.token || o.spell_copy) && o.zone == Zone::Outside);
        let creature_here = o.on_battlefield() && o.is_creature();
        let (power, toughness) = if creature_here {
            self.power_toughness(id)
        } else {
            (0, 0)
        };
        ObjectObs {
            id,
            owner: o.owner,
            token: o.token,
            // A token is not a card (111.1), so not a double-faced card,
            // even when it copies one.
            dfc: !o.token && o.card.transforms(),
            zone: o.zone,
            controller: if live { o.controller } else { o.owner },
            back_face: o.back_face,
            battle: exists && o.is_battle(),
            siege: exists && o.is_siege(),
            creature: exists && o.is_creature(),
            sorcery_back: !o.token
                && o.card
                    .back
                    .as_ref()
                    .is_some_and(|b| b.is(CardType::Sorcery)),
            siege_copy: o.on_battlefield() && o.copy.as_ref().is_some_and(|f| f.is_siege()),
            defense: o.defense,
            loyalty: if o.on_battlefield() { o.loyalty } else { 0 },
            printed_defense: if exists {
                face.defense.unwrap_or(0).into()
            } else {
                0
            },
            protector: o.protector,
            protector_origin: o.protector_origin,
            tapped: o.tapped,
            damage: if creature_here { o.damage } else { 0 },
            sick: creature_here && o.sick,
            flash: exists && self.has_keyword(o.id, Keyword::Flash),
            power,
            toughness,
            combat: o.combat_obs(),
            attached_to: o.attached_to,
            playable_from_exile: self.exile_permission(o.id).is_some(),
            history: o.history,
        }
    }
    fn stack_len(&self) -> usize {
        self.stack.len()
    }
    fn stack_item(&self, index: usize) -> StackObs {
        match &self.stack[index] {
            StackItem::Spell {
                card,
                controller,
                transformed,
                ..
            } => StackObs::Spell {
                card: *card,
                controller: *controller,
                transformed: *transformed,
            },
            StackItem::DefeatTrigger(t) => StackObs::DefeatTrigger {
                source: t.source,
                controller: t.controller,
            },
            StackItem::TriggeredAbility { trigger, .. } => StackObs::TriggeredAbility {
                source: trigger.source,
                controller: trigger.controller,
            },
            StackItem::Equip {
                source, controller, ..
            }
            | StackItem::Ability {
                source, controller, ..
            } => StackObs::Ability {
                source: *source,
                controller: *controller,
            },
        }
    }
    /// Only defeat triggers: the view tells no other waiting trigger.
    fn waiting_trigger_count(&self) -> usize {
        self.waiting_defeat_triggers().count()
    }
    fn waiting_trigger(&self, index: usize) -> CardId {
        self.waiting_defeat_triggers()
            .nth(index)
            .expect("index below waiting_trigger_count")
    }
    fn step_broken(&self) -> Option<StepBreak> {
        self.step_broken
    }
    fn table(&self) -> Table {
        Game::table(self)
    }
}
