//! What an ability's text tells the game to do as it resolves, one
//! instruction after another in the order written (608.2c): the vocabulary
//! card files use for the steps of triggered abilities.

use crate::cards::card::{Card, CardType, Condition, Keyword, TargetGroup, TriggerEffect};
use crate::cards::instruction::CardFilter;
use crate::cards::instruction::CounterKind;
use crate::cards::instruction::Instruction;
use crate::cards::instruction::Who;
use crate::fault::EngineFault;
use crate::state::event::Event;
use crate::state::game::{Ability, Game, Object, Trigger};
use crate::state::resolving::Resolution;
use battlecheck_properties::{CardId, PlayerId, Target, Zone};
use std::sync::Arc;

impl Game {
    /// `controller` begins to follow the instructions of an ability of
    /// `source`, in order (608.2c); `targets` are the ability's targets
    /// with their groups, those legal as it resolves (608.2b). Returns
    /// whether the ability is done; if not, it waits for a player's choice
    /// ([`crate::state::game::Waiting::ChooseCards`], 608.2d) and goes on after it.
    pub(crate) fn follow(
        &mut self,
        source: CardId,
        controller: PlayerId,
        steps: &[Instruction],
        targets: Vec<(u8, Target)>,
        subject: Option<CardId>,
        x: u8,
    ) -> bool {
        let target = targets.iter().find(|&&(g, _)| g == 0).map(|&(_, t)| t);
        self.resolution = Some(Box::new(Resolution {
            source,
            controller,
            targets,
            target,
            subject,
            steps: steps.to_vec(),
            did: false,
            chosen_last: 0,
            choosers: None,
            chosen: Vec::new(),
            x,
            searched_library: false,
            scry_bottom: Vec::new(),
            new_targets: None,
            spell: false,
            exiled: Vec::new(),
            found: Vec::new(),
        }));
        self.go_on()
    }

    /// Follow the resolving ability's instructions until it is done (true)
    /// or waits for a player's choice (false).
    pub(crate) fn go_on(&mut self) -> bool {
        loop {
            let Some(r) = &self.resolution else {
                return true;
            };
            let Some(step) = r.steps.first().cloned() else {
                let (source, spell) = (r.source, r.spell);
                self.resolution = None;
                if spell {
                    self.finish_spell(source);
                }
                return true;
            };
            if let Instruction::CastWithoutPaying(card) = step {
                let r = self.resolution.as_mut().expect("an ability is resolving");
                r.steps.remove(0);
                let controller = r.controller;
                let cast = crate::state::resolving::FreeCast {
                    transformed: false,
                    resolving: true,
                };
                if !self.cast_free_or_wait(controller, card, cast) {
                    return false;
                }
                continue;
            }
            if matches!(
                step,
                Instruction::CopyTargetSpell | Instruction::CopyThatSpell
            ) {
                if !self.copy_or_wait(&step) {
                    return false;
                }
                continue;
            }
            if step.chooses() {
                if !self.choose_or_wait(&step) {
                    return false;
                }
                continue;
            }
            let r = self.resolution.as_mut().expect("an ability is resolving");
            r.steps.remove(0);
            let (source, controller, target, did, subject) =
                (r.source, r.controller, r.target, r.did, r.subject);
            self.instruction(source, controller, &step, target, did, subject);
        }
    }

    /// Follow one instruction that needs no choice of cards.
    fn instruction(
        &mut self,
        source: CardId,
        controller: PlayerId,
        step: &Instruction,
        target: Option<Target>,
        did: bool,
        subject: Option<CardId>,
    ) {
        let permanent = match target {
            Some(Target::Permanent(c)) => Some(c),
            _ => None,
        };
        // A permanent or a card in a graveyard.
        let object = match target {
            Some(Target::Permanent(c) | Target::Card(c)) => Some(c),
            _ => None,
        };
        match step {
            Instruction::ForEachTarget { group, steps } => {
                let mut targets = self.group_targets(*group);
                if self.fault(EngineFault::OnlyFirstTargetAffected) {
                    targets.truncate(1);
                }
                for t in targets {
                    for step in steps {
                        self.instruction(source, controller, step, Some(t), did, subject);
                    }
                }
            }
            Instruction::FightTarget { group } => {
                for t in self.group_targets(*group) {
                    if let (Some(a), Target::Permanent(b)) = (permanent, t) {
                        self.fight(a, b);
                    }
                }
            }
            Instruction::TargetGainsUntilEndOfTurn(keywords) => {
                if let Some(c) = permanent {
                    for &k in keywords {
                        self.gained_until_end_of_turn.push((c, k));
                    }
                    self.emit(Event::Pumped { card: c });
                }
            }
            Instruction::TargetLosesAllAbilitiesUntilEndOfTurn => {
                if let Some(c) = permanent {
                    self.lose_all_abilities(c);
                    self.emit(Event::Pumped { card: c });
                }
            }
            Instruction::ExileYourHand { you_may_play } => {
                let hand: Vec<CardId> = self.hand_of(controller).collect();
                self.exile_and_play(&hand, controller, *you_may_play);
                if let Some(r) = self.resolution.as_mut() {
                    r.chosen_last = u8::try_from(hand.len()).unwrap_or(u8::MAX);
                }
            }
            Instruction::DrawThatMany => {
                let n = self.resolution.as_ref().map_or(0, |r| r.chosen_last);
                self.draw(controller, n);
            }
            Instruction::ExileTopOfYourLibrary { you_may_play } => {
                let top = self.top_of_library(controller, 1);
                self.exile_and_play(&top, controller, *you_may_play);
            }
            Instruction::PutTargetOntoBattlefield => {
                if let Some(c) = object {
                    self.put_onto_battlefield(c, controller);
                }
            }
            Instruction::ThisGetsUntilEndOfTurn { power, toughness } => {
                if self.obj(source).on_battlefield() {
                    let o = self.obj_mut(source);
                    o.until_end_of_turn.0 = o.until_end_of_turn.0.saturating_add(*power);
                    o.until_end_of_turn.1 = o.until_end_of_turn.1.saturating_add(*toughness);
                    self.emit(Event::Pumped { card: source });
                }
            }
            Instruction::DamageToTarget(n) => {
                if let Some(to) = target {
                    self.deal_damage(&[(source, to, u32::from(*n))], false);
                }
            }
            Instruction::ItDealsDamageToTarget(n) => {
                if let (Some(to), Some(it)) = (target, subject) {
                    self.deal_damage(&[(it, to, u32::from(*n))], false);
                }
            }
            Instruction::DamageToTargetPlusRevealed(_) => {
                unreachable!("X is fixed as the reflexive ability triggers")
            }
            Instruction::ReturnTargetToHand => {
                if let Some(c) = object {
                    self.move_to(c, Zone::Hand);
                }
            }
            Instruction::ExileTarget => {
                if let Some(c) = object {
                    self.move_to(c, Zone::Exile);
                }
            }
            Instruction::DestroyAll { find } => {
                let destroyed: Vec<CardId> = self
                    .battlefield()
                    .filter(|o| find.accepts(o.face()))
                    .map(|o| o.id)
                    .filter(|&c| !self.has_keyword(c, Keyword::Indestructible))
                    .collect();
                for c in destroyed {
                    self.move_to(c, Zone::Graveyard);
                    self.emit(Event::Destroyed { card: c });
                }
            }
            Instruction::RemoveAllCountersFromTarget => {
                if let Some(c) = permanent {
                    let o = self.obj_mut(c);
                    o.plus_one = 0;
                    o.stun = 0;
                    let defense = o.defense;
                    self.emit(Event::CountersRemoved { card: c });
                    // (removing none from a permanent without defense
                    // counters does nothing: see `remove_defense`)
                    if !self.fault(EngineFault::DefenseCountersKept) {
                        self.remove_defense(c, defense, false);
                    }
                }
            }
            Instruction::DestroyTarget => {
                if let Some(c) =
                    permanent.filter(|&c| !self.has_keyword(c, Keyword::Indestructible))
                {
                    self.move_to(c, Zone::Graveyard);
                    self.emit(Event::Destroyed { card: c });
                }
            }
            Instruction::TapTarget => {
                if let Some(c) = permanent {
                    self.obj_mut(c).tapped = true;
                    self.emit(Event::Tapped { card: c });
                }
            }
            Instruction::UntapTarget => {
                if let Some(c) = permanent {
                    let stun = !self.fault(EngineFault::StunIgnored);
                    self.obj_mut(c).untap(stun);
                    self.emit(Event::Untapped { card: c });
                }
            }
            Instruction::RevealTopDrawIf {
                types,
                or_double_faced,
            } => self.reveal_top_draw_if(controller, types, *or_double_faced),
            Instruction::StunCountersOnTarget(n) => {
                if let Some(c) = permanent {
                    let o = self.obj_mut(c);
                    o.stun = o.stun.saturating_add(*n);
                    self.emit(Event::CounterAdded {
                        card: c,
                        kind: CounterKind::Stun,
                    });
                }
            }
            Instruction::TargetGetsUntilEndOfTurn { power, toughness } => {
                if let Some(c) = permanent {
                    let o = self.obj_mut(c);
                    o.until_end_of_turn.0 = o.until_end_of_turn.0.saturating_add(*power);
                    o.until_end_of_turn.1 = o.until_end_of_turn.1.saturating_add(*toughness);
                    self.emit(Event::Pumped { card: c });
                }
            }
            Instruction::DamageEach { amount, types } => {
                let dealt: Vec<(CardId, Target, u32)> = self
                    .battlefield()
                    .filter(|o| types.iter().any(|&t| o.is(t)))
                    .map(|o| (source, Target::Permanent(o.id), u32::from(*amount)))
                    .collect();
                self.deal_damage(&dealt, false);
            }
            Instruction::PlusOneCounterOnEachCreatureYouControl => {
                let mine = self.creatures_controlled_by(controller);
                for c in mine {
                    self.put_plus_one_counters(c, 1);
                }
            }
            Instruction::PlusOneCounterOnTarget => {
                if let Some(c) = permanent {
                    self.put_plus_one_counters(c, 1);
                }
            }
            Instruction::PlusOneCounterOnThis => {
                if self.obj(source).on_battlefield() {
                    self.put_plus_one_counters(source, 1);
                }
            }
            Instruction::PlusOneCounterOnEachCreatureThatAttackedThisTurn => {
                let attacked: Vec<CardId> = self
                    .attacked_this_turn
                    .iter()
                    .copied()
                    .filter(|&c| self.obj(c).on_battlefield() && self.obj(c).is_creature())
                    .collect();
                for c in attacked {
                    self.put_plus_one_counters(c, 1);
                }
            }
            Instruction::CreaturesYouControlGetUntilEndOfTurn { power, toughness } => {
                let mine = self.creatures_controlled_by(controller);
                for c in mine {
                    let o = self.obj_mut(c);
                    o.until_end_of_turn.0 = o.until_end_of_turn.0.saturating_add(*power);
                    o.until_end_of_turn.1 = o.until_end_of_turn.1.saturating_add(*toughness);
                    self.emit(Event::Pumped { card: c });
                }
            }
            Instruction::CreaturesYouControlGainUntilEndOfTurn(keywords) => {
                let mine = self.creatures_controlled_by(controller);
                for c in mine {
                    for &k in keywords {
                        self.gained_until_end_of_turn.push((c, k));
                    }
                    self.emit(Event::Pumped { card: c });
                }
            }
            Instruction::PlusOneCounterOnItAndEachSharingACreatureType => {
                let Some(it) = subject else { return };
                let types = self.obj(it).face().subtypes.clone();
                let shares = |o: &Object| o.face().subtypes.iter().any(|t| types.contains(t));
                let counted: Vec<CardId> = self
                    .battlefield()
                    .filter(|o| {
                        o.id == it || (o.is_creature() && o.controller == controller && shares(o))
                    })
                    .map(|o| o.id)
                    .collect();
                for c in counted {
                    let n = if self.fault(EngineFault::CounterPerSharedType) && c != it {
                        let theirs = &self.obj(c).face().subtypes;
                        types.iter().filter(|t| theirs.contains(t)).count() as u8
                    } else {
                        1
                    };
                    self.put_plus_one_counters(c, n);
                }
            }
            Instruction::DamageToPlayers { who, amount } => {
                let dealt: Vec<(CardId, Target, u32)> = self
                    .told(*who, controller, target)
                    .into_iter()
                    .map(|p| (source, Target::Player(p), u32::from(*amount)))
                    .collect();
                self.deal_damage(&dealt, false);
            }
            Instruction::If { condition, steps } => {
                if self.holds(*condition) {
                    let r = self.resolution.as_mut().expect("an ability is resolving");
                    r.steps.splice(0..0, steps.iter().cloned());
                }
            }
            Instruction::GainLife(n) => self.gain_life(controller, u32::from(*n)),
            Instruction::LoseLife { who, amount } => {
                for p in self.told(*who, controller, target) {
                    self.emit(Event::LostLife {
                        player: p,
                        amount: u32::from(*amount),
                    });
                    self.lose_life(p, u32::from(*amount));
                }
            }
            Instruction::Draw(n) => self.draw(controller, *n),
            Instruction::YouGetAnEmblem(abilities) => self.get_emblem(controller, abilities),
            Instruction::ShuffleTargetIntoItsOwnersLibrary => {
                if let Some(c) = permanent {
                    let owner = self.obj(c).owner;
                    self.move_to(c, Zone::Library);
                    self.shuffle(owner);
                }
            }
            Instruction::TheyDraw { who, count } => {
                for p in self.told(*who, controller, target) {
                    self.draw(p, *count);
                }
            }
            Instruction::ExileUntil { find, count } => self.exile_until(controller, find, *count),
            Instruction::PutTheRestOnTheBottomInARandomOrder => {
                let r = self.resolution.as_ref().expect("an ability is resolving");
                let rest: Vec<CardId> = r
                    .exiled
                    .iter()
                    .copied()
                    .filter(|&c| self.obj(c).zone == Zone::Exile)
                    .collect();
                if !self.fault(EngineFault::ExiledLeftInExile) {
                    for &c in &rest {
                        self.move_to(c, Zone::Library);
                    }
                    self.put_on_bottom_in_random_order(controller, &rest);
                }
            }
            Instruction::Mill { who, count } => {
                for p in self.told(*who, controller, target) {
                    self.mill(p, *count);
                }
            }
            Instruction::Shuffle => self.shuffle(controller),
            Instruction::CreateTokens { count, token } => {
                let mut card = token.card();
                if self.fault(EngineFault::TokensColorless) {
                    card.front.colors.clear();
                }
                let card = Arc::new(card);
                let x = self.resolution.as_ref().map_or(0, |r| r.x);
                for _ in 0..count.value(x) {
                    self.create_token(&card, controller);
                }
            }
            Instruction::IfYouDo(steps) => {
                // 608.2c: "if you do" looks back at the optional action
                // just taken.
                if did || self.fault(EngineFault::IfYouDoAlways) {
                    let r = self.resolution.as_mut().expect("an ability is resolving");
                    r.steps.splice(0..0, steps.iter().cloned());
                }
            }
            Instruction::WhenYouDo { target, steps } => {
                // 603.12: a reflexive triggered ability triggers if the
                // optional action was taken; it gets its target as it is
                // put on the stack (603.3d), after this ability resolves.
                if did {
                    let revealed = match self.fault(EngineFault::RevealedNotCounted) {
                        true => 0,
                        false => self.resolution.as_ref().map_or(0, |r| r.chosen_last),
                    };
                    let steps: Vec<Instruction> = steps
                        .iter()
                        .map(|s| match s {
                            Instruction::DamageToTargetPlusRevealed(n) => {
                                Instruction::DamageToTarget(n.saturating_add(revealed))
                            }
                            s => s.clone(),
                        })
                        .collect();
                    let incarnation = self.obj(source).incarnation;
                    // "Where X is the number of creatures tapped this way":
                    // fixed as it triggers.
                    let x = match self.fault(EngineFault::TappedCountIgnored) {
                        true => 0,
                        false => self.resolution.as_ref().map_or(0, |r| r.chosen_last),
                    };
                    self.waiting_triggers.push(Trigger {
                        source,
                        incarnation,
                        controller,
                        ability: Ability::Printed(TriggerEffect::Do {
                            targets: vec![TargetGroup::one(*target)],
                            only_if: None,
                            steps: steps.clone(),
                        }),
                        subject: None,
                        x,
                    });
                    self.emit(Event::ReflexiveTriggered { source, controller });
                }
            }
            Instruction::BecomesAnArtifactCreatureUntilEndOfTurn => {
                self.becomes_artifact_creature(source);
            }
            Instruction::ThisGainsUntilEndOfTurn(k) => {
                if self.obj(source).on_battlefield() {
                    self.gained_until_end_of_turn.push((source, *k));
                    self.emit(Event::Pumped { card: source });
                }
            }
            Instruction::Discard { .. }
            | Instruction::Sacrifice { .. }
            | Instruction::Search { .. }
            | Instruction::LookAtTop { .. }
            | Instruction::Scry(_)
            | Instruction::ScryBottom
            | Instruction::YouMayCopyThatSpell
            | Instruction::Reveal { .. }
            | Instruction::ExileFromHand { .. }
            | Instruction::PutFromHand { .. }
            | Instruction::YouMayCastOneOfThem
            | Instruction::PutOneOfThemIntoYourHand
            | Instruction::TokenCopyOfAPermanentYouControl
            | Instruction::DistributePlusOneCounters(_)
            | Instruction::TapAnyNumberOfUntappedCreaturesYouControl => {
                unreachable!("a choice of cards is made in `choose_or_wait`")
            }
            Instruction::CopyTargetSpell | Instruction::CopyThatSpell => {
                unreachable!("a spell is copied in `copy_or_wait`")
            }
            Instruction::CastWithoutPaying(_) => {
                unreachable!("a spell is cast in `go_on`")
            }
        }
    }

    /// `cards` are exiled (406.1); their owner may play them for `duration`
    /// if given.
    fn exile_and_play(
        &mut self,
        cards: &[CardId],
        controller: PlayerId,
        duration: Option<crate::cards::instruction::PlayDuration>,
    ) {
        for &c in cards {
            self.move_to(c, Zone::Exile);
            if let Some(d) = duration {
                self.may_play_from_exile(c, controller, d);
            }
        }
    }

    /// Permanent `c` loses all abilities until end of turn (613.1f): the
    /// keywords it gained until end of turn so far go with them (613.7b:
    /// those effects are older); later ones apply.
    fn lose_all_abilities(&mut self, c: CardId) {
        self.gained_until_end_of_turn.retain(|&(x, _)| x != c);
        if !self.fault(EngineFault::AbilitiesKept) {
            self.lost_abilities.push(c);
        }
    }

    /// Card `c` is put onto the battlefield under `controller`'s control
    /// (110.2) without being cast: untapped, front face up (712.14), a
    /// battle with its defense counters and a protector (310.4b, 310.9a);
    /// its enters triggers trigger (603.6a).
    pub(crate) fn put_onto_battlefield(&mut self, c: CardId, controller: PlayerId) {
        self.move_to(c, Zone::Battlefield);
        let o = self.obj_mut(c);
        o.controller = controller;
        o.base_controller = controller;
        if !self.fault(EngineFault::PutBattleNotABattle) {
            self.enters_with_loyalty(c);
            self.enter_as_battle(c, None);
        }
        self.enters_triggers(c);
    }

    /// The legal targets of group `group` of the resolving ability, in the
    /// order chosen.
    fn group_targets(&self, group: u8) -> Vec<Target> {
        self.resolution.as_ref().map_or_else(Vec::new, |r| {
            r.targets
                .iter()
                .filter(|&&(g, _)| g == group)
                .map(|&(_, t)| t)
                .collect()
        })
    }

    /// Creatures `a` and `b` fight (701.14a): each deals damage equal to
    /// its power to the other, at once, not combat damage (701.14d); if
    /// either is no longer a creature on the battlefield, neither does
    /// (701.14b). A creature fighting itself takes twice its power
    /// (701.14c).
    fn fight(&mut self, a: CardId, b: CardId) {
        let creature = |c: CardId| self.obj(c).on_battlefield() && self.obj(c).is_creature();
        if !(creature(a) && creature(b)) {
            return;
        }
        let power = |c: CardId| self.combat_power(c);
        let (pa, mut pb) = (power(a), power(b));
        if self.fault(EngineFault::FightOneSided) {
            pb = 0;
        }
        self.emit(Event::Fought { a, b });
        self.deal_damage(
            &[(a, Target::Permanent(b), pa), (b, Target::Permanent(a), pb)],
            false,
        );
    }

    /// `controller` exiles cards from the top of their library one at a
    /// time until `count` that `find` accepts are exiled, or none is left
    /// (406.1); the resolving ability keeps them.
    fn exile_until(&mut self, controller: PlayerId, find: &CardFilter, count: u8) {
        let (mut exiled, mut found) = (Vec::new(), Vec::new());
        while found.len() < usize::from(count) {
            let Some(&c) = self.players[controller.0 as usize].library.last() else {
                break;
            };
            self.move_to(c, Zone::Exile);
            exiled.push(c);
            if self.card_matches(find, c) {
                found.push(c);
            }
        }
        let r = self.resolution.as_mut().expect("an ability is resolving");
        r.exiled = exiled;
        r.found = found;
    }

    /// Put `n` +1/+1 counters on permanent `c` (122.1a, 122.6).
    pub(crate) fn put_plus_one_counters(&mut self, c: CardId, n: u8) {
        let o = self.obj_mut(c);
        o.plus_one = o.plus_one.saturating_add(n.into());
        self.emit(Event::CounterAdded {
            card: c,
            kind: CounterKind::PlusOne,
        });
    }

    /// Does `condition` hold now?
    pub(crate) fn holds(&self, condition: Condition) -> bool {
        match condition {
            Condition::ActivePlayerHandAtMost(n) => {
                self.hand_of(self.active).count() <= usize::from(n)
            }
            Condition::PermanentToGraveyardThisTurn => self.to_graveyard_this_turn,
            Condition::NotDealtCombatDamageSinceYourLastTurn => {
                !self.players[self.active.0 as usize].combat_damaged
                    || self.fault(EngineFault::CombatDamageSinceLastTurnIgnored)
            }
            Condition::SearchedLibrary => {
                self.resolution.as_ref().is_some_and(|r| r.searched_library)
            }
            Condition::TargetWasCreatureCard => self.resolution.as_ref().is_some_and(|r| {
                matches!(r.target, Some(Target::Card(c)) if self.obj(c).card.front().is(CardType::Creature))
            }),
        }
    }

    /// The players an instruction tells to act: "you", the target player,
    /// or each opponent or each player in APNAP order (101.4), those in the
    /// controller's range of influence (801.2: what a player can affect).
    pub(crate) fn told(
        &self,
        who: Who,
        controller: PlayerId,
        target: Option<Target>,
    ) -> Vec<PlayerId> {
        let in_range = self.seating();
        self.apnap()
            .filter(|&p| match who {
                Who::You => p == controller,
                Who::Target => target == Some(Target::Player(p)),
                Who::EachOpponent => {
                    self.variant.opponents(controller, p) && in_range.in_range(controller, p)
                }
                Who::EachPlayer => in_range.in_range(controller, p),
                Who::ActivePlayer => p == self.active,
            })
            .collect()
    }

    /// A new token of `card` enters the battlefield under `controller`'s
    /// control (111.1, 111.2), if the game has room for it (see
    /// `new_token`).
    fn create_token(&mut self, card: &Arc<Card>, controller: PlayerId) {
        let Some(id) = self.new_token(card.clone(), controller) else {
            return;
        };
        self.move_to(id, Zone::Battlefield);
        self.emit(Event::TokenCreated {
            token: id,
            controller,
        });
        self.enters_triggers(id);
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::catalogue::Catalogue;
    use crate::scenario::build_game;
    use crate::state::event::Event;
    use battlecheck_properties::{CardId, PlayerId};
    use std::path::Path;

    /// A game holds at most 256 objects (card numbers are one byte): an
    /// instruction that would make a token beyond that makes none, and says
    /// so, instead of wrapping a number round onto another object.
    #[test]
    fn no_token_is_made_beyond_the_games_256_objects() {
        let text = r#"{"name": "full", "players": 2, "cards": [], "steps": []}"#;
        let cards = Catalogue::bundled().unwrap();
        let mut g = build_game(Path::new("full.json"), text, &cards).unwrap();
        let belenon = cards.get("Invasion of Belenon").unwrap();
        let steps = match &belenon.front.triggers[0].effect {
            crate::cards::card::TriggerEffect::Do { steps, .. } => steps.clone(),
            other => panic!("{other:?}"),
        };
        let source = battlecheck_properties::CardId(0);
        for _ in 0..256 {
            assert!(g.follow(source, PlayerId(0), &steps, Vec::new(), None, 0));
        }
        assert_eq!(g.objects.len(), 256);
        assert!(!g.take_events().contains(&Event::NoRoomForToken {
            controller: PlayerId(0)
        }));
        assert!(g.follow(source, PlayerId(0), &steps, Vec::new(), None, 0));
        assert_eq!(g.objects.len(), 256);
        assert_eq!(
            g.take_events(),
            vec![Event::NoRoomForToken {
                controller: PlayerId(0)
            }]
        );
    }

    /// Invasion of Ikoria's "search your library and/or graveyard ... If
    /// you search your library this way, shuffle": a card taken from the
    /// library, or none, shuffles the library; one taken from the
    /// graveyard does not. X bounds the mana value found.
    #[test]
    fn ikoria_shuffles_only_after_searching_the_library() {
        let text = r#"{"name": "ikoria", "players": 2, "cards": [
            {"id": "siege", "card": "Invasion of Ikoria", "owner": "P1", "zone": "battlefield"},
            {"id": "bears", "card": "Grizzly Bears", "owner": "P1", "zone": "library"},
            {"id": "hill", "card": "Hill Giant", "owner": "P1", "zone": "library"},
            {"id": "elves", "card": "Llanowar Elves", "owner": "P1", "zone": "graveyard"}
        ], "steps": []}"#;
        let cards = Catalogue::bundled().unwrap();
        let ikoria = cards.get("Invasion of Ikoria").unwrap();
        let steps = match &ikoria.front.triggers[0].effect {
            crate::cards::card::TriggerEffect::Do { steps, .. } => steps.clone(),
            other => panic!("{other:?}"),
        };
        let (siege, bears, elves) = (CardId(0), CardId(1), CardId(3));
        let shuffled =
            |events: &[Event]| events.iter().any(|e| matches!(e, Event::Shuffled { .. }));
        for (take, shuffles) in [(vec![bears], true), (vec![elves], false), (vec![], true)] {
            let mut g = build_game(Path::new("ikoria.json"), text, &cards).unwrap();
            assert!(!g.follow(siege, PlayerId(0), &steps, Vec::new(), None, 2));
            g.take_events();
            g.choose_cards(PlayerId(0), siege, &take).unwrap();
            assert_eq!(shuffled(&g.take_events()), shuffles, "{take:?}");
        }
        // X = 2 does not reach Hill Giant (mana value 4).
        let mut g = build_game(Path::new("ikoria.json"), text, &cards).unwrap();
        assert!(!g.follow(siege, PlayerId(0), &steps, Vec::new(), None, 2));
        assert!(g.choose_cards(PlayerId(0), siege, &[CardId(2)]).is_err());
    }
}
