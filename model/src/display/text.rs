//! Game-terms text for states and decisions: what the Explorer, reports and
//! counterexamples show (never raw `Debug` dumps of indices).

use crate::rules::config::Setup;
use crate::rules::state::{Combat, GameState, Pending, StackItem};
use battlecheck_properties::{AttackTarget, CardId, Decision, PlayerId, Target, Zone};
use std::fmt::Write;

impl Setup {
    /// "Pool Siege 2 #0", "Grizzly Bears #1", "token #9": the card by the
    /// name the engine's catalogue gives it, and its stable id.
    pub fn card_name(&self, id: CardId) -> String {
        let def = self.def(id);
        if def.token {
            format!("token #{}", id.0)
        } else {
            format!("{} #{}", def.name.card_name(self.config.defense), id.0)
        }
    }

    /// A decision in game terms, without the state it is taken in (the
    /// Explorer's action labels).
    pub fn decision_summary(&self, d: &Decision) -> String {
        let name = |c: &CardId| self.card_name(*c);
        let list = |items: Vec<String>| {
            if items.is_empty() {
                "nothing".to_string()
            } else {
                items.join(", ")
            }
        };
        let target = |t: &Target| match t {
            Target::Player(p) => p.to_string(),
            Target::Permanent(c) => name(c),
            Target::Trigger(c) => format!("the trigger of {}", name(c)),
            Target::Card(c) => format!("the card {}", name(c)),
        };
        let attacked = |t: &AttackTarget| match t {
            AttackTarget::Player(p) => p.to_string(),
            AttackTarget::Battle(b) | AttackTarget::Planeswalker(b) => name(b),
        };
        match d {
            Decision::PassAll => "all players pass priority".into(),
            Decision::Cast {
                player,
                card,
                targets,
                x,
                ..
            } => {
                let mut s = format!("{player} casts {}", name(card));
                if let Some(x) = x {
                    let _ = write!(s, " with X = {x}");
                }
                if !targets.is_empty() {
                    let ts: Vec<_> = targets.iter().map(target).collect();
                    let _ = write!(s, " targeting {}", ts.join(" and "));
                }
                s
            }
            Decision::PlayLand {
                player,
                card,
                back_face,
            } => format!(
                "{player} plays {}{}",
                name(card),
                if *back_face {
                    " with its back face up"
                } else {
                    ""
                }
            ),
            Decision::ActivateMana {
                player,
                source,
                mana,
            } => format!("{player} taps {} for {{{}}}", name(source), mana.symbol()),
            Decision::Activate {
                player,
                source,
                target: Some(t),
                ..
            } => format!(
                "{player} activates an ability of {} targeting {}",
                name(source),
                target(t)
            ),
            Decision::Activate { player, source, .. } => {
                format!("{player} activates an ability of {}", name(source))
            }
            Decision::ChooseModes {
                player,
                source,
                modes,
            } => format!(
                "{player} chooses modes {modes:?} of the ability of {}",
                name(source)
            ),
            Decision::PayUnless {
                player,
                source,
                pay,
            } => format!(
                "{player} {} the ward cost of {}",
                if *pay { "pays" } else { "does not pay" },
                name(source)
            ),
            Decision::Equip {
                player,
                equipment,
                creature,
            } => format!("{player} equips {} to {}", name(equipment), name(creature)),
            Decision::Concede { player } => format!("{player} concedes"),
            Decision::ChooseCopy {
                player,
                card,
                original,
            } => {
                format!(
                    "{player} has {} enter as a copy of {}",
                    name(card),
                    name(original)
                )
            }
            Decision::ChooseProtectors { choices } => list(
                choices
                    .iter()
                    .map(|(b, p)| format!("{p} protects {}", name(b)))
                    .collect(),
            ),
            Decision::DeclareAttackers { attacks } => format!(
                "attack {}",
                list(
                    attacks
                        .iter()
                        .map(|(c, t)| format!("{} with {}", attacked(t), name(c)))
                        .collect()
                )
            ),
            Decision::DeclareBlockers { blocks } => {
                format!(
                    "block {}",
                    list(
                        blocks
                            .iter()
                            .map(|(b, a)| format!("{} with {}", name(a), name(b)))
                            .collect()
                    )
                )
            }
            Decision::AssignAsUnblocked {
                player,
                attacker,
                as_unblocked,
            } => format!(
                "{player} has {} assign its combat damage {}",
                name(attacker),
                if *as_unblocked {
                    "as though it weren't blocked"
                } else {
                    "to its blockers"
                }
            ),
            Decision::AssignTrample {
                attacker,
                to_attacked,
            } => {
                format!(
                    "{} assigns {to_attacked} damage to what it attacks",
                    name(attacker)
                )
            }
            Decision::DivideDamage { attacker, division } => format!(
                "{} divides its damage: {}",
                name(attacker),
                division
                    .iter()
                    .map(|(b, n)| format!("{n} to {}", name(b)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Decision::CastTransformed {
                player,
                card,
                cast: true,
            } => format!("{player} casts {} transformed", name(card)),
            Decision::CastTransformed {
                player,
                card,
                cast: false,
            } => {
                format!("{player} declines to cast {} transformed", name(card))
            }
            Decision::TargetTrigger {
                player,
                source,
                target: t,
            } => format!(
                "{player} targets {} with the trigger of {}",
                t.as_ref().map_or("nothing".into(), target),
                name(source)
            ),
            Decision::ReselectAttack {
                player,
                attacker,
                to: None,
            } => format!("{player} keeps what {} attacks", name(attacker)),
            Decision::ReselectAttack {
                player,
                attacker,
                to: Some(to),
            } => format!(
                "{player} reselects {} to attack {}",
                name(attacker),
                attacked(to)
            ),
            Decision::ChooseCards {
                player,
                source,
                cards,
                ..
            } => format!(
                "{player} chooses {} for the ability of {}",
                list(cards.iter().map(name).collect()),
                name(source)
            ),
            Decision::KeepLegend { player, card } => {
                format!("{player} keeps {} (the legend rule)", name(card))
            }
            Decision::ChooseNewTargets {
                player,
                spell,
                targets,
            } => format!(
                "{player} chooses {} as the targets of the copy of {}",
                list(targets.iter().map(target).collect()),
                name(spell)
            ),
        }
    }
}

impl GameState {
    /// "Pool Siege 2 #0", "token #9".
    pub fn card_name(&self, id: CardId) -> String {
        self.setup().card_name(id)
    }

    fn target_text(&self, t: &Target) -> String {
        match t {
            Target::Player(p) => p.to_string(),
            Target::Permanent(c) => self.card_name(*c),
            Target::Trigger(c) => format!("the defeat trigger of {}", self.card_name(*c)),
            Target::Card(c) => format!("the card {}", self.card_name(*c)),
        }
    }

    fn attack_text(&self, t: &AttackTarget) -> String {
        match t {
            AttackTarget::Player(p) => p.to_string(),
            AttackTarget::Battle(b) => match self.obj(*b).protector {
                Some(p) => format!("{} (protected by {p})", self.card_name(*b)),
                None => self.card_name(*b),
            },
            AttackTarget::Planeswalker(w) => self.card_name(*w),
        }
    }

    /// A decision, in the state it is taken in.
    pub fn decision_text(&self, d: &Decision) -> String {
        let list = |items: Vec<String>| {
            if items.is_empty() {
                "nothing".to_string()
            } else {
                items.join(", ")
            }
        };
        match d {
            Decision::PassAll => {
                if let Some(top) = self.stack.last() {
                    let what = match top {
                        StackItem::Spell { card, .. } => self.card_name(*card),
                        StackItem::Trigger {
                            source, ability, ..
                        } => {
                            format!("the {} of {}", ability.name(), self.card_name(*source))
                        }
                        StackItem::Activated {
                            source,
                            equip: None,
                            ..
                        } => {
                            format!("the activated ability of {}", self.card_name(*source))
                        }
                        StackItem::Activated {
                            source,
                            equip: Some(_),
                            ..
                        } => {
                            format!("the equip ability of {}", self.card_name(*source))
                        }
                    };
                    format!("all players pass: {what} resolves")
                } else {
                    format!("all players pass: the {:?} step ends", self.step)
                }
            }
            Decision::Cast {
                player,
                card,
                targets,
                x,
                ..
            } => {
                let mut s = format!("{player} casts {}", self.card_name(*card));
                if let Some(x) = x {
                    let _ = write!(s, " with X = {x}");
                }
                if !targets.is_empty() {
                    let ts: Vec<_> = targets.iter().map(|t| self.target_text(t)).collect();
                    let _ = write!(s, " targeting {}", ts.join(" and "));
                }
                s
            }
            // Decisions of the engine's real-card games: the model has no
            // lands or mana.
            Decision::PlayLand { player, card, .. } => {
                format!("{player} plays {}", self.card_name(*card))
            }
            Decision::ActivateMana {
                player,
                source,
                mana,
            } => format!(
                "{player} taps {} for {{{}}}",
                self.card_name(*source),
                mana.symbol()
            ),
            Decision::Activate { player, source, .. } => {
                format!(
                    "{player} activates an ability of {}",
                    self.card_name(*source)
                )
            }
            Decision::ChooseModes {
                player,
                source,
                modes,
            } => format!(
                "{player} chooses modes {modes:?} of the ability of {}",
                self.card_name(*source)
            ),
            Decision::PayUnless {
                player,
                source,
                pay,
            } => format!(
                "{player} {} the ward cost of {}",
                if *pay { "pays" } else { "does not pay" },
                self.card_name(*source)
            ),
            Decision::Equip {
                player,
                equipment,
                creature,
            } => {
                format!(
                    "{player} equips {} to {}",
                    self.card_name(*equipment),
                    self.card_name(*creature)
                )
            }
            Decision::Concede { player } => format!("{player} concedes"),
            Decision::ChooseCopy {
                player,
                card,
                original,
            } => {
                format!(
                    "{player} has {} enter as a copy of {}",
                    self.card_name(*card),
                    self.card_name(*original)
                )
            }
            Decision::ChooseProtectors { choices } => list(
                choices
                    .iter()
                    .map(|(b, p)| {
                        let chooser = self.resolving_or_controller(*b);
                        format!("{chooser} chooses {p} to protect {}", self.card_name(*b))
                    })
                    .collect(),
            ),
            Decision::DeclareAttackers { attacks } => format!(
                "{} attacks {}",
                self.active,
                list(
                    attacks
                        .iter()
                        .map(|(c, t)| format!(
                            "{} with {}",
                            self.attack_text(t),
                            self.card_name(*c)
                        ))
                        .collect()
                )
            ),
            Decision::DeclareBlockers { blocks } => format!(
                "blocks: {}",
                list(
                    blocks
                        .iter()
                        .map(|(b, a)| format!(
                            "{} blocks {} with {}",
                            self.obj(*b).controller,
                            self.card_name(*a),
                            self.card_name(*b)
                        ))
                        .collect()
                )
            ),
            Decision::AssignAsUnblocked {
                player,
                attacker,
                as_unblocked,
            } => format!(
                "{player} has {} assign its combat damage {}",
                self.card_name(*attacker),
                if *as_unblocked {
                    "as though it weren't blocked (Zilortha)"
                } else {
                    "to its blockers, as usual"
                }
            ),
            Decision::AssignTrample {
                attacker,
                to_attacked,
            } => {
                format!(
                    "{} assigns {to_attacked} of {}'s damage to what it attacks",
                    self.obj(*attacker).controller,
                    self.card_name(*attacker)
                )
            }
            Decision::DivideDamage { attacker, division } => format!(
                "{} divides {}'s damage among its blockers: {}",
                self.obj(*attacker).controller,
                self.card_name(*attacker),
                division
                    .iter()
                    .map(|(b, n)| format!("{n} to {}", self.card_name(*b)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Decision::CastTransformed {
                player,
                card,
                cast: true,
            } => {
                format!("{player} casts {} transformed", self.card_name(*card))
            }
            Decision::CastTransformed {
                player,
                card,
                cast: false,
            } => {
                format!(
                    "{player} declines to cast {} (it stays in exile)",
                    self.card_name(*card)
                )
            }
            Decision::TargetTrigger {
                player,
                source,
                target,
            } => {
                let ability = self
                    .untargeted_trigger(*source)
                    .and_then(|s| match s {
                        StackItem::Trigger { ability, .. } => Some(ability.name()),
                        _ => None,
                    })
                    .unwrap_or("triggered ability");
                format!(
                    "{player} targets {} with the {ability} of {}",
                    target
                        .as_ref()
                        .map_or("nothing".into(), |t| self.target_text(t)),
                    self.card_name(*source)
                )
            }
            Decision::ReselectAttack {
                player,
                attacker,
                to: None,
            } => format!("{player} keeps what {} attacks", self.card_name(*attacker)),
            Decision::ReselectAttack {
                player,
                attacker,
                to: Some(to),
            } => format!(
                "{player} reselects {} to attack {}",
                self.card_name(*attacker),
                self.attack_text(to)
            ),
            Decision::ChooseCards {
                player,
                source,
                cards,
                ..
            } => format!(
                "{player} chooses {} for the ability of {}",
                list(cards.iter().map(|c| self.card_name(*c)).collect()),
                self.card_name(*source)
            ),
            Decision::KeepLegend { player, card } => {
                format!("{player} keeps {} (the legend rule)", self.card_name(*card))
            }
            Decision::ChooseNewTargets {
                player,
                spell,
                targets,
            } => format!(
                "{player} chooses {} as the targets of the copy of {}",
                list(targets.iter().map(|t| self.target_text(t)).collect()),
                self.card_name(*spell)
            ),
        }
    }

    /// Who chooses the protector of `battle`: its controller, or the
    /// controller of the spell it enters from.
    fn resolving_or_controller(&self, battle: CardId) -> PlayerId {
        if self.obj(battle).zone == Zone::Battlefield {
            self.obj(battle).controller
        } else {
            self.resolving_controller()
        }
    }

    /// A multi-line description of the state in game terms.
    pub fn describe(&self) -> String {
        let mut s = String::new();
        let ap = self.active;
        let _ = writeln!(
            s,
            "Turn {} ({ap}'s turn), {:?} step; waiting for: {}",
            self.turn + 1,
            self.step,
            self.pending_text()
        );
        for p in self.player_ids() {
            let pl = self.players[p.0 as usize];
            let status = if pl.in_game {
                format!("{} life", pl.life)
            } else {
                "left the game".to_string()
            };
            let _ = writeln!(s, "{p}: {status}");
            for zone in [Zone::Battlefield, Zone::Hand, Zone::Graveyard, Zone::Exile] {
                let cards: Vec<String> = self
                    .ids()
                    .filter(|&id| {
                        let o = self.obj(id);
                        o.zone == zone
                            && if zone == Zone::Battlefield {
                                o.controller == p
                            } else {
                                self.setup().def(id).owner == p
                            }
                    })
                    .map(|id| self.object_text(id))
                    .collect();
                if !cards.is_empty() {
                    let _ = writeln!(s, "  {zone:?}: {}", cards.join("; "));
                }
            }
        }
        if !self.stack.is_empty() {
            let items: Vec<String> = self
                .stack
                .iter()
                .rev()
                .map(|item| match item {
                    StackItem::Spell {
                        card,
                        controller,
                        transformed,
                        ..
                    } => {
                        let t = if *transformed { " (transformed)" } else { "" };
                        format!("{}{t} cast by {controller}", self.card_name(*card))
                    }
                    StackItem::Activated {
                        source,
                        controller,
                        equip: None,
                    } => format!(
                        "the activated ability of {} ({controller})",
                        self.card_name(*source)
                    ),
                    StackItem::Activated {
                        source,
                        controller,
                        equip: Some(t),
                    } => format!(
                        "the equip ability of {} targeting {} ({controller})",
                        self.card_name(*source),
                        self.target_text(&t.target)
                    ),
                    StackItem::Trigger {
                        source,
                        controller,
                        ability,
                        ..
                    } => {
                        format!(
                            "{} of {} controlled by {controller}",
                            ability.name(),
                            self.card_name(*source)
                        )
                    }
                })
                .collect();
            let _ = writeln!(s, "Stack (top first): {}", items.join("; "));
        }
        if !self.waiting.is_empty() {
            let items: Vec<_> = self
                .waiting
                .iter()
                .map(|w| self.card_name(w.source))
                .collect();
            let _ = writeln!(
                s,
                "Triggered, waiting to go on the stack: {}",
                items.join(", ")
            );
        }
        s
    }

    fn pending_text(&self) -> String {
        match self.pending {
            Pending::Priority => "a priority window".into(),
            Pending::DeclareAttackers => format!("{} to declare attackers", self.active),
            Pending::DeclareBlockers => "defending players to declare blockers".into(),
            Pending::AssignTrample { attacker } => {
                format!("damage assignment of {}", self.card_name(attacker))
            }
            Pending::AssignAsUnblocked { attacker } => format!(
                "{} to choose whether {} assigns its combat damage as though it weren't blocked",
                self.obj(attacker).controller,
                self.card_name(attacker)
            ),
            Pending::DivideDamage { attacker } => {
                format!("the division of {}'s damage", self.card_name(attacker))
            }
            Pending::ChooseCopy { card } => format!("what {} copies", self.card_name(card)),
            Pending::EnterProtector { entering, .. } => {
                format!("the protector of entering {}", self.card_name(entering))
            }
            Pending::SbaProtectors { .. } => "protector choices (state-based actions)".into(),
            Pending::CastTransformed { card, player } => format!(
                "{player} to cast {} transformed or not",
                self.card_name(card)
            ),
            Pending::TargetTrigger { source, .. } => {
                format!("the target of the trigger of {}", self.card_name(source))
            }
            Pending::ReselectAttack { attacker, player } => format!(
                "{player} to reselect what {} attacks or not",
                self.card_name(attacker)
            ),
            Pending::ChooseCards { player, whose, .. } => {
                format!("{player} to exile a card from {whose}'s hand or not")
            }
            Pending::PayUnless { source, spell } => format!(
                "the controller of {} to pay 2 life for the ward of {}, or it is countered",
                self.card_name(spell),
                self.card_name(source)
            ),
            Pending::GameOver => "nothing: the game is over".into(),
        }
    }

    /// One object, e.g. "Pool Siege 2 #0 [battle, Siege, 2 defense, protected by P2, attacked]".
    pub fn object_text(&self, id: CardId) -> String {
        let o = self.obj(id);
        let c = self.chars(id);
        let mut tags: Vec<String> = Vec::new();
        if o.back_face {
            tags.push("back face".into());
        }
        if let Some(orig) = o.copy_of {
            tags.push(format!("copy of {}", self.card_name(orig)));
        }
        if c.battle {
            tags.push(if c.siege {
                "Siege".into()
            } else {
                "battle".into()
            });
        }
        if c.creature {
            tags.push(format!("{}/{} creature", c.power, c.toughness));
        }
        if c.planeswalker {
            tags.push("planeswalker".into());
        }
        if o.zone == Zone::Battlefield {
            if c.planeswalker {
                tags.push(format!("{} loyalty", o.loyalty));
            }
            if c.battle {
                tags.push(format!("{} defense", o.counters));
                match o.protector {
                    Some(p) if self.in_game(p) => tags.push(format!("protected by {p}")),
                    Some(p) => tags.push(format!("protector {p} left the game")),
                    None => tags.push("no protector".into()),
                }
            }
            if o.controller != self.setup().def(id).owner {
                tags.push(format!("owned by {}", self.setup().def(id).owner));
            }
            if o.damage > 0 {
                tags.push(format!("{} damage", o.damage));
            }
            if o.tapped {
                tags.push("tapped".into());
            }
            match o.combat {
                Combat::Attacking {
                    target: Some(t),
                    blocked,
                    ..
                } => tags.push(format!(
                    "attacking {}{}",
                    self.attack_text(&t),
                    if blocked { ", blocked" } else { "" }
                )),
                Combat::Attacking { target: None, .. } => {
                    tags.push("attacking nothing (removed from combat)".into())
                }
                Combat::Blocking(a) => tags.push(format!("blocking {}", self.card_name(a))),
                Combat::None => {}
            }
            if self.attacked(id) {
                tags.push("attacked".into());
            }
        }
        if o.playable_from_exile {
            tags.push("its owner may play it from exile".into());
        }
        if tags.is_empty() {
            self.card_name(id)
        } else {
            format!("{} [{}]", self.card_name(id), tags.join(", "))
        }
    }
}

impl std::fmt::Debug for GameState {
    /// The Explorer shows states with `{:#?}`: show them in game terms.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.describe())
    }
}
