//! Copying spells (707.10): "Copy target spell you control. You may choose
//! new targets for the copy" (Overloaded Mage-Ring). The copy is put onto
//! the stack, not cast (707.10), with the spell's characteristics and the
//! decisions made for it: its targets, its X (707.10). Its controller may
//! leave any targets unchanged, even illegal ones, or choose new legal
//! ones (707.10c). A copy is not a card: outside the stack it ceases to
//! exist (707.10a, a state-based action, [`crate::rules::sba`]); a copy of a
//! permanent spell becomes a token as it resolves (707.10f).

use crate::cards::instruction::Instruction;
use crate::fault::EngineFault;
use crate::state::error::{illegal, EngineError};
use crate::state::event::Event;
use crate::state::game::{Game, Object, StackItem, Waiting};
use battlecheck_properties::{CardId, PlayerId, Target, Zone};

impl Game {
    /// Follow "copy target spell you control" or "copy that spell", then
    /// "you may choose new targets for the copy", for the resolving
    /// ability (`step`): copy at once a spell without targets, else wait
    /// for its controller's choice of targets ([`Game::choose_new_targets`]).
    /// Returns false if the game now waits.
    pub(crate) fn copy_or_wait(&mut self, step: &Instruction) -> bool {
        let r = self.resolution.as_mut().expect("an ability is resolving");
        let (controller, target, subject) = (r.controller, r.target, r.subject);
        let chosen = r.new_targets.take();
        let spell = match (step, target) {
            (Instruction::CopyThatSpell, _) => subject,
            (_, Some(Target::Card(c))) => Some(c),
            _ => None,
        };
        let original = spell.and_then(|s| self.spell_targets(s));
        match (spell, original, chosen) {
            (Some(spell), Some(targets), None) if !targets.is_empty() => {
                self.waiting = Waiting::ChooseNewTargets {
                    player: controller,
                    spell,
                    cast: None,
                };
                return false;
            }
            (Some(spell), Some(targets), chosen) => {
                self.copy_spell(spell, controller, chosen.unwrap_or(targets));
            }
            _ => {}
        }
        self.resolution
            .as_mut()
            .expect("an ability is resolving")
            .steps
            .remove(0);
        true
    }

    /// The targets of spell `spell` on the stack, if it is there.
    pub(crate) fn spell_targets(&self, spell: CardId) -> Option<Vec<Target>> {
        self.stack.iter().find_map(|s| match s {
            StackItem::Spell { card, targets, .. } if *card == spell => {
                Some(targets.iter().map(|t| t.0).collect())
            }
            _ => None,
        })
    }

    /// The kinds of target of spell `spell`, one per target (115.1).
    fn spell_target_kinds(&self, spell: CardId) -> Vec<crate::cards::card::TargetKind> {
        self.obj(spell).face().target_kinds().to_vec()
    }

    /// `player` chooses `targets` as the targets of the copy of `spell`
    /// (707.10c): each the spell's own target in its place, or a new legal
    /// one.
    pub(crate) fn choose_new_targets(
        &mut self,
        player: PlayerId,
        spell: CardId,
        targets: &[Target],
    ) -> Result<(), EngineError> {
        let Waiting::ChooseNewTargets {
            player: who,
            spell: which,
            cast,
        } = self.waiting
        else {
            return illegal(
                "707.10c",
                format!(
                    "no copy's targets are being chosen: the game waits for {}",
                    self.waiting_text()
                ),
            );
        };
        if let (Some(cast), true) = (cast, who == player && which == spell) {
            return self.choose_cast_targets(player, spell, targets, cast);
        }
        if who != player || which != spell {
            let whose = match cast {
                Some(_) => format!("{which}, cast without paying its mana cost"),
                None => format!("the copy of {which}"),
            };
            return illegal(
                if cast.is_some() { "601.2c" } else { "707.10c" },
                format!("{who} chooses the targets of {whose}"),
            );
        }
        let old = self.spell_targets(spell).unwrap_or_default();
        if targets.len() != old.len() {
            return illegal(
                "707.10c",
                format!(
                    "the copy of {spell} has {} target(s), not {}",
                    old.len(),
                    targets.len()
                ),
            );
        }
        let kinds = self.spell_target_kinds(spell);
        for ((&new, &was), &kind) in targets.iter().zip(&old).zip(&kinds) {
            if new != was {
                self.check_target(new, kind, player)?;
            }
        }
        let kept = if self.fault(EngineFault::NewTargetsIgnored) {
            old
        } else {
            targets.to_vec()
        };
        self.resolution
            .as_mut()
            .expect("an ability is resolving")
            .new_targets = Some(kept);
        if self.go_on() {
            self.settle(self.active);
        }
        Ok(())
    }

    /// Every choice of targets `player` might make for `spell`: a spell
    /// cast without paying its mana cost (`cast`), or the copy of `spell`.
    pub(crate) fn target_candidates(
        &self,
        player: PlayerId,
        spell: CardId,
        cast: Option<crate::state::resolving::FreeCast>,
    ) -> Vec<Vec<Target>> {
        match cast {
            Some(c) => self.free_cast_targets(player, spell, c.transformed),
            None => self.new_target_candidates(spell),
        }
    }

    /// Every choice of targets for the copy of `spell`: for each target,
    /// the spell's own or any other; the choice's own checks decide which
    /// are legal.
    pub(crate) fn new_target_candidates(&self, spell: CardId) -> Vec<Vec<Target>> {
        let all = self.spell_target_candidates();
        let old = self.spell_targets(spell).unwrap_or_default();
        old.iter().fold(vec![Vec::new()], |acc, &was| {
            acc.iter()
                .flat_map(|prefix| {
                    std::iter::once(was)
                        .chain(all.iter().copied().filter(move |&t| t != was))
                        .map(move |t| {
                            let mut v = prefix.clone();
                            v.push(t);
                            v
                        })
                })
                .collect()
        })
    }

    /// Put a copy of `spell` onto the stack under `controller`'s control
    /// with `targets` (707.10): a new object, not cast. The game has room
    /// for 256 objects; a copy beyond that is not made and the event says
    /// so.
    fn copy_spell(&mut self, spell: CardId, controller: PlayerId, targets: Vec<Target>) {
        let Ok(n) = u8::try_from(self.objects.len()) else {
            self.emit(Event::NoRoomForToken { controller });
            return;
        };
        let id = CardId(n);
        let transformed = self.stack.iter().any(
            |s| matches!(s, StackItem::Spell { card, transformed: true, .. } if *card == spell),
        );
        let o = self.obj(spell);
        let (card, x, back_face, copy) = (o.card.clone(), o.x, o.back_face, o.copy.clone());
        self.objects
            .push(Object::new(id, card, controller, false, Zone::Outside));
        self.move_to(id, Zone::Stack);
        let c = self.obj_mut(id);
        c.spell_copy = true;
        c.controller = controller;
        c.base_controller = controller;
        c.x = x;
        c.back_face = back_face;
        c.copy = copy;
        let with_incarnations = targets
            .iter()
            .map(|&t| (t, self.target_incarnation(t)))
            .collect();
        self.stack.push(StackItem::Spell {
            card: id,
            controller,
            transformed,
            targets: with_incarnations,
        });
        self.emit(Event::SpellCopied {
            spell,
            copy: id,
            controller,
        });
        // 702.21a: the copy's targets become targets of a spell.
        self.ward_triggers(
            &targets,
            controller,
            crate::state::resolving::Warded::Spell(id),
        );
    }
}
