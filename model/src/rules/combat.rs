//! Combat (506–511): attacks on players and battles, blocks and the
//! evasion abilities that restrict them (flying, reach, menace), defender;
//! first-strike and regular combat damage (first and double strike),
//! trample, lifelink, deathtouch, the end of combat.

use crate::rules::cards::Keyword;
use crate::rules::faults::Fault;
use crate::rules::state::{Combat, GameState, Pending, Then};
use arrayvec::ArrayVec;
use battlecheck_properties::seating::{Table, Variant};
use battlecheck_properties::step::Happened;
use battlecheck_properties::{AttackTarget, CardId, PlayerId, Step, Target, Zone};

impl GameState {
    /// Creatures the active player may declare as attackers (508.1a):
    /// untapped creatures they have controlled continuously since the turn
    /// began (302.6), which are not battles and have no defender (702.3b).
    pub fn eligible_attackers(&self) -> ArrayVec<CardId, 24> {
        if !self.in_game(self.active) {
            return ArrayVec::new();
        }
        self.on_battlefield()
            .filter(|&id| {
                let o = self.obj(id);
                let c = self.chars(id);
                self.teammates(o.controller, self.active)
                    && c.creature
                    && (!c.battle || self.setup().fault(Fault::BattlesMayAttack))
                    && !o.tapped
                    && !o.sick
                    && (!c.keywords.has(Keyword::Defender)
                        || self.setup().fault(Fault::DefenderIgnored))
            })
            .collect()
    }

    /// What an attacker may attack (508.1b): each player the active player
    /// may attack under the game's options — every opponent in the game
    /// (802.2), only those within range of influence (801.3), only the
    /// nearest on one side (803.1a–b) — each battle such a player
    /// protects, never a battle the active player protects (310.9b), and
    /// each planeswalker such a player controls (506.2).
    pub fn attack_targets(&self) -> ArrayVec<AttackTarget, 32> {
        let ap = self.active;
        let table = if self.setup().fault(Fault::AttackIgnoresOptions) {
            Table {
                variant: Variant::default(),
                ..self.table()
            }
        } else if self.setup().fault(Fault::AttackTeammate) {
            Table {
                variant: Variant {
                    two_headed_giant: false,
                    ..self.setup().config.variant
                },
                ..self.table()
            }
        } else {
            self.table()
        };
        let players = self
            .player_ids()
            .filter(|&q| table.may_attack(ap, q))
            .map(AttackTarget::Player);
        let battles = self
            .on_battlefield()
            .filter(|&b| self.chars(b).battle)
            .filter_map(move |b| {
                let p = self.obj(b).protector?;
                (table.may_attack(ap, p)
                    || (p == ap && self.setup().fault(Fault::ProtectorMayAttack)))
                .then_some(AttackTarget::Battle(b))
            });
        let planeswalkers = self.attackable_planeswalkers(&table);
        players.chain(battles).chain(planeswalkers).collect()
    }

    /// The defending player relative to a creature attacking `target`
    /// (508.5, 310.9d): the player, the battle's protector, or the
    /// planeswalker's controller (506.2).
    pub(crate) fn defender_of(&self, target: AttackTarget) -> PlayerId {
        match target {
            AttackTarget::Player(p) => p,
            AttackTarget::Battle(b) => self
                .obj(b)
                .protector
                .expect("an attackable battle has a protector"),
            AttackTarget::Planeswalker(w) => self.obj(w).controller,
        }
    }

    /// The beginning of combat: the active player declares attackers if any
    /// creature can attack; otherwise combat is skipped (508.8).
    pub fn begin_combat(&mut self) {
        self.step = Step::DeclareAttackers;
        if self.eligible_attackers().is_empty() || self.attack_targets().is_empty() {
            self.end_of_combat();
        } else {
            self.pending = Pending::DeclareAttackers;
        }
    }

    /// 508.1: declared attackers become tapped and attack what they were
    /// declared against. With no attackers, the rest of combat is skipped
    /// (508.8).
    pub fn declare_attackers(&mut self, attacks: &[(CardId, AttackTarget)]) {
        if attacks.is_empty() {
            return self.end_of_combat();
        }
        for &(creature, target) in attacks {
            let defender = self.defender_of(target);
            self.record(Happened::Attacked {
                attacker: creature,
                controller: self.obj(creature).controller,
                defender,
            });
            let o = self.obj_mut(creature);
            o.tapped = true;
            o.attacked = true;
            o.combat = Combat::Attacking {
                target: Some(target),
                defender,
                blocked: false,
            };
        }
        self.settle(Then::Priority);
    }

    /// For each creature that could block: the attackers it may block
    /// (509.1a, 802.4a): attackers of its controller, of a battle its
    /// controller protects (310.9c), or attackers whose battle was removed
    /// from combat and for whom its controller is the defending player
    /// (506.4c, 508.5), unless the attacker's evasion forbids it
    /// ([`Self::evades`]). Battles never block.
    pub fn block_options(&self) -> ArrayVec<(CardId, ArrayVec<CardId, 8>), 16> {
        let attackers: ArrayVec<(CardId, Option<AttackTarget>, PlayerId), 16> = self
            .on_battlefield()
            .filter_map(|id| match self.obj(id).combat {
                Combat::Attacking {
                    target, defender, ..
                } => Some((id, target, defender)),
                _ => None,
            })
            .collect();
        self.on_battlefield()
            .filter(|&id| {
                let o = self.obj(id);
                let c = self.chars(id);
                c.creature
                    && !c.battle
                    && !o.tapped
                    && !self.teammates(o.controller, self.active)
                    && self.in_game(o.controller)
            })
            .filter_map(|blocker| {
                let p = self.obj(blocker).controller;
                let may_block: ArrayVec<CardId, 8> = attackers
                    .iter()
                    // 805.10d: with Two-Headed Giant, for either player of
                    // the defending team.
                    .filter(|(_, target, defender)| match target {
                        Some(AttackTarget::Player(q)) => self.teammates(*q, p),
                        Some(AttackTarget::Battle(b)) => {
                            self.obj(*b).protector.is_some_and(|q| self.teammates(q, p))
                                || self.setup().fault(Fault::AnyoneMayBlock)
                        }
                        Some(AttackTarget::Planeswalker(w)) => {
                            self.teammates(self.obj(*w).controller, p)
                        }
                        None => self.teammates(*defender, p),
                    })
                    .filter(|(a, _, _)| !self.evades(*a, blocker))
                    .map(|(a, _, _)| *a)
                    .collect();
                (!may_block.is_empty()).then_some((blocker, may_block))
            })
            .collect()
    }

    /// Does `attacker`'s flying forbid `blocker` to block it (702.9b: only
    /// creatures with flying or reach may, 702.17b)?
    fn evades(&self, attacker: CardId, blocker: CardId) -> bool {
        let blocks_flyers = self.chars(blocker).keywords;
        self.chars(attacker).keywords.has(Keyword::Flying)
            && !blocks_flyers.has(Keyword::Flying)
            && !blocks_flyers.has(Keyword::Reach)
            && !self.setup().fault(Fault::FlyingIgnored)
    }

    /// Is the declaration `blocks` legal as a whole (509.1b–c)? Each
    /// attacker with menace is blocked by no creature or by two or more
    /// (702.111b); every other restriction is on one block, in
    /// [`Self::block_options`].
    pub fn blocks_legal(&self, blocks: &[(CardId, CardId)]) -> bool {
        self.setup().fault(Fault::MenaceIgnored)
            || blocks.iter().all(|&(_, attacker)| {
                !self.chars(attacker).keywords.has(Keyword::Menace)
                    || blocks.iter().filter(|&&(_, a)| a == attacker).count() >= 2
            })
    }

    /// The declare blockers step begins: every defending player declares
    /// blockers (509.1, 802.4); with no possible block the declaration is
    /// empty and is not a decision.
    pub fn begin_blocks(&mut self) {
        self.step = Step::DeclareBlockers;
        if self.block_options().is_empty() {
            self.settle(Then::Priority);
        } else {
            self.pending = Pending::DeclareBlockers;
        }
    }

    /// 509.1: each blocker blocks one attacker; blocked attackers stay
    /// blocked (509.1h).
    pub fn declare_blockers(&mut self, blocks: &[(CardId, CardId)]) {
        for &(blocker, attacker) in blocks {
            self.obj_mut(blocker).combat = Combat::Blocking(attacker);
            if let Combat::Attacking { blocked, .. } = &mut self.obj_mut(attacker).combat {
                *blocked = true;
            }
        }
        self.settle(Then::Priority);
    }

    /// Does any attacking or blocking creature have first strike (510.4)?
    fn first_strike_in_combat(&self) -> bool {
        self.on_battlefield().any(|id| {
            let k = self.chars(id).keywords;
            self.obj(id).combat != Combat::None
                && (k.has(Keyword::FirstStrike) || k.has(Keyword::DoubleStrike))
        })
    }

    /// The step after the declare blockers step or a combat damage step.
    pub fn next_damage_step(&mut self) {
        match self.step {
            Step::DeclareBlockers if self.first_strike_in_combat() => {
                self.combat_damage_step(Step::FirstStrikeDamage)
            }
            Step::DeclareBlockers | Step::FirstStrikeDamage => {
                self.combat_damage_step(Step::CombatDamage)
            }
            _ => self.end_of_combat(),
        }
    }

    /// Does `id` deal combat damage in `step` (510.4)? In the first-strike
    /// step creatures with first strike or double strike; in the regular
    /// step those without first strike, double strikers included (702.4b;
    /// no pool creature gains or loses either between the steps).
    pub(crate) fn deals_damage_in(&self, id: CardId, step: Step) -> bool {
        let k = self.chars(id).keywords;
        self.obj(id).combat != Combat::None
            && if k.has(Keyword::DoubleStrike) {
                step == Step::FirstStrikeDamage || !self.setup().fault(Fault::DoubleStrikeOnce)
            } else {
                k.has(Keyword::FirstStrike) == (step == Step::FirstStrikeDamage)
            }
    }

    /// Creatures blocking `attacker`, in card order.
    pub fn blockers_of(&self, attacker: CardId) -> ArrayVec<CardId, 16> {
        self.on_battlefield()
            .filter(|&id| self.obj(id).combat == Combat::Blocking(attacker))
            .collect()
    }

    /// Lethal damage for a creature: its toughness less damage already
    /// marked (702.19b; damage other attackers assign in the same step is
    /// not counted, a simplification with one attacker per blocker).
    fn lethal(&self, id: CardId) -> u8 {
        self.chars(id)
            .toughness
            .saturating_sub(self.obj(id).damage)
            .max(1)
    }

    /// A blocked trampling attacker that still has blockers and more power
    /// than their lethal damage needs its controller's division (702.19b);
    /// the first one without a decision yet, in card order.
    fn trample_choice_needed(&self, step: Step) -> Option<CardId> {
        self.on_battlefield().find(|&id| {
            let c = self.chars(id);
            matches!(
                self.obj(id).combat,
                Combat::Attacking {
                    target: Some(_),
                    blocked: true,
                    ..
                }
            ) && c.keywords.has(Keyword::Trample)
                && self.deals_damage_in(id, step)
                && !self.assigns_as_unblocked(id)
                && self.obj(id).trample_assigned.is_none()
                && {
                    let blockers = self.blockers_of(id);
                    !blockers.is_empty()
                        && c.power > blockers.iter().map(|&b| self.lethal(b)).sum::<u8>()
                }
        })
    }

    /// The most a trampler may assign to what it attacks.
    pub fn trample_excess(&self, attacker: CardId) -> u8 {
        let lethal: u8 = self
            .blockers_of(attacker)
            .iter()
            .map(|&b| self.lethal(b))
            .sum();
        self.chars(attacker).power.saturating_sub(lethal)
    }

    /// The trampler's controller assigned `to_attacked` to what it attacks.
    pub fn assign_trample(&mut self, attacker: CardId, to_attacked: u8) {
        self.obj_mut(attacker).trample_assigned = Some(to_attacked);
        self.combat_damage_step(self.step);
    }

    /// What a blocked attacker with blockers assigns to what it attacks: a
    /// trampler what its controller chose (702.19b), others nothing.
    fn assigned_to_attacked(&self, attacker: CardId) -> u8 {
        if self.chars(attacker).keywords.has(Keyword::Trample) {
            self.obj(attacker).trample_assigned.unwrap_or(0)
        } else {
            0
        }
    }

    /// Every division among its blockers (in card order) of the combat
    /// damage `attacker` does not assign to what it attacks (510.1c: as its
    /// controller chooses); with damage assigned to what it attacks, each
    /// blocker gets at least lethal damage (702.19b).
    pub fn divisions(&self, attacker: CardId) -> Vec<ArrayVec<u8, 16>> {
        let blockers = self.blockers_of(attacker);
        let to_attacked = self.assigned_to_attacked(attacker);
        let rest = self.chars(attacker).power.saturating_sub(to_attacked);
        let least: ArrayVec<u8, 16> = blockers
            .iter()
            .map(|&b| if to_attacked > 0 { self.lethal(b) } else { 0 })
            .collect();
        let mut out = Vec::new();
        let mut parts = ArrayVec::<u8, 16>::new();
        fn fill(
            least: &[u8],
            left: u8,
            parts: &mut ArrayVec<u8, 16>,
            out: &mut Vec<ArrayVec<u8, 16>>,
        ) {
            let i = parts.len();
            if i + 1 == least.len() {
                if left >= least[i] {
                    parts.push(left);
                    out.push(parts.clone());
                    parts.pop();
                }
                return;
            }
            let rest_least: u8 = least[i + 1..].iter().sum();
            for n in least[i]..=left.saturating_sub(rest_least) {
                parts.push(n);
                fill(least, left - n, parts, out);
                parts.pop();
            }
        }
        if !blockers.is_empty() {
            fill(&least, rest, &mut parts, &mut out);
        }
        out
    }

    /// An attacker dealing damage in `step` whose damage its controller
    /// must divide among two or more blockers (510.1c) and has not yet; the
    /// first in card order. After its trample assignment, if it has one.
    fn division_needed(&self, step: Step) -> Option<CardId> {
        self.on_battlefield().find(|&id| {
            matches!(self.obj(id).combat, Combat::Attacking { blocked: true, .. })
                && self.deals_damage_in(id, step)
                && !self.assigns_as_unblocked(id)
                && self.chars(id).power > self.assigned_to_attacked(id)
                && {
                    let blockers = self.blockers_of(id);
                    blockers.len() >= 2 && self.obj(blockers[0]).share.is_none()
                }
        })
    }

    /// The attacker's controller divided its damage among its blockers.
    pub fn divide_damage(&mut self, division: &[(CardId, u8)]) {
        for &(b, n) in division {
            self.obj_mut(b).share = Some(n);
        }
        self.combat_damage_step(self.step);
    }

    /// A combat damage step (510): damage assignment decisions first, then
    /// all combat damage is dealt at once (510.2), then state-based actions
    /// and priority.
    pub(crate) fn combat_damage_step(&mut self, step: Step) {
        self.step = step;
        // C04: just before it assigns, as though it weren't blocked or not.
        if let Some(attacker) = self.as_unblocked_choice_needed(step) {
            self.pending = Pending::AssignAsUnblocked { attacker };
            return;
        }
        if let Some(attacker) = self.trample_choice_needed(step) {
            self.pending = Pending::AssignTrample { attacker };
            return;
        }
        // 510.1c: each division with more than one way to make it is a
        // decision; one with a single way is made at once.
        while let Some(attacker) = self.division_needed(step) {
            let mut divisions = self.divisions(attacker);
            if divisions.len() != 1 {
                self.pending = Pending::DivideDamage { attacker };
                return;
            }
            let only = divisions.remove(0);
            for (b, n) in self.blockers_of(attacker).into_iter().zip(only) {
                self.obj_mut(b).share = Some(n);
            }
        }
        // (source, recipient, amount) of every assignment, dealt
        // simultaneously (510.2).
        let mut assigned: ArrayVec<(CardId, Target, u8), 32> = ArrayVec::new();
        let mut trampled: ArrayVec<CardId, 8> = ArrayVec::new();
        let mut hit_as_unblocked: ArrayVec<CardId, 8> = ArrayVec::new();
        for id in self.on_battlefield().collect::<ArrayVec<_, 24>>() {
            if !self.deals_damage_in(id, step) {
                continue;
            }
            let power = self.chars(id).power;
            if power == 0 {
                continue;
            }
            match self.obj(id).combat {
                Combat::Attacking {
                    target, blocked, ..
                } => {
                    let blockers = self.blockers_of(id);
                    let trample = self.chars(id).keywords.has(Keyword::Trample);
                    let as_unblocked = self.assigns_as_unblocked(id);
                    // 510.1b–c, 702.19b–d: what reaches the attacked player
                    // or battle; all of it as though not blocked (C04).
                    let to_attacked = match (blocked, blockers.is_empty()) {
                        _ if as_unblocked => power,
                        (false, _) => power,
                        (true, true) if trample => power,
                        (true, true) => 0,
                        (true, false) => self.assigned_to_attacked(id),
                    };
                    if as_unblocked {
                        self.record(Happened::AssignedAsUnblocked {
                            attacker: id,
                            to: Self::attacked_recipient(target),
                            human: self.chars(id).human,
                        });
                        if self.setup().fault(Fault::AsUnblockedAlsoToBlockers) {
                            if let Some(&b) = blockers.first() {
                                assigned.push((id, Target::Permanent(b), power));
                            }
                        }
                    }
                    // 510.1c: the rest goes to a single blocker, or is
                    // divided among several as the controller chose.
                    let rest = power - to_attacked;
                    for &b in blockers.iter().filter(|_| !as_unblocked) {
                        let share = match blockers.len() {
                            1 => rest,
                            _ => self.obj(b).share.expect("the division was made"),
                        };
                        if share > 0 {
                            assigned.push((id, Target::Permanent(b), share));
                        }
                    }
                    if to_attacked > 0 {
                        match target {
                            Some(AttackTarget::Player(p)) if self.in_game(p) => {
                                assigned.push((id, Target::Player(p), to_attacked))
                            }
                            Some(AttackTarget::Battle(b))
                                if self.obj(b).zone == Zone::Battlefield =>
                            {
                                let n = to_attacked.saturating_sub(self.injected_bonus_missing(id));
                                if n > 0 {
                                    assigned.push((id, Target::Permanent(b), n));
                                }
                                if as_unblocked {
                                    hit_as_unblocked.push(b);
                                } else if blocked && trample {
                                    trampled.push(b);
                                }
                            }
                            Some(AttackTarget::Planeswalker(w))
                                if self.obj(w).zone == Zone::Battlefield =>
                            {
                                assigned.push((id, Target::Permanent(w), to_attacked))
                            }
                            // 510.1b, 800.4e: attacking nothing, or a player who left.
                            _ => {}
                        }
                    }
                }
                // 506.4, 510.1d: a creature removed from combat is no longer
                // blocked; its blocker blocks nothing and deals no damage.
                Combat::Blocking(attacker)
                    if self.obj(attacker).zone == Zone::Battlefield
                        && matches!(self.obj(attacker).combat, Combat::Attacking { .. }) =>
                {
                    assigned.push((id, Target::Permanent(attacker), power));
                }
                _ => {}
            }
        }
        // Damage to a battle is one event per battle (510.2): its counters
        // are removed together, however many sources dealt it.
        let mut to_battles: ArrayVec<(CardId, u8, u8), 8> = ArrayVec::new();
        // 702.15b, 120.3f: the damage a source with lifelink deals, to
        // anything, battles included, is gained by its controller as it is
        // dealt (510.2: with all combat damage, after it).
        let mut lifelink: ArrayVec<(PlayerId, u8), 16> = ArrayVec::new();
        for &(source, to, n) in &assigned {
            // 615.6: damage prevented is never dealt (`prevention`).
            if self.combat_damage_prevented_to(to) {
                continue;
            }
            let battle = matches!(to, Target::Permanent(b) if self.chars(b).battle);
            let times = if battle && self.setup().fault(Fault::BattleDamageTwice) {
                2
            } else {
                1
            };
            if self.chars(source).keywords.has(Keyword::Lifelink) {
                let gained = match to {
                    Target::Permanent(b)
                        if battle && self.setup().fault(Fault::LifelinkPerCounter) =>
                    {
                        n.min(self.obj(b).counters)
                    }
                    _ => n,
                };
                lifelink.push((self.obj(source).controller, gained));
            }
            for _ in 0..times {
                self.record(Happened::Damage {
                    source,
                    to,
                    amount: n.into(),
                });
                match to {
                    // Combat damage is dealt to players and permanents only.
                    Target::Card(_) => {}
                    Target::Player(p) => self.lose_life(p, n),
                    Target::Permanent(id) | Target::Trigger(id) => {
                        let c = self.chars(id);
                        if c.creature {
                            let deathtouch = self.chars(source).keywords.has(Keyword::Deathtouch)
                                && !self.setup().fault(Fault::DeathtouchIgnored);
                            let o = self.obj_mut(id);
                            o.damage = o.damage.saturating_add(n);
                            o.deathtouched |= deathtouch;
                        }
                        if c.planeswalker {
                            self.damage_planeswalker(id, n);
                        }
                        if c.battle {
                            match to_battles.iter_mut().find(|(b, ..)| *b == id) {
                                Some((_, total, sources)) => {
                                    *total = total.saturating_add(n);
                                    *sources += 1;
                                }
                                None => to_battles.push((id, n, 1)),
                            }
                            if self.setup().fault(Fault::BattleDamageToProtector) {
                                if let Some(p) = self.obj(id).protector {
                                    self.lose_life(p, n);
                                }
                            }
                        }
                    }
                }
            }
        }
        for (p, n) in lifelink {
            self.gain_life(p, n);
        }
        for (b, total, sources) in to_battles {
            let removed = if self.setup().fault(Fault::DamageOffByOne) {
                total.saturating_add(1)
            } else {
                total
            };
            self.remove_counters(b, removed, sources, true);
        }
        for b in trampled {
            self.obj_mut(b).history.trampled = true;
        }
        for b in hit_as_unblocked {
            self.obj_mut(b).history.hit_as_unblocked = true;
        }
        for id in self.ids().collect::<ArrayVec<_, 24>>() {
            let o = self.obj_mut(id);
            o.trample_assigned = None;
            o.share = None;
            o.as_unblocked = None;
        }
        self.settle(Then::Priority);
    }

    /// 511.3: as the end of combat step ends, everything is removed from
    /// combat. The second main phase and end steps have no battle
    /// interaction and are not explored; state-based actions are checked as
    /// a player would first receive priority after combat, in the second
    /// main phase (505.1; a protector chosen there, 704.5x, is chosen in a
    /// main phase), before the turn ends.
    pub fn end_of_combat(&mut self) {
        for o in self.objs_mut() {
            o.combat = Combat::None;
        }
        self.step = Step::Main;
        self.settle(Then::EndTurn);
    }
}
