//! State-based actions (704). One check performs every applicable action at
//! once (704.3); the priority module repeats checks until none applies
//! before a player receives priority (117.5).

use crate::cards::card::CardType;
use crate::cards::card::Keyword;
use crate::fault::EngineFault;
use crate::state::event::Event;
use crate::state::game::Game;
use battlecheck_properties::{CardId, PlayerId, Zone};

impl Game {
    /// One state-based action check. Returns whether anything happened
    /// (including a protector choice now awaited).
    pub(crate) fn state_based_actions(&mut self) -> bool {
        // Removal from combat (506.4) is not a state-based action but happens
        // as soon as its condition is met: apply it before looking further.
        self.enforce_removal_from_combat();
        let mut acted = false;
        // 704.5a: a player with 0 or less life loses; 704.5b: so does a
        // player who drew from an empty library since the last check.
        let losers: Vec<PlayerId> = self
            .players_from(PlayerId(0))
            .filter(|&p| {
                let pl = &self.players[p.0 as usize];
                pl.life <= 0 || pl.drew_from_empty
            })
            .collect();
        // 704.5d: a token outside the battlefield ceases to exist.
        let gone_tokens: Vec<CardId> = self
            .objects
            .iter()
            .filter(|o| {
                (o.token && !matches!(o.zone, Zone::Battlefield | Zone::Outside))
                    // 707.10a: a copy of a spell outside the stack.
                    || (o.spell_copy && !matches!(o.zone, Zone::Stack | Zone::Outside))
            })
            .map(|o| o.id)
            .collect();
        let mut to_graveyard: Vec<(CardId, &'static str)> = Vec::new();
        let mut unattach: Vec<(CardId, &'static str)> = Vec::new();
        for o in self.battlefield() {
            // Toughness only matters for a creature (and takes a look at
            // every static ability on the battlefield): not computed for
            // the others.
            let creature = o.is_creature();
            let toughness = if creature { self.toughness(o.id) } else { 0 };
            if creature && toughness <= 0 {
                to_graveyard.push((o.id, "704.5f"));
            } else if creature
                && o.damage as i32 >= toughness
                && (!self.has_keyword(o.id, Keyword::Indestructible)
                    || self.fault(crate::fault::EngineFault::IndestructibleIgnored))
            {
                // (toughness is at least 1 here: the damage is not zero)
                to_graveyard.push((o.id, "704.5g"));
            } else if creature
                && self.deathtouched.contains(&o.id)
                && !self.has_keyword(o.id, Keyword::Indestructible)
            {
                // 704.5h: dealt damage by a source with deathtouch since
                // the last check (toughness above 0 here).
                to_graveyard.push((o.id, "704.5h"));
            } else if o.is_battle() && o.defense == 0 {
                if !o.is_siege() {
                    if !self.injected_non_siege_wait() {
                        to_graveyard.push((o.id, "704.5w"));
                    }
                } else if !self.trigger_pending(o.id) {
                    to_graveyard.push((o.id, "704.5v"));
                }
            } else if o.loyalty == 0 && o.is(CardType::Planeswalker) {
                // 306.9, 704.5i.
                to_graveyard.push((o.id, "704.5i"));
            }
            if let Some(host) = o.attached_to {
                if o.is_battle() || o.is_creature() {
                    // 310.10, 704.5p: battles and creatures are never attached.
                    unattach.push((o.id, "704.5p"));
                } else {
                    let h = self.obj(host);
                    // (a host that left the battlefield is a new object)
                    if !h.is_creature() || h.incarnation != o.attached_incarnation {
                        unattach.push((o.id, "704.5n"));
                    }
                }
            }
        }
        self.deathtouched.clear();
        let leaving: Vec<CardId> = to_graveyard.iter().map(|(c, _)| *c).collect();
        let (chose, orphans) = self.protector_sba(&leaving);
        acted |= chose;
        for b in orphans {
            // 704.5x–y: nobody can protect it.
            let rule = if self.obj(b).protector.is_some_and(|p| self.in_game(p)) {
                "704.5y"
            } else {
                "704.5x"
            };
            to_graveyard.push((b, rule));
        }
        acted |= !losers.is_empty()
            || !gone_tokens.is_empty()
            || !to_graveyard.is_empty()
            || !unattach.is_empty();
        for (c, rule) in unattach {
            self.obj_mut(c).attached_to = None;
            self.emit(Event::Unattached { object: c });
            self.emit(Event::StateBased { card: c, rule });
        }
        for (c, rule) in to_graveyard {
            self.emit(Event::StateBased { card: c, rule });
            self.move_to(c, Zone::Graveyard);
        }
        for t in gone_tokens {
            self.move_to(t, Zone::Outside);
            self.emit(Event::CeasedToExist { token: t });
        }
        for p in losers {
            self.players[p.0 as usize].drew_from_empty = false;
            self.leave_game(p);
        }
        acted
    }

    /// Equipment can only be attached to a creature (702.6a).
    pub fn is_equipment(&self, id: CardId) -> bool {
        let o = self.obj(id);
        o.is(CardType::Artifact) && o.face().has_subtype("Equipment")
    }

    /// The injected bug [`EngineFault::NonSiegeWaits`]: a non-Siege battle
    /// at 0 defense waits while any defeat trigger is pending. Always false
    /// in a correct game.
    fn injected_non_siege_wait(&self) -> bool {
        self.fault(EngineFault::NonSiegeWaits)
            && (!self.waiting_triggers.is_empty()
                || self
                    .stack
                    .iter()
                    .any(|s| matches!(s, crate::state::game::StackItem::DefeatTrigger(_))))
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::catalogue::Catalogue;
    use crate::scenario::build_game;
    use crate::state::event::Event;
    use battlecheck_properties::{CardId, Zone};
    use std::path::Path;

    /// 704.5x: a battle nobody can protect goes to the graveyard. With two
    /// seats this is only reachable once the game is over (a Siege's
    /// controller always has an opponent while the game goes on), so the
    /// check is performed directly.
    #[test]
    fn a_battle_nobody_can_protect_goes_to_the_graveyard() {
        let text = r#"{"name": "orphan", "players": [{}, {"in_game": false}],
            "cards": [{"id": "siege", "card": "Invasion of Azgol", "owner": "P1", "zone": "battlefield", "protector": "P2"}],
            "steps": []}"#;
        let mut g = build_game(
            Path::new("orphan.json"),
            text,
            &Catalogue::bundled().unwrap(),
        )
        .unwrap();
        assert!(g.state_based_actions());
        assert_eq!(g.obj(CardId(0)).zone, Zone::Graveyard);
        assert!(g.take_events().contains(&Event::StateBased {
            card: CardId(0),
            rule: "704.5x"
        }));
    }
}
