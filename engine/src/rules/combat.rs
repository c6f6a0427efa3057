//! Combat (506–511): attacks against players and battles, blocks by each
//! defending player (802.4), first-strike and regular combat damage (510,
//! 702.7b), trample (702.19b) and removal from combat (506.4, 506.4c).

use crate::cards::card::{CardType, Keyword};
use crate::cards::static_ability::StaticAbility;
use crate::fault::EngineFault;
use crate::state::error::{illegal, refuse, EngineError, Refusal, Refused};
use crate::state::event::Event;
use crate::state::game::{Combat, Game, Snapshot, TurnStep, Waiting};
use battlecheck_properties::seating::AttackOption;
use battlecheck_properties::{AttackTarget, CardId, PlayerId, Target};
use smallvec::SmallVec;
use std::collections::BTreeMap;

/// Each attacker of a declaration, with what it attacks and the defending
/// player relative to it ([`Game::attack_refusal`]): a few, kept without a
/// list on the heap while candidate declarations are judged.
type Declared = SmallVec<[(CardId, AttackTarget, PlayerId); 4]>;

impl Game {
    /// Could `id` be declared as an attacker by the active player (508.1a,
    /// 302.6)?
    fn can_attack(&self, id: CardId) -> bool {
        let o = self.obj(id);
        o.on_battlefield()
            && self.teammates(o.controller, self.active)
            && o.is_creature()
            && !o.is_battle()
            && (!self.has_keyword(o.id, Keyword::Defender)
                || self.fault(EngineFault::DefenderAttacksBattles))
            && !o.tapped
            && (!o.sick || self.has_keyword(o.id, Keyword::Haste))
    }

    /// Could `id` block (509.1a)?
    fn can_block(&self, id: CardId) -> bool {
        let o = self.obj(id);
        o.on_battlefield() && o.is_creature() && !o.is_battle() && !o.tapped
    }

    /// The defending players the active player may attack: every opponent
    /// (802.2), within the active player's range of influence (801.3; the
    /// opponents outside it are defending players whom nothing can attack,
    /// so they never block), or the one the attack option dictates
    /// (506.2a, 803.1a–b).
    pub fn defending_players(&self) -> SmallVec<[PlayerId; 8]> {
        if !self.in_game(self.active) {
            return SmallVec::new();
        }
        let table = self.seating();
        self.players_from(self.active)
            .filter(|&q| table.may_attack(self.active, q))
            .collect()
    }

    /// The rule that forbids a creature of `controller`, on the active
    /// player's side, to attack `p` (who is not among
    /// [`Game::defending_players`]), or battles `p` protects.
    fn why_not_attackable(&self, controller: PlayerId, p: PlayerId) -> &'static str {
        let table = self.seating();
        if p == controller || !self.in_game(p) {
            "508.1b"
        } else if self.teammates(p, controller) {
            "805.10a"
        } else if !table.in_range(self.active, p) {
            "801.3"
        } else if table.variant.attack == AttackOption::Left {
            "803.1a"
        } else {
            "803.1b"
        }
    }

    /// As the declare attackers step begins the active player declares
    /// attackers (508.1). With no creature able to attack, or no defending
    /// player they may attack (801.3: no opponent within their range of
    /// influence; the battles they could attack are protected by defending
    /// players), the empty declaration is the only one and is made at
    /// once; a player who left the game declares nothing (800.4j).
    pub(crate) fn begin_declare_attackers(&mut self) {
        self.attackers_declared = false;
        let any = !self.defending_players().is_empty()
            && self.objects.iter().any(|o| self.can_attack(o.id));
        if any {
            self.waiting = Waiting::DeclareAttackers;
        } else {
            self.settle(self.active);
        }
    }

    /// The active player's attack declaration (508.1).
    pub(crate) fn declare_attackers(
        &mut self,
        player: PlayerId,
        attacks: &[(CardId, AttackTarget)],
    ) -> Result<(), EngineError> {
        let declared = self.attack_refusal(player, attacks)?;
        for &(a, target) in attacks {
            let battle = match target {
                AttackTarget::Battle(c) | AttackTarget::Planeswalker(c) => {
                    Some(self.obj(c).snapshot())
                }
                AttackTarget::Player(_) => None,
            };
            // 508.1f: attacking causes a creature to tap (unless vigilance).
            let vigilance = self.has_keyword(a, Keyword::Vigilance);
            let o = self.obj_mut(a);
            if !vigilance {
                o.tapped = true;
            }
            o.combat = Combat::Attacking {
                target: Some(target),
                battle,
                blocked: false,
                blockers: Vec::new(),
                struck_first: false,
                me: o.snapshot(),
            };
        }
        self.attackers_declared = !attacks.is_empty();
        self.emit(Event::Attacks {
            player,
            attacks: declared.into_vec(),
        });
        let attackers: Vec<CardId> = attacks.iter().map(|&(a, _)| a).collect();
        self.attacked_this_turn.extend(&attackers);
        self.attack_triggers(&attackers);
        self.settle(self.active);
        Ok(())
    }

    /// Why the rules forbid `player` to declare `attacks` now (508.1a–b,
    /// 310.9b), if they do; else each attacker with what it attacks and
    /// the defending player relative to it (508.5, 310.9d). Everything
    /// [`Game::declare_attackers`] checks: it only reads the game, so a
    /// candidate declaration is judged without a copy of it, and without
    /// writing out why it is refused ([`Refused`]).
    pub(crate) fn attack_refusal<R: Refusal>(
        &self,
        player: PlayerId,
        attacks: &[(CardId, AttackTarget)],
    ) -> Result<Declared, R> {
        if self.waiting != Waiting::DeclareAttackers {
            return refuse("508.1", || {
                format!(
                    "attackers are not being declared: the game waits for {}",
                    self.waiting_text()
                )
            });
        }
        if player != self.active {
            return refuse("508.1", || format!("{player} is not the active player"));
        }
        let defenders = self.defending_players();
        // Each attacker, what it attacks and the defending player relative
        // to it (508.5, 310.9d).
        let mut declared = Declared::new();
        for (i, &(a, target)) in attacks.iter().enumerate() {
            self.known(a).map_err(R::from_error)?;
            if attacks[..i].iter().any(|&(b, _)| b == a) {
                return refuse("508.1a", || format!("{a} is declared as an attacker twice"));
            }
            let o = self.obj(a);
            // 805.10b: the active team declares its attackers together.
            if !o.on_battlefield() || !self.teammates(o.controller, player) {
                return refuse("508.1a", || {
                    format!("{player} does not control {a} on the battlefield")
                });
            }
            if o.is_battle() {
                return refuse("508.1a", || {
                    format!("{a} is a battle: battles can't attack")
                });
            }
            if !o.is_creature() {
                return refuse("508.1a", || format!("{a} is not a creature"));
            }
            if o.tapped {
                return refuse("508.1a", || format!("{a} is tapped"));
            }
            if self.has_keyword(o.id, Keyword::Defender)
                && !(matches!(target, AttackTarget::Battle(_))
                    && self.fault(EngineFault::DefenderAttacksBattles))
            {
                return refuse("702.3b", || format!("{a} has defender: it can't attack"));
            }
            if o.sick && !self.has_keyword(o.id, Keyword::Haste) {
                return refuse("302.6", || {
                    format!("{a} has not been under {player}'s control since the turn began")
                });
            }
            let defender = match target {
                AttackTarget::Player(p) => {
                    if !defenders.contains(&p) {
                        return refuse(self.why_not_attackable(o.controller, p), || {
                            format!("{p} is not a defending player {player} may attack")
                        });
                    }
                    p
                }
                AttackTarget::Battle(b) => {
                    self.known(b).map_err(R::from_error)?;
                    let bo = self.obj(b);
                    if !bo.on_battlefield() || !bo.is_battle() {
                        return refuse("508.1b", || {
                            format!("{b} is not a battle on the battlefield")
                        });
                    }
                    match bo.protector {
                        Some(p) if p == o.controller => {
                            return refuse("310.9b", || {
                                format!("{p} protects {b} and cannot attack it")
                            });
                        }
                        Some(p) if defenders.contains(&p) => p,
                        Some(p) => {
                            return refuse(self.why_not_attackable(o.controller, p), || {
                                format!("{b}'s protector {p} is not a defending player {player} may attack")
                            });
                        }
                        None => {
                            return refuse("310.9b", || format!("{b} has no protector"));
                        }
                    }
                }
                AttackTarget::Planeswalker(w) => self
                    .attackable_planeswalker(o.controller, w, &defenders)
                    .map_err(R::from_error)?,
            };
            declared.push((a, target, defender));
        }
        Ok(declared)
    }

    /// The defending player of a creature of `controller` attacking
    /// planeswalker `w` (506.2, 508.1b): its controller, who must be a
    /// defending player the active player may attack (`defenders`).
    fn attackable_planeswalker(
        &self,
        controller: PlayerId,
        w: CardId,
        defenders: &[PlayerId],
    ) -> Result<PlayerId, EngineError> {
        self.known(w)?;
        let o = self.obj(w);
        if !o.on_battlefield() || !o.is(CardType::Planeswalker) {
            return illegal(
                "506.3",
                format!("{w} is not a planeswalker on the battlefield"),
            );
        }
        let p = o.controller;
        let own = p == controller && self.fault(EngineFault::OwnPlaneswalkerAttackable);
        if !defenders.contains(&p) && !own {
            return illegal(
                self.why_not_attackable(controller, p),
                format!(
                    "{w}'s controller {p} is not a defending player {} may attack",
                    self.active
                ),
            );
        }
        Ok(p)
    }

    /// The defending player `d` may block `attacker` (509.1a, 802.4a,
    /// 310.9c): it attacks `d`, a planeswalker `d` controls (506.2) or a
    /// battle `d` protects. A creature attacking a battle or planeswalker
    /// that was removed from combat "may be blocked" (506.4c) but 509.1a
    /// names no player who may block it; the engine lets the player who was
    /// defending against it (508.5: the battle's protector, or the
    /// planeswalker's controller, when it was removed) block it.
    fn may_block<R: Refusal>(&self, d: PlayerId, attacker: CardId) -> Result<(), R> {
        let a = self.obj(attacker);
        let Combat::Attacking { target, battle, .. } = &a.combat else {
            return refuse("509.1a", || format!("{attacker} is not attacking"));
        };
        // 805.10d: with Two-Headed Giant either player of the defending team
        // blocks for the other.
        let d_team = |p: PlayerId| p == d || self.blocks_for_teammate(d, p);
        match target {
            Some(AttackTarget::Player(p)) if d_team(*p) => Ok(()),
            Some(AttackTarget::Player(p)) => {
                refuse("802.4a", || format!("{attacker} attacks {p}, not {d}"))
            }
            Some(AttackTarget::Battle(b)) => match self.obj(*b).protector {
                Some(p) if d_team(p) => Ok(()),
                _ => refuse("310.9c", || {
                    format!("{d} does not protect {b}: only its protector's creatures can block creatures attacking it")
                }),
            },
            // 506.2: the planeswalker's controller is the defending player.
            Some(AttackTarget::Planeswalker(w)) => match self.obj(*w).controller {
                p if d_team(p) || self.fault(EngineFault::AnyoneBlocksForPlaneswalkers) => Ok(()),
                p => refuse("509.1a", || {
                    format!("{attacker} attacks {w}, which {p} controls, not {d}")
                }),
            },
            None => match battle.and_then(|s| s.protector.or(Some(s.controller))) {
                Some(p) if d_team(p) => Ok(()),
                _ => refuse("509.1a", || {
                    format!("{attacker} attacks nothing that {d} defends")
                }),
            },
        }
    }

    /// The evasion abilities of `attacker` that forbid `blocker` to block
    /// it: flying (702.9b), which a blocker with flying or reach ignores
    /// (702.17b).
    fn evasion<R: Refusal>(&self, blocker: CardId, attacker: CardId) -> Result<(), R> {
        if self.has_keyword(attacker, Keyword::Flying)
            && !self.fault(EngineFault::FlyingIgnored)
            && !self.has_keyword(blocker, Keyword::Flying)
            && !self.has_keyword(blocker, Keyword::Reach)
        {
            return refuse("702.9b", || {
                format!("{attacker} has flying: only creatures with flying or reach can block it")
            });
        }
        Ok(())
    }

    /// 805.10d: may defending player `d` block for `p`, their teammate?
    fn blocks_for_teammate(&self, d: PlayerId, p: PlayerId) -> bool {
        self.teammates(d, p) && !self.fault(EngineFault::TeammateMayNotBlock)
    }

    /// As the declare blockers step begins, each defending player in APNAP
    /// order declares blockers (509.1, 802.4). A player with no creature that
    /// could block anything has only the empty declaration, made at once.
    pub(crate) fn begin_declare_blockers(&mut self) {
        let defenders = self.defenders_with_blocks(&self.defending_players());
        if defenders.is_empty() {
            self.settle(self.active);
        } else {
            self.waiting = Waiting::DeclareBlockers(defenders);
        }
    }

    /// Those of `among` who control a creature that could block some
    /// attacker they may block.
    pub(crate) fn defenders_with_blocks(&self, among: &[PlayerId]) -> Vec<PlayerId> {
        let attackers: Vec<CardId> = self
            .battlefield()
            .filter(|o| matches!(o.combat, Combat::Attacking { .. }))
            .map(|o| o.id)
            .collect();
        among
            .iter()
            .copied()
            .filter(|&d| {
                self.battlefield().any(|b| {
                    b.controller == d
                        && self.can_block(b.id)
                        && attackers.iter().any(|&a| {
                            self.may_block::<Refused>(d, a).is_ok()
                                && self.evasion::<Refused>(b.id, a).is_ok()
                        })
                })
            })
            .collect()
    }

    /// One defending player's blocks (509.1a, 802.4, 802.4b).
    pub(crate) fn declare_blockers(
        &mut self,
        player: PlayerId,
        blocks: &[(CardId, CardId)],
    ) -> Result<(), EngineError> {
        self.block_refusal(player, blocks)?;
        for &(b, a) in blocks {
            let me = self.obj(b).snapshot();
            self.obj_mut(b).combat = Combat::Blocking {
                attacker: a,
                struck_first: false,
                me,
            };
            if let Combat::Attacking {
                blocked, blockers, ..
            } = &mut self.obj_mut(a).combat
            {
                *blocked = true;
                blockers.push(b);
            }
        }
        self.emit(Event::Blocks {
            player,
            blocks: blocks.to_vec(),
        });
        if let Waiting::DeclareBlockers(remaining) = &mut self.waiting {
            remaining.remove(0);
            if remaining.is_empty() {
                self.settle(self.active);
            }
        }
        Ok(())
    }

    /// Why the rules forbid `player` to declare `blocks` now (509.1a,
    /// 802.4, 702.111b), if they do: everything
    /// [`Game::declare_blockers`] checks. It only reads the game, so a
    /// candidate declaration is judged without a copy of it, and without
    /// writing out why it is refused ([`Refused`]).
    pub(crate) fn block_refusal<R: Refusal>(
        &self,
        player: PlayerId,
        blocks: &[(CardId, CardId)],
    ) -> Result<(), R> {
        let Waiting::DeclareBlockers(remaining) = &self.waiting else {
            return refuse("509.1", || {
                format!(
                    "blockers are not being declared: the game waits for {}",
                    self.waiting_text()
                )
            });
        };
        if remaining.first() != Some(&player) {
            return refuse("802.4", || {
                format!(
                    "defending players declare blockers one at a time in APNAP order: the game waits for {}",
                    self.waiting_text()
                )
            });
        }
        for (i, &(b, a)) in blocks.iter().enumerate() {
            self.known(b).map_err(R::from_error)?;
            self.known(a).map_err(R::from_error)?;
            if blocks[..i].iter().any(|&(x, _)| x == b) {
                return refuse("509.1a", || format!("{b} is declared as a blocker twice"));
            }
            let o = self.obj(b);
            if !o.on_battlefield() || o.controller != player {
                return refuse("802.4a", || {
                    format!("{player} does not control {b}: a defending player blocks only with creatures they control")
                });
            }
            if o.is_battle() {
                return refuse("509.1a", || format!("{b} is a battle: battles can't block"));
            }
            if !o.is_creature() {
                return refuse("509.1a", || format!("{b} is not a creature"));
            }
            if o.tapped {
                return refuse("509.1a", || format!("{b} is tapped"));
            }
            self.may_block(player, a)?;
            self.evasion(b, a)?;
        }
        if let Some(a) = self.menace_unmet(blocks, remaining) {
            return refuse("702.111b", || {
                format!("{a} has menace: it can't be blocked except by two or more creatures")
            });
        }
        Ok(())
    }

    /// An attacker with menace that the blocks of the player declaring now
    /// (the first of `remaining`) leave with one blocker, if any (702.111b:
    /// two or more, or none). With Two-Headed Giant the defending team
    /// declares one block (805.10d, 810.7), which the engine takes player
    /// by player (`remaining`, in APNAP order): a part may leave a menace
    /// attacker with one blocker while a teammate still to declare could
    /// block it as well, and the last part must complete every menace
    /// attacker blocked before it.
    fn menace_unmet(&self, blocks: &[(CardId, CardId)], remaining: &[PlayerId]) -> Option<CardId> {
        if self.fault(EngineFault::MenaceIgnored) {
            return None;
        }
        // (those after the player declaring now who may block the same
        // attackers are its teammates, see `may_block`)
        let later = &remaining[1..];
        let blockers = |a: CardId| match &self.obj(a).combat {
            Combat::Attacking { blockers, .. } => blockers.len(),
            _ => 0,
        };
        // The attackers this part blocks, and, for the team's last part,
        // those its teammates blocked before.
        let mut attackers: Vec<CardId> = blocks.iter().map(|&(_, a)| a).collect();
        if later.is_empty() {
            attackers.extend(
                self.battlefield()
                    .map(|o| o.id)
                    .filter(|&a| blockers(a) > 0),
            );
        }
        // A teammate still to declare could add a blocker to `a`.
        let could = |a: CardId| {
            later.iter().any(|&d| {
                self.battlefield().any(|b| {
                    b.controller == d
                        && self.can_block(b.id)
                        && self.may_block::<Refused>(d, a).is_ok()
                        && self.evasion::<Refused>(b.id, a).is_ok()
                })
            })
        };
        attackers.into_iter().find(|&a| {
            let here = blocks.iter().filter(|&&(_, x)| x == a).count();
            self.has_keyword(a, Keyword::Menace) && here + blockers(a) == 1 && !could(a)
        })
    }

    /// Whether `id` deals combat damage in this damage step (510.4): in
    /// the first-strike step, creatures with first strike (702.7b) or
    /// double strike; in the second, those that did not deal first-strike
    /// damage, and those with double strike (702.4b).
    fn strikes_now(&self, id: CardId) -> bool {
        let o = self.obj(id);
        let struck = match o.combat {
            Combat::Attacking { struck_first, .. } | Combat::Blocking { struck_first, .. } => {
                struck_first
            }
            Combat::None => return false,
        };
        let double = self.has_keyword(o.id, Keyword::DoubleStrike);
        if self.step == TurnStep::FirstStrikeDamage {
            self.has_keyword(o.id, Keyword::FirstStrike) || double
        } else {
            !struck || (double && !self.fault(EngineFault::DoubleStrikeOnce))
        }
    }

    /// Blockers still blocking `attacker`, in declaration order.
    pub(crate) fn current_blockers(&self, attacker: CardId) -> Vec<CardId> {
        match &self.obj(attacker).combat {
            Combat::Attacking { blockers, .. } => blockers
                .iter()
                .copied()
                .filter(|&b| {
                    matches!(self.obj(b).combat, Combat::Blocking { attacker: x, .. } if x == attacker)
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The damage `id` deals by its power (combat damage, 510.1a; a
    /// fight, 701.14a): its power, none if that is 0 or less.
    pub(crate) fn combat_power(&self, id: CardId) -> u32 {
        u32::try_from(self.power(id)).unwrap_or(0)
    }

    /// The injected bug [`EngineFault::EquipmentBonusMissesBattles`]: the
    /// power the Equipment attached to `attacker` gives it, left out of
    /// its combat damage to a battle. None in a correct game.
    fn injected_bonus_missing(&self, attacker: CardId) -> u32 {
        if !self.fault(EngineFault::EquipmentBonusMissesBattles) {
            return 0;
        }
        self.battlefield()
            .filter(|e| e.attached_to == Some(attacker))
            .flat_map(|e| e.face().statics.iter())
            .map(|a| match *a {
                StaticAbility::EquippedCreatureGets { power, .. } => {
                    u32::try_from(power).unwrap_or(0)
                }
                _ => 0,
            })
            .sum()
    }

    /// Damage that would be lethal to `id` (120.6, 702.19b).
    fn lethal(&self, id: CardId) -> u32 {
        let o = self.obj(id);
        let marked = i32::try_from(o.damage).unwrap_or(i32::MAX);
        u32::try_from(self.toughness(o.id).saturating_sub(marked)).unwrap_or(0)
    }

    /// The most a blocked trampler may assign to what it attacks (702.19b).
    fn trample_excess(&self, attacker: CardId) -> u32 {
        let lethal: u32 = self
            .current_blockers(attacker)
            .iter()
            .map(|&b| self.lethal(b))
            .sum();
        self.combat_power(attacker).saturating_sub(lethal)
    }

    /// As a combat damage step begins: attackers that may assign their
    /// damage as though they weren't blocked wait for that choice (C04,
    /// `as_unblocked`), then trample assignments, divisions, and damage.
    pub(crate) fn begin_combat_damage(&mut self) {
        let strikers: Vec<CardId> = self
            .battlefield()
            .map(|o| o.id)
            .filter(|&id| self.strikes_now(id))
            .collect();
        self.begin_as_unblocked(strikers);
    }

    /// Blocked tramplers with damage to spare are divided by their
    /// controllers (702.19b); then the divisions among blockers and damage.
    pub(crate) fn begin_trample(&mut self) {
        self.trample.clear();
        self.division.clear();
        let choices: Vec<CardId> = self
            .battlefield()
            .filter(|o| {
                matches!(
                    o.combat,
                    Combat::Attacking {
                        target: Some(_),
                        blocked: true,
                        ..
                    }
                ) && self.has_keyword(o.id, Keyword::Trample)
            })
            .map(|o| o.id)
            .filter(|&a| {
                self.strikes_now(a)
                    && !self.assigns_as_unblocked(a)
                    && !self.current_blockers(a).is_empty()
                    && self.trample_excess(a) > 0
            })
            .collect();
        if choices.is_empty() {
            self.begin_division();
        } else {
            self.waiting = Waiting::AssignTrample(choices);
        }
    }

    /// The combat damage of a blocked attacker with blockers that it does
    /// not assign to what it attacks (702.19b).
    pub(crate) fn damage_to_divide(&self, attacker: CardId) -> u32 {
        let power = self.combat_power(attacker);
        let to_attacked = self
            .trample
            .iter()
            .find(|(a, _)| *a == attacker)
            .map_or(0, |&(_, n)| n);
        power.saturating_sub(to_attacked)
    }

    /// After the trample assignments: each attacker whose combat damage is
    /// divided among two or more blockers (510.1c) waits for its
    /// controller's division, in card order; one that can be divided only
    /// one way (lethal damage to each, after a trample assignment, 702.19b)
    /// is divided at once. Then damage is dealt.
    pub(crate) fn begin_division(&mut self) {
        let mut queue = Vec::new();
        let attackers: Vec<CardId> = self
            .battlefield()
            .filter(|o| matches!(o.combat, Combat::Attacking { blocked: true, .. }))
            .map(|o| o.id)
            .filter(|&a| self.strikes_now(a) && !self.assigns_as_unblocked(a))
            .collect();
        for a in attackers {
            let blockers = self.current_blockers(a);
            let divided = blockers
                .iter()
                .any(|b| self.division.iter().any(|(x, _)| x == b));
            let rest = self.damage_to_divide(a);
            if blockers.len() < 2 || divided || rest == 0 {
                continue;
            }
            let lethal: Vec<(CardId, u32)> =
                blockers.iter().map(|&b| (b, self.lethal(b))).collect();
            let assigned_beyond = self.trample.iter().any(|&(x, n)| x == a && n > 0);
            if assigned_beyond && lethal.iter().map(|&(_, n)| n).sum::<u32>() == rest {
                self.division.extend(&lethal);
                self.emit(Event::DamageDivided {
                    attacker: a,
                    division: lethal,
                });
                continue;
            }
            queue.push(a);
        }
        if queue.is_empty() {
            self.deal_combat_damage();
        } else {
            self.waiting = Waiting::DivideDamage(queue);
        }
    }

    /// Why the rules forbid `player` to divide `attacker`'s damage as
    /// `division` now (510.1c, 702.19b), if they do: everything
    /// [`Game::divide_damage`] checks. It only reads the game, so a
    /// candidate division is judged without a copy of it.
    pub(crate) fn division_refusal(
        &self,
        player: PlayerId,
        attacker: CardId,
        division: &[(CardId, u32)],
    ) -> Result<(), EngineError> {
        self.known(attacker)?;
        for &(b, _) in division {
            self.known(b)?;
        }
        let Waiting::DivideDamage(queue) = &self.waiting else {
            return illegal(
                "510.1c",
                format!(
                    "no combat damage is being divided: the game waits for {}",
                    self.waiting_text()
                ),
            );
        };
        self.assigners_turn(queue, attacker, player, "510.1c")?;
        let mut blockers = self.current_blockers(attacker);
        blockers.sort();
        let mut named: Vec<CardId> = division.iter().map(|&(b, _)| b).collect();
        named.sort();
        if named != blockers {
            return illegal(
                "510.1c",
                format!(
                    "{attacker}'s damage is divided among its blockers {blockers:?}, each named once, not {named:?}"
                ),
            );
        }
        let rest = self.damage_to_divide(attacker);
        // (in u64: amounts from outside may sum past u32)
        let total: u64 = division.iter().map(|&(_, n)| u64::from(n)).sum();
        if total != u64::from(rest) {
            return illegal(
                "510.1c",
                format!("{attacker} divides {rest} damage among its blockers, not {total}"),
            );
        }
        if self.trample.iter().any(|&(a, n)| a == attacker && n > 0) {
            if let Some(&(b, n)) = division.iter().find(|&&(b, n)| n < self.lethal(b)) {
                return illegal(
                    "702.19b",
                    format!(
                        "{attacker} assigned damage to what it attacks, so each blocker gets lethal damage: {b} needs {}, not {n}",
                        self.lethal(b)
                    ),
                );
            }
        }
        Ok(())
    }

    /// An attacker's controller divides its combat damage among its
    /// blockers (510.1c): every blocker once, the whole of the damage it
    /// does not assign to what it attacks, and lethal damage to each if it
    /// assigned some there (702.19b). Attackers are divided one at a time
    /// in card order, as the shared decisions (and the model) have it.
    pub(crate) fn divide_damage(
        &mut self,
        player: PlayerId,
        attacker: CardId,
        division: &[(CardId, u32)],
    ) -> Result<(), EngineError> {
        self.division_refusal(player, attacker, division)?;
        self.division.extend_from_slice(division);
        self.emit(Event::DamageDivided {
            attacker,
            division: division.to_vec(),
        });
        if let Waiting::DivideDamage(queue) = &mut self.waiting {
            queue.retain(|&a| a != attacker);
            if queue.is_empty() {
                self.deal_combat_damage();
            }
        }
        Ok(())
    }

    /// Why the rules forbid `player` to assign `to_attacked` of
    /// `attacker`'s damage to what it attacks now (702.19b), if they do:
    /// everything [`Game::assign_trample`] checks. It only reads the game,
    /// so a candidate assignment is judged without a copy of it.
    pub(crate) fn trample_refusal(
        &self,
        player: PlayerId,
        attacker: CardId,
        to_attacked: u32,
    ) -> Result<(), EngineError> {
        self.known(attacker)?;
        let Waiting::AssignTrample(queue) = &self.waiting else {
            return illegal(
                "702.19b",
                format!(
                    "no trample damage is being assigned: the game waits for {}",
                    self.waiting_text()
                ),
            );
        };
        self.assigners_turn(queue, attacker, player, "702.19b")?;
        let max = self.trample_excess(attacker);
        if to_attacked > max {
            return illegal(
                "702.19b",
                format!("{attacker} must assign lethal damage to its blockers first: at most {max} can go to what it attacks"),
            );
        }
        Ok(())
    }

    /// A trampler's controller divides its damage (702.19b). The
    /// assignments are made together (510.1a) and their order changes
    /// nothing, so the attackers are divided one at a time in card order,
    /// as the shared decisions (and the model) have it.
    pub(crate) fn assign_trample(
        &mut self,
        player: PlayerId,
        attacker: CardId,
        to_attacked: u32,
    ) -> Result<(), EngineError> {
        self.trample_refusal(player, attacker, to_attacked)?;
        self.trample.push((attacker, to_attacked));
        self.emit(Event::TrampleAssigned {
            attacker,
            to_attacked,
        });
        if let Waiting::AssignTrample(queue) = &mut self.waiting {
            queue.retain(|&a| a != attacker);
            if queue.is_empty() {
                self.begin_division();
            }
        }
        Ok(())
    }

    /// Whether it is `player`'s turn to assign `attacker`'s damage by
    /// `rule`: attackers waiting in `queue` are assigned one at a time in
    /// card order (their assignments are made together, 510.1a, so the
    /// order changes nothing), each by its controller.
    pub(crate) fn assigners_turn(
        &self,
        queue: &[CardId],
        attacker: CardId,
        player: PlayerId,
        rule: &'static str,
    ) -> Result<(), EngineError> {
        if !queue.contains(&attacker) {
            return illegal(rule, format!("{attacker} has no damage to assign now"));
        }
        if queue[0] != attacker {
            return illegal(
                "510.1a",
                format!(
                    "attackers' damage is assigned in card order: {} first",
                    queue[0]
                ),
            );
        }
        let controller = self.obj(attacker).controller;
        if controller != player {
            return illegal(
                rule,
                format!("{attacker}'s controller {controller} assigns its damage, not {player}"),
            );
        }
        Ok(())
    }

    /// Assign and deal combat damage (510.1–510.2): every assignment is made,
    /// then all of it is dealt at once, so each battle loses its counters in
    /// one event (one defeat trigger at most, B32).
    pub(crate) fn deal_combat_damage(&mut self) {
        let mut dealt: Vec<(CardId, Target, u32)> = Vec::new();
        // Battles a blocked trampler with no blockers left damages: its
        // damage goes beyond its (former) blockers (history `trampled`).
        let mut through: Vec<CardId> = Vec::new();
        // Battles an attacker assigning as though unblocked damages (C04).
        let mut as_unblocked: Vec<(CardId, Option<AttackTarget>)> = Vec::new();
        let strikers: Vec<CardId> = self
            .battlefield()
            .filter(|o| o.combat != Combat::None)
            .map(|o| o.id)
            .filter(|&id| self.strikes_now(id))
            .collect();
        for &id in &strikers {
            let o = self.obj(id);
            let power = self.combat_power(o.id);
            match &o.combat {
                Combat::Attacking {
                    target, blocked, ..
                } => {
                    let to_target = |n: u32, dealt: &mut Vec<_>| match target {
                        Some(AttackTarget::Player(p)) => dealt.push((id, Target::Player(*p), n)),
                        Some(AttackTarget::Battle(c)) => {
                            let n = n.saturating_sub(self.injected_bonus_missing(id));
                            if n > 0 {
                                dealt.push((id, Target::Permanent(*c), n))
                            }
                        }
                        Some(AttackTarget::Planeswalker(c)) => {
                            dealt.push((id, Target::Permanent(*c), n))
                        }
                        None => {}
                    };
                    let blockers = self.current_blockers(id);
                    if self.assigns_as_unblocked(id) {
                        // C04: all of it to what it attacks, as though it
                        // weren't blocked (510.1b), nothing to its blockers.
                        as_unblocked.push((id, *target));
                        to_target(power, &mut dealt);
                    } else if !blocked {
                        // 510.1b: an unblocked creature damages what it attacks,
                        // or no one if it attacks nothing.
                        to_target(power, &mut dealt);
                    } else if blockers.is_empty() {
                        // 702.19d: a blocked trampler with no blockers left
                        // assigns all its damage as though they had been
                        // dealt lethal damage (the rule names players and
                        // planeswalkers only; the engine applies it to
                        // battles too). Others deal none (510.1c).
                        if self.has_keyword(o.id, Keyword::Trample) {
                            to_target(power, &mut dealt);
                            if let (Some(AttackTarget::Battle(b)), true) = (target, power > 0) {
                                through.push(*b);
                            }
                        }
                    } else {
                        let mut left = power;
                        if let Some(&(_, n)) = self.trample.iter().find(|(a, _)| *a == id) {
                            to_target(n, &mut dealt);
                            left -= n;
                        }
                        // 510.1c: all of the rest to a single blocker, or as
                        // its controller divided it among several.
                        for &b in &blockers {
                            let n = match blockers.len() {
                                1 => left,
                                _ => self
                                    .division
                                    .iter()
                                    .find(|(x, _)| *x == b)
                                    .map_or(0, |&(_, n)| n),
                            };
                            if n > 0 {
                                dealt.push((id, Target::Permanent(b), n));
                            }
                        }
                    }
                }
                Combat::Blocking { attacker, .. } => {
                    // 510.1c: to the creature it blocks, if that is still
                    // attacking (one that left the battlefield or was
                    // removed from combat is not, 506.4).
                    if matches!(self.obj(*attacker).combat, Combat::Attacking { .. })
                        && self.damaged_by_blockers(*attacker)
                    {
                        dealt.push((id, Target::Permanent(*attacker), power));
                    }
                }
                Combat::None => {}
            }
        }
        if self.step == TurnStep::FirstStrikeDamage {
            for &id in &strikers {
                if let Combat::Attacking { struck_first, .. }
                | Combat::Blocking { struck_first, .. } = &mut self.obj_mut(id).combat
                {
                    *struck_first = true;
                }
            }
        }
        for &(a, n) in &self.trample.clone() {
            if let (
                Combat::Attacking {
                    target: Some(AttackTarget::Battle(b)),
                    ..
                },
                true,
            ) = (&self.obj(a).combat, n > 0)
            {
                let b = *b;
                self.obj_mut(b).history.trampled = true;
            }
        }
        for b in through {
            if self.obj(b).on_battlefield() {
                self.obj_mut(b).history.trampled = true;
            }
        }
        for (attacker, target) in as_unblocked {
            if let Some(AttackTarget::Battle(b)) = target {
                if self.obj(b).on_battlefield() {
                    self.obj_mut(b).history.hit_as_unblocked = true;
                }
            }
            let e = self.as_unblocked_event(attacker, target);
            self.emit(e);
        }
        self.deal_damage(&dealt, true);
        self.settle(self.active);
    }

    /// Deal damage from several sources at once (120.3, 510.2): to players
    /// (life loss; none to a player who left, 800.4e), creatures (marked) and
    /// battles (defense counters removed, 120.3h), each battle once.
    pub(crate) fn deal_damage(&mut self, dealt: &[(CardId, Target, u32)], combat: bool) {
        let not_prevented;
        let dealt = if combat && self.combat_damage_prevented {
            not_prevented = self.prevent_combat_damage(dealt);
            &not_prevented[..]
        } else {
            dealt
        };
        if combat {
            self.combat_damage_triggers(dealt);
        }
        // 702.15b, 120.3f: a source with lifelink makes its controller gain
        // the damage it deals, to whatever it is dealt (a battle too).
        let mut lifelink: Vec<(PlayerId, u32)> = Vec::new();
        let mut to_battles: BTreeMap<CardId, u32> = BTreeMap::new();
        for &(source, to, n) in dealt {
            // 614.1a: replacement effects that change the amount apply as
            // the damage is dealt.
            let n = self.damage_dealt(source, to, n);
            if n == 0 {
                continue;
            }
            match to {
                Target::Player(p) => {
                    if !self.in_game(p) {
                        continue;
                    }
                    self.emit(Event::Damage {
                        source,
                        to,
                        amount: n,
                    });
                    self.lose_life(p, n);
                    if combat {
                        self.players[p.0 as usize].combat_damaged = true;
                    }
                    if self.has_keyword(source, Keyword::Lifelink) {
                        lifelink.push((self.obj(source).controller, n));
                    }
                }
                Target::Permanent(c) => {
                    let o = self.obj(c);
                    if !o.on_battlefield() {
                        continue;
                    }
                    let (creature, battle) = (o.is_creature(), o.is_battle());
                    let planeswalker = o.is(CardType::Planeswalker);
                    self.emit(Event::Damage {
                        source,
                        to,
                        amount: n,
                    });
                    if self.has_keyword(source, Keyword::Lifelink)
                        && !(battle && self.fault(EngineFault::LifelinkNotOnBattles))
                    {
                        lifelink.push((self.obj(source).controller, n));
                    }
                    if creature {
                        let o = self.obj_mut(c);
                        o.damage = o.damage.saturating_add(n);
                        // 702.2b: damage from deathtouch is lethal (704.5h).
                        if self.has_keyword(source, Keyword::Deathtouch)
                            && !self.fault(EngineFault::DeathtouchIgnored)
                        {
                            self.deathtouched.push(c);
                        }
                    }
                    if planeswalker {
                        self.damage_loyalty(c, n);
                    }
                    if battle {
                        *to_battles.entry(c).or_default() += n;
                        if self.has_keyword(source, Keyword::Deathtouch)
                            && self.fault(EngineFault::DeathtouchDefeatsBattles)
                        {
                            *to_battles.entry(c).or_default() += self.obj(c).defense;
                        }
                        if combat && self.fault(EngineFault::BattleDamageTwice) {
                            self.emit(Event::Damage {
                                source,
                                to,
                                amount: n,
                            });
                            *to_battles.entry(c).or_default() += n;
                        }
                        if combat && self.fault(EngineFault::BattleDamageToProtector) {
                            if let Some(p) = self.obj(c).protector.filter(|&p| self.in_game(p)) {
                                self.lose_life(p, n);
                            }
                        }
                    }
                }
                Target::Trigger(_) | Target::Card(_) => {}
            }
        }
        for (p, n) in lifelink {
            if self.in_game(p) {
                self.gain_life(p, n);
            }
        }
        let extra = u32::from(self.fault(EngineFault::DamageOffByOne));
        for (b, n) in to_battles {
            self.remove_defense(b, n.saturating_add(extra), combat);
            if combat && self.fault(EngineFault::TriggerPerSource) {
                self.extra_trigger_per_source(b, dealt);
            }
        }
    }

    /// 506.4: remove from combat every attacked battle whose identity,
    /// controller or protector changed or that stopped being a battle, and
    /// every attacking or blocking creature that stopped being a creature,
    /// became a battle or changed controller. Creatures attacking a removed
    /// battle keep attacking, attacking nothing (506.4c).
    pub(crate) fn enforce_removal_from_combat(&mut self) {
        let mut removed_targets: Vec<CardId> = Vec::new();
        // One pass: most objects are in no combat. A creature's removal
        // changes nothing the check of what another creature attacks reads.
        for i in 0..self.objects.len() {
            let o = &self.objects[i];
            let me = match &o.combat {
                Combat::Attacking { me, .. } | Combat::Blocking { me, .. } => *me,
                Combat::None => continue,
            };
            let id = o.id;
            if o.on_battlefield()
                && (!o.is_creature() || o.is_battle() || o.controller != me.controller)
            {
                self.objects[i].combat = Combat::None;
                self.emit(Event::RemovedFromCombat { object: id });
                continue;
            }
            let (b, snap, kind) = match &self.objects[i].combat {
                Combat::Attacking {
                    target: Some(AttackTarget::Battle(b)),
                    battle: Some(s),
                    ..
                } => (*b, *s, CardType::Battle),
                Combat::Attacking {
                    target: Some(AttackTarget::Planeswalker(w)),
                    battle: Some(s),
                    ..
                } => (*w, *s, CardType::Planeswalker),
                _ => continue,
            };
            if !self.attacked_unchanged(b, snap, kind) {
                if let Combat::Attacking { target, .. } = &mut self.objects[i].combat {
                    *target = None;
                }
                removed_targets.push(b);
            }
        }
        // One event per battle or planeswalker, however many creatures
        // attacked it.
        removed_targets.sort_unstable();
        removed_targets.dedup();
        for b in removed_targets {
            self.emit(Event::RemovedFromCombat { object: b });
        }
    }

    /// Is the attacked battle or planeswalker `b` still the object it was,
    /// with the same controller and protector, and still of its type
    /// (506.4)?
    fn attacked_unchanged(&self, b: CardId, s: Snapshot, kind: CardType) -> bool {
        let o = self.obj(b);
        o.on_battlefield() && o.is(kind) && o.snapshot() == s
    }

    /// 511.3: as the end of combat step ends, everything is removed from
    /// combat.
    pub(crate) fn end_combat(&mut self) {
        for o in self.objects.iter_mut() {
            o.combat = Combat::None;
        }
        self.attackers_declared = false;
    }
}
