//! Checking a scenario's expectations against the game.

use super::format::Expect;
use super::setup::Run;
use super::subject::Subject;
use super::{Failure, ScenarioError, ScenarioReport};
use crate::state::game::TurnStep;
use battlecheck_properties::view::CombatObs;
use battlecheck_properties::{
    AttackTarget, CardId, Decision, GameView, Observation, PlayerId, StackObs, Zone,
};

impl Run {
    /// Check that an expectation names existing things and asks about the
    /// right kind of thing.
    /// `at` is the expectation's JSON path.
    pub(super) fn validate_expect(&self, e: &Expect, at: &str) -> Result<(), ScenarioError> {
        let subjects = [e.card.is_some(), e.player.is_some(), e.trigger.is_some()]
            .iter()
            .filter(|x| **x)
            .count();
        if subjects > 1 {
            return Err(self.invalid(at, "an expectation is about one card, player or trigger"));
        }
        let card_fields = e.zone.is_some()
            || e.defense.is_some()
            || e.loyalty.is_some()
            || e.protector.is_some()
            || e.protector_origin.is_some()
            || e.controller.is_some()
            || e.tapped.is_some()
            || e.back_face.is_some()
            || e.playable_from_exile.is_some()
            || e.battle.is_some()
            || e.creature.is_some()
            || e.attacking.is_some()
            || e.blocking.is_some()
            || e.attached_to.is_some()
            || e.damage.is_some()
            || e.power.is_some()
            || e.toughness.is_some()
            || e.mana_value.is_some()
            || e.colors.is_some()
            || e.subtypes.is_some()
            || e.name.is_some()
            || e.history.is_some();
        if card_fields && e.card.is_none() {
            return Err(self.invalid(
                at,
                "card fields (zone, defense, protector, …) need \"card\"",
            ));
        }
        let player_fields = e.life.is_some()
            || e.in_game.is_some()
            || e.hand.is_some()
            || e.library.is_some()
            || e.tokens.is_some()
            || e.mana.is_some();
        if player_fields && e.player.is_none() {
            return Err(self.invalid(
                at,
                "player fields (life, in_game, hand, library, tokens, mana) need \"player\"",
            ));
        }
        if let Some(m) = &e.mana {
            crate::cards::mana_cost::ManaCost::parse(m)
                .ok()
                .filter(|c| c.generic == 0 && c.xs == 0)
                .ok_or_else(|| {
                    self.invalid(
                        format!("{at}.mana"),
                        format!(
                            "{m:?} is not mana symbols such as \"{{G}}{{G}}\" (or \"\" for none)"
                        ),
                    )
                })?;
        }
        if (e.on_stack.is_some() || e.waiting.is_some()) && e.trigger.is_none() {
            return Err(self.invalid(at, "on_stack and waiting need \"trigger\""));
        }
        if let Some(c) = &e.card {
            self.card(c, at)?;
        }
        for p in [&e.player, &e.controller, &e.to_act, &e.active]
            .into_iter()
            .flatten()
        {
            self.player(p, at)?;
        }
        if let Some(t) = &e.trigger {
            self.card(t, at)?;
        }
        if let Some(p) = e.protector.as_deref().filter(|p| *p != "none") {
            self.player(p, at)?;
        }
        for x in [&e.attacking, &e.blocking, &e.attached_to]
            .into_iter()
            .flatten()
        {
            if x != "none" && x != "nothing" {
                self.target(x.strip_prefix("planeswalker:").unwrap_or(x), at)?;
            }
        }
        Ok(())
    }

    pub(super) fn name_player(&self, p: PlayerId) -> String {
        format!("{p}")
    }

    pub(super) fn name_card(&self, c: CardId) -> String {
        self.names.card(c)
    }

    /// A decision or action as the scenario writes it (names, not numbers).
    pub(super) fn describe(&self, x: &impl serde::Serialize) -> String {
        self.names
            .scope(|| serde_json::to_string(x))
            .unwrap_or_default()
    }

    /// Check expectation `e` after step `step` (from 1) against what the
    /// engine shows.
    pub(super) fn check<S: Subject>(
        &self,
        seen: &mut Seen<'_, S>,
        e: &Expect,
        step: usize,
        report: &mut ScenarioReport,
    ) -> Result<(), S::Failure> {
        let g = seen.observation()?.clone();
        let turn_step = seen.turn_step()?;
        // An engine seen from outside shows who acts only by telling who
        // holds priority.
        let to_act = match S::ENGINE_SPECIFIC {
            true => Some(seen.subject.to_act()),
            false => seen.subject.priority().map(Some),
        };
        let legal: Vec<Decision> = if e.legal.is_empty() && e.illegal.is_empty() {
            Vec::new()
        } else {
            seen.legal()?.iter().map(Decision::canonical).collect()
        };
        let mut cmp = |what: String, expected: String, actual: String| {
            report.checks += 1;
            if expected != actual {
                report.failures.push(Failure {
                    step,
                    what,
                    expected,
                    actual,
                });
            }
        };
        let opt_player = |p: Option<PlayerId>| {
            p.map(|p| self.name_player(p))
                .unwrap_or_else(|| "none".into())
        };
        if let Some(name) = &e.card {
            let id = self.card(name, "").expect("validated");
            if usize::from(id.0) >= g.objects.len() {
                // An object created during play (`new:N`) that was not.
                cmp(format!("{name} exists"), "true".into(), "false".into());
                return Ok(());
            }
            let o = g.object(id);
            let w = |f: &str| format!("{name}.{f}");
            if let Some(z) = e.zone {
                cmp(w("zone"), format!("{z:?}"), format!("{:?}", o.zone));
            }
            if let Some(d) = e.defense {
                cmp(w("defense"), d.to_string(), o.defense.to_string());
            }
            if let Some(d) = e.loyalty {
                cmp(w("loyalty"), d.to_string(), o.loyalty.to_string());
            }
            if let Some(p) = &e.protector {
                cmp(w("protector"), p.clone(), opt_player(o.protector));
            }
            if let Some(p) = e.protector_origin {
                cmp(
                    w("protector_origin"),
                    format!("{p:?}"),
                    format!("{:?}", o.protector_origin),
                );
            }
            if let Some(p) = &e.controller {
                cmp(w("controller"), p.clone(), self.name_player(o.controller));
            }
            if let Some(t) = e.tapped {
                cmp(w("tapped"), t.to_string(), o.tapped.to_string());
            }
            if let Some(t) = e.back_face {
                cmp(w("back_face"), t.to_string(), o.back_face.to_string());
            }
            if let Some(t) = e.playable_from_exile {
                cmp(
                    w("playable_from_exile"),
                    t.to_string(),
                    o.playable_from_exile.to_string(),
                );
            }
            if let Some(t) = e.battle {
                cmp(w("battle"), t.to_string(), o.battle.to_string());
            }
            if let Some(t) = e.creature {
                cmp(w("creature"), t.to_string(), o.creature.to_string());
            }
            if let Some(d) = e.damage {
                cmp(w("damage"), d.to_string(), o.damage.to_string());
            }
            if let Some(p) = e.power {
                cmp(w("power"), p.to_string(), o.power.to_string());
            }
            if let Some(t) = e.toughness {
                cmp(w("toughness"), t.to_string(), o.toughness.to_string());
            }
            if let Some(v) = e.mana_value {
                match seen.subject.mana_value(id) {
                    Some(actual) => cmp(w("mana_value"), v.to_string(), actual.to_string()),
                    None => report.unchecked += 1,
                }
            }
            if let Some(want) = &e.colors {
                match seen.subject.colors(id) {
                    Some(actual) => cmp(w("colors"), format!("{want:?}"), format!("{actual:?}")),
                    None => report.unchecked += 1,
                }
            }
            if let Some(want) = &e.name {
                match seen.subject.name(id) {
                    Some(actual) => cmp(w("name"), want.clone(), actual),
                    None => report.unchecked += 1,
                }
            }
            if let Some(want) = &e.subtypes {
                match seen.subject.subtypes(id) {
                    Some(mut actual) => {
                        let mut want = want.clone();
                        want.sort();
                        actual.sort();
                        cmp(w("subtypes"), format!("{want:?}"), format!("{actual:?}"))
                    }
                    None => report.unchecked += 1,
                }
            }
            if let Some(h) = e.history {
                cmp(w("history"), format!("{h:?}"), format!("{:?}", o.history));
            }
            if let Some(a) = &e.attacking {
                let actual = match &o.combat {
                    CombatObs::Attacking { target: None, .. } => "nothing".to_string(),
                    CombatObs::Attacking {
                        target: Some(AttackTarget::Player(p)),
                        ..
                    } => self.name_player(*p),
                    CombatObs::Attacking {
                        target: Some(AttackTarget::Battle(b)),
                        ..
                    } => self.name_card(*b),
                    CombatObs::Attacking {
                        target: Some(AttackTarget::Planeswalker(w)),
                        ..
                    } => format!("planeswalker:{}", self.name_card(*w)),
                    _ => "none".to_string(),
                };
                cmp(w("attacking"), a.clone(), actual);
            }
            if let Some(b) = &e.blocking {
                let actual = match &o.combat {
                    CombatObs::Blocking(attacker) => self.name_card(*attacker),
                    _ => "none".to_string(),
                };
                cmp(w("blocking"), b.clone(), actual);
            }
            if let Some(h) = &e.attached_to {
                cmp(
                    w("attached_to"),
                    h.clone(),
                    o.attached_to
                        .map(|c| self.name_card(c))
                        .unwrap_or_else(|| "none".into()),
                );
            }
        }
        if let Some(name) = &e.player {
            let p = self.player(name, "").expect("validated");
            let x = &g.players[p.0 as usize];
            if let Some(l) = e.life {
                cmp(format!("{name}.life"), l.to_string(), x.life.to_string());
            }
            if let Some(i) = e.in_game {
                cmp(
                    format!("{name}.in_game"),
                    i.to_string(),
                    x.in_game.to_string(),
                );
            }
            let count = |zone: Zone, by_controller: bool| {
                g.objects
                    .iter()
                    .filter(|o| o.zone == zone)
                    .filter(|o| match by_controller {
                        true => o.token && o.controller == p,
                        false => o.owner == p,
                    })
                    .count()
                    .to_string()
            };
            if let Some(n) = e.hand {
                cmp(
                    format!("{name}.hand"),
                    n.to_string(),
                    count(Zone::Hand, false),
                );
            }
            if let Some(n) = e.library {
                cmp(
                    format!("{name}.library"),
                    n.to_string(),
                    count(Zone::Library, false),
                );
            }
            if let Some(n) = e.tokens {
                cmp(
                    format!("{name}.tokens"),
                    n.to_string(),
                    count(Zone::Battlefield, true),
                );
            }
            if let Some(m) = &e.mana {
                // The symbols in any order: the validation read them.
                let want = crate::cards::mana_cost::ManaCost::parse(m).map_or_else(
                    |_| m.clone(),
                    |c| crate::cards::mana_cost::pool_text(c.symbols),
                );
                match seen.subject.mana(p) {
                    Some(pool) => cmp(
                        format!("{name}.mana"),
                        want,
                        crate::cards::mana_cost::pool_text(pool),
                    ),
                    None => report.unchecked += 1,
                }
            }
        }
        if let Some(name) = &e.trigger {
            let id = self.card(name, "").expect("validated");
            if let Some(s) = e.on_stack {
                let actual = g
                    .stack
                    .iter()
                    .any(|x| matches!(x, StackObs::DefeatTrigger { source, .. } if *source == id));
                cmp(
                    format!("trigger of {name} on the stack"),
                    s.to_string(),
                    actual.to_string(),
                );
            }
            if let Some(s) = e.waiting {
                let actual = g.waiting_triggers.contains(&id);
                cmp(
                    format!("trigger of {name} waiting"),
                    s.to_string(),
                    actual.to_string(),
                );
            }
        }
        if let Some(n) = e.stack_size {
            cmp(
                "stack size".into(),
                n.to_string(),
                g.stack.len().to_string(),
            );
        }
        if let Some(p) = e.pending {
            cmp(
                "pending".into(),
                format!("{p:?}"),
                format!("{:?}", g.pending),
            );
        }
        if let (Some(p), Some(to_act)) = (&e.to_act, to_act) {
            cmp(
                "to act".into(),
                p.clone(),
                to_act
                    .map(|p| self.name_player(p))
                    .unwrap_or_else(|| "none".into()),
            );
        }
        if let Some(s) = e.step {
            cmp("step".into(), format!("{s:?}"), format!("{turn_step:?}"));
        }
        if let Some(t) = e.turn {
            cmp("turn".into(), t.to_string(), g.turn.to_string());
        }
        if let Some(p) = &e.active {
            cmp(
                "active player".into(),
                p.clone(),
                self.name_player(g.active),
            );
        }
        if let Some(o) = &e.observation {
            let mut o = o.clone();
            if !seen.subject.tells_defenders() && o.defenders_as_told(&g) {
                report.unchecked += 1;
            }
            let diffs = battlecheck_properties::diff::differences(&o, &g);
            if diffs.is_empty() {
                cmp("observation".into(), String::new(), String::new());
            }
            for d in diffs {
                cmp(format!("observation.{}", d.field), d.expected, d.actual);
            }
        }
        if !e.legal.is_empty() || !e.illegal.is_empty() {
            for d in &e.legal {
                cmp(
                    format!("decision {}", self.describe(d)),
                    "legal".into(),
                    if legal.contains(&d.canonical()) {
                        "legal"
                    } else {
                        "illegal"
                    }
                    .into(),
                );
            }
            for d in &e.illegal {
                cmp(
                    format!("decision {}", self.describe(d)),
                    "illegal".into(),
                    if legal.contains(&d.canonical()) {
                        "legal"
                    } else {
                        "illegal"
                    }
                    .into(),
                );
            }
        }
        Ok(())
    }
}

/// What the engine shows after a step, asked for once and only if needed.
pub(super) struct Seen<'a, S: Subject> {
    pub(super) subject: &'a mut S,
    observation: Option<Observation>,
    turn_step: Option<TurnStep>,
    legal: Option<Vec<Decision>>,
}

impl<'a, S: Subject> Seen<'a, S> {
    pub(super) fn new(subject: &'a mut S) -> Self {
        Seen {
            subject,
            observation: None,
            turn_step: None,
            legal: None,
        }
    }

    pub(super) fn observation(&mut self) -> Result<&Observation, S::Failure> {
        if self.observation.is_none() {
            self.observation = Some(self.subject.observe()?);
        }
        Ok(self.observation.as_ref().expect("just set"))
    }

    fn turn_step(&mut self) -> Result<TurnStep, S::Failure> {
        if self.turn_step.is_none() {
            self.turn_step = Some(self.subject.turn_step()?);
        }
        Ok(self.turn_step.expect("just set"))
    }

    fn legal(&mut self) -> Result<&[Decision], S::Failure> {
        if self.legal.is_none() {
            self.legal = Some(self.subject.legal()?);
        }
        Ok(self.legal.as_deref().expect("just set"))
    }
}
