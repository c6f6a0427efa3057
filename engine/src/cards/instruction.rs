//! What an ability's text tells the game to do as it resolves, one
//! instruction after another in the order written (608.2c): the vocabulary
//! card files use for the steps of triggered, activated and spell
//! abilities. What each does in a game is [`crate::abilities::effects`].

use crate::cards::card::Condition;
use crate::cards::card::Supertype;
use crate::cards::card::{Card, CardType, Face, Keyword, Layout, TargetKind};
use battlecheck_properties::{CardId, Zone};
use serde::{Deserialize, Serialize};

/// One instruction of an ability, done by the ability's controller ("you").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Instruction {
    /// "You gain N life" (119.3, 810.9: a team's shared life total).
    GainLife(u8),
    /// "Draw N cards" (121.1, 121.2).
    Draw(u8),
    /// "You get an emblem with \[abilities\]" (114.2,
    /// [`crate::rules::planeswalker`]).
    YouGetAnEmblem(Vec<crate::cards::static_ability::StaticAbility>),
    /// "Tap any number of untapped creatures you control" (701.26a): the
    /// controller chooses which, none included. "When you do" follows
    /// however many were tapped, X being that number (Teferi Akosa of
    /// Zhalfir's ruling: tapping none, X is 0).
    TapAnyNumberOfUntappedCreaturesYouControl,
    /// "Shuffle target \[permanent\] into its owner's library" (701.24a):
    /// it is put into its owner's library, which is then shuffled.
    ShuffleTargetIntoItsOwnersLibrary,
    /// "Target player draws N cards" (121.1): each player told.
    TheyDraw { who: Who, count: u8 },
    /// "Exile cards from the top of your library until you exile N
    /// \[nonland cards with mana value 4 or less\]" (406.1): one at a time
    /// until `count` cards `find` accepts are exiled, or the library is
    /// empty. The cards are kept for the instructions after it
    /// ([`Resolution::exiled`](crate::state::resolving::Resolution::exiled), [`Resolution::found`](crate::state::resolving::Resolution::found)).
    ExileUntil { find: CardFilter, count: u8 },
    /// "You may cast one of those cards without paying its mana cost"
    /// (608.2g, 118.9; [`crate::abilities::free_cast`]): a choice of one of the cards
    /// found, still in exile, that can be cast (601.2c: with a legal
    /// choice of targets), or none.
    YouMayCastOneOfThem,
    /// The card chosen for [`Instruction::YouMayCastOneOfThem`] is cast.
    /// Not written in card files.
    #[serde(skip)]
    CastWithoutPaying(CardId),
    /// "Put one of them into your hand": one of the cards found still in
    /// exile, chosen if two are left.
    PutOneOfThemIntoYourHand,
    /// "Then put the other cards exiled this way on the bottom of your
    /// library in a random order" (401.4): those still in exile.
    PutTheRestOnTheBottomInARandomOrder,
    /// "Create a token that's a copy of a permanent you control" (111.1,
    /// 707.2): the controller chooses the permanent as it resolves; the
    /// token has its copiable values (707.2), and a battle copied enters
    /// with defense counters and a protector (310.4b, 310.9a).
    TokenCopyOfAPermanentYouControl,
    /// "Distribute N +1/+1 counters among one, two, or three creatures you
    /// control" (122.6; no target, so the division is chosen as it
    /// resolves, 608.2d): the controller names a creature for each counter.
    DistributePlusOneCounters(u8),
    /// "Create N tokens" of a kind (111.1, 111.2: under the ability
    /// controller's control, owned by them); "create X tokens".
    CreateTokens { count: Amount, token: TokenSpec },
    /// "It deals N damage to each creature and each planeswalker": the
    /// ability's source deals the damage (120.2) to each permanent of any
    /// of these types, all at once (120.1).
    DamageEach { amount: u8, types: Vec<CardType> },
    /// "Put a +1/+1 counter on each creature you control" (122.1a, 122.6).
    PlusOneCounterOnEachCreatureYouControl,
    /// "It deals N damage to" the target (120.2: the source deals it).
    DamageToTarget(u8),
    /// "Tap target permanent" (701.26a).
    TapTarget,
    /// "Copy target spell you control. You may choose new targets for the
    /// copy" (707.10, 707.10c; [`crate::abilities::spell_copy`]).
    CopyTargetSpell,
    /// "You may copy that spell" (the spell a cast trigger triggered on,
    /// 707.10): a choice of that spell or nothing, then, if chosen,
    /// [`Instruction::CopyThatSpell`].
    YouMayCopyThatSpell,
    /// "Copy that spell. You may choose new targets for the copy" (707.10c).
    /// Not written in card files: [`Instruction::YouMayCopyThatSpell`]
    /// leads to it.
    #[serde(skip)]
    CopyThatSpell,
    /// "Scry N" (701.22a): look at the top N cards of your library, then
    /// put any number of them on the bottom in any order and the rest on
    /// top in any order. Two choices: the cards kept on top, in order from
    /// the top; then, for two or more others, their order on the bottom.
    Scry(u8),
    /// Scry's second choice: the order of the cards it puts on the bottom
    /// (in [`Resolution::scry_bottom`](crate::state::resolving::Resolution::scry_bottom)). Not written in card files.
    #[serde(skip)]
    ScryBottom,
    /// "Reveal the top card of your library. If it's a \[land\] or
    /// double-faced card, draw a card" (701.20a, 712.1).
    RevealTopDrawIf {
        types: Vec<CardType>,
        #[serde(default)]
        or_double_faced: bool,
    },
    /// "Untap target \[creature\]" (701.26b; a stun counter is removed
    /// instead, 122.1d).
    UntapTarget,
    /// "Return target permanent to its owner's hand" (400.7), or target
    /// card from a graveyard.
    ReturnTargetToHand,
    /// "Return target \[permanent\] card from your graveyard to the
    /// battlefield": it enters under the ability controller's control
    /// (110.2), front face up (712.14), untapped.
    PutTargetOntoBattlefield,
    /// "Up to two target creatures each ...": the steps followed once for
    /// each legal target of target group `group` (115.3), each as "the
    /// target", in the order chosen. They can't ask for a choice of cards.
    ForEachTarget { group: u8, steps: Vec<Instruction> },
    /// "Then that creature fights up to one target creature": the target
    /// fights each legal target of group `group` (701.14a): each deals
    /// damage equal to its power to the other, at once, if both are still
    /// creatures on the battlefield and legal targets (701.14b).
    FightTarget { group: u8 },
    /// "Target creature gains \[keywords\] until end of turn" (611.2a).
    TargetGainsUntilEndOfTurn(Vec<Keyword>),
    /// "\[Target creature\] loses all abilities until end of turn" (611.2a,
    /// 613.1f: layer 6).
    TargetLosesAllAbilitiesUntilEndOfTurn,
    /// "Put N stun counters on it" (122.1d).
    StunCountersOnTarget(u8),
    /// "Target creature gets +P/+T until end of turn" (611.2a, 613.4c;
    /// it ends in the cleanup step, 514.2).
    TargetGetsUntilEndOfTurn { power: i8, toughness: i8 },
    /// "\[They\] lose N life" (119.3).
    LoseLife { who: Who, amount: u8 },
    /// "\[They\] mill N cards": each puts the top N cards of their library
    /// into their graveyard (701.17a).
    Mill { who: Who, count: u8 },
    /// "\[They\] discard N cards", or "you may discard a card" (`may`): each
    /// chooses the cards from their hand (701.9a, 701.9b). "Discard two
    /// cards unless you discard a \[creature card\]" (`unless_one`): or one
    /// card of that kind alone.
    Discard {
        who: Who,
        count: u8,
        #[serde(default)]
        may: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unless_one: Option<CardFilter>,
    },
    /// "\[They\] sacrifice a \[type\] of their choice", or "you may sacrifice
    /// an artifact or creature" (`may`): a permanent they control of any of
    /// `types` is put into its owner's graveyard (701.21a).
    Sacrifice {
        who: Who,
        types: Vec<CardType>,
        #[serde(default)]
        may: bool,
    },
    /// "Search your library for up to N \[cards\]" and put them into `to`
    /// (tapped onto the battlefield if `tapped`): a search for cards with a
    /// stated quality may find fewer than there are (701.23a, 701.23b).
    /// "Search your library and/or graveyard" (`and_graveyard`): a card
    /// taken from the graveyard means only the graveyard was searched; one
    /// from the library, or none, that the library was (which the
    /// condition `searched_library` reads).
    Search {
        find: CardFilter,
        up_to: u8,
        to: Zone,
        #[serde(default)]
        tapped: bool,
        #[serde(default)]
        and_graveyard: bool,
        /// "And/or outside the game" (the searcher's own cards there,
        /// 400.11a).
        #[serde(default)]
        and_outside_the_game: bool,
    },
    /// "Look at the top N cards of your library. You may reveal a \[card\]
    /// from among them and put it into your hand. Put the rest on the
    /// bottom of your library in a random order" (401.4): up to `up_to`
    /// of them, of the kind `find` asks for, are chosen.
    LookAtTop {
        count: u8,
        find: CardFilter,
        up_to: u8,
    },
    /// "This creature gains \[keyword\] until end of turn" (611.2a): the
    /// ability's source, if it is still on the battlefield.
    ThisGainsUntilEndOfTurn(Keyword),
    /// "This permanent becomes an artifact creature until end of turn": a
    /// crew ability's effect (702.122a, [`crate::abilities::crew`]).
    BecomesAnArtifactCreatureUntilEndOfTurn,
    /// "This creature gets +P/+T until end of turn" (611.2a, 613.4c): the
    /// ability's source, if it is still on the battlefield.
    ThisGetsUntilEndOfTurn { power: i8, toughness: i8 },
    /// "You may put a \[permanent\] card from your hand onto the
    /// battlefield": the controller chooses one card of the kind `find`
    /// names, or none; it enters under their control (110.2), a battle
    /// with a protector (310.9a).
    PutFromHand { find: CardFilter },
    /// "Look at target opponent's hand. You may exile a \[nonland\] card from
    /// it" (701.20e, 406.1): the controller chooses one card or none from
    /// the hand of the player(s) told; with `owner_may_play`, "for as long
    /// as that card remains exiled, its owner may play it", and a spell
    /// cast this way "costs {N} more to cast" (`costs_more`, 601.2f).
    ExileFromHand {
        whose: Who,
        find: CardFilter,
        #[serde(default)]
        owner_may_play: bool,
        #[serde(default)]
        costs_more: u8,
    },
    /// "Exile target permanent" or "target card from a graveyard" (406.1).
    ExileTarget,
    /// "Exile all cards from your hand" (406.1), and "you may play cards
    /// exiled this way" for `you_may_play` if given
    /// ([`crate::abilities::exile_play`]); "that many" is then how many.
    ExileYourHand {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        you_may_play: Option<crate::cards::instruction::PlayDuration>,
    },
    /// "Then draw that many cards" (121.2): as many as the instruction
    /// before counted.
    DrawThatMany,
    /// "Exile the top card of your library", and "you may play that card"
    /// for `you_may_play` if given.
    ExileTopOfYourLibrary {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        you_may_play: Option<crate::cards::instruction::PlayDuration>,
    },
    /// "Reveal any number of \[Dragon\] cards from your hand" (701.20a): the
    /// controller chooses which; revealing none is still revealing ("X can
    /// be 0"), so "when you do" follows either way.
    Reveal { find: CardFilter },
    /// "Deals X plus N damage to the target, where X is the number of
    /// cards revealed this way": in a reflexive ability, X is fixed as it
    /// triggers.
    DamageToTargetPlusRevealed(u8),
    /// "It deals N damage to the target": the trigger's subject (the
    /// attacking creature) deals it (120.2), as it last was if it left.
    ItDealsDamageToTarget(u8),
    /// "Destroy target permanent": it goes to its owner's graveyard
    /// (701.8a), unless it has indestructible (702.12b).
    DestroyTarget,
    /// "Put a +1/+1 counter on target creature" (122.6).
    PlusOneCounterOnTarget,
    /// "Put a +1/+1 counter on this creature" (122.6): on the ability's
    /// source, if it is still on the battlefield.
    PlusOneCounterOnThis,
    /// "Destroy all \[creatures\]" (701.8a): every permanent `find` accepts,
    /// at once; not one with indestructible (702.12b).
    DestroyAll { find: CardFilter },
    /// "Remove all counters from up to one target permanent" (122.1): its
    /// defense counters too (122.1g), which for a Siege removes its last
    /// one (310.12b).
    RemoveAllCountersFromTarget,
    /// "Put a +1/+1 counter on each creature that attacked this turn"
    /// (508.1: was declared as an attacker; the same object, 400.7).
    PlusOneCounterOnEachCreatureThatAttackedThisTurn,
    /// "Creatures you control gain \[keywords\] until end of turn" (611.2a;
    /// 611.2c: the creatures controlled as it resolves).
    CreaturesYouControlGainUntilEndOfTurn(Vec<Keyword>),
    /// "Creatures you control get +P/+T until end of turn" (611.2a,
    /// 611.2c: the creatures controlled as it resolves; 613.4c).
    CreaturesYouControlGetUntilEndOfTurn { power: i8, toughness: i8 },
    /// "Put a +1/+1 counter on that creature and each other creature you
    /// control that shares a creature type with it": one counter each,
    /// however many types a creature shares (205.3m; Holy Frazzle-Cannon's
    /// ruling). "That creature" is the trigger's subject; its types are
    /// the last it had on the battlefield if it left (608.2h).
    PlusOneCounterOnItAndEachSharingACreatureType,
    /// "It deals N damage to \[them\]": the ability's source deals the
    /// damage (120.2) to each player told.
    DamageToPlayers { who: Who, amount: u8 },
    /// "... if \[condition\]": the steps are followed only if the condition
    /// holds as the ability resolves (608.2c).
    If {
        condition: Condition,
        steps: Vec<Instruction>,
    },
    /// "Shuffle" your library into a random order (701.24a).
    Shuffle,
    /// "If you do, ...": followed only if the optional action just before
    /// was taken (608.2c).
    IfYouDo(Vec<Instruction>),
    /// "When you do, ...": a reflexive triggered ability that triggers if
    /// the optional action just before was taken (603.12), with a target.
    WhenYouDo {
        target: TargetKind,
        steps: Vec<Instruction>,
    },
}

impl Instruction {
    /// Does following it ask a player to choose cards (608.2d)?
    pub(crate) fn chooses(&self) -> bool {
        matches!(
            self,
            Instruction::Discard { .. }
                | Instruction::Sacrifice { .. }
                | Instruction::Search { .. }
                | Instruction::LookAtTop { .. }
                | Instruction::Scry(_)
                | Instruction::ScryBottom
                | Instruction::YouMayCopyThatSpell
                | Instruction::Reveal { .. }
                | Instruction::ExileFromHand { .. }
                | Instruction::PutFromHand { .. }
                | Instruction::YouMayCastOneOfThem
                | Instruction::PutOneOfThemIntoYourHand
                | Instruction::TokenCopyOfAPermanentYouControl
                | Instruction::DistributePlusOneCounters(_)
                | Instruction::TapAnyNumberOfUntappedCreaturesYouControl
        )
    }
}

/// A number an instruction uses: written, or "X" (107.3: in an enters
/// trigger, the X of the spell that became the permanent, 107.3m).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Amount {
    Fixed(u8),
    Variable(Variable),
}

/// The variable of an [`Amount`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Variable {
    X,
}

impl Amount {
    /// Its value when X is `x`.
    pub fn value(self, x: u8) -> u8 {
        match self {
            Amount::Fixed(n) => n,
            Amount::Variable(Variable::X) => x,
        }
    }
}

/// Who an instruction tells to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    /// "You": the ability's controller.
    You,
    /// "Target player" or "target opponent": the ability's target.
    Target,
    /// "Each opponent" (102.2).
    EachOpponent,
    /// "Each player".
    EachPlayer,
    /// "That player": the player whose turn it is, in an ability that
    /// triggers at the beginning of each opponent's upkeep.
    ActivePlayer,
}

/// The cards a search finds (701.23a: cards "with a stated quality"): a
/// card of any of `types` and of none of `not_types`, with every one of
/// `supertypes`, of any of `subtypes` and of none of `not_subtypes` ("a
/// non-Human creature card"), with a mana value of at most
/// `mana_value_at_most` (202.3), of exactly `exactly_colors` colors
/// (105.2); an empty list asks nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardFilter {
    #[serde(default)]
    pub types: Vec<CardType>,
    #[serde(default)]
    pub not_types: Vec<CardType>,
    #[serde(default)]
    pub supertypes: Vec<Supertype>,
    #[serde(default)]
    pub subtypes: Vec<String>,
    #[serde(default)]
    pub not_subtypes: Vec<String>,
    #[serde(default)]
    pub not_supertypes: Vec<Supertype>,
    #[serde(default)]
    pub mana_value_at_most: Option<Amount>,
    /// "That's exactly \[two\] colors" (105.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exactly_colors: Option<u8>,
}

impl CardFilter {
    /// Does a card with characteristics `face` match, leaving its mana
    /// value aside?
    pub fn accepts(&self, face: &Face) -> bool {
        (self.types.is_empty() || self.types.iter().any(|&t| face.is(t)))
            && !self.not_types.iter().any(|&t| face.is(t))
            && self.supertypes.iter().all(|s| face.supertypes.contains(s))
            && (self.subtypes.is_empty() || self.subtypes.iter().any(|s| face.subtypes.contains(s)))
            && !self.not_subtypes.iter().any(|s| face.has_subtype(s))
            && !self
                .not_supertypes
                .iter()
                .any(|s| face.supertypes.contains(s))
            && self
                .exactly_colors
                .is_none_or(|n| usize::from(n) == face.colors.len())
    }

    /// Does a card with characteristics `face` and mana value
    /// `mana_value` match, X being `x`?
    pub fn accepts_card(&self, face: &Face, mana_value: u8, x: u8) -> bool {
        self.accepts(face)
            && self
                .mana_value_at_most
                .is_none_or(|most| mana_value <= most.value(x))
    }
}

/// A kind of counter (122.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CounterKind {
    /// A +1/+1 counter (122.1a).
    PlusOne,
    /// A stun counter (122.1d).
    Stun,
}

/// The characteristics a token-making instruction gives its tokens (111.4):
/// its colors, types, subtypes, power and toughness and keywords. Its name is its
/// subtypes plus the word "Token" unless the text names it (111.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TokenSpec {
    #[serde(default)]
    pub name: Option<String>,
    pub types: Vec<CardType>,
    #[serde(default)]
    pub subtypes: Vec<String>,
    #[serde(default)]
    pub power: Option<i8>,
    #[serde(default)]
    pub toughness: Option<i8>,
    /// Its colors, as the effect names them (111.4): "a 1/1 blue and red
    /// Elemental"; none for a colorless token ("a colorless Thopter", a
    /// Treasure).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub colors: Vec<crate::cards::color::Color>,
    #[serde(default)]
    pub keywords: Vec<Keyword>,
    /// Its mana ability (a Treasure's: "{T}, Sacrifice this token: Add one
    /// mana of any color", 111.10a).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mana: Option<crate::cards::mana_cost::ManaAbility>,
    /// Its triggered abilities (a Warrior's "whenever this token and at
    /// least one other creature token attack, ...").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub triggers: Vec<crate::cards::card::PrintedTrigger>,
}

impl TokenSpec {
    /// The token's name (111.4).
    pub fn name(&self) -> String {
        match &self.name {
            Some(n) => n.clone(),
            None => format!("{} Token", self.subtypes.join(" ")),
        }
    }

    /// The card a token of this kind is, for [`Object::card`](crate::state::game::Object::card).
    pub(crate) fn card(&self) -> Card {
        Card {
            cost: None,
            mana_cost: crate::cards::mana_cost::ManaCost::default(),
            synthetic: false,
            layout: Layout::Normal,
            front: Face {
                name: self.name(),
                supertypes: Vec::new(),
                types: self.types.clone().into(),
                subtypes: self.subtypes.clone(),
                power: self.power,
                toughness: self.toughness,
                defense: None,
                loyalty: None,
                colors: self.colors.clone(),
                all_colors: false,
                keywords: self.keywords.clone().into(),
                effect: None,
                spell_steps: Vec::new(),
                spell_targets: Vec::new(),
                enters_as_copy_of_battle: false,
                enters_as_copy_of_creature_card: None,
                triggers: self.triggers.clone(),
                statics: Vec::new(),
                mana: self.mana.clone(),
                equip_cost: crate::cards::mana_cost::ManaCost::default(),
                activated: Vec::new(),
                ward: None,
                text: None,
            },
            back: None,
        }
    }
}

/// How long a card file's "you may play" lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlayDuration {
    /// "You may play that card this turn".
    ThisTurn,
    /// "Until the end of your next turn, you may play cards exiled this
    /// way".
    UntilTheEndOfYourNextTurn,
}
