//! The property catalogue: every invariant (`always`) and witness
//! (`sometimes`) that battlecheck checks, with the checklist items and rules
//! each covers. Checks are written against [`GameView`], so the model and the
//! engine are judged by the same code.

use crate::decision::{AttackTarget, Target};
use crate::ids::{CardId, PlayerId};
use crate::seating::Table;
use crate::view::{
    CombatObs, GameView, GameViewExt, ObjectObs, Pending, ProtectorOrigin, StackObs, Step, Zone,
};
use serde::{Deserialize, Serialize};

/// How a property is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// Must hold in every reachable state.
    Always,
    /// Must hold in at least one reachable state (a witness that the model
    /// reaches the situation, so the invariants do not hold vacuously).
    Sometimes,
}

/// A game feature a witness needs in order to be reachable at all. A witness
/// whose features a configuration lacks is reported "not applicable".
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Feature {
    /// A Siege whose back face is a permanent.
    PermanentBackSiege,
    /// A Siege whose back face is a sorcery.
    SorceryBackSiege,
    NonSiegeBattle,
    FirstStrike,
    Trample,
    /// Damage to any target, enough to defeat a battle by itself.
    Burn,
    RemoveCounters,
    GainControl,
    /// A token copy of a battle.
    TokenCopy,
    /// A nontoken, non-double-faced card entering as a copy of a battle.
    CloneCopy,
    /// A permanent becoming a copy of a Siege.
    BecomeCopy,
    CounterTrigger,
    Bounce,
    /// A permanent becoming a creature in addition to its types.
    Animate,
    /// Players may concede and at least three players sit at the table.
    Multiplayer,
    /// More than one creature can attack.
    TwoAttackers,
    /// A blocker for the protector.
    Blocker,
    /// A multiplayer option that limits whom a player may attack: attack
    /// left or right (803), or a limited range of influence (801).
    MultiplayerOption,
    /// A limited range of influence (801).
    RangeOfInfluence,
    /// A card that reselects what a creature attacks (508.7): Portal Mage.
    Reselect,
    /// Two-Headed Giant (810) with a battle and a creature on each side.
    TwoHeadedGiant,
    /// Invasion of Gobakhan exiling a card its owner may then play (C02),
    /// with a battle in an opponent's hand and a turn of that opponent's
    /// to cast it in.
    PlayFromExile,
    /// Zilortha, Apex of Ikoria on the battlefield with a non-Human
    /// creature of its controller that may attack a battle (C04).
    AsUnblocked,
}

macro_rules! properties {
    ($( $variant:ident = $name:literal, $kind:ident, [$($item:literal),*], [$($rule:literal),*], [$($feat:ident),*], $statement:literal, $check:path; )*) => {
        /// Stable identifiers of the properties.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        pub enum PropertyId { $($variant),* }

        /// The catalogue, in report order.
        pub const CATALOGUE: &[PropertySpec] = &[
            $(PropertySpec {
                id: PropertyId::$variant,
                name: $name,
                kind: Kind::$kind,
                checklist: &[$($item),*],
                rules: &[$($rule),*],
                requires: &[$(Feature::$feat),*],
                statement: $statement,
            }),*
        ];

        impl PropertyId {
            /// Evaluate the property's condition on a game: for an `always`
            /// property, whether it holds; for a `sometimes` property,
            /// whether this game is a witness.
            pub fn check<V: GameView + ?Sized>(self, v: &V) -> bool {
                match self { $(PropertyId::$variant => $check(v)),* }
            }
        }
    };
}

/// One entry of the catalogue.
#[derive(Clone, Copy, Debug)]
pub struct PropertySpec {
    pub id: PropertyId,
    /// Stable, kebab-case name used in reports and on the command line.
    pub name: &'static str,
    pub kind: Kind,
    /// Checklist ids covered.
    pub checklist: &'static [&'static str],
    /// Rule numbers (2026-09-25 edition) the check is stated from.
    pub rules: &'static [&'static str],
    /// Features a configuration needs for a witness to be reachable.
    pub requires: &'static [Feature],
    pub statement: &'static str,
}

impl PropertyId {
    /// The objects that break this invariant in `v` (none if it holds, and
    /// none for a witness): what a counterexample's picture marks.
    pub fn offenders<V: GameView + ?Sized>(self, v: &V) -> Vec<CardId> {
        use PropertyId::*;
        let breaks: fn(&V, &ObjectObs) -> bool = match self {
            SiegeControllerNeverProtector => always::siege_controller_is_protector,
            BattleHasLegalProtector => always::battle_lacks_legal_protector,
            ZeroDefenseBattleLeaves => always::zero_defense_battle_stays,
            DefeatTriggersOnce => always::triggers_not_defeats,
            ProtectorNeverAttacksItsBattle => always::attacks_its_protected_battle,
            OnlyProtectorBlocks => always::blocks_for_a_battle_not_protected,
            BattlesNeverFightOrAttach => always::battle_fights_or_attaches,
            BackFaceOnlyAfterExile => always::back_face_without_exile,
            DefeatTriggerAccounted => always::trigger_unaccounted,
            DefeatOutcomeFollowsRules => always::defeat_outcome_breaks_rules,
            BattleCastAtSorcerySpeed => always::battle_cast_at_wrong_time,
            DefenseNeverExceedsPrinted => always::defense_above_printed,
            LeaverLeavesNothing => always::left_behind_by_leaver,
            SpellCastByItsOwner => always::cast_by_another_player,
            WhatHappenedFollowsRules
            | AttacksFollowTheOptions
            | ReselectedAttacksFollow508_7
            | TwoHeadedGiantTeams
            | AsUnblockedFollowsZilortha => {
                return match v.step_broken().map(|b| b.subject) {
                    Some(Target::Permanent(c)) => vec![c],
                    _ => Vec::new(),
                }
            }
            _ => return Vec::new(),
        };
        v.objects().filter(|o| breaks(v, o)).map(|o| o.id).collect()
    }

    pub fn spec(self) -> &'static PropertySpec {
        CATALOGUE
            .iter()
            .find(|s| s.id == self)
            .expect("every id is in the catalogue")
    }
    pub fn name(self) -> &'static str {
        self.spec().name
    }
    pub fn by_name(name: &str) -> Option<PropertyId> {
        CATALOGUE.iter().find(|s| s.name == name).map(|s| s.id)
    }
}

properties! {
    // ---- invariants -------------------------------------------------------
    SiegeControllerNeverProtector = "siege-controller-never-protector", Always,
        ["B10", "B18", "B29"], ["310.12a", "704.5y"], [],
        "once state-based actions are done, no Siege is protected by its own controller",
        always::siege_controller_never_protector;
    BattleHasLegalProtector = "battle-has-legal-protector", Always,
        ["B09", "B14", "B17", "B26"], ["310.9", "310.9a", "310.9f", "310.11", "704.5x", "704.5y"], [],
        "once state-based actions are done, every battle has one protector who may protect it, unless that protector left the game while the battle is attacked",
        always::battle_has_legal_protector;
    ZeroDefenseBattleLeaves = "zero-defense-battle-leaves", Always,
        ["B07", "B08", "B22", "B30"], ["310.7", "310.8", "704.5v", "704.5w"], [],
        "once state-based actions are done, no battle has defense 0 unless it is a Siege whose defeat trigger is waiting or on the stack",
        always::zero_defense_battle_leaves;
    DefeatTriggersOnce = "defeat-triggers-once", Always,
        ["B19", "B22", "B32"], ["310.12b", "603.2", "510.2"], [],
        "a Siege's defeat trigger triggers exactly once each time its last defense counter is removed, and never otherwise",
        always::defeat_triggers_once;
    ProtectorNeverAttacksItsBattle = "protector-never-attacks-its-battle", Always,
        ["B04", "B11"], ["310.9b", "508.1b"], [],
        "no creature attacks a battle its controller protects",
        always::protector_never_attacks;
    OnlyProtectorBlocks = "only-protector-blocks", Always,
        ["B12", "B13", "M02"], ["310.9c", "310.9d", "509.1a", "802.4a", "805.10d"], [],
        "every creature blocking an attacker of a battle is controlled by that battle's protector (with Two-Headed Giant, by the protector or their teammate)",
        always::only_protector_blocks;
    BattlesNeverFightOrAttach = "battles-never-fight-or-attach", Always,
        ["B16", "B28"], ["310.10", "508.1a", "509.1a", "506.4", "704.5p"], [],
        "no battle attacks, blocks or is attached to anything",
        always::battles_never_fight_or_attach;
    BackFaceOnlyAfterExile = "back-face-only-after-exile", Always,
        ["B19", "B20", "B21"], ["310.12b", "712.11a", "712.14a"], [],
        "a card is cast transformed only after its defeat trigger exiled it, and a permanent that is a nonmodal double-faced card is back face up only if it was cast transformed",
        always::back_face_only_after_exile;
    DefeatTriggerAccounted = "defeat-trigger-accounted", Always,
        ["B19", "B21", "B30", "B31"], ["310.12b", "400.7", "603.3", "701.6"], [],
        "every defeat trigger is waiting, on the stack, or ended exactly one way: it exiled its source, found its source gone, or was countered",
        always::defeat_trigger_accounted;
    DefeatOutcomeFollowsRules = "defeat-outcome-follows-rules", Always,
        ["B20", "B23", "B24"], ["712.8c", "712.11a", "608.2n", "704.5d", "111.7"], [],
        "tokens and cards that are not nonmodal double-faced cards are never cast transformed, sorcery back faces never stay on the battlefield, and tokens exist only on the battlefield",
        always::defeat_outcome_follows_rules;
    BattleCastAtSorcerySpeed = "battle-cast-at-sorcery-speed", Always,
        ["B01", "B02"], ["310.1", "310.2", "307.1", "702.8a", "805.4"], [],
        "a battle spell without flash is only ever on the stack alone, cast by the active player (with Two-Headed Giant, a player of the active team) in a main phase",
        always::battle_cast_at_sorcery_speed;
    DefenseNeverExceedsPrinted = "defense-never-exceeds-printed", Always,
        ["B03", "B05"], ["310.4b", "310.4c", "310.6", "120.3h", "707.2"], [],
        "no battle has more defense counters than its printed defense, unless it became a copy of a Siege after it entered (707.2: counters are not copied)",
        always::defense_never_exceeds_printed;
    LeaverLeavesNothing = "leaver-leaves-nothing", Always,
        ["B35"], ["800.4a"], [],
        "once state-based actions are done, nothing owned by a player who left the game is in a zone, and nothing is controlled by them",
        always::leaver_leaves_nothing;
    SpellCastByItsOwner = "spell-cast-by-its-owner", Always,
        ["C02"], ["601.2a", "601.3", "712.11a"], [],
        "every spell not cast transformed is controlled by its owner: a card is cast from its owner's hand, or from exile by its owner when an effect lets them (Invasion of Gobakhan); only a defeat trigger's cast transformed gives another player a spell",
        always::spell_cast_by_its_owner;
    WhatHappenedFollowsRules = "what-happened-follows-rules", Always,
        ["B05", "B10", "B32"], ["510.2", "120.3a", "120.3h", "310.6", "310.9a", "310.12a"], [],
        "no decision deals a source's damage to the same recipient twice, removes from a battle other than as many defense counters as the damage dealt to it (at most those it has), changes a player's life total without damage dealt to that player, or chooses a protector who may not protect the battle at that moment",
        always::what_happened_follows_rules;
    AttacksFollowTheOptions = "attacks-follow-the-options", Always,
        ["M01"], ["801.2c", "801.3", "801.5a", "803.1a", "803.1b", "802.2"], [],
        "with attack left or right, no creature attacks a player other than the nearest opponent on that side or a battle another player protects; with a limited range of influence, none attacks a player outside its controller's range as the turn began or a battle they protect, and no protector is chosen outside the battle's controller's range",
        always::attacks_follow_the_options;
    ReselectedAttacksFollow508_7 = "reselected-attacks-follow-508-7", Always,
        ["M03"], ["508.7c", "508.7d", "508.7e"], [],
        "no creature's attack is reselected onto anything but an opponent of its controller in the game or a battle such an opponent protects; without attack multiple players only onto the defending player chosen as it attacked; with a limited range of influence only within its controller's range",
        always::reselected_attacks_follow_508_7;
    TwoHeadedGiantTeams = "two-headed-giant-teams", Always,
        ["M02"], ["805.10a", "805.10b", "810.4", "810.9"], [],
        "with Two-Headed Giant, teammates always have the same life total (their team's), and no creature attacks a teammate of its controller or a battle that teammate protects",
        always::two_headed_giant_teams;
    AsUnblockedFollowsZilortha = "as-unblocked-follows-zilortha", Always,
        ["C04"], ["510.1b", "510.1c"], [],
        "a blocked creature assigns its combat damage as though it weren't blocked only if it is not a Human (Zilortha, Apex of Ikoria), and then all of it to what it attacks and none to its blockers",
        always::as_unblocked_follows_zilortha;

    // ---- witnesses --------------------------------------------------------
    SiegeDefeatedInCombatAndCast = "siege-defeated-in-combat-and-cast", Sometimes,
        ["B05", "B19", "B20", "B02"], ["310.6", "310.12b", "712.14a"], [PermanentBackSiege],
        "a Siege defeated by combat damage is cast transformed and its back face is on the battlefield",
        sometimes::siege_defeated_in_combat_and_cast;
    ControllerAttacksOwnSiege = "controller-attacks-own-siege", Sometimes,
        ["B04", "B11"], ["310.9b"], [PermanentBackSiege],
        "a Siege's controller attacks it",
        sometimes::controller_attacks_own_siege;
    ProtectorBlocks = "protector-blocks", Sometimes,
        ["B12", "B13"], ["310.9c"], [Blocker],
        "a protector blocks a creature attacking its battle",
        sometimes::protector_blocks;
    SiegeWaitsAtZero = "siege-waits-at-zero", Sometimes,
        ["B07", "B30"], ["310.7"], [],
        "a Siege with defense 0 stays on the battlefield while its trigger is on the stack and a player has priority",
        sometimes::siege_waits_at_zero;
    SiegeDefeatedBySpell = "siege-defeated-by-spell", Sometimes,
        ["B06", "B19"], ["115.4", "120.3h"], [Burn],
        "a Siege is defeated outside combat, by a spell",
        sometimes::siege_defeated_by_spell;
    SiegeCopyToGraveyard = "siege-copy-to-graveyard", Sometimes,
        ["B22", "B25"], ["707.2", "704.5v"], [BecomeCopy],
        "a permanent that became a copy of a Siege goes to the graveyard without being defeated",
        sometimes::siege_copy_to_graveyard;
    ProtectorReplacedAfterControlChange = "protector-replaced-after-control-change", Sometimes,
        ["B18", "B29"], ["704.5y"], [GainControl],
        "a battle gets a new protector after its protector gained control of it",
        sometimes::protector_replaced_after_control_change;
    ProtectorReplacedAfterPlayerLeft = "protector-replaced-after-player-left", Sometimes,
        ["B17", "B26", "B35"], ["704.5x", "800.4a"], [Multiplayer],
        "a battle gets a new protector after its protector left the game",
        sometimes::protector_replaced_after_player_left;
    AttackedBattleWithoutProtector = "attacked-battle-without-protector", Sometimes,
        ["B26"], ["704.5x"], [Multiplayer],
        "a battle stays attacked after its protector left the game",
        sometimes::attacked_battle_without_protector;
    BattleRemovedFromCombat = "battle-removed-from-combat", Sometimes,
        ["B27", "B29"], ["506.4", "506.4c"], [],
        "a creature keeps attacking after the battle it attacked was removed from combat",
        sometimes::battle_removed_from_combat;
    NonSiegeBattleDefeated = "non-siege-battle-defeated", Sometimes,
        ["B08", "B09"], ["310.8", "704.5w"], [NonSiegeBattle],
        "a non-Siege battle goes to the graveyard",
        sometimes::non_siege_battle_defeated;
    TriggerCounteredSiegeToGraveyard = "trigger-countered-siege-to-graveyard", Sometimes,
        ["B30"], ["310.7", "701.6"], [CounterTrigger],
        "a Siege whose defeat trigger was countered is in the graveyard",
        sometimes::trigger_countered_siege_to_graveyard;
    FirstStrikeDefeat = "first-strike-defeat", Sometimes,
        ["B33"], ["510.4", "702.7"], [FirstStrike],
        "a defeat trigger is on the stack in the first-strike combat damage step",
        sometimes::first_strike_defeat;
    TrampleOntoBattle = "trample-onto-battle", Sometimes,
        ["B34"], ["702.19b"], [Trample],
        "a blocked trampling attacker assigns damage to the battle it attacks",
        sometimes::trample_onto_battle;
    SorceryBackFaceResolved = "sorcery-back-face-resolved", Sometimes,
        ["B20"], ["608.2n", "712.8c"], [SorceryBackSiege],
        "a sorcery back face cast transformed resolved and its card is in the graveyard",
        sometimes::sorcery_back_face_resolved;
    DeclinedCastStaysInExile = "declined-cast-stays-in-exile", Sometimes,
        ["B21"], ["310.12b"], [],
        "a Siege whose controller declined to cast it stays in exile",
        sometimes::declined_cast_stays_in_exile;
    TokenCopyExiled = "token-copy-exiled", Sometimes,
        ["B03", "B23"], ["707.5", "704.5d"], [TokenCopy],
        "a token copy of a Siege was defeated and exiled by its trigger",
        sometimes::token_copy_exiled;
    CloneEntersWithCounters = "clone-enters-with-counters", Sometimes,
        ["B03", "B23"], ["310.4b", "614.1c", "707.5"], [CloneCopy],
        "a card entering as a copy of a Siege enters with defense counters",
        sometimes::clone_enters_with_counters;
    CopiedDfcCastsOwnBack = "copied-dfc-casts-own-back", Sometimes,
        ["B15", "B24"], ["310.9g", "712.11a"], [BecomeCopy],
        "a Siege that became a copy of another Siege kept its protector, was defeated and cast with its own back face",
        sometimes::copied_dfc_casts_own_back;
    SiegeLeftBeforeTrigger = "siege-left-before-trigger", Sometimes,
        ["B31"], ["400.7"], [Bounce],
        "a defeat trigger resolved after its Siege had left the battlefield",
        sometimes::siege_left_before_trigger;
    TwoAttackersOneDefeat = "two-attackers-one-defeat", Sometimes,
        ["B32"], ["510.2"], [TwoAttackers],
        "two creatures attacking one Siege removed its last counters together and one trigger is on the stack",
        sometimes::two_attackers_one_defeat;
    BattleCreatureStaysHome = "battle-creature-stays-home", Sometimes,
        ["B28"], ["508.1a"], [Animate],
        "a battle that is also a creature is on the battlefield after attackers were declared",
        sometimes::battle_creature_stays_home;
    OptionShieldsABattle = "option-shields-a-battle", Sometimes,
        ["M01"], ["801.3", "803.1a", "803.1b"], [MultiplayerOption],
        "attackers are being declared while a battle is protected by an opponent in the game whom the multiplayer option forbids the active player to attack",
        sometimes::option_shields_a_battle;
    RangeFixedForTheTurn = "range-fixed-for-the-turn", Sometimes,
        ["M01", "B35"], ["801.2c"], [RangeOfInfluence],
        "a player left the game this turn, and two players still in it are out of each other's range of influence though no seat in the game now separates them beyond it",
        sometimes::range_fixed_for_the_turn;
    ReselectionMayMoveOntoABattle = "reselection-may-move-onto-a-battle", Sometimes,
        ["M03"], ["508.7", "508.7c"], [Reselect],
        "an attack is being reselected while a creature attacks a player and a battle that no creature attacks is protected by another opponent of its controller, onto which it may be reselected",
        sometimes::reselection_may_move_onto_a_battle;
    TeammateBlocksForABattle = "teammate-blocks-for-a-battle", Sometimes,
        ["M02"], ["805.10d"], [TwoHeadedGiant],
        "a creature blocks an attacker of a battle protected by its controller's teammate",
        sometimes::teammate_blocks_for_a_battle;
    ExiledBattleCastByItsOwner = "exiled-battle-cast-by-its-owner", Sometimes,
        ["C02"], ["601.3", "310.1", "310.9a"], [PlayFromExile],
        "a battle that Invasion of Gobakhan exiled from its owner's hand was cast from exile by its owner, at normal timing, and is on the battlefield with a protector",
        sometimes::exiled_battle_cast_by_its_owner;
    AsUnblockedOntoABattle = "as-unblocked-onto-a-battle", Sometimes,
        ["C04"], ["510.1b", "310.6"], [AsUnblocked],
        "a blocked non-Human creature assigned all its combat damage to the battle it attacks as though it weren't blocked (Zilortha), removing defense counters",
        sometimes::hit_as_unblocked;
}

/// The conditions of the catalogue entries in `wanted` (bit `i` for entry
/// `i`) on a view: bit `i` of the result is set when entry `i`'s condition
/// holds; entries not wanted are not evaluated and their bits are clear.
/// Only the wanted entries are visited: most are settled early in a check
/// (an invariant violated, a witness found) and no longer wanted.
pub fn evaluate<V: GameView + ?Sized>(v: &V, wanted: u64) -> u64 {
    let mut bits = 0;
    let mut rest = wanted & ALL;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if CATALOGUE[i].id.check(v) {
            bits |= 1 << i;
        }
    }
    bits
}

/// Every entry of the catalogue, as a `wanted` set for [`evaluate`].
pub const ALL: u64 = if CATALOGUE.len() < 64 {
    (1 << CATALOGUE.len()) - 1
} else {
    u64::MAX
};

/// State-based actions have been performed (704.3). A game that ended
/// because one player (or with Two-Headed Giant one team, 810.8a) remains
/// (104.2a) ends at once, without them.
fn settled<V: GameView + ?Sized>(v: &V) -> bool {
    match v.pending() {
        Pending::GameOver => {
            // Teams are adjacent seats: a second side is a player in the
            // game of another team than the first one's.
            let variant = v.table().variant;
            let mut in_game = v.players().filter(|(_, p)| p.in_game).map(|(q, _)| q);
            in_game
                .next()
                .is_some_and(|first| in_game.any(|q| variant.team(q) != variant.team(first)))
        }
        p => p.settled(),
    }
}

fn on_battlefield<V: GameView + ?Sized>(v: &V) -> impl Iterator<Item = ObjectObs> + '_ {
    v.objects().filter(|o| o.zone == Zone::Battlefield)
}

fn battle_attacked_by(o: &ObjectObs) -> Option<CardId> {
    match o.combat {
        CombatObs::Attacking {
            target: Some(AttackTarget::Battle(b)),
            ..
        } => Some(b),
        _ => None,
    }
}

fn pending_triggers_of<V: GameView + ?Sized>(v: &V, card: CardId) -> u8 {
    let waiting = (0..v.waiting_trigger_count())
        .filter(|&i| v.waiting_trigger(i) == card)
        .count();
    let stacked = v
        .stack()
        .filter(|s| matches!(s, StackObs::DefeatTrigger { source, .. } if *source == card))
        .count();
    (waiting + stacked) as u8
}

mod always {
    use super::*;

    /// An invariant over objects: `$holds` holds when, unless `$guard`
    /// excuses the whole view, no object breaks it; `$breaks` tells
    /// whether one object breaks it (the objects a report marks). Both are
    /// made from the one condition.
    macro_rules! per_object {
        ($holds:ident, $breaks:ident, $guard:path, |$v:ident, $o:ident| $body:expr) => {
            pub fn $breaks<V: GameView + ?Sized>($v: &V, $o: &ObjectObs) -> bool {
                let _ = ($v, $o);
                $guard($v) && $body
            }

            pub fn $holds<V: GameView + ?Sized>($v: &V) -> bool {
                !$guard($v)
                    || !$v.objects().any(|o| {
                        let $o = &o;
                        $body
                    })
            }
        };
    }

    /// No guard: the invariant holds in every view.
    fn always<V: GameView + ?Sized>(_: &V) -> bool {
        true
    }

    per_object!(
        siege_controller_never_protector,
        siege_controller_is_protector,
        settled,
        |v, o| o.zone == Zone::Battlefield && o.siege && o.protector == Some(o.controller)
    );

    per_object!(
        battle_has_legal_protector,
        battle_lacks_legal_protector,
        settled,
        |v, o| {
            o.zone == Zone::Battlefield
                && o.battle
                && match o.protector {
                    None => true,
                    Some(p) if v.may_protect(o, p) => false,
                    // B26: a protector who left the game stays until no creature attacks the battle.
                    Some(p) => v.in_game(p) || !v.attacked(o.id),
                }
        }
    );

    per_object!(
        zero_defense_battle_leaves,
        zero_defense_battle_stays,
        settled,
        |v, o| {
            o.zone == Zone::Battlefield
                && o.battle
                && o.defense == 0
                && !(o.siege && v.trigger_pending(o.id))
        }
    );

    per_object!(
        defeat_triggers_once,
        triggers_not_defeats,
        always,
        |v, o| o.history.triggers != o.history.defeats
    );

    per_object!(
        protector_never_attacks,
        attacks_its_protected_battle,
        always,
        |v, o| {
            battle_attacked_by(o).is_some_and(|b| v.object(b).protector == Some(o.controller))
        }
    );

    per_object!(
        only_protector_blocks,
        blocks_for_a_battle_not_protected,
        always,
        |v, o| {
            let variant = v.table().variant;
            match o.combat {
                CombatObs::Blocking(a) => battle_attacked_by(&v.object(a)).is_some_and(|b| {
                    v.object(b)
                        .protector
                        .is_none_or(|p| variant.team(p) != variant.team(o.controller))
                }),
                _ => false,
            }
        }
    );

    per_object!(
        battles_never_fight_or_attach,
        battle_fights_or_attaches,
        always,
        |v, o| {
            o.zone == Zone::Battlefield
                && o.battle
                && (o.combat != CombatObs::None || o.attached_to.is_some())
        }
    );

    per_object!(
        back_face_only_after_exile,
        back_face_without_exile,
        always,
        |v, o| {
            // A modal double-faced card (not `dfc`) may be played or cast
            // with its back face up (712.11b, 712.12).
            o.history.transformed_casts > o.history.trigger_exiles
                || (o.back_face && o.dfc && o.history.transformed_casts == 0)
        }
    );

    per_object!(
        defeat_trigger_accounted,
        trigger_unaccounted,
        always,
        |v, o| {
            let h = o.history;
            h.triggers
                != h.trigger_exiles
                    + h.trigger_fizzles
                    + h.triggers_countered
                    + pending_triggers_of(v, o.id)
        }
    );

    per_object!(
        defeat_outcome_follows_rules,
        defeat_outcome_breaks_rules,
        always,
        |v, o| {
            let castable = o.dfc && !o.token;
            (!castable && o.history.transformed_casts > 0)
                || (o.sorcery_back && o.back_face && o.zone == Zone::Battlefield)
                || (settled(v) && o.token && !matches!(o.zone, Zone::Battlefield | Zone::Outside))
        }
    );

    per_object!(
        battle_cast_at_sorcery_speed,
        battle_cast_at_wrong_time,
        always,
        |v, o| {
            // 702.8a: a battle with flash (Invasion of Innistrad) is cast
            // any time its controller could cast an instant.
            o.battle
                && !o.flash
                && v.stack().enumerate().any(|(i, s)| match s {
                    StackObs::Spell {
                        card,
                        controller,
                        transformed: false,
                    } if card == o.id => {
                        // 805.4: with shared team turns, by either player
                        // of the active team.
                        !(i == 0
                            && v.step() == Step::Main
                            && !v.table().variant.opponents(controller, v.active()))
                    }
                    _ => false,
                })
        }
    );

    // A battle with more counters that becomes a copy of a Siege with a
    // lower printed defense keeps its counters (707.2); such a battle is a
    // Siege copy, so only non-copies are held to their printed defense.
    per_object!(
        defense_never_exceeds_printed,
        defense_above_printed,
        always,
        |v, o| {
            o.zone == Zone::Battlefield
                && o.battle
                && !o.siege_copy
                && o.defense > o.printed_defense
        }
    );

    per_object!(
        spell_cast_by_its_owner,
        cast_by_another_player,
        always,
        |v, o| {
            v.stack().any(|s| {
                matches!(s, StackObs::Spell { card, controller, transformed: false }
                    if card == o.id && controller != o.owner)
            })
        }
    );

    per_object!(
        leaver_leaves_nothing,
        left_behind_by_leaver,
        settled,
        |v, o| {
            let gone = |p| !v.in_game(p);
            (gone(o.owner) && o.zone != Zone::Outside)
                || (gone(o.controller) && matches!(o.zone, Zone::Battlefield | Zone::Stack))
        }
    );

    /// No decision so far broke a rule of what one decision may do
    /// ([`crate::step`]): judged on what it did, so a wrong intermediate
    /// state that state-based actions repair is seen too.
    pub fn what_happened_follows_rules<V: GameView + ?Sized>(v: &V) -> bool {
        v.step_broken().is_none_or(|b| {
            b.rule.of_options()
                || b.rule.of_reselection()
                || b.rule.of_teams()
                || b.rule.of_as_unblocked()
        })
    }

    /// No decision so far broke a rule of the multiplayer options
    /// ([`crate::step`], [`crate::seating`]): judged on what it did (the
    /// attacks declared, the protectors chosen) with the seating of that
    /// moment.
    pub fn attacks_follow_the_options<V: GameView + ?Sized>(v: &V) -> bool {
        v.step_broken().is_none_or(|b| !b.rule.of_options())
    }

    /// No decision so far reselected an attack against 508.7c–e
    /// ([`crate::step`], [`crate::seating::Table::may_reselect`]).
    pub fn reselected_attacks_follow_508_7<V: GameView + ?Sized>(v: &V) -> bool {
        v.step_broken().is_none_or(|b| !b.rule.of_reselection())
    }

    /// No decision so far had a creature assign its combat damage as
    /// though it weren't blocked against Zilortha's text and rulings (C04,
    /// [`crate::step`]): a Human, or some of the damage to its blockers.
    pub fn as_unblocked_follows_zilortha<V: GameView + ?Sized>(v: &V) -> bool {
        v.step_broken().is_none_or(|b| !b.rule.of_as_unblocked())
    }

    /// With Two-Headed Giant: teammates share one life total (810.4,
    /// 810.9), and no decision so far had a creature attack its
    /// controller's team (805.10a–b).
    pub fn two_headed_giant_teams<V: GameView + ?Sized>(v: &V) -> bool {
        let variant = v.table().variant;
        let shared = v.players().all(|(p, x)| {
            v.players()
                .all(|(q, y)| variant.team(p) != variant.team(q) || x.life == y.life)
        });
        shared && v.step_broken().is_none_or(|b| !b.rule.of_teams())
    }
}

mod sometimes {
    use super::*;

    fn priority<V: GameView + ?Sized>(v: &V) -> bool {
        v.pending() == Pending::Priority
    }

    fn siege_at_zero_with_trigger<V: GameView + ?Sized>(v: &V) -> bool {
        on_battlefield(v).any(|o| {
            o.siege
                && o.defense == 0
                && v.stack()
                    .any(|s| matches!(s, StackObs::DefeatTrigger { source, .. } if source == o.id))
        })
    }

    pub fn siege_defeated_in_combat_and_cast<V: GameView + ?Sized>(v: &V) -> bool {
        on_battlefield(v).any(|o| o.back_face && o.history.combat_defeat)
    }

    pub fn controller_attacks_own_siege<V: GameView + ?Sized>(v: &V) -> bool {
        v.objects().any(|a| {
            battle_attacked_by(&a).is_some_and(|b| {
                let b = v.object(b);
                b.siege && b.controller == a.controller
            })
        })
    }

    pub fn protector_blocks<V: GameView + ?Sized>(v: &V) -> bool {
        v.objects().any(|x| match x.combat {
            CombatObs::Blocking(a) => battle_attacked_by(&v.object(a))
                .is_some_and(|b| v.object(b).protector == Some(x.controller)),
            _ => false,
        })
    }

    pub fn siege_waits_at_zero<V: GameView + ?Sized>(v: &V) -> bool {
        priority(v) && siege_at_zero_with_trigger(v)
    }

    pub fn siege_defeated_by_spell<V: GameView + ?Sized>(v: &V) -> bool {
        priority(v) && v.step() == Step::Main && siege_at_zero_with_trigger(v)
    }

    pub fn siege_copy_to_graveyard<V: GameView + ?Sized>(v: &V) -> bool {
        v.objects().any(|o| {
            o.history.was_siege_copy && o.history.defeats == 0 && o.zone == Zone::Graveyard
        })
    }

    pub fn protector_replaced_after_control_change<V: GameView + ?Sized>(v: &V) -> bool {
        on_battlefield(v).any(|o| o.battle && o.protector_origin == ProtectorOrigin::ControlChange)
    }

    pub fn protector_replaced_after_player_left<V: GameView + ?Sized>(v: &V) -> bool {
        on_battlefield(v).any(|o| o.battle && o.protector_origin == ProtectorOrigin::ProtectorLeft)
    }

    pub fn attacked_battle_without_protector<V: GameView + ?Sized>(v: &V) -> bool {
        on_battlefield(v)
            .any(|o| o.battle && o.protector.is_some_and(|p| !v.in_game(p)) && v.attacked(o.id))
    }

    pub fn battle_removed_from_combat<V: GameView + ?Sized>(v: &V) -> bool {
        v.objects()
            .any(|o| matches!(o.combat, CombatObs::Attacking { target: None, .. }))
    }

    pub fn non_siege_battle_defeated<V: GameView + ?Sized>(v: &V) -> bool {
        v.objects()
            .any(|o| o.battle && !o.siege && !o.token && o.zone == Zone::Graveyard)
    }

    pub fn trigger_countered_siege_to_graveyard<V: GameView + ?Sized>(v: &V) -> bool {
        v.objects()
            .any(|o| o.history.triggers_countered > 0 && o.zone == Zone::Graveyard)
    }

    pub fn first_strike_defeat<V: GameView + ?Sized>(v: &V) -> bool {
        priority(v) && v.step() == Step::FirstStrikeDamage && siege_at_zero_with_trigger(v)
    }

    pub fn trample_onto_battle<V: GameView + ?Sized>(v: &V) -> bool {
        v.objects().any(|o| o.history.trampled)
    }

    pub fn sorcery_back_face_resolved<V: GameView + ?Sized>(v: &V) -> bool {
        v.objects()
            .any(|o| o.sorcery_back && o.history.transformed_casts > 0 && o.zone == Zone::Graveyard)
    }

    pub fn declined_cast_stays_in_exile<V: GameView + ?Sized>(v: &V) -> bool {
        settled(v)
            && v.objects().any(|o| {
                o.dfc
                    && !o.token
                    && o.zone == Zone::Exile
                    && o.history.trigger_exiles > o.history.transformed_casts
            })
    }

    pub fn exiled_battle_cast_by_its_owner<V: GameView + ?Sized>(v: &V) -> bool {
        v.objects().any(|o| {
            o.battle
                && o.zone == Zone::Battlefield
                && o.history.exile_casts > 0
                && o.controller == o.owner
                && o.protector.is_some()
        })
    }

    pub fn hit_as_unblocked<V: GameView + ?Sized>(v: &V) -> bool {
        v.objects().any(|o| o.history.hit_as_unblocked)
    }

    pub fn token_copy_exiled<V: GameView + ?Sized>(v: &V) -> bool {
        v.objects().any(|o| o.token && o.history.trigger_exiles > 0)
    }

    pub fn clone_enters_with_counters<V: GameView + ?Sized>(v: &V) -> bool {
        on_battlefield(v).any(|o| o.siege_copy && !o.token && !o.dfc && o.defense > 0)
    }

    pub fn copied_dfc_casts_own_back<V: GameView + ?Sized>(v: &V) -> bool {
        v.objects()
            .any(|o| o.dfc && o.history.was_siege_copy && o.history.transformed_casts > 0)
    }

    pub fn siege_left_before_trigger<V: GameView + ?Sized>(v: &V) -> bool {
        v.objects().any(|o| o.history.trigger_fizzles > 0)
    }

    pub fn two_attackers_one_defeat<V: GameView + ?Sized>(v: &V) -> bool {
        priority(v)
            && on_battlefield(v).any(|b| {
                b.siege
                    && b.defense == 0
                    && v.objects()
                        .filter(|a| battle_attacked_by(a) == Some(b.id))
                        .count()
                        >= 2
                    && pending_triggers_of(v, b.id) == 1
            })
    }

    pub fn option_shields_a_battle<V: GameView + ?Sized>(v: &V) -> bool {
        if v.pending() != Pending::DeclareAttackers {
            return false;
        }
        let table = v.table();
        on_battlefield(v).any(|o| {
            o.battle
                && o.protector.is_some_and(|p| {
                    table.variant.opponents(v.active(), p)
                        && v.in_game(p)
                        && !table.may_attack(v.active(), p)
                })
        })
    }

    pub fn reselection_may_move_onto_a_battle<V: GameView + ?Sized>(v: &V) -> bool {
        if v.pending() != Pending::ReselectAttack {
            return false;
        }
        let table = v.table();
        on_battlefield(v).any(|a| {
            let CombatObs::Attacking {
                target: Some(AttackTarget::Player(q)),
                ..
            } = a.combat
            else {
                return false;
            };
            on_battlefield(v).any(|o| {
                o.battle
                    && !v.attacked(o.id)
                    && o.protector
                        .is_some_and(|p| p != q && table.may_reselect(a.controller, q, p))
            })
        })
    }

    pub fn teammate_blocks_for_a_battle<V: GameView + ?Sized>(v: &V) -> bool {
        let variant = v.table().variant;
        on_battlefield(v).any(|o| match o.combat {
            CombatObs::Blocking(a) => battle_attacked_by(&v.object(a)).is_some_and(|b| {
                v.object(b).protector.is_some_and(|p| {
                    p != o.controller && variant.team(p) == variant.team(o.controller)
                })
            }),
            _ => false,
        })
    }

    pub fn range_fixed_for_the_turn<V: GameView + ?Sized>(v: &V) -> bool {
        let table = v.table();
        let now = Table {
            seated: table.in_game,
            ..table
        };
        let players: Vec<PlayerId> = v
            .players()
            .filter(|(_, p)| p.in_game)
            .map(|(id, _)| id)
            .collect();
        table.seated != table.in_game
            && players.iter().any(|&a| {
                players
                    .iter()
                    .any(|&b| !table.in_range(a, b) && now.in_range(a, b))
            })
    }

    pub fn battle_creature_stays_home<V: GameView + ?Sized>(v: &V) -> bool {
        v.step() >= Step::DeclareBlockers && on_battlefield(v).any(|o| o.battle && o.creature)
    }
}
