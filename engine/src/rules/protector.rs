//! Protectors (310.9, 310.11, 310.12a, 704.5x–y): who may protect a battle,
//! the choice as it enters, and the state-based replacement of a protector.

use crate::fault::EngineFault;
use crate::state::error::{illegal, EngineError};
use crate::state::event::Event;
use crate::state::game::{Game, ProtectorChoice, Waiting};
use battlecheck_properties::view::ProtectorOrigin;
use battlecheck_properties::{CardId, PlayerId};
use smallvec::SmallVec;

impl Game {
    /// The players who may be chosen to protect battle `b` now: for a
    /// Siege, the opponents of its controller (310.12a) within its range of
    /// influence (801.5a); for a battle with no battle type, only its
    /// controller (310.9a). Only players in the game.
    pub fn protector_options(&self, b: CardId) -> Vec<PlayerId> {
        let o = self.obj(b);
        if o.is_siege() {
            self.opponents_in_range(o.controller)
        } else if self.in_game(o.controller) {
            vec![o.controller]
        } else {
            Vec::new()
        }
    }

    /// May `p` be the protector of battle `b` (310.9a, 310.12a)? A Siege's
    /// protector is an opponent of its controller, a battle with no battle
    /// type's is its controller. A limited range of influence restricts the
    /// choice only (801.5a; see `battlecheck_properties::seating`), so a
    /// protector outside it is not replaced by 704.5y.
    pub fn may_protect(&self, b: CardId, p: PlayerId) -> bool {
        let o = self.obj(b);
        if o.is_siege() {
            self.variant.opponents(o.controller, p)
        } else {
            p == o.controller
        }
    }

    /// Give `b` a protector: at once if only one player may be chosen (a
    /// choice with one option is not a decision), else ask its controller.
    /// Returns false when nobody may protect it.
    pub(crate) fn need_protector(&mut self, b: CardId, origin: ProtectorOrigin) -> bool {
        let options = self.protector_options(b);
        match options.as_slice() {
            [] => false,
            [only] => {
                self.set_protector(b, *only, origin);
                true
            }
            _ => {
                let o = self.obj(b);
                // 704.5x–y: "that battle's controller chooses", not its owner.
                let chooser = if origin != ProtectorOrigin::Entered
                    && self.fault(EngineFault::ProtectorChosenByOwner)
                {
                    o.owner
                } else {
                    o.controller
                };
                self.protector_choices.push(ProtectorChoice {
                    battle: b,
                    chooser,
                    origin,
                });
                true
            }
        }
    }

    /// As a battle enters, its controller chooses its protector (310.9a,
    /// 310.12a). With no possible protector it stays unprotected and the
    /// next state-based action check puts it into the graveyard (704.5x).
    pub(crate) fn protector_on_entering(&mut self, b: CardId) {
        let o = self.obj(b);
        if o.is_siege() && self.fault(EngineFault::SiegeEntersProtectedByController) {
            self.set_protector(b, o.controller, ProtectorOrigin::Entered);
            return;
        }
        self.need_protector(b, ProtectorOrigin::Entered);
    }

    /// 310.9f: the new protector replaces the old one; there is only one.
    pub(crate) fn set_protector(&mut self, b: CardId, p: PlayerId, origin: ProtectorOrigin) {
        let o = self.obj_mut(b);
        o.protector = Some(p);
        o.protector_origin = origin;
        let (controller, siege) = (o.controller, o.is_siege());
        self.emit(Event::ProtectorChosen {
            battle: b,
            protector: p,
            origin,
            controller,
            siege,
        });
    }

    /// A protector choice the game waits for.
    pub(crate) fn choose_protector(
        &mut self,
        player: PlayerId,
        b: CardId,
        protector: PlayerId,
    ) -> Result<(), EngineError> {
        let i = self.protector_choice_refusal(player, b, protector)?;
        let choice = self.protector_choices.remove(i);
        match &mut self.entry {
            Some(e) if e.entering == b => e.protector = Some(protector),
            _ => self.set_protector(b, protector, choice.origin),
        }
        if self.protector_choices.is_empty() {
            self.protector_choices_done();
        }
        Ok(())
    }

    /// Why the rules forbid `player` to choose `protector` for battle `b`
    /// now (310.9a, 310.12a, 801.5a), if they do; else the place of the
    /// awaited choice it makes. Everything [`Game::choose_protector`]
    /// checks: it only reads the game, so a candidate choice is judged
    /// without a copy of it.
    pub(crate) fn protector_choice_refusal(
        &self,
        player: PlayerId,
        b: CardId,
        protector: PlayerId,
    ) -> Result<usize, EngineError> {
        if self.waiting != Waiting::ChooseProtectors {
            return illegal(
                "310.9a",
                format!(
                    "no protector is being chosen: the game waits for {}",
                    self.waiting_text()
                ),
            );
        }
        self.known_player(protector)?;
        let Some(i) = self.protector_choices.iter().position(|c| c.battle == b) else {
            return illegal("310.9a", format!("no protector is being chosen for {b}"));
        };
        let choice = self.protector_choices[i];
        if choice.chooser != player {
            return illegal(
                "310.9a",
                format!(
                    "{b}'s controller {} chooses its protector, not {player}",
                    choice.chooser
                ),
            );
        }
        let allowed = match &self.entry {
            Some(e) if e.entering == b => e.options.contains(&protector),
            _ => self.protector_options(b).contains(&protector),
        };
        if !allowed {
            let controller = self.obj(b).controller;
            if self.may_protect(b, protector)
                && self.in_game(protector)
                && !self.seating().in_range(controller, protector)
            {
                return illegal(
                    "801.5a",
                    format!("{protector} is outside {controller}'s range of influence"),
                );
            }
            let rule = if self.obj(b).is_siege() {
                "310.12a"
            } else {
                "310.9a"
            };
            let why = if self.obj(b).is_siege() {
                format!("only an opponent of {player} in the game can protect the Siege {b}")
            } else {
                format!("{b} has no battle type: only its controller can protect it")
            };
            return illegal(rule, why);
        }
        Ok(i)
    }

    /// Every awaited protector choice is made: resume the interrupted
    /// declaration, if any, else go on towards priority.
    pub(crate) fn protector_choices_done(&mut self) {
        if let Some(e) = self.entry.take() {
            return self.finish_entry(e);
        }
        match self.resume.take() {
            Some(w) => self.waiting = w,
            None => self.settle(self.priority),
        }
    }

    /// The protector part of the state-based actions: 704.5x (no protector in the game and not attacked)
    /// and 704.5y (a protector who can't be its protector, attacked or not).
    /// Returns the battles nobody can protect, which go to the graveyard.
    /// Checked only when no protector choice is waiting (see `settle`), so
    /// no battle is asked for twice.
    pub(crate) fn protector_sba(&mut self, leaving: &[CardId]) -> (bool, Vec<CardId>) {
        let mut acted = false;
        let mut orphans = Vec::new();
        let battles: SmallVec<[CardId; 8]> = self
            .battlefield()
            .filter(|o| o.is_battle())
            .map(|o| o.id)
            .collect();
        for b in battles {
            // A battle that the same check puts into the graveyard (704.3)
            // still gets a protector if there is only one to choose (the
            // ruling for a permanent that becomes a copy of a Siege); a real
            // choice for it would be moot and is not asked for.
            if leaving.contains(&b) && self.protector_options(b).len() != 1 {
                continue;
            }
            let o = self.obj(b);
            let attacked =
                self.attacked(b) && !self.fault(EngineFault::ProtectorRechosenWhileAttacked);
            let left_ignored = self.fault(EngineFault::ProtectorLeftKept);
            let origin = match o.protector {
                None if !attacked => ProtectorOrigin::Entered,
                Some(p) if !self.in_game(p) && !attacked && !left_ignored => {
                    ProtectorOrigin::ProtectorLeft
                }
                Some(p) if self.in_game(p) && !self.may_protect(b, p) => {
                    ProtectorOrigin::ControlChange
                }
                _ => continue,
            };
            acted = true;
            if !self.need_protector(b, origin) {
                orphans.push(b);
            }
        }
        (acted, orphans)
    }

    /// Is some creature attacking battle `b`?
    pub fn attacked(&self, b: CardId) -> bool {
        use battlecheck_properties::AttackTarget;
        self.objects.iter().any(|o| {
            o.on_battlefield()
                && matches!(o.combat, crate::state::game::Combat::Attacking { target: Some(AttackTarget::Battle(x)), .. } if x == b)
        })
    }
}
