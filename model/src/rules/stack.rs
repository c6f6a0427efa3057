//! Casting spells (601), targets (115, 608.2b) and resolution (608): the
//! permanent spells entering the battlefield (310.2, 310.4b, 310.9a) and the
//! instants of the pool.

use crate::rules::cards::{Keyword, Kind};
use crate::rules::config::MAX_PLAYERS;
use crate::rules::faults::Fault;
use crate::rules::state::{bump, Ability, Chars, GameState, Pending, StackItem, Then};
use arrayvec::ArrayVec;
use battlecheck_properties::seating::Table;
use battlecheck_properties::step::Happened;
use battlecheck_properties::view::ProtectorOrigin;
use battlecheck_properties::{CardId, PlayerId, Target, Zone};

impl GameState {
    /// Is `t` a legal choice for target number `index` of a spell of `kind`
    /// cast by `caster`? Checked as the spell is cast (601.2c) and as it
    /// resolves (608.2b).
    pub fn legal_target(&self, kind: Kind, index: usize, t: Target, caster: PlayerId) -> bool {
        self.in_reach(caster, t)
            && self.target_of_kind(kind, index, t)
            && !self.hexproof_against(t, caster)
    }

    /// 801.4, 801.2d: with a limited range of influence a target must be
    /// within its caster's range: a player, a permanent whose controller is
    /// (a battle also if its protector is), a triggered ability whose
    /// controller is.
    pub(crate) fn in_reach(&self, caster: PlayerId, t: Target) -> bool {
        if self.setup().config.variant.range.is_none() {
            return true;
        }
        let table = self.table();
        match t {
            Target::Player(p) => table.in_range(caster, p),
            Target::Permanent(c) => self.object_in_reach(&table, caster, c),
            Target::Trigger(c) => self.stack.iter().any(|s| {
                matches!(s, StackItem::Trigger { source, controller, .. }
                    if *source == c && table.in_range(caster, *controller))
            }),
            // 108.4a: a card outside the battlefield has no controller;
            // its owner stands in.
            Target::Card(c) => table.in_range(caster, self.setup().def(c).owner),
        }
    }

    /// 801.2d: is permanent `c` within `p`'s range of influence?
    fn object_in_reach(&self, table: &Table, p: PlayerId, c: CardId) -> bool {
        let o = self.obj(c);
        let protector = self.chars(c).battle.then_some(o.protector).flatten();
        table.object_in_range(p, o.controller, protector)
    }

    /// 702.11b: a permanent with hexproof (Gladecover Scout's, or gained
    /// from Lightshield Array) can't be the target of spells or abilities
    /// its controller's opponents control: the controller's, not the
    /// owner's, and in a team game not a teammate's (102.3). Is `t` such a
    /// target for `caster`?
    fn hexproof_against(&self, t: Target, caster: PlayerId) -> bool {
        let Target::Permanent(c) = t else {
            return false;
        };
        let o = self.obj(c);
        let opponent = if self.setup().fault(Fault::HexproofAgainstTeammates) {
            caster != o.controller
        } else {
            !self.teammates(caster, o.controller)
        };
        (o.shielded || self.chars(c).keywords.has(Keyword::Hexproof)) && opponent
    }

    /// Is `t` of the kind target number `index` of a spell of `kind` names?
    fn target_of_kind(&self, kind: Kind, index: usize, t: Target) -> bool {
        let permanent = |c: CardId, test: fn(Chars) -> bool| {
            self.obj(c).zone == Zone::Battlefield && test(self.chars(c))
        };
        match (kind, index, t) {
            // 115.4: any target is a player, creature, planeswalker or battle.
            (Kind::Burn { .. }, 0, Target::Player(p)) => self.in_game(p),
            (Kind::Burn { .. }, 0, Target::Permanent(c)) => {
                permanent(c, |ch| ch.creature || ch.planeswalker || ch.battle)
            }
            (Kind::Erode { .. } | Kind::Mirror, 0, Target::Permanent(c)) => {
                permanent(c, |ch| ch.battle)
            }
            (Kind::Steal | Kind::Bounce | Kind::Animate, 0, Target::Permanent(c)) => {
                permanent(c, |_| true)
            }
            (Kind::Mimic, 0, Target::Permanent(c)) => permanent(c, |_| true),
            (Kind::Mimic, 1, Target::Permanent(c)) => permanent(c, |ch| ch.siege),
            (Kind::Stifle, 0, Target::Trigger(c)) => self
                .stack
                .iter()
                .any(|s| matches!(s, StackItem::Trigger { source, .. } if *source == c)),
            _ => false,
        }
    }

    /// Every legal choice for target number `index` of a spell of `kind`
    /// cast by `caster`.
    pub fn target_candidates(
        &self,
        kind: Kind,
        index: usize,
        caster: PlayerId,
    ) -> ArrayVec<Target, 32> {
        let players = self.player_ids().map(Target::Player);
        let permanents = self.on_battlefield().map(Target::Permanent);
        let triggers = self.stack.iter().filter_map(|s| match s {
            StackItem::Trigger { source, .. } => Some(Target::Trigger(*source)),
            _ => None,
        });
        players
            .chain(permanents)
            .chain(triggers)
            .filter(|&t| self.legal_target(kind, index, t, caster))
            .collect()
    }

    /// `player` casts `card` from their hand, or from exile as an effect
    /// lets them (601.2a, 601.3): it moves to the stack with its targets,
    /// and its caster receives priority (117.3c).
    pub fn cast(&mut self, player: PlayerId, card: CardId, targets: &[Target]) {
        let from_exile = self.obj(card).zone == Zone::Exile;
        self.move_to(card, Zone::Stack);
        let o = self.obj_mut(card);
        if from_exile {
            bump(&mut o.history.exile_casts);
        }
        o.controller = player;
        o.default_controller = player;
        let mut refs = [None; 2];
        for (slot, &t) in refs.iter_mut().zip(targets) {
            *slot = Some(self.target_ref(t));
        }
        self.stack.push(StackItem::Spell {
            card,
            controller: player,
            transformed: false,
            targets: refs,
        });
        self.ward_triggers(card, player, targets);
        self.settle(Then::Priority);
    }

    /// The top object of the stack resolves (608).
    pub fn resolve_top(&mut self) {
        let top = *self
            .stack
            .last()
            .expect("resolve_top needs a non-empty stack");
        match top {
            StackItem::Trigger {
                source,
                incarnation,
                controller,
                ability: Ability::Defeat,
                ..
            } => {
                self.stack.pop();
                self.resolve_defeat_trigger(source, incarnation, controller);
            }
            StackItem::Trigger {
                controller,
                ability: Ability::Reselect,
                target,
                ..
            } => {
                self.stack.pop();
                self.resolve_reselect_trigger(controller, target);
            }
            StackItem::Trigger {
                source,
                controller,
                ability: Ability::ExileFromHand,
                target,
                ..
            } => {
                self.stack.pop();
                self.resolve_exile_trigger(source, controller, target);
            }
            StackItem::Trigger {
                source,
                ability: Ability::Ward,
                target,
                ..
            } => {
                self.stack.pop();
                self.resolve_ward_trigger(source, target);
            }
            // Invasion of Ikoria's search finds nothing here: X is 0 and
            // no card of the pool has mana value 0; no library to shuffle.
            StackItem::Trigger {
                ability: Ability::SearchForCreature,
                ..
            } => {
                self.stack.pop();
                self.settle(Then::Priority);
            }
            StackItem::Activated {
                source,
                controller,
                equip: Some(target),
            } => {
                self.stack.pop();
                self.resolve_equip(source, controller, target);
            }
            StackItem::Activated {
                controller,
                equip: None,
                ..
            } => {
                self.stack.pop();
                self.resolve_shield(controller);
            }
            StackItem::Spell {
                card,
                transformed: true,
                ..
            } => match self.setup().def(card).kind {
                // 712.14a: a permanent cast transformed enters back face up.
                Kind::Siege { back, .. } if back.is_permanent() => {
                    self.finish_enter(card, None, None)
                }
                // 608.2n: a sorcery goes to its owner's graveyard as it resolves.
                _ => {
                    self.stack.pop();
                    self.move_to(card, Zone::Graveyard);
                    self.settle(Then::Priority);
                }
            },
            StackItem::Spell {
                card,
                controller,
                transformed: false,
                targets,
            } => {
                let kind = self.setup().def(card).kind;
                let legal: ArrayVec<Option<Target>, 2> = targets
                    .iter()
                    .enumerate()
                    .map(|(i, t)| {
                        t.filter(|t| {
                            self.target_valid(*t)
                                && self.legal_target(kind, i, t.target, controller)
                        })
                        .map(|t| t.target)
                    })
                    .collect();
                if kind.target_count() > 0 && legal.iter().all(Option::is_none) {
                    // 608.2b: every target is illegal, so it doesn't resolve.
                    self.stack.pop();
                    self.move_to(card, Zone::Graveyard);
                    return self.settle(Then::Priority);
                }
                match kind {
                    Kind::Siege { .. }
                    | Kind::Battle { .. }
                    | Kind::Creature { .. }
                    | Kind::PortalMage
                    | Kind::Amplifier { .. }
                    | Kind::Planeswalker { .. }
                    | Kind::Equipment { .. } => self.begin_enter(card, controller, None),
                    Kind::Clone => self.resolve_clone(card, controller),
                    Kind::Mirror => {
                        let battle = legal[0]
                            .and_then(permanent_of)
                            .expect("mirror has a legal target");
                        let token = self
                            .setup()
                            .def(card)
                            .token_slot
                            .expect("every mirror has a token slot");
                        let root = self.copy_root(battle);
                        self.begin_enter(token, controller, Some(root));
                    }
                    _ => {
                        self.instant_effect(card, kind, controller, &legal);
                        self.stack.pop();
                        self.move_to(card, Zone::Graveyard);
                        self.settle(Then::Priority);
                    }
                }
            }
        }
    }

    /// What a resolving instant does, to its legal targets.
    fn instant_effect(
        &mut self,
        card: CardId,
        kind: Kind,
        caster: PlayerId,
        targets: &[Option<Target>],
    ) {
        let first = targets.first().copied().flatten();
        match (kind, first) {
            (Kind::Burn { amount }, Some(Target::Player(p))) => {
                let amount = self.noncreature_damage(caster, Target::Player(p), amount);
                self.record(Happened::Damage {
                    source: card,
                    to: Target::Player(p),
                    amount: amount.into(),
                });
                self.lose_life(p, amount)
            }
            (Kind::Burn { amount }, Some(Target::Permanent(c))) => {
                let amount = self.noncreature_damage(caster, Target::Permanent(c), amount);
                self.deal_noncombat_damage(card, c, amount)
            }
            (Kind::Erode { amount }, Some(Target::Permanent(c))) => {
                self.remove_counters(c, amount, 1, false)
            }
            (Kind::Steal, Some(Target::Permanent(c))) => {
                let effects = &mut self.obj_mut(c).control_effects;
                if effects[2].is_some() {
                    effects.rotate_left(1);
                    effects[2] = None;
                }
                let free = effects
                    .iter()
                    .position(Option::is_none)
                    .expect("a slot was freed");
                effects[free] = Some(caster);
                self.change_control(c, caster)
            }
            (Kind::Mimic, _) => {
                if let (Some(Target::Permanent(c)), Some(Some(Target::Permanent(s)))) =
                    (first, targets.get(1))
                {
                    let root = self.copy_root(*s);
                    self.become_copy(c, root);
                }
            }
            (Kind::Stifle, Some(Target::Trigger(source))) => {
                // 701.6b: a countered ability is removed from the stack.
                if let Some(i) = self.stack.iter().rposition(
                    |s| matches!(s, StackItem::Trigger { source: s, .. } if *s == source),
                ) {
                    if let StackItem::Trigger {
                        ability: Ability::Defeat,
                        ..
                    } = self.stack.remove(i)
                    {
                        bump(&mut self.obj_mut(source).history.triggers_countered);
                    }
                }
            }
            (Kind::Bounce, Some(Target::Permanent(c))) => self.move_to(c, Zone::Hand),
            (Kind::Animate, Some(Target::Permanent(c))) => self.obj_mut(c).animated = true,
            (Kind::Fog, _) => self.prevent_combat_damage_this_turn(),
            _ => {}
        }
    }

    /// Damage from a spell to a permanent: marked on a creature (120.3e),
    /// removing loyalty counters from a planeswalker (120.3c) and defense
    /// counters from a battle (120.3h); each that applies.
    fn deal_noncombat_damage(&mut self, source: CardId, id: CardId, amount: u8) {
        self.record(Happened::Damage {
            source,
            to: Target::Permanent(id),
            amount: amount.into(),
        });
        let c = self.chars(id);
        if c.creature {
            let o = self.obj_mut(id);
            o.damage = o.damage.saturating_add(amount);
        }
        if c.planeswalker {
            self.damage_planeswalker(id, amount);
        }
        if c.battle {
            self.remove_counters(id, amount, 1, false);
        }
    }

    /// `id` becomes a copy of `original` (707.2). Counters, protector and
    /// status are not copied and stay (310.9g). An attacking or blocking
    /// creature that becomes a battle or stops being a creature, and an
    /// attacked battle or planeswalker that stops being one, is removed
    /// from combat (506.4).
    fn become_copy(&mut self, id: CardId, original: CardId) {
        let before = self.chars(id);
        self.obj_mut(id).copy_of = Some(original);
        let after = self.chars(id);
        if after.siege {
            self.obj_mut(id).history.was_siege_copy = true;
        }
        let fighting = matches!(
            self.obj(id).combat,
            crate::rules::state::Combat::Attacking { .. }
                | crate::rules::state::Combat::Blocking(_)
        );
        if fighting && before.creature && (after.battle || !after.creature) {
            self.remove_from_combat(id);
        }
        if (before.battle && !after.battle) || (before.planeswalker && !after.planeswalker) {
            self.remove_from_combat(id);
        }
    }

    /// A clone resolves: it enters as a copy of a battle of its
    /// controller's choice (707.5), or as itself (a 0/0) if there is none.
    fn resolve_clone(&mut self, card: CardId, controller: PlayerId) {
        let battles = self.copy_candidates(controller);
        match battles.len() {
            0 => self.finish_enter(card, None, None),
            1 => {
                let root = self.copy_root(battles[0]);
                self.begin_enter(card, controller, Some(root))
            }
            _ => self.pending = Pending::ChooseCopy { card },
        }
    }

    /// The clone's controller chose what it copies.
    pub fn choose_copy(&mut self, card: CardId, original: CardId) {
        let controller = self.obj(card).controller;
        let root = self.copy_root(original);
        self.begin_enter(card, controller, Some(root));
    }

    /// The battles a clone entering under `controller` may copy: with a
    /// limited range of influence, those within the controller's range
    /// (801.5a, 801.2d).
    pub fn copy_candidates(&self, controller: PlayerId) -> ArrayVec<CardId, 24> {
        let table = self.table();
        self.on_battlefield()
            .filter(|&b| self.chars(b).battle)
            .filter(|&b| self.object_in_reach(&table, controller, b))
            .collect()
    }

    /// `entering` is about to enter the battlefield under `controller` as
    /// the top of the stack resolves. A battle's controller chooses its
    /// protector as it enters (310.9a, 310.12a); the choice is a decision
    /// only when there is more than one option.
    pub fn begin_enter(&mut self, entering: CardId, controller: PlayerId, copy_of: Option<CardId>) {
        let options = self.entering_protector_options(entering, copy_of, controller);
        if options.len() > 1 {
            self.pending = Pending::EnterProtector { entering, copy_of };
        } else {
            self.finish_enter(entering, copy_of, options.first().copied());
        }
    }

    /// The players who may be chosen as protector of a battle entering as
    /// in [`Pending::EnterProtector`].
    pub fn entering_protector_options(
        &self,
        entering: CardId,
        copy_of: Option<CardId>,
        controller: PlayerId,
    ) -> ArrayVec<PlayerId, MAX_PLAYERS> {
        match self.setup().def(copy_of.unwrap_or(entering)).kind {
            Kind::Siege { .. } if self.setup().fault(Fault::ControllerMayProtectSiege) => {
                self.turn_order_from(controller).collect()
            }
            Kind::Siege { .. } => self.protectors_for(true, controller),
            Kind::Battle { .. } => self.protectors_for(false, controller),
            _ => ArrayVec::new(),
        }
    }

    /// The controller of the spell on top of the stack.
    pub fn resolving_controller(&self) -> PlayerId {
        match self.stack.last() {
            Some(StackItem::Spell { controller, .. }) => *controller,
            _ => self.active,
        }
    }

    /// The resolving spell on top of the stack finishes: `entering` (the
    /// spell's own card, or the token it makes) enters the battlefield
    /// under the spell's controller (310.2, 111.2), a battle with defense
    /// counters equal to its printed defense (310.4b, 614.1c) and the chosen
    /// protector. A card that makes a token goes to the graveyard (608.2n).
    pub fn finish_enter(
        &mut self,
        entering: CardId,
        copy_of: Option<CardId>,
        protector: Option<PlayerId>,
    ) {
        let Some(StackItem::Spell {
            card,
            controller,
            transformed,
            ..
        }) = self.stack.pop()
        else {
            unreachable!("a permanent enters as a spell resolves")
        };
        if card != entering {
            self.move_to(card, Zone::Graveyard);
        }
        self.move_to(entering, Zone::Battlefield);
        let o = self.obj_mut(entering);
        o.controller = controller;
        o.default_controller = controller;
        o.sick = true;
        o.back_face = transformed;
        o.copy_of = copy_of;
        let c = self.chars(entering);
        let extra = u8::from(self.setup().fault(Fault::ExtraDefenseCounter));
        if c.battle {
            self.record_protector(entering, protector);
        }
        let o = self.obj_mut(entering);
        if c.battle {
            o.counters = c.printed_defense + extra;
            o.protector = protector;
            o.protector_origin = ProtectorOrigin::Entered;
        }
        // 306.5b: with loyalty counters equal to its printed loyalty.
        if c.planeswalker {
            o.loyalty = c.printed_loyalty;
        }
        if c.siege && copy_of.is_some() {
            o.history.was_siege_copy = true;
        }
        self.enters_triggers(entering, copy_of.unwrap_or(entering), copy_of.is_some());
        self.settle(Then::Priority);
    }
}

fn permanent_of(t: Target) -> Option<CardId> {
    match t {
        Target::Permanent(c) => Some(c),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::cards::CardName;
    use crate::rules::config::{Config, Setup};
    use crate::rules::state::GameState;
    use battlecheck_properties::{CardId, Zone};

    /// Play the decisions named by `script` (as the trace words them) on
    /// `config`.
    fn play(config: Config, script: &[&str]) -> GameState {
        let setup = Box::leak(Box::new(Setup::new(config).unwrap()));
        let mut s = GameState::initial(setup);
        let mut offered = Vec::new();
        for line in script {
            offered.clear();
            s.decisions(&mut offered);
            let d = offered
                .iter()
                .find(|d| s.decision_text(d) == *line)
                .unwrap_or_else(|| panic!("'{line}' is not offered"))
                .clone();
            s.apply(&d);
        }
        s
    }

    /// 712.14a: Invasion of Ikoria cast transformed enters as Zilortha, an
    /// 8/8 creature back face up (the model once sent it to the graveyard
    /// as though it were a sorcery back face; random games in lockstep
    /// with the engine found it).
    #[test]
    fn a_creature_back_face_cast_transformed_enters() {
        let mut c = Config::preset("tiny").unwrap();
        c.seats[0].hand = vec![CardName::Zilortha];
        c.seats[0].battlefield = vec![CardName::Trampler, CardName::Trampler];
        let s = play(
            c,
            &[
                "P1 casts Invasion of Ikoria #2",
                "all players pass: Invasion of Ikoria #2 resolves",
                "all players pass: the search trigger of Invasion of Ikoria #2 resolves",
                "all players pass: the Main step ends",
                "P1 attacks Invasion of Ikoria #2 (protected by P2) with Pool Trampler #0, Invasion of Ikoria #2 (protected by P2) with Pool Trampler #1",
                "all players pass: the DeclareAttackers step ends",
                "blocks: nothing",
                "all players pass: the DeclareBlockers step ends",
                "all players pass: the defeat trigger of Invasion of Ikoria #2 resolves",
                "P1 casts Invasion of Ikoria #2 transformed",
                "all players pass: Invasion of Ikoria #2 resolves",
            ],
        );
        let zilortha = CardId(2);
        assert_eq!(s.obj(zilortha).zone, Zone::Battlefield);
        assert!(s.obj(zilortha).back_face);
        let c = s.chars(zilortha);
        assert!(c.creature && !c.battle);
        assert_eq!((c.power, c.toughness), (8, 8));
    }
}
