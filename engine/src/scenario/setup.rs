//! Names in a scenario (labels, players, triggers) and the game of its
//! setup.

use super::format::{Act, Players, Scenario, StackSetup, StartPending, MAX_PLAYERS};
use super::{Resolved, ScenarioError};
use crate::api::action::Action;
use crate::cards::card::CardType;
use crate::cards::catalogue::Catalogue;
use crate::state::game::{
    Ability, Combat, Game, Object, Player, Snapshot, StackItem, Trigger, TurnStep, Waiting,
};
use battlecheck_properties::naming::Names;
use battlecheck_properties::view::History;
use battlecheck_properties::{AttackTarget, CardId, Decision, PlayerId, Target, Zone};
use std::path::{Path, PathBuf};

/// Names of a scenario being run.
pub(super) struct Run {
    pub(super) file: PathBuf,
    /// Its players' and cards' names (token slots included once built).
    pub(super) names: Names,
    /// The number of objects: cards and token slots (0 before the build).
    pub(super) objects: usize,
}

impl Run {
    pub(super) fn new(file: &Path) -> Run {
        Run {
            file: file.to_path_buf(),
            names: Names::default(),
            objects: 0,
        }
    }

    pub(super) fn invalid(
        &self,
        at: impl Into<String>,
        message: impl Into<String>,
    ) -> ScenarioError {
        ScenarioError::Invalid {
            file: self.file.clone(),
            at: at.into(),
            message: message.into(),
        }
    }

    pub(super) fn player(&self, name: &str, at: &str) -> Result<PlayerId, ScenarioError> {
        self.names.player(name).map_err(|m| self.invalid(at, m))
    }

    /// The card a scenario names: a label, `#N` (a card or token slot of the
    /// setup), or `new:N`, the `N`th object created during play (a token,
    /// numbered from 1 after the setup's objects).
    pub(super) fn card(&self, name: &str, at: &str) -> Result<CardId, ScenarioError> {
        if let Some(n) = name.strip_prefix("new:") {
            let id = n
                .parse::<usize>()
                .ok()
                .filter(|&n| n >= 1)
                .map(|n| self.objects + n - 1)
                .and_then(|id| u8::try_from(id).ok())
                .ok_or_else(|| {
                    self.invalid(
                        at,
                        format!("{name:?}: `new:N` needs N from 1, within the game's 256 objects"),
                    )
                })?;
            return Ok(CardId(id));
        }
        let c = self
            .names
            .card_named(name)
            .map_err(|m| self.invalid(at, m))?;
        if usize::from(c.0) >= self.objects {
            return Err(self.invalid(
                at,
                format!(
                    "no card {name:?} (the setup has {} cards and token slots, #0…#{})",
                    self.objects,
                    self.objects.saturating_sub(1)
                ),
            ));
        }
        Ok(c)
    }

    pub(super) fn target(&self, name: &str, at: &str) -> Result<Target, ScenarioError> {
        if let Some(src) = name.strip_prefix("trigger:") {
            return Ok(Target::Trigger(self.card(src, at)?));
        }
        if let Some(card) = name.strip_prefix("card:") {
            return Ok(Target::Card(self.card(card, at)?));
        }
        if self.player(name, at).is_ok() {
            return Ok(Target::Player(self.player(name, at)?));
        }
        Ok(Target::Permanent(self.card(name, at)?))
    }

    /// What a creature attacks: a player, a battle, or a planeswalker
    /// written `planeswalker:<card>` (506.3).
    pub(super) fn attack_target(
        &self,
        name: &str,
        at: &str,
    ) -> Result<AttackTarget, ScenarioError> {
        if let Some(w) = name.strip_prefix("planeswalker:") {
            return Ok(AttackTarget::Planeswalker(self.card(w, at)?));
        }
        Ok(match self.target(name, at)? {
            Target::Player(p) => AttackTarget::Player(p),
            Target::Permanent(c) => AttackTarget::Battle(c),
            Target::Trigger(_) => return Err(self.invalid(at, "a trigger can't be attacked")),
            Target::Card(_) => {
                return Err(self.invalid(at, "a card outside the battlefield can't be attacked"))
            }
        })
    }

    pub(super) fn build(&mut self, s: &Scenario, cards: &Catalogue) -> Result<Game, ScenarioError> {
        let players: Vec<Player> = match &s.players {
            Players::Count(n) => (0..*n)
                .map(|_| Player {
                    life: 20,
                    in_game: true,
                    seated: true,
                    library: Vec::new(),
                    drew_from_empty: false,
                    pool: [0; 6],
                    lands_played: 0,
                    combat_damaged: false,
                })
                .collect(),
            Players::Each(v) => v
                .iter()
                .map(|p| Player {
                    life: p.life,
                    in_game: p.in_game,
                    // 801.2c: a scenario starts with the seating of its
                    // turn's beginning.
                    seated: p.in_game,
                    library: Vec::new(),
                    drew_from_empty: false,
                    pool: [0; 6],
                    lands_played: 0,
                    combat_damaged: false,
                })
                .collect(),
        };
        if let Err(e) = s.variant.validate() {
            return Err(self.invalid("variant", e));
        }
        if players.len() < 2 || players.len() > MAX_PLAYERS {
            return Err(self.invalid(
                "players",
                format!("a game needs from 2 to {MAX_PLAYERS} players"),
            ));
        }
        if s.variant.two_headed_giant {
            if players.len() != 4 {
                return Err(self.invalid(
                    "players",
                    "a Two-Headed Giant game has two teams of two players (810.1)",
                ));
            }
            if let Some(i) = [1, 3]
                .into_iter()
                .find(|&i| players[i].life != players[i - 1].life)
            {
                return Err(self.invalid(
                    format!("players[{i}].life"),
                    "teammates share one life total (810.4): give both the same life",
                ));
            }
        }
        let mut labels: Vec<Option<String>> = s.cards.iter().map(|c| c.id.clone()).collect();
        for (i, l) in labels.iter().enumerate() {
            if let Some(l) = l {
                if let Some(why) = reserved(l) {
                    return Err(
                        self.invalid(format!("cards[{i}].id"), format!("label {l:?} {why}"))
                    );
                }
                if labels[..i].iter().any(|m| m.as_ref() == Some(l)) {
                    return Err(self.invalid(
                        format!("cards[{i}].id"),
                        format!("label {l:?} is used twice"),
                    ));
                }
            }
        }
        self.names = Names::new(players.len(), labels.clone());
        self.objects = s.cards.len();
        let mut objects = Vec::new();
        let mut token_of = Vec::new();
        for (i, c) in s.cards.iter().enumerate() {
            let at = format!("cards[{i}]");
            let card = cards
                .get(&c.card)
                .ok_or_else(|| {
                    self.invalid(format!("{at}.card"), format!("unknown card {:?}", c.card))
                })?
                .clone();
            let owner = self.player(&c.owner, &format!("{at}.owner"))?;
            let base = match &c.controller {
                Some(p) => self.player(p, &format!("{at}.controller"))?,
                None => owner,
            };
            let effect = match &c.control_effect {
                Some(p) => Some(self.player(p, &format!("{at}.control_effect"))?),
                None => None,
            };
            let copy = match &c.copy_of {
                Some(n) => Some(std::sync::Arc::new(
                    cards
                        .get(n)
                        .ok_or_else(|| {
                            self.invalid(format!("{at}.copy_of"), format!("unknown card {n:?}"))
                        })?
                        .front()
                        .clone(),
                )),
                None => None,
            };
            if c.back_face && !card.transforms() {
                return Err(self.invalid(
                    format!("{at}.back_face"),
                    format!("{} has no back face to be up", c.card),
                ));
            }
            objects.push(Object {
                controller: effect.unwrap_or(base),
                base_controller: base,
                control_effects: effect.into_iter().collect(),
                back_face: c.back_face,
                copy,
                animated: c.animated,
                plus_one: c.plus_one_counters,
                damage: c.damage,
                tapped: c.tapped,
                sick: c.sick,
                protector_origin: c.protector_origin,
                history: c.history,
                ..Object::new(CardId(i as u8), card, owner, c.token, c.zone)
            });
        }
        let n = objects.len();
        for i in 0..n {
            let card = objects[i].card.clone();
            if card.front().effect.is_some_and(|e| e.makes_token()) {
                let token = CardId(objects.len() as u8);
                token_of.push((CardId(i as u8), token));
                labels.push(None);
                objects.push(Object {
                    id: token,
                    token: true,
                    zone: Zone::Outside,
                    history: History::default(),
                    ..objects[i].clone()
                });
            }
        }
        if objects.len() > u8::MAX as usize {
            return Err(self.invalid(
                "cards",
                format!(
                    "too many cards: {} with their token slots, at most {}",
                    objects.len(),
                    u8::MAX
                ),
            ));
        }
        self.objects = objects.len();
        self.names = Names::new(players.len(), labels);
        let active = match &s.active {
            Some(p) => self.player(p, "active")?,
            None => PlayerId(0),
        };
        let priority = match &s.priority {
            Some(p) => self.player(p, "priority")?,
            None => active,
        };
        // 401.1: a library is a pile; the scenario lists each library top
        // first, and `Player::library` keeps it bottom first.
        let mut players = players;
        for o in objects.iter().rev() {
            if o.zone == Zone::Library {
                if o.token {
                    return Err(self.invalid(
                        format!("cards[{}]", o.id.0),
                        "a token can't be in a library (111.7)",
                    ));
                }
                players[o.owner.0 as usize].library.push(o.id);
            }
        }
        let mut game = Game {
            players,
            objects,
            stack: Vec::new(),
            waiting_triggers: Vec::new(),
            turn: s.turn,
            active,
            step: s.step,
            waiting: Waiting::Priority,
            priority,
            passes: 0,
            settled: false,
            protector_choices: Vec::new(),
            as_unblocked: Vec::new(),
            trample: Vec::new(),
            division: Vec::new(),
            resume: None,
            attackers_declared: false,
            token_of,
            events: Vec::new(),
            recording: true,
            step_broken: None,
            entry: None,
            variant: s.variant,
            resolution: None,
            gained_until_end_of_turn: Vec::new(),
            lost_abilities: Vec::new(),
            attacked_this_turn: Vec::new(),
            deathtouched: Vec::new(),
            playable_from_exile: Vec::new(),
            emblems: Vec::new(),
            pays_mana: s.mana,
            ward: None,
            to_graveyard_this_turn: false,
            combat_damage_prevented: false,
            shuffle_state: s.seed,
            faults: s.faults.clone(),
        };
        // Battle state, attachments and combat, now that every label exists.
        for (i, c) in s.cards.iter().enumerate() {
            let at = format!("cards[{i}]");
            let id = CardId(i as u8);
            let on_bf = c.zone == Zone::Battlefield;
            let given = c.defense.is_some()
                || c.loyalty.is_some()
                || c.plus_one_counters > 0
                || c.protector.is_some()
                || c.attached_to.is_some()
                || c.attacking.is_some()
                || c.blocking.is_some();
            if !on_bf && given {
                return Err(self.invalid(
                    at,
                    "defense, loyalty, counters, protector, attachments and combat are for cards on the battlefield",
                ));
            }
            if !on_bf {
                continue;
            }
            let o = game.obj(id);
            if o.is(CardType::Planeswalker) || c.loyalty.is_some() {
                let loyalty = c.loyalty.unwrap_or(o.face().loyalty.unwrap_or(0).into());
                game.obj_mut(id).loyalty = loyalty;
            }
            let o = game.obj(id);
            let battle_face = o.card.front().is(CardType::Battle)
                || o.card.back.as_ref().is_some_and(|b| b.is(CardType::Battle));
            if c.protector.is_some() && !o.is_battle() && !battle_face {
                // 310.9g keeps a protector on a battle that stops being one;
                // a card with no battle face never was one in a position.
                return Err(self.invalid(
                    format!("{at}.protector"),
                    format!(
                        "{} is not a battle: only a battle has a protector (310.9)",
                        o.card.name()
                    ),
                ));
            }
            if o.is_battle() || c.protector.is_some() {
                let protector = match c.protector.as_deref() {
                    // A battle without a protector: one is chosen as the
                    // position is settled (704.5x), unless it waits for a
                    // declaration.
                    Some("none") => None,
                    Some(p) => Some(self.player(p, &format!("{at}.protector"))?),
                    None if o.is_siege() => game.opponents_in_range(o.controller).first().copied(),
                    None => Some(o.controller),
                };
                let defense = c.defense.unwrap_or(o.printed_defense());
                let o = game.obj_mut(id);
                o.protector = protector;
                o.defense = defense;
            }
            if let Some(host) = &c.attached_to {
                let h = self.card(host, &format!("{at}.attached_to"))?;
                if h == id {
                    return Err(self.invalid(
                        format!("{at}.attached_to"),
                        "a permanent can't be attached to itself (301.5c, 303.4d)",
                    ));
                }
                game.obj_mut(id).attached_to = Some(h);
            }
        }
        for (i, c) in s.cards.iter().enumerate() {
            let at = format!("cards[{i}].attacking");
            let id = CardId(i as u8);
            if let Some(t) = &c.attacking {
                if !s.step.has_attackers() {
                    let step = serde_json::to_value(s.step).unwrap_or_default();
                    return Err(self.invalid(
                        at,
                        format!(
                            "no creature is attacking in step {step}: attackers are declared in the declare attackers step and removed from combat as the end of combat step ends (508.1, 511.3)"
                        ),
                    ));
                }
                let target = if t == "nothing" {
                    None
                } else {
                    Some(self.attack_target(t, &at)?)
                };
                let battle = match target {
                    Some(AttackTarget::Battle(c) | AttackTarget::Planeswalker(c)) => {
                        Some(game.obj(c).snapshot())
                    }
                    _ => None,
                };
                let me = game.obj(id).snapshot();
                game.obj_mut(id).combat = Combat::Attacking {
                    target,
                    battle,
                    blocked: false,
                    blockers: Vec::new(),
                    struck_first: false,
                    me,
                };
                game.attackers_declared = true;
            }
        }
        for (i, c) in s.cards.iter().enumerate() {
            let at = format!("cards[{i}].blocking");
            let id = CardId(i as u8);
            if let Some(a) = &c.blocking {
                let a = self.card(a, &at)?;
                let me: Snapshot = game.obj(id).snapshot();
                game.obj_mut(id).combat = Combat::Blocking {
                    attacker: a,
                    struck_first: false,
                    me,
                };
                match &mut game.obj_mut(a).combat {
                    Combat::Attacking {
                        blocked, blockers, ..
                    } => {
                        *blocked = true;
                        blockers.push(id);
                    }
                    _ => return Err(self.invalid(at, "the blocked creature is not attacking")),
                }
            }
        }
        for (i, st) in s.stack.iter().enumerate() {
            let at = format!("stack[{i}]");
            match st {
                StackSetup::Spell {
                    spell,
                    targets,
                    transformed,
                } => {
                    let card = self.card(spell, &at)?;
                    if game.obj(card).zone != Zone::Stack {
                        return Err(self.invalid(
                            at,
                            format!("{spell} is on the stack: its zone must be \"stack\""),
                        ));
                    }
                    let targets = targets
                        .iter()
                        .map(|t| self.target(t, &format!("{at}.targets")).map(|t| (t, 0)))
                        .collect::<Result<Vec<_>, _>>()?;
                    let controller = game.obj(card).controller;
                    game.obj_mut(card).back_face = *transformed;
                    game.stack.push(StackItem::Spell {
                        card,
                        controller,
                        transformed: *transformed,
                        targets,
                    });
                }
                StackSetup::Trigger { trigger } => {
                    let source = self.card(trigger, &at)?;
                    self.defeat_trigger_source(&game, source, &at)?;
                    let o = game.obj(source);
                    game.stack.push(StackItem::DefeatTrigger(Trigger {
                        source,
                        incarnation: o.incarnation,
                        controller: o.controller,
                        ability: Ability::Defeat,
                        subject: None,
                        x: 0,
                    }));
                }
            }
        }
        for (i, t) in s.waiting_triggers.iter().enumerate() {
            let at = format!("waiting_triggers[{i}]");
            let source = self.card(t, &at)?;
            self.defeat_trigger_source(&game, source, &at)?;
            let o = game.obj(source);
            game.waiting_triggers.push(Trigger {
                source,
                incarnation: o.incarnation,
                controller: o.controller,
                ability: Ability::Defeat,
                subject: None,
                x: 0,
            });
        }
        default_trigger_history(&mut game);
        match (s.pending, s.step) {
            // A position is settled before its first step: state-based
            // actions are performed and waiting triggers put on the stack
            // (704.3, 603.3b), as they would be before a player receives
            // priority; the first expectation sees a position that can be.
            (StartPending::Priority, _) => {
                let to = game.priority;
                game.settle(to);
            }
            (StartPending::DeclareAttackers, TurnStep::DeclareAttackers) => {
                game.waiting = Waiting::DeclareAttackers;
            }
            (StartPending::DeclareBlockers, TurnStep::DeclareBlockers) => {
                let defenders = game.defenders_with_blocks(&game.defending_players());
                if defenders.is_empty() {
                    return Err(self.invalid("pending", "no defending player can block"));
                }
                game.waiting = Waiting::DeclareBlockers(defenders);
            }
            _ => return Err(self.invalid("pending", "the declaration does not match the step")),
        }
        // A position in which at most one player is still in the game is a
        // finished game (104.2a), and says so.
        game.check_game_over();
        Ok(game)
    }

    /// A defeat trigger's source was a Siege when it triggered: it is the
    /// Siege's intrinsic ability (310.12b). It is one now, is printed as
    /// one, or its history says it was a copy of one (it may have stopped
    /// being one since, 707.2).
    fn defeat_trigger_source(
        &self,
        game: &Game,
        source: CardId,
        at: &str,
    ) -> Result<(), ScenarioError> {
        let o = game.obj(source);
        if o.is_siege() || o.card.front().is_siege() || o.history.was_siege_copy {
            return Ok(());
        }
        Err(self.invalid(
            at,
            format!(
                "{} is not a Siege, and its history says it was no copy of one: only a Siege has the defeat trigger (310.12b)",
                o.card.name()
            ),
        ))
    }

    /// `at` is the action's JSON path.
    pub(super) fn resolve_act(&self, a: &Act, at: &str) -> Result<Resolved, ScenarioError> {
        let p = |s: &str| self.player(s, at);
        let c = |s: &str| self.card(s, at);
        Ok(Resolved::Action(match a {
            Act::Pass { player } => Action::Pass { player: p(player)? },
            Act::PassAll => return Ok(Resolved::Decision(Decision::PassAll)),
            Act::PassUntil { step, turn } => return Ok(Resolved::PassUntil(*step, *turn)),
            Act::Decision { decision } => return Ok(Resolved::Decision(decision.clone())),
            Act::Cast {
                player,
                card,
                targets,
                x,
                convoke,
            } => Action::Cast {
                player: p(player)?,
                card: c(card)?,
                targets: targets
                    .iter()
                    .map(|t| self.target(t, at))
                    .collect::<Result<_, _>>()?,
                x: *x,
                convoke: convoke.iter().map(|n| c(n)).collect::<Result<_, _>>()?,
            },
            Act::PlayLand {
                player,
                card,
                back_face,
            } => Action::PlayLand {
                player: p(player)?,
                card: c(card)?,
                back_face: *back_face,
            },
            Act::Activate {
                player,
                source,
                ability,
                target,
                discard,
                crew,
            } => Action::Activate {
                player: p(player)?,
                source: c(source)?,
                ability: *ability,
                target: target.as_ref().map(|t| self.target(t, at)).transpose()?,
                discard: discard.as_deref().map(&c).transpose()?,
                crew: crew.iter().map(|n| c(n)).collect::<Result<_, _>>()?,
            },
            Act::PayUnless {
                player,
                source,
                pay,
            } => Action::PayUnless {
                player: p(player)?,
                source: c(source)?,
                pay: *pay,
            },
            Act::ChooseModes {
                player,
                source,
                modes,
            } => Action::ChooseModes {
                player: p(player)?,
                source: c(source)?,
                modes: modes.clone(),
            },
            Act::ActivateMana {
                player,
                source,
                mana,
            } => Action::ActivateMana {
                player: p(player)?,
                source: c(source)?,
                mana: *mana,
            },
            Act::Equip {
                player,
                equipment,
                creature,
            } => Action::Equip {
                player: p(player)?,
                equipment: c(equipment)?,
                creature: c(creature)?,
            },
            Act::Concede { player } => Action::Concede { player: p(player)? },
            Act::ChooseProtector {
                player,
                battle,
                protector,
            } => Action::ChooseProtector {
                player: p(player)?,
                battle: c(battle)?,
                protector: p(protector)?,
            },
            Act::Attack { player, attacks } => Action::DeclareAttackers {
                player: p(player)?,
                attacks: attacks
                    .iter()
                    .map(|(a, t)| Ok((c(a)?, self.attack_target(t, at)?)))
                    .collect::<Result<_, ScenarioError>>()?,
            },
            Act::Block { player, blocks } => Action::DeclareBlockers {
                player: p(player)?,
                blocks: blocks
                    .iter()
                    .map(|(b, a)| Ok((c(b)?, c(a)?)))
                    .collect::<Result<_, ScenarioError>>()?,
            },
            Act::AssignAsUnblocked {
                player,
                attacker,
                as_unblocked,
            } => Action::AssignAsUnblocked {
                player: p(player)?,
                attacker: c(attacker)?,
                as_unblocked: *as_unblocked,
            },
            Act::AssignTrample {
                player,
                attacker,
                to_attacked,
            } => Action::AssignTrample {
                player: p(player)?,
                attacker: c(attacker)?,
                to_attacked: *to_attacked,
            },
            Act::CastTransformed { player, card, cast } => Action::CastTransformed {
                player: p(player)?,
                card: c(card)?,
                cast: *cast,
            },
            Act::ChooseCards {
                player,
                source,
                cards,
            } => Action::ChooseCards {
                player: p(player)?,
                source: c(source)?,
                cards: cards.iter().map(|x| c(x)).collect::<Result<_, _>>()?,
            },
        }))
    }
}

/// Why a card label cannot be used, if it cannot: it would read as another
/// name (a player, a card by number, a trigger) or as a word that
/// expectations give a meaning ("none", "nothing").
fn reserved(label: &str) -> Option<&'static str> {
    let player = label
        .strip_prefix('P')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    if player {
        Some("reads as a player (players are P1, P2, …)")
    } else if label.starts_with('#') {
        Some("reads as a card number (#n)")
    } else if label.starts_with("trigger:") {
        Some("reads as a triggered ability (trigger:<label>)")
    } else if label.starts_with("card:") {
        Some("reads as a card in a graveyard (card:<label>)")
    } else if label == "none" || label == "nothing" || label.is_empty() {
        Some("is reserved (\"none\" and \"nothing\" are values of expectations)")
    } else {
        None
    }
}

/// The history that a defeat trigger on the stack or waiting implies for a
/// source whose history the position leaves out: it was defeated and its
/// ability triggered once per such trigger (310.12b), so that a position is
/// written with the trigger alone and the invariants over history hold.
fn default_trigger_history(game: &mut Game) {
    let sources: Vec<CardId> = game
        .stack
        .iter()
        .filter_map(|s| match s {
            StackItem::DefeatTrigger(t) => Some(t.source),
            _ => None,
        })
        .chain(game.waiting_triggers.iter().map(|t| t.source))
        .collect();
    for &source in &sources {
        let n = sources.iter().filter(|&&s| s == source).count() as u8;
        let h = &mut game.obj_mut(source).history;
        if *h == History::default() {
            h.defeats = n;
            h.triggers = n;
        }
    }
}
