//! Static abilities (604) and the continuous effects they generate, applied
//! in layer order (613): a creature's power and toughness are its printed
//! values or those its copy effect gives (layer 1), set by "becomes a P/T
//! creature" (layer 7b), then modified by counters and static abilities
//! (layer 7c).

use crate::cards::card::{CardType, Keyword};
use crate::cards::color::Color;
use crate::cards::static_ability::StaticAbility;
use crate::fault::EngineFault;
use crate::state::game::Game;
use battlecheck_properties::{CardId, PlayerId, Target};

impl Game {
    /// Does a static ability give `id` keyword `k` now (604.2, layer 6):
    /// its own "has \[keywords\] as long as you control at least N other
    /// \[type\]", or another permanent's "creature tokens you control have
    /// \[keywords\]"?
    pub(crate) fn static_keyword(&self, id: CardId, k: Keyword) -> bool {
        let o = self.obj(id);
        if !o.on_battlefield() {
            return false;
        }
        let token_creature = o.token && o.is_creature();
        let granted = token_creature
            && self.battlefield().any(|source| {
                source.controller == o.controller
                    && self.has_abilities(source.id)
                    && source.face().statics.iter().any(|s| {
                        matches!(s, StaticAbility::CreatureTokensYouControlGet { keywords, .. }
                            if keywords.contains(&k))
                    })
            });
        granted
            || self
                .transformed_grants(id)
                .any(|(keywords, _)| keywords.contains(&k))
            || o.face().statics.iter().any(|s| match s {
                StaticAbility::KeywordsWhileYouControlOthers {
                    keywords,
                    at_least,
                    of,
                } => {
                    keywords.contains(&k)
                        && self
                            .battlefield()
                            .filter(|c| c.id != id && c.controller == o.controller && c.is(*of))
                            .count()
                            >= usize::from(*at_least)
                }
                _ => false,
            })
    }

    /// What "other transformed permanents you control have ..." abilities
    /// give permanent `id`: for each, its keywords and ward cost.
    pub(crate) fn transformed_grants(
        &self,
        id: CardId,
    ) -> impl Iterator<Item = (&[Keyword], Option<crate::cards::ability::WardCost>)> + '_ {
        let o = self.obj(id);
        let transformed = o.on_battlefield()
            && ((o.back_face && o.card.back.is_some() && !o.token)
                || self.fault(EngineFault::GrantToEveryPermanent));
        // Most permanents are not transformed: they look at nothing.
        transformed
            .then(|| self.battlefield())
            .into_iter()
            .flatten()
            .filter(move |s| s.id != id && s.controller == o.controller && self.has_abilities(s.id))
            .flat_map(|s| s.face().statics.iter())
            .filter_map(|s| match s {
                StaticAbility::OtherTransformedPermanentsYouControlHave { keywords, ward } => {
                    Some((keywords.as_slice(), *ward))
                }
                _ => None,
            })
    }

    /// What the "\[Knights\] you control get +P/+T and have ward \[cost\]"
    /// abilities of its controller's emblems (114.4) give permanent `id`,
    /// each as its +P/+T and ward cost, if it has the subtype (its +P/+T
    /// counts only for a creature, [`Game::power_toughness`]).
    pub(crate) fn subtype_grants(
        &self,
        id: CardId,
    ) -> impl Iterator<Item = (i8, i8, Option<crate::cards::ability::WardCost>)> + '_ {
        let o = self.obj(id);
        o.on_battlefield()
            .then(|| self.emblem_abilities(o.controller))
            .into_iter()
            .flatten()
            .filter_map(move |s| subtype_bonus(s, o.face()))
    }

    /// The damage `source` deals to `to` when it would deal `n` (614.1a):
    /// each "noncreature source you control would deal damage to a
    /// creature, battle, or opponent: that much plus N" of a permanent its
    /// controller controls adds its N (additions, so the order in which
    /// they apply, 616.1, does not change the total).
    pub(crate) fn damage_dealt(&self, source: CardId, to: Target, n: u32) -> u32 {
        let s = self.obj(source);
        if n == 0 || (s.is_creature() && !self.fault(EngineFault::DamageBoostForCreatureSources)) {
            return n;
        }
        let controller = s.controller;
        let affected = match to {
            Target::Player(p) => self.variant.opponents(controller, p),
            Target::Permanent(c) => {
                self.obj(c).is_creature()
                    || (self.obj(c).is_battle()
                        && !self.fault(EngineFault::DamageBonusNotToBattles))
            }
            Target::Trigger(_) | Target::Card(_) => false,
        };
        if !affected {
            return n;
        }
        self.battlefield()
            .filter(|o| o.controller == controller && self.has_abilities(o.id))
            .flat_map(|o| o.face().statics.iter())
            .fold(n, |n, s| match s {
                StaticAbility::NoncreatureSourcesYouControlDealMore(more) => {
                    n.saturating_add(u32::from(*more))
                }
                _ => n,
            })
    }

    /// The power of `id` now (613.4): see [`Game::power_toughness`].
    pub fn power(&self, id: CardId) -> i32 {
        self.power_toughness(id).0
    }

    /// The toughness of `id` now (613.4).
    pub fn toughness(&self, id: CardId) -> i32 {
        self.power_toughness(id).1
    }

    /// The creatures `p` controls ("creatures you control").
    pub(crate) fn creatures_controlled_by(&self, p: PlayerId) -> Vec<CardId> {
        self.battlefield()
            .filter(|o| o.is_creature() && o.controller == p)
            .map(|o| o.id)
            .collect()
    }

    /// How many permanents of type `kind` `p` controls.
    pub(crate) fn count_you_control(&self, p: PlayerId, kind: CardType) -> usize {
        self.battlefield()
            .filter(|c| c.is(kind) && c.controller == p)
            .count()
    }

    /// The power and toughness of `id` (613.4): layers 1 to 7b give
    /// [`crate::state::game::Object::base_power_toughness`]; layer 7c adds the
    /// modifications of the static abilities of permanents on the
    /// battlefield. A permanent that is not a creature gets none.
    pub fn power_toughness(&self, id: CardId) -> (i32, i32) {
        let o = self.obj(id);
        let (p, t) = o.base_power_toughness();
        let (mut p, mut t) = (i32::from(p), i32::from(t));
        let cda = o.face().statics.iter().find_map(|s| match s {
            StaticAbility::PowerToughnessEqualPermanentsYouControl(kind) => Some((*kind, true)),
            StaticAbility::PowerEqualPermanentsYouControl(kind) => Some((*kind, false)),
            _ => None,
        });
        // Layer 7a comes after layer 6 (613.1f, 613.4a): a creature that
        // lost all abilities has no characteristic-defining ability left
        // to apply (the rules say no more; its printed power and toughness
        // then count, 0/0 for Winnowing Forces).
        if let (Some((kind, toughness_too)), None, true) = (cda, o.animated, self.has_abilities(id))
        {
            // Layer 7a, before 7b's "becomes a P/T creature".
            let n = self.count_you_control(o.controller, kind);
            p = i32::try_from(n).unwrap_or(i32::MAX);
            if toughness_too {
                t = p;
            }
        }
        if !o.on_battlefield() || !o.is_creature() {
            return (p, t);
        }
        // 613.4c: +1/+1 counters and "until end of turn" effects, with the
        // modifications of static abilities.
        let counters = i32::try_from(o.plus_one).unwrap_or(i32::MAX);
        p = p
            .saturating_add(counters)
            .saturating_add(o.until_end_of_turn.0.into());
        t = t
            .saturating_add(counters)
            .saturating_add(o.until_end_of_turn.1.into());
        for source in self.battlefield() {
            let statics = &source.face().statics;
            if statics.is_empty() || !self.has_abilities(source.id) {
                continue;
            }
            for ability in statics {
                match *ability {
                    StaticAbility::CreaturesYouControlGet { power, toughness }
                        if source.controller == o.controller
                            || self.fault(EngineFault::AnthemForEveryone) =>
                    {
                        p = p.saturating_add(power.into());
                        t = t.saturating_add(toughness.into());
                    }
                    StaticAbility::CreatureTokensYouControlGet {
                        power, toughness, ..
                    } if (o.token || self.fault(EngineFault::TokenBonusForNontokens))
                        && source.controller == o.controller =>
                    {
                        p = p.saturating_add(power.into());
                        t = t.saturating_add(toughness.into());
                    }
                    StaticAbility::EquippedCreatureGets { power, toughness }
                        if source.attached_to == Some(id)
                            && source.attached_incarnation == o.incarnation =>
                    {
                        p = p.saturating_add(power.into());
                        t = t.saturating_add(toughness.into());
                    }
                    StaticAbility::CreaturesYouControlGet { .. }
                    | StaticAbility::SubtypeYouControlGet { .. }
                    | StaticAbility::CreatureTokensYouControlGet { .. }
                    | StaticAbility::NoncreatureSourcesYouControlDealMore(_)
                    | StaticAbility::NoncreatureSpellsYouCastHaveConvoke
                    | StaticAbility::OtherTransformedPermanentsYouControlHave { .. }
                    | StaticAbility::EquippedCreatureGets { .. }
                    | StaticAbility::PowerToughnessEqualPermanentsYouControl(_)
                    | StaticAbility::PowerEqualPermanentsYouControl(_)
                    | StaticAbility::NonHumansMayAssignAsUnblocked
                    | StaticAbility::ALandToo
                    | StaticAbility::EntersTapped
                    | StaticAbility::KeywordsWhileYouControlOthers { .. } => {}
                }
            }
        }
        // 114.4: the abilities of its controller's emblems (most games have
        // none: nothing more to look at).
        if self.emblems.is_empty() {
            return (p, t);
        }
        for (power, toughness, _) in self.subtype_grants(id) {
            p = p.saturating_add(power.into());
            t = t.saturating_add(toughness.into());
        }
        (p, t)
    }
}

/// What ability `s` gives a creature with characteristics `face` if it is
/// a "\[Knights\] you control get +P/+T and have ward \[cost\]" of its
/// subtype: +P/+T and ward cost.
fn subtype_bonus(
    s: &StaticAbility,
    face: &crate::cards::card::Face,
) -> Option<(i8, i8, Option<crate::cards::ability::WardCost>)> {
    match s {
        StaticAbility::SubtypeYouControlGet {
            subtype,
            power,
            toughness,
            ward,
        } if face.has_subtype(subtype) => Some((*power, *toughness, *ward)),
        _ => None,
    }
}
impl Game {
    /// The colors of object `id` (105.2): those of the face it has now, or
    /// of what it copies (707.2).
    pub fn colors(&self, id: CardId) -> &[Color] {
        let o = self.obj(id);
        if o.back_face && o.copy.is_none() && self.fault(EngineFault::ColorIndicatorIgnored) {
            return &[];
        }
        if o.face().all_colors && self.fault(EngineFault::AllColorsIgnored) {
            return &[];
        }
        &o.face().colors
    }
}
