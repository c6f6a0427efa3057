//! Casting a spell while another spell or ability resolves, without paying
//! its mana cost (608.2g, 118.9): a Siege's back face as its defeat trigger
//! resolves (310.11b, 712.11a), or "you may cast one of those two cards
//! without paying its mana cost" (Invasion of Alara). The caster follows
//! 601.2a–i: the spell's targets are chosen as it is cast (601.2c; the
//! decision `choose_new_targets`, since no other step of the cast asks
//! anything here), a spell with targets and no legal choice of them can't
//! be cast, an X in its mana cost is 0 (107.3b), and no player receives
//! priority after it is cast (608.2g): what was resolving goes on.

use crate::state::error::{illegal, EngineError};
use crate::state::game::{bump, Game, Waiting};
use crate::state::resolving::FreeCast;
use battlecheck_properties::{CardId, PlayerId, Target, Zone};

impl Game {
    /// `player` begins to cast `card` without paying its mana cost, with
    /// its back face up if `cast.transformed`: at once if it has no targets
    /// (true); else the game waits for their choice of targets (false).
    pub(crate) fn cast_free_or_wait(
        &mut self,
        player: PlayerId,
        card: CardId,
        cast: FreeCast,
    ) -> bool {
        if self
            .face_cast(card, cast.transformed)
            .target_kinds()
            .is_empty()
        {
            self.cast_free(player, card, cast.transformed, &[]);
            return true;
        }
        self.waiting = Waiting::ChooseNewTargets {
            player,
            spell: card,
            cast: Some(cast),
        };
        false
    }

    /// The face `card` is cast with.
    fn face_cast(&self, card: CardId, transformed: bool) -> &crate::cards::card::Face {
        self.obj(card).card.face(transformed)
    }

    /// Every choice of targets `player` might make for `card` cast this
    /// way (601.2c): one legal target of each kind it asks for; a spell
    /// without targets has one choice, none.
    pub(crate) fn free_cast_targets(
        &self,
        player: PlayerId,
        card: CardId,
        transformed: bool,
    ) -> Vec<Vec<Target>> {
        let kinds = self.face_cast(card, transformed).target_kinds();
        self.target_choices(kinds, player, &self.spell_target_candidates())
    }

    /// Can `player` cast `card` this way: does it have a legal choice of
    /// targets, if it needs any (601.2c)?
    pub(crate) fn may_cast_free(&self, player: PlayerId, card: CardId, transformed: bool) -> bool {
        self.face_cast(card, transformed).target_kinds().is_empty()
            || !self.free_cast_targets(player, card, transformed).is_empty()
    }

    /// `player` chooses `targets` for `spell`, cast this way (601.2c): one
    /// legal target of each kind, in order. The spell is cast; then the
    /// resolving ability goes on, or the defeat trigger's resolution ends
    /// and the active player receives priority (117.3b).
    pub(crate) fn choose_cast_targets(
        &mut self,
        player: PlayerId,
        spell: CardId,
        targets: &[Target],
        cast: FreeCast,
    ) -> Result<(), EngineError> {
        let kinds = self
            .face_cast(spell, cast.transformed)
            .target_kinds()
            .to_vec();
        if targets.len() != kinds.len() {
            return illegal(
                "601.2c",
                format!(
                    "{spell} needs {} target(s), got {}",
                    kinds.len(),
                    targets.len()
                ),
            );
        }
        for (&t, &k) in targets.iter().zip(&kinds) {
            self.check_target(t, k, player)?;
        }
        self.cast_free(player, spell, cast.transformed, targets);
        if !cast.resolving || self.go_on() {
            self.settle(self.active);
        }
        Ok(())
    }

    /// `card` becomes a spell on the stack under `player`'s control with
    /// `targets` (601.2a, 601.2i), paid for by no mana (118.9; X is 0,
    /// 107.3b): its cast triggers and the ward of what it targets trigger.
    fn cast_free(&mut self, player: PlayerId, card: CardId, transformed: bool, targets: &[Target]) {
        self.move_to(card, Zone::Stack);
        let o = self.obj_mut(card);
        o.back_face = transformed;
        o.controller = player;
        o.base_controller = player;
        o.x = 0;
        if transformed {
            bump(&mut o.history.transformed_casts);
        }
        self.becomes_spell(player, card, transformed, targets, false);
    }
}
