//! A card and its faces as printed: card types, supertypes, subtypes and
//! keywords (205, 702), numbers (208, 209, 306.5), layout (712), the spell
//! effect and triggered abilities each face has ([`Effect`],
//! [`PrintedTrigger`], whose steps are
//! [`crate::cards::instruction::Instruction`]s) and the kinds of targets
//! they name (115). Cards are data, not code: a card's behaviour is its
//! types, subtypes, numbers and its lines of rules text, each read by the
//! engine in a small vocabulary ([`crate::cards::oracle`]).
//!
//! A card's mana cost is read as it loads
//! ([`crate::cards::mana_cost::ManaCost`]); a game pays it only if its
//! position says so ([`crate::abilities::mana`]).

use crate::cards::instruction::{CardFilter, Instruction};
use crate::cards::oracle::OracleLine;
use crate::cards::static_ability::StaticAbility;
use serde::{Deserialize, Serialize};

/// Card types (rule 300.1) the engine knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum CardType {
    Artifact,
    Battle,
    Creature,
    Enchantment,
    Instant,
    Land,
    Planeswalker,
    Sorcery,
}

/// Supertypes (205.4a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Supertype {
    /// 205.4c: a basic land (what "search for a basic land card" finds).
    Basic,
    /// 205.4d: subject to the legend rule (704.5j).
    Legendary,
}

/// Keyword abilities the engine implements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[repr(u8)]
pub enum Keyword {
    /// 702.7.
    FirstStrike,
    /// 702.4b: deals both first-strike and regular combat damage (510.4).
    DoubleStrike,
    /// 702.19.
    Trample,
    /// 702.10: may attack the turn it comes under its controller's control.
    Haste,
    /// 702.20: attacking doesn't cause it to tap.
    Vigilance,
    /// 702.8: may be cast any time its controller could cast an instant.
    Flash,
    /// 702.9b: can't be blocked except by creatures with flying or reach.
    Flying,
    /// 702.17b: can block creatures with flying.
    Reach,
    /// 702.3b: can't attack.
    Defender,
    /// 702.111b: can't be blocked except by two or more creatures.
    Menace,
    /// 702.12b: not destroyed by lethal damage (704.5g).
    Indestructible,
    /// 702.11b: can't be the target of spells or abilities its
    /// controller's opponents control.
    Hexproof,
    /// 702.15b: damage it deals also makes its controller gain that much
    /// life (120.3f), whatever it is dealt to, a battle included.
    Lifelink,
    /// 702.2b: any damage it deals to a creature is lethal (704.5h). (No
    /// card of the catalogue has deathtouch and trample, so 702.2c, 1 as
    /// lethal damage in a trampler's assignment, is not needed.)
    Deathtouch,
    /// 702.6a: "Equip \[cost\]": attach to target creature you control,
    /// only as a sorcery; the cost, read from the line's words
    /// ([`Face::equip_cost`]), is paid in a game that pays mana.
    Equip,
}

/// When a printed triggered ability triggers (603.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TriggerEvent {
    /// "When this creature enters during the declare attackers step"
    /// (603.6a: an enters trigger; it triggers only in that step).
    EntersDuringDeclareAttackers,
    /// "When this permanent enters" (603.6a).
    Enters,
    /// "Whenever this creature deals combat damage to a player or battle"
    /// (510.3a: it triggers as the damage is dealt).
    DealsCombatDamageToPlayerOrBattle,
    /// "At the beginning of your end step" (513.1a).
    BeginningOfYourEndStep,
    /// "At the beginning of each opponent's upkeep" (503.1a).
    BeginningOfEachOpponentsUpkeep,
    /// "Whenever equipped creature attacks" (508.3a), on an Equipment: the
    /// creature it is attached to is "that creature".
    EquippedCreatureAttacks,
    /// "Whenever you cast a \[noncreature\] spell" (601.2i: as the spell
    /// becomes cast), of the kind [`PrintedTrigger::spell`] names.
    YouCastASpell,
    /// "Whenever a creature an opponent controls dies" (700.4: is put into
    /// a graveyard from the battlefield; 603.10a: it looks back in time).
    CreatureAnOpponentControlsDies,
    /// "Whenever a \[creature\] you control attacks" (508.3a): the attacking
    /// creature, of the kind [`PrintedTrigger::attacker`] names, is "it".
    CreatureYouControlAttacks,
    /// "Whenever \[this creature\] attacks" (508.3a).
    ThisAttacks,
    /// "Whenever another \[enchantment\] you control enters" (603.6a): of
    /// the kind [`PrintedTrigger::entering`] names.
    AnotherYouControlEnters,
    /// "At the beginning of your upkeep" (503.1a).
    BeginningOfYourUpkeep,
    /// "At the beginning of combat on your turn" (507.1).
    BeginningOfCombatOnYourTurn,
    /// "Whenever you discard a \[land\] card" (701.9a), of the kind
    /// [`PrintedTrigger::discarded`] names.
    YouDiscard,
    /// "Whenever this token and at least one other creature token attack"
    /// (508.3a): once per declaration of attackers that has both.
    ThisAndAnotherCreatureTokenAttack,
}

/// A condition an ability checks: an intervening "if" clause (603.4) or
/// an "if" in its instructions (608.2c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    /// "If that player has N or fewer cards in hand": the player whose
    /// turn it is, for "each opponent's upkeep" triggers.
    ActivePlayerHandAtMost(u8),
    /// "If a permanent was put into a graveyard from the battlefield this
    /// turn" (700.4: such a permanent died if it was a creature).
    PermanentToGraveyardThisTurn,
    /// "If you search your library this way": a search of the resolving
    /// ability looked through its controller's library.
    SearchedLibrary,
    /// "If you haven't been dealt combat damage since your last turn":
    /// the ability's controller, the active player in an "at the beginning
    /// of your upkeep" trigger (see [`crate::state::game::Player::combat_damaged`]).
    NotDealtCombatDamageSinceYourLastTurn,
    /// "If it was a creature card": the resolving ability's target, a card
    /// that has just moved, was a creature card where it was targeted (a
    /// double-faced card outside the battlefield has its front face's
    /// characteristics only, 712.8a).
    TargetWasCreatureCard,
}

/// What a printed triggered ability does as it resolves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TriggerEffect {
    /// "You may reselect which player or permanent target attacking
    /// creature is attacking" (508.7).
    ReselectAttack,
    /// Instructions followed in the order written (608.2c), with the
    /// targets they refer to, one group per instance of the word "target"
    /// (115.1a, 115.3); "the target" of an instruction is the first of the
    /// first group unless [`crate::cards::instruction::Instruction::ForEachTarget`]
    /// says otherwise.
    Do {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        targets: Vec<TargetGroup>,
        /// An intervening "if" clause (603.4): the ability triggers only if
        /// it holds, and does nothing if it no longer holds as it resolves.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        only_if: Option<Condition>,
        steps: Vec<Instruction>,
    },
    /// "Choose one or both —" (700.2): its controller chooses from `min`
    /// to `max` of the `modes` as it is put on the stack (603.3c); it then
    /// follows the chosen modes' instructions in the order printed. Modes
    /// here have no targets.
    Modal {
        min: u8,
        max: u8,
        modes: Vec<Vec<Instruction>>,
    },
}

impl TriggerEffect {
    /// The targets the ability requires, one group per instance of the
    /// word "target" (603.3d: chosen as it is put on the stack).
    pub fn targets(&self) -> &[TargetGroup] {
        const ATTACKER: [TargetGroup; 1] = [TargetGroup::one(TargetKind::AttackingCreature)];
        match self {
            TriggerEffect::ReselectAttack => &ATTACKER,
            TriggerEffect::Do { targets, .. } => targets,
            TriggerEffect::Modal { .. } => &[],
        }
    }

    /// Its intervening "if" clause, if any (603.4).
    pub fn only_if(&self) -> Option<Condition> {
        match self {
            TriggerEffect::ReselectAttack | TriggerEffect::Modal { .. } => None,
            TriggerEffect::Do { only_if, .. } => *only_if,
        }
    }
}

/// A triggered ability printed on a face (603.1): its trigger event and
/// its effect.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PrintedTrigger {
    pub when: TriggerEvent,
    /// For "whenever a \[Dragon\] you control attacks": the attacking
    /// creatures it triggers for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacker: Option<CardFilter>,
    /// For "whenever another \[enchantment\] you control enters": the
    /// permanents it triggers for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entering: Option<CardFilter>,
    /// For "whenever you cast a \[noncreature\] spell" (prowess, 702.108a):
    /// the spells it triggers for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spell: Option<CardFilter>,
    /// "Whenever you cast a spell from your hand" (601.2a): only for spells
    /// cast from their caster's hand.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub from_hand: bool,
    /// For "whenever you discard a \[land\] card": the cards it triggers for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub discarded: Option<CardFilter>,
    pub effect: TriggerEffect,
}

/// What an instant or sorcery does as it resolves (608.2). Each variant
/// fixes the targets the spell needs, in order (see [`Effect::targets`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", deny_unknown_fields)]
pub enum Effect {
    /// "Deal N damage to any target" (115.4: a player, creature, planeswalker
    /// or battle).
    Damage { amount: u8 },
    /// "Remove N defense counters from target battle."
    RemoveDefense { amount: u8 },
    /// "Gain control of target permanent."
    GainControl,
    /// "Create a token that's a copy of target battle" (707.5, 111.10).
    TokenCopyOfBattle,
    /// "Target permanent becomes a copy of target Siege" (707.2).
    BecomeCopyOfSiege,
    /// "Counter target triggered ability" (701.6b).
    CounterTriggeredAbility,
    /// "Return target permanent to its owner's hand."
    Bounce,
    /// "Target permanent becomes a P/T creature in addition to its other
    /// types" (no duration: the effect lasts while the object stays).
    Animate { power: i8, toughness: i8 },
    /// "Prevent all combat damage that would be dealt this turn" (615.1a):
    /// no targets.
    PreventCombatDamage,
}

/// One instance of the word "target" in an ability (115.3): what each of
/// its targets must be, and how many it has. Written as the kind alone
/// ("target creature": exactly one) or as `{"kind": ..., "up_to": N}`
/// ("up to N target creatures": none to N different ones, 601.2c).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "TargetGroupText", into = "TargetGroupText")]
pub struct TargetGroup {
    pub kind: TargetKind,
    /// `Some(n)`: "up to n targets"; `None`: exactly one.
    pub up_to: Option<u8>,
}

impl TargetGroup {
    /// "Target \[kind\]": exactly one.
    pub const fn one(kind: TargetKind) -> Self {
        TargetGroup { kind, up_to: None }
    }

    /// The fewest targets its controller may choose (115.1: "up to"
    /// allows none).
    pub fn min(self) -> usize {
        match self.up_to {
            Some(_) => 0,
            None => 1,
        }
    }

    /// The most targets its controller may choose.
    pub fn max(self) -> usize {
        usize::from(self.up_to.unwrap_or(1))
    }
}

/// How a card file writes a [`TargetGroup`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged, deny_unknown_fields)]
enum TargetGroupText {
    One(TargetKind),
    UpTo { kind: TargetKind, up_to: u8 },
}

impl From<TargetGroupText> for TargetGroup {
    fn from(t: TargetGroupText) -> Self {
        match t {
            TargetGroupText::One(kind) => TargetGroup::one(kind),
            TargetGroupText::UpTo { kind, up_to } => TargetGroup {
                kind,
                up_to: Some(up_to),
            },
        }
    }
}

impl From<TargetGroup> for TargetGroupText {
    fn from(g: TargetGroup) -> Self {
        match g.up_to {
            None => TargetGroupText::One(g.kind),
            Some(up_to) => TargetGroupText::UpTo {
                kind: g.kind,
                up_to,
            },
        }
    }
}

/// What a target must be (115.1, 115.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TargetKind {
    /// A player, creature, planeswalker or battle (115.4).
    Any,
    /// "Any other target": [`TargetKind::Any`] but the ability's source.
    AnyOther,
    Permanent,
    Battle,
    Siege,
    TriggeredAbility,
    /// An attacking creature (506.3).
    AttackingCreature,
    /// "Target creature".
    Creature,
    /// "Another target creature": not the ability's source.
    AnotherCreature,
    /// "Target creature an opponent controls" (the ability's controller's
    /// opponent, 102.2).
    CreatureAnOpponentControls,
    /// "Target creature you control".
    CreatureYouControl,
    /// "Target artifact or creature an opponent controls".
    ArtifactOrCreatureAnOpponentControls,
    /// "Target non-Elf creature an opponent controls with power X or
    /// less, where X is the number of lands you control".
    NonElfCreatureAnOpponentControlsWithPowerAtMostYourLands,
    /// "Target player" (115.1).
    Player,
    /// "Target opponent" (102.2, 115.1).
    Opponent,
    /// "Another target battle or opponent": not the ability's source.
    AnotherBattleOrOpponent,
    /// "Target creature you don't control".
    CreatureYouDontControl,
    /// "Target permanent card from your graveyard" (110.4a: an artifact,
    /// battle, creature, enchantment, land or planeswalker card).
    PermanentCardInYourGraveyard,
    /// "Target nonbattle permanent card from your graveyard".
    NonbattlePermanentCardInYourGraveyard,
    /// "Target card from a graveyard".
    CardInAGraveyard,
    /// "Target nonland permanent an opponent controls that isn't exactly
    /// two colors" (105.2).
    NonlandPermanentAnOpponentControlsNotExactlyTwoColors,
    /// "Target spell you control" (115.1): a spell on the stack, named as
    /// a card (`{"card": c}`).
    SpellYouControl,
    /// "Target permanent an opponent controls" (102.2).
    PermanentAnOpponentControls,
    /// "Target nonland permanent an opponent controls with mana value X or
    /// less" (202.3), in a triggered ability whose X is fixed as it
    /// triggers (Teferi Akosa of Zhalfir's reflexive ability).
    NonlandPermanentAnOpponentControlsWithManaValueAtMostX,
}

impl TargetKind {
    /// "Another target": it can't be the ability's source.
    pub fn another(self) -> bool {
        matches!(
            self,
            TargetKind::AnyOther
                | TargetKind::AnotherBattleOrOpponent
                | TargetKind::AnotherCreature
        )
    }

    /// Is it a card in a graveyard rather than a player, a permanent or a
    /// triggered ability?
    pub fn is_card(self) -> bool {
        matches!(
            self,
            TargetKind::PermanentCardInYourGraveyard
                | TargetKind::NonbattlePermanentCardInYourGraveyard
                | TargetKind::CardInAGraveyard
                | TargetKind::SpellYouControl
        )
    }
}

impl Effect {
    /// The targets the effect requires, one per instance of "target".
    pub fn targets(self) -> &'static [TargetKind] {
        match self {
            Effect::Damage { .. } => &[TargetKind::Any],
            Effect::RemoveDefense { .. } | Effect::TokenCopyOfBattle => &[TargetKind::Battle],
            Effect::GainControl | Effect::Bounce | Effect::Animate { .. } => {
                &[TargetKind::Permanent]
            }
            Effect::BecomeCopyOfSiege => &[TargetKind::Permanent, TargetKind::Siege],
            Effect::CounterTriggeredAbility => &[TargetKind::TriggeredAbility],
            Effect::PreventCombatDamage => &[],
        }
    }

    /// Whether resolving it creates a token (the token's [`CardId`] is then
    /// reserved for the card, see `battlecheck_properties::ids::CardId`).
    ///
    /// [`CardId`]: battlecheck_properties::CardId
    pub fn makes_token(self) -> bool {
        matches!(self, Effect::TokenCopyOfBattle)
    }
}

/// The exceptions of "enter as a copy of \[a creature card\], except it's a
/// P/T \[color\] \[subtype\] in addition to its other colors and types"
/// (707.9b): the power and toughness it has instead, and the colors and
/// subtypes it has as well.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CopyExceptions {
    pub power: i8,
    pub toughness: i8,
    #[serde(default)]
    pub colors: Vec<crate::cards::color::Color>,
    #[serde(default)]
    pub subtypes: Vec<String>,
}

/// A list of one of a face's characteristics that is asked about often
/// ("is it a creature?", "does it have flying?"), kept in its printed
/// order for the card file and as a set of bits for the questions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Vec<T>", into = "Vec<T>")]
pub struct Listed<T: Member> {
    list: Vec<T>,
    bits: u64,
}

/// What [`Listed`] can hold: a fieldless enum of at most 64 variants.
pub trait Member: Copy + PartialEq {
    /// The variant's bit.
    fn bit(self) -> u64;
}

impl Member for CardType {
    fn bit(self) -> u64 {
        1 << self as u8
    }
}

impl Member for Keyword {
    fn bit(self) -> u64 {
        1 << self as u8
    }
}

impl<T: Member> Listed<T> {
    pub fn contains(&self, t: T) -> bool {
        self.bits & t.bit() != 0
    }
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

impl<T: Member> Default for Listed<T> {
    fn default() -> Self {
        Listed {
            list: Vec::new(),
            bits: 0,
        }
    }
}

impl<T: Member> From<Vec<T>> for Listed<T> {
    fn from(list: Vec<T>) -> Self {
        let bits = list.iter().fold(0, |b, t| b | t.bit());
        Listed { list, bits }
    }
}

impl<T: Member> From<Listed<T>> for Vec<T> {
    fn from(l: Listed<T>) -> Vec<T> {
        l.list
    }
}

impl<T: Member> Extend<T> for Listed<T> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, items: I) {
        for t in items {
            self.list.push(t);
            self.bits |= t.bit();
        }
    }
}

/// One face of a card: its characteristics (109.3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Face {
    pub name: String,
    #[serde(default)]
    pub supertypes: Vec<Supertype>,
    pub types: Listed<CardType>,
    #[serde(default)]
    pub subtypes: Vec<String>,
    #[serde(default)]
    pub power: Option<i8>,
    #[serde(default)]
    pub toughness: Option<i8>,
    /// Printed defense (310.4a).
    #[serde(default)]
    pub defense: Option<u8>,
    /// Printed loyalty (306.5a).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loyalty: Option<u8>,
    /// Its colors (105.2, [`crate::cards::color`]): a back face's color indicator
    /// (204) as written in the card file, a token's colors (111.4); a
    /// card's front face has those of its mana cost, filled in as the card
    /// is read (202.2).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub colors: Vec<crate::cards::color::Color>,
    /// "\[This\] is all colors" (604.3): its colors are set by that
    /// ability, not by its mana cost, on a line of its text.
    #[serde(skip)]
    pub all_colors: bool,
    #[serde(default)]
    pub keywords: Listed<Keyword>,
    #[serde(default)]
    pub effect: Option<Effect>,
    /// What an instant or sorcery does, as instructions (608.2c), written
    /// on a line of its text.
    #[serde(skip)]
    pub spell_steps: Vec<crate::cards::instruction::Instruction>,
    /// The targets of an instant or sorcery written as instructions, one
    /// per instance of the word "target" (115.3), in order: the
    /// instructions name each by its place, as a group
    /// ([`crate::cards::instruction::Instruction::ForEachTarget`]).
    #[serde(skip)]
    pub spell_targets: Vec<TargetKind>,
    /// "You may have this enter as a copy of a battle on the battlefield"
    /// (707.5, 614.1c).
    #[serde(default)]
    pub enters_as_copy_of_battle: bool,
    /// "You may have this creature enter as a copy of any creature card in
    /// a graveyard, except ..." (707.9b, 614.1c), written on a line of its
    /// text.
    #[serde(skip)]
    pub enters_as_copy_of_creature_card: Option<CopyExceptions>,
    /// Its triggered abilities (603.1).
    #[serde(default)]
    pub triggers: Vec<PrintedTrigger>,
    /// Its static abilities (604.1).
    #[serde(default, skip_deserializing)]
    pub statics: Vec<StaticAbility>,
    /// Its mana ability (605.1a), written on a line of its text.
    #[serde(default, skip_deserializing)]
    pub mana: Option<crate::cards::mana_cost::ManaAbility>,
    /// The cost of its equip ability ("Equip {1}", 702.6a), read from the
    /// words of its equip line.
    #[serde(skip)]
    pub equip_cost: crate::cards::mana_cost::ManaCost,
    /// Its activated abilities other than mana abilities and equip (602),
    /// written on lines of its text.
    #[serde(skip)]
    pub activated: Vec<crate::cards::ability::ActivatedAbility>,
    /// Its ward cost (702.21), written on a keyword line of its text.
    #[serde(skip)]
    pub ward: Option<crate::cards::ability::WardCost>,
    /// Its rules text, line by line, each with how the engine reads it:
    /// the keywords, effect, triggers and static abilities above come from
    /// these lines when a face has them ([`crate::cards::oracle`]). `None`: the
    /// text is not written in the card file; an empty list: the face has
    /// no rules text (a vanilla creature).
    #[serde(default)]
    pub text: Option<Vec<OracleLine>>,
}

impl Face {
    pub fn is(&self, t: CardType) -> bool {
        self.types.contains(t)
    }
    pub fn has_subtype(&self, s: &str) -> bool {
        self.subtypes.iter().any(|x| x.eq_ignore_ascii_case(s))
    }
    /// A battle with the battle type Siege (205.3q, 310.12).
    pub fn is_siege(&self) -> bool {
        self.is(CardType::Battle) && self.has_subtype("Siege")
    }
    /// A permanent card type (110.4).
    pub fn is_permanent(&self) -> bool {
        !self.is(CardType::Instant) && !self.is(CardType::Sorcery)
    }
    pub fn has(&self, k: Keyword) -> bool {
        self.keywords.contains(k)
    }
    /// What each target of the face as a spell must be, in order (115.1,
    /// 601.2c): its effect's or those of its instructions.
    pub fn target_kinds(&self) -> &[TargetKind] {
        match self.effect {
            Some(e) => e.targets(),
            None => &self.spell_targets,
        }
    }
}

/// How a card's faces relate (712.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Layout {
    #[default]
    Normal,
    /// A nonmodal double-faced card: front face up except when cast or put
    /// onto the battlefield transformed (712.8c, 712.11a, 712.14a).
    Transform,
    /// A modal double-faced card (712.1b): not "transforming"; the Siege
    /// rulings about casting transformed do not apply to it.
    ModalDfc,
}

/// A card definition. In a card file the front face's fields are written at
/// the top level of the entry, next to `cost`, `layout` and `back`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(from = "CardEntry")]
pub struct Card {
    /// Printed mana cost, as written (202.1).
    pub cost: Option<String>,
    /// The mana cost read from it (none: {0}, 202.1b); a transforming
    /// card's back face has the front face's for its mana value (202.3b).
    pub mana_cost: crate::cards::mana_cost::ManaCost,
    /// An invented card, not a printed one: kept only where no real card
    /// does the job, with its full text.
    pub synthetic: bool,
    pub layout: Layout,
    pub front: Face,
    pub back: Option<Face>,
}

/// A card entry as written in a card file.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CardEntry {
    name: String,
    #[serde(default)]
    cost: Option<String>,
    #[serde(default)]
    synthetic: bool,
    #[serde(default)]
    layout: Layout,
    #[serde(default)]
    supertypes: Vec<Supertype>,
    types: Vec<CardType>,
    #[serde(default)]
    subtypes: Vec<String>,
    #[serde(default)]
    power: Option<i8>,
    #[serde(default)]
    toughness: Option<i8>,
    #[serde(default)]
    defense: Option<u8>,
    #[serde(default)]
    loyalty: Option<u8>,
    #[serde(default)]
    keywords: Vec<Keyword>,
    #[serde(default)]
    effect: Option<Effect>,
    #[serde(default)]
    enters_as_copy_of_battle: bool,
    #[serde(default)]
    triggers: Vec<PrintedTrigger>,
    #[serde(default)]
    text: Option<Vec<OracleLine>>,
    #[serde(default)]
    back: Option<Face>,
}

impl From<CardEntry> for Card {
    fn from(e: CardEntry) -> Card {
        Card {
            cost: e.cost,
            mana_cost: crate::cards::mana_cost::ManaCost::default(),
            synthetic: e.synthetic,
            layout: e.layout,
            front: Face {
                name: e.name,
                supertypes: e.supertypes,
                types: e.types.into(),
                subtypes: e.subtypes,
                power: e.power,
                toughness: e.toughness,
                defense: e.defense,
                loyalty: e.loyalty,
                colors: Vec::new(),
                all_colors: false,
                keywords: e.keywords.into(),
                effect: e.effect,
                spell_steps: Vec::new(),
                spell_targets: Vec::new(),
                enters_as_copy_of_battle: e.enters_as_copy_of_battle,
                enters_as_copy_of_creature_card: None,
                triggers: e.triggers,
                statics: Vec::new(),
                mana: None,
                equip_cost: crate::cards::mana_cost::ManaCost::default(),
                activated: Vec::new(),
                ward: None,
                text: e.text,
            },
            back: e.back,
        }
    }
}

impl Card {
    pub fn name(&self) -> &str {
        &self.front.name
    }
    pub fn front(&self) -> &Face {
        &self.front
    }
    /// The face that is up: the back face only when `back_up` and the card
    /// has one.
    pub fn face(&self, back_up: bool) -> &Face {
        // `back_up` first: most objects show their front, and the back's
        // presence is read only for the others.
        match (back_up, &self.back) {
            (true, Some(b)) => b,
            _ => &self.front,
        }
    }
    /// A nonmodal ("transforming") double-faced card (712.1a); it has a
    /// back face (`validate`).
    pub fn transforms(&self) -> bool {
        self.layout == Layout::Transform
    }
}

#[cfg(test)]
mod tests {
    use super::{CardType, Keyword, Listed};

    /// A list read from a card file answers for exactly its members, and
    /// is written back in the order it was read.
    #[test]
    fn a_listed_characteristic_answers_for_its_members_in_printed_order() {
        let types: Listed<CardType> =
            serde_json::from_str(r#"["enchantment", "creature"]"#).expect("a list of card types");
        for t in [
            CardType::Artifact,
            CardType::Battle,
            CardType::Creature,
            CardType::Enchantment,
            CardType::Instant,
            CardType::Land,
            CardType::Planeswalker,
            CardType::Sorcery,
        ] {
            let member = matches!(t, CardType::Enchantment | CardType::Creature);
            assert_eq!(types.contains(t), member, "{t:?}");
        }
        assert_eq!(
            serde_json::to_string(&types).expect("serialisable"),
            r#"["enchantment","creature"]"#
        );
        let mut keywords = Listed::default();
        assert!(keywords.is_empty() && !keywords.contains(Keyword::Equip));
        keywords.extend([Keyword::Equip]);
        assert!(keywords.contains(Keyword::Equip) && !keywords.contains(Keyword::FirstStrike));
    }
}
