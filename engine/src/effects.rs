//! What an ability's text tells the game to do as it resolves, one
//! instruction after another in the order written (608.2c): the vocabulary
//! card files use for the steps of triggered abilities.

use crate::cards::{
    Card, CardType, Condition, Face, Keyword, Layout, Supertype, TargetGroup, TargetKind,
    TriggerEffect,
};
use crate::event::Event;
use crate::fault::EngineFault;
use crate::game::{Ability, Game, Object, Trigger};
use battlecheck_properties::{CardId, PlayerId, Target, Zone};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// One instruction of an ability, done by the ability's controller ("you").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Instruction {
    /// "You gain N life" (119.3, 810.9: a team's shared life total).
    GainLife(u8),
    /// "Draw N cards" (121.1, 121.2).
    Draw(u8),
    /// "You get an emblem with \[abilities\]" (114.2,
    /// [`crate::planeswalker`]).
    YouGetAnEmblem(Vec<crate::statics::StaticAbility>),
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
    /// ([`Resolution::exiled`], [`Resolution::found`]).
    ExileUntil { find: CardFilter, count: u8 },
    /// "You may cast one of those cards without paying its mana cost"
    /// (608.2g, 118.9; [`crate::free_cast`]): a choice of one of the cards
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
    /// copy" (707.10, 707.10c; [`crate::spell_copy`]).
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
    /// (in [`Resolution::scry_bottom`]). Not written in card files.
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
    /// crew ability's effect (702.122a, [`crate::crew`]).
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
    /// ([`crate::exile_play`]); "that many" is then how many.
    ExileYourHand {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        you_may_play: Option<crate::exile_play::PlayDuration>,
    },
    /// "Then draw that many cards" (121.2): as many as the instruction
    /// before counted.
    DrawThatMany,
    /// "Exile the top card of your library", and "you may play that card"
    /// for `you_may_play` if given.
    ExileTopOfYourLibrary {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        you_may_play: Option<crate::exile_play::PlayDuration>,
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

/// An ability being resolved: the instructions it still has to follow,
/// kept while a player chooses cards for one of them (608.2d).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolution {
    pub source: CardId,
    pub controller: PlayerId,
    /// Its legal targets (608.2b), each with its group (115.3).
    pub targets: Vec<(u8, Target)>,
    /// "The target": the first legal target of the first group, if it has
    /// one.
    pub target: Option<Target>,
    /// "That creature": what the trigger event was about (see
    /// [`crate::game::Trigger::subject`]).
    pub subject: Option<CardId>,
    /// The instructions not yet followed; the first is being followed.
    pub steps: Vec<Instruction>,
    /// The optional action just before was taken ("if you do", 608.2c;
    /// "when you do", 603.12).
    pub did: bool,
    /// How many cards the last choice took ("the number of cards revealed
    /// this way"), or the last instruction that counts exiled ("draw that
    /// many").
    pub chosen_last: u8,
    /// For a choice of cards: the players still to choose, the first
    /// choosing now, or `None` before anyone was asked. Several players
    /// choose in APNAP order, then act at once (101.4).
    pub choosers: Option<Vec<PlayerId>>,
    /// The cards chosen so far for the instruction being followed.
    pub chosen: Vec<CardId>,
    /// The X the ability refers to (107.3m).
    pub x: u8,
    /// A search this way searched the library ("if you search your
    /// library this way, shuffle").
    pub searched_library: bool,
    /// The cards a scry puts on the bottom, top first, while their order
    /// there is chosen ([`Instruction::ScryBottom`]).
    pub scry_bottom: Vec<CardId>,
    /// The targets chosen for a copy of a spell ([`Instruction::CopyTargetSpell`],
    /// 707.10c), once chosen.
    pub new_targets: Option<Vec<Target>>,
    /// The source is an instant or sorcery spell resolving: once its
    /// instructions are done it is put into its owner's graveyard (608.2n).
    pub spell: bool,
    /// The cards exiled this way ("the other cards exiled this way"), and
    /// those of them the exile looked for ("one of those two cards"), in
    /// the order exiled ([`Instruction::ExileUntil`]).
    pub exiled: Vec<CardId>,
    pub found: Vec<CardId>,
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
    pub colors: Vec<crate::color::Color>,
    #[serde(default)]
    pub keywords: Vec<Keyword>,
    /// Its mana ability (a Treasure's: "{T}, Sacrifice this token: Add one
    /// mana of any color", 111.10a).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mana: Option<crate::mana::ManaAbility>,
    /// Its triggered abilities (a Warrior's "whenever this token and at
    /// least one other creature token attack, ...").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub triggers: Vec<crate::cards::PrintedTrigger>,
}

impl TokenSpec {
    /// The token's name (111.4).
    pub fn name(&self) -> String {
        match &self.name {
            Some(n) => n.clone(),
            None => format!("{} Token", self.subtypes.join(" ")),
        }
    }

    /// The card a token of this kind is, for [`Object::card`].
    fn card(&self) -> Card {
        Card {
            cost: None,
            mana_cost: crate::mana::ManaCost::default(),
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
                equip_cost: crate::mana::ManaCost::default(),
                activated: Vec::new(),
                ward: None,
                text: None,
            },
            back: None,
        }
    }
}

impl Game {
    /// `controller` begins to follow the instructions of an ability of
    /// `source`, in order (608.2c); `targets` are the ability's targets
    /// with their groups, those legal as it resolves (608.2b). Returns
    /// whether the ability is done; if not, it waits for a player's choice
    /// ([`crate::game::Waiting::ChooseCards`], 608.2d) and goes on after it.
    pub(crate) fn follow(
        &mut self,
        source: CardId,
        controller: PlayerId,
        steps: &[Instruction],
        targets: Vec<(u8, Target)>,
        subject: Option<CardId>,
        x: u8,
    ) -> bool {
        let target = targets.iter().find(|&&(g, _)| g == 0).map(|&(_, t)| t);
        self.resolution = Some(Box::new(Resolution {
            source,
            controller,
            targets,
            target,
            subject,
            steps: steps.to_vec(),
            did: false,
            chosen_last: 0,
            choosers: None,
            chosen: Vec::new(),
            x,
            searched_library: false,
            scry_bottom: Vec::new(),
            new_targets: None,
            spell: false,
            exiled: Vec::new(),
            found: Vec::new(),
        }));
        self.go_on()
    }

    /// Follow the resolving ability's instructions until it is done (true)
    /// or waits for a player's choice (false).
    pub(crate) fn go_on(&mut self) -> bool {
        loop {
            let Some(r) = &self.resolution else {
                return true;
            };
            let Some(step) = r.steps.first().cloned() else {
                let (source, spell) = (r.source, r.spell);
                self.resolution = None;
                if spell {
                    self.finish_spell(source);
                }
                return true;
            };
            if let Instruction::CastWithoutPaying(card) = step {
                let r = self.resolution.as_mut().expect("an ability is resolving");
                r.steps.remove(0);
                let controller = r.controller;
                let cast = crate::free_cast::FreeCast {
                    transformed: false,
                    resolving: true,
                };
                if !self.cast_free_or_wait(controller, card, cast) {
                    return false;
                }
                continue;
            }
            if matches!(
                step,
                Instruction::CopyTargetSpell | Instruction::CopyThatSpell
            ) {
                if !self.copy_or_wait(&step) {
                    return false;
                }
                continue;
            }
            if step.chooses() {
                if !self.choose_or_wait(&step) {
                    return false;
                }
                continue;
            }
            let r = self.resolution.as_mut().expect("an ability is resolving");
            r.steps.remove(0);
            let (source, controller, target, did, subject) =
                (r.source, r.controller, r.target, r.did, r.subject);
            self.instruction(source, controller, &step, target, did, subject);
        }
    }

    /// Follow one instruction that needs no choice of cards.
    fn instruction(
        &mut self,
        source: CardId,
        controller: PlayerId,
        step: &Instruction,
        target: Option<Target>,
        did: bool,
        subject: Option<CardId>,
    ) {
        let permanent = match target {
            Some(Target::Permanent(c)) => Some(c),
            _ => None,
        };
        // A permanent or a card in a graveyard.
        let object = match target {
            Some(Target::Permanent(c) | Target::Card(c)) => Some(c),
            _ => None,
        };
        match step {
            Instruction::ForEachTarget { group, steps } => {
                let mut targets = self.group_targets(*group);
                if self.fault(EngineFault::OnlyFirstTargetAffected) {
                    targets.truncate(1);
                }
                for t in targets {
                    for step in steps {
                        self.instruction(source, controller, step, Some(t), did, subject);
                    }
                }
            }
            Instruction::FightTarget { group } => {
                for t in self.group_targets(*group) {
                    if let (Some(a), Target::Permanent(b)) = (permanent, t) {
                        self.fight(a, b);
                    }
                }
            }
            Instruction::TargetGainsUntilEndOfTurn(keywords) => {
                if let Some(c) = permanent {
                    for &k in keywords {
                        self.gained_until_end_of_turn.push((c, k));
                    }
                    self.emit(Event::Pumped { card: c });
                }
            }
            Instruction::TargetLosesAllAbilitiesUntilEndOfTurn => {
                if let Some(c) = permanent {
                    self.lose_all_abilities(c);
                    self.emit(Event::Pumped { card: c });
                }
            }
            Instruction::ExileYourHand { you_may_play } => {
                let hand: Vec<CardId> = self.hand_of(controller).collect();
                self.exile_and_play(&hand, controller, *you_may_play);
                if let Some(r) = self.resolution.as_mut() {
                    r.chosen_last = u8::try_from(hand.len()).unwrap_or(u8::MAX);
                }
            }
            Instruction::DrawThatMany => {
                let n = self.resolution.as_ref().map_or(0, |r| r.chosen_last);
                self.draw(controller, n);
            }
            Instruction::ExileTopOfYourLibrary { you_may_play } => {
                let top = self.top_of_library(controller, 1);
                self.exile_and_play(&top, controller, *you_may_play);
            }
            Instruction::PutTargetOntoBattlefield => {
                if let Some(c) = object {
                    self.put_onto_battlefield(c, controller);
                }
            }
            Instruction::ThisGetsUntilEndOfTurn { power, toughness } => {
                if self.obj(source).on_battlefield() {
                    let o = self.obj_mut(source);
                    o.until_end_of_turn.0 = o.until_end_of_turn.0.saturating_add(*power);
                    o.until_end_of_turn.1 = o.until_end_of_turn.1.saturating_add(*toughness);
                    self.emit(Event::Pumped { card: source });
                }
            }
            Instruction::DamageToTarget(n) => {
                if let Some(to) = target {
                    self.deal_damage(&[(source, to, *n)], false);
                }
            }
            Instruction::ItDealsDamageToTarget(n) => {
                if let (Some(to), Some(it)) = (target, subject) {
                    self.deal_damage(&[(it, to, *n)], false);
                }
            }
            Instruction::DamageToTargetPlusRevealed(_) => {
                unreachable!("X is fixed as the reflexive ability triggers")
            }
            Instruction::ReturnTargetToHand => {
                if let Some(c) = object {
                    self.move_to(c, Zone::Hand);
                }
            }
            Instruction::ExileTarget => {
                if let Some(c) = object {
                    self.move_to(c, Zone::Exile);
                }
            }
            Instruction::DestroyAll { find } => {
                let destroyed: Vec<CardId> = self
                    .battlefield()
                    .filter(|o| find.accepts(o.face()))
                    .map(|o| o.id)
                    .filter(|&c| !self.has_keyword(c, Keyword::Indestructible))
                    .collect();
                for c in destroyed {
                    self.move_to(c, Zone::Graveyard);
                    self.emit(Event::Destroyed { card: c });
                }
            }
            Instruction::RemoveAllCountersFromTarget => {
                if let Some(c) = permanent {
                    let o = self.obj_mut(c);
                    o.plus_one = 0;
                    o.stun = 0;
                    let defense = o.defense;
                    self.emit(Event::CountersRemoved { card: c });
                    // (removing none from a permanent without defense
                    // counters does nothing: see `remove_defense`)
                    if !self.fault(EngineFault::DefenseCountersKept) {
                        self.remove_defense(c, defense, false);
                    }
                }
            }
            Instruction::DestroyTarget => {
                if let Some(c) =
                    permanent.filter(|&c| !self.has_keyword(c, Keyword::Indestructible))
                {
                    self.move_to(c, Zone::Graveyard);
                    self.emit(Event::Destroyed { card: c });
                }
            }
            Instruction::TapTarget => {
                if let Some(c) = permanent {
                    self.obj_mut(c).tapped = true;
                    self.emit(Event::Tapped { card: c });
                }
            }
            Instruction::UntapTarget => {
                if let Some(c) = permanent {
                    let stun = !self.fault(EngineFault::StunIgnored);
                    self.obj_mut(c).untap(stun);
                    self.emit(Event::Untapped { card: c });
                }
            }
            Instruction::RevealTopDrawIf {
                types,
                or_double_faced,
            } => self.reveal_top_draw_if(controller, types, *or_double_faced),
            Instruction::StunCountersOnTarget(n) => {
                if let Some(c) = permanent {
                    let o = self.obj_mut(c);
                    o.stun = o.stun.saturating_add(*n);
                    self.emit(Event::CounterAdded {
                        card: c,
                        kind: CounterKind::Stun,
                    });
                }
            }
            Instruction::TargetGetsUntilEndOfTurn { power, toughness } => {
                if let Some(c) = permanent {
                    let o = self.obj_mut(c);
                    o.until_end_of_turn.0 = o.until_end_of_turn.0.saturating_add(*power);
                    o.until_end_of_turn.1 = o.until_end_of_turn.1.saturating_add(*toughness);
                    self.emit(Event::Pumped { card: c });
                }
            }
            Instruction::DamageEach { amount, types } => {
                let dealt: Vec<(CardId, Target, u8)> = self
                    .battlefield()
                    .filter(|o| types.iter().any(|&t| o.is(t)))
                    .map(|o| (source, Target::Permanent(o.id), *amount))
                    .collect();
                self.deal_damage(&dealt, false);
            }
            Instruction::PlusOneCounterOnEachCreatureYouControl => {
                let mine = self.creatures_controlled_by(controller);
                for c in mine {
                    self.put_plus_one_counters(c, 1);
                }
            }
            Instruction::PlusOneCounterOnTarget => {
                if let Some(c) = permanent {
                    self.put_plus_one_counters(c, 1);
                }
            }
            Instruction::PlusOneCounterOnThis => {
                if self.obj(source).on_battlefield() {
                    self.put_plus_one_counters(source, 1);
                }
            }
            Instruction::PlusOneCounterOnEachCreatureThatAttackedThisTurn => {
                let attacked: Vec<CardId> = self
                    .attacked_this_turn
                    .iter()
                    .copied()
                    .filter(|&c| self.obj(c).on_battlefield() && self.obj(c).is_creature())
                    .collect();
                for c in attacked {
                    self.put_plus_one_counters(c, 1);
                }
            }
            Instruction::CreaturesYouControlGetUntilEndOfTurn { power, toughness } => {
                let mine = self.creatures_controlled_by(controller);
                for c in mine {
                    let o = self.obj_mut(c);
                    o.until_end_of_turn.0 = o.until_end_of_turn.0.saturating_add(*power);
                    o.until_end_of_turn.1 = o.until_end_of_turn.1.saturating_add(*toughness);
                    self.emit(Event::Pumped { card: c });
                }
            }
            Instruction::CreaturesYouControlGainUntilEndOfTurn(keywords) => {
                let mine = self.creatures_controlled_by(controller);
                for c in mine {
                    for &k in keywords {
                        self.gained_until_end_of_turn.push((c, k));
                    }
                    self.emit(Event::Pumped { card: c });
                }
            }
            Instruction::PlusOneCounterOnItAndEachSharingACreatureType => {
                let Some(it) = subject else { return };
                let types = self.obj(it).face().subtypes.clone();
                let shares = |o: &Object| o.face().subtypes.iter().any(|t| types.contains(t));
                let counted: Vec<CardId> = self
                    .battlefield()
                    .filter(|o| {
                        o.id == it || (o.is_creature() && o.controller == controller && shares(o))
                    })
                    .map(|o| o.id)
                    .collect();
                for c in counted {
                    let n = if self.fault(EngineFault::CounterPerSharedType) && c != it {
                        let theirs = &self.obj(c).face().subtypes;
                        types.iter().filter(|t| theirs.contains(t)).count() as u8
                    } else {
                        1
                    };
                    self.put_plus_one_counters(c, n);
                }
            }
            Instruction::DamageToPlayers { who, amount } => {
                let dealt: Vec<(CardId, Target, u8)> = self
                    .told(*who, controller, target)
                    .into_iter()
                    .map(|p| (source, Target::Player(p), *amount))
                    .collect();
                self.deal_damage(&dealt, false);
            }
            Instruction::If { condition, steps } => {
                if self.holds(*condition) {
                    let r = self.resolution.as_mut().expect("an ability is resolving");
                    r.steps.splice(0..0, steps.iter().cloned());
                }
            }
            Instruction::GainLife(n) => self.gain_life(controller, *n),
            Instruction::LoseLife { who, amount } => {
                for p in self.told(*who, controller, target) {
                    self.emit(Event::LostLife {
                        player: p,
                        amount: *amount,
                    });
                    self.lose_life(p, *amount);
                }
            }
            Instruction::Draw(n) => self.draw(controller, *n),
            Instruction::YouGetAnEmblem(abilities) => self.get_emblem(controller, abilities),
            Instruction::ShuffleTargetIntoItsOwnersLibrary => {
                if let Some(c) = permanent {
                    let owner = self.obj(c).owner;
                    self.move_to(c, Zone::Library);
                    self.shuffle(owner);
                }
            }
            Instruction::TheyDraw { who, count } => {
                for p in self.told(*who, controller, target) {
                    self.draw(p, *count);
                }
            }
            Instruction::ExileUntil { find, count } => self.exile_until(controller, find, *count),
            Instruction::PutTheRestOnTheBottomInARandomOrder => {
                let r = self.resolution.as_ref().expect("an ability is resolving");
                let rest: Vec<CardId> = r
                    .exiled
                    .iter()
                    .copied()
                    .filter(|&c| self.obj(c).zone == Zone::Exile)
                    .collect();
                if !self.fault(EngineFault::ExiledLeftInExile) {
                    for &c in &rest {
                        self.move_to(c, Zone::Library);
                    }
                    self.put_on_bottom_in_random_order(controller, &rest);
                }
            }
            Instruction::Mill { who, count } => {
                for p in self.told(*who, controller, target) {
                    self.mill(p, *count);
                }
            }
            Instruction::Shuffle => self.shuffle(controller),
            Instruction::CreateTokens { count, token } => {
                let mut card = token.card();
                if self.fault(EngineFault::TokensColorless) {
                    card.front.colors.clear();
                }
                let card = Arc::new(card);
                let x = self.resolution.as_ref().map_or(0, |r| r.x);
                for _ in 0..count.value(x) {
                    self.create_token(&card, controller);
                }
            }
            Instruction::IfYouDo(steps) => {
                // 608.2c: "if you do" looks back at the optional action
                // just taken.
                if did || self.fault(EngineFault::IfYouDoAlways) {
                    let r = self.resolution.as_mut().expect("an ability is resolving");
                    r.steps.splice(0..0, steps.iter().cloned());
                }
            }
            Instruction::WhenYouDo { target, steps } => {
                // 603.12: a reflexive triggered ability triggers if the
                // optional action was taken; it gets its target as it is
                // put on the stack (603.3d), after this ability resolves.
                if did {
                    let revealed = match self.fault(EngineFault::RevealedNotCounted) {
                        true => 0,
                        false => self.resolution.as_ref().map_or(0, |r| r.chosen_last),
                    };
                    let steps: Vec<Instruction> = steps
                        .iter()
                        .map(|s| match s {
                            Instruction::DamageToTargetPlusRevealed(n) => {
                                Instruction::DamageToTarget(n.saturating_add(revealed))
                            }
                            s => s.clone(),
                        })
                        .collect();
                    let incarnation = self.obj(source).incarnation;
                    // "Where X is the number of creatures tapped this way":
                    // fixed as it triggers.
                    let x = match self.fault(EngineFault::TappedCountIgnored) {
                        true => 0,
                        false => self.resolution.as_ref().map_or(0, |r| r.chosen_last),
                    };
                    self.waiting_triggers.push(Trigger {
                        source,
                        incarnation,
                        controller,
                        ability: Ability::Printed(TriggerEffect::Do {
                            targets: vec![TargetGroup::one(*target)],
                            only_if: None,
                            steps: steps.clone(),
                        }),
                        subject: None,
                        x,
                    });
                    self.emit(Event::ReflexiveTriggered { source, controller });
                }
            }
            Instruction::BecomesAnArtifactCreatureUntilEndOfTurn => {
                self.becomes_artifact_creature(source);
            }
            Instruction::ThisGainsUntilEndOfTurn(k) => {
                if self.obj(source).on_battlefield() {
                    self.gained_until_end_of_turn.push((source, *k));
                    self.emit(Event::Pumped { card: source });
                }
            }
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
            | Instruction::TapAnyNumberOfUntappedCreaturesYouControl => {
                unreachable!("a choice of cards is made in `choose_or_wait`")
            }
            Instruction::CopyTargetSpell | Instruction::CopyThatSpell => {
                unreachable!("a spell is copied in `copy_or_wait`")
            }
            Instruction::CastWithoutPaying(_) => {
                unreachable!("a spell is cast in `go_on`")
            }
        }
    }

    /// `cards` are exiled (406.1); their owner may play them for `duration`
    /// if given.
    fn exile_and_play(
        &mut self,
        cards: &[CardId],
        controller: PlayerId,
        duration: Option<crate::exile_play::PlayDuration>,
    ) {
        for &c in cards {
            self.move_to(c, Zone::Exile);
            if let Some(d) = duration {
                self.may_play_from_exile(c, controller, d);
            }
        }
    }

    /// Permanent `c` loses all abilities until end of turn (613.1f): the
    /// keywords it gained until end of turn so far go with them (613.7b:
    /// those effects are older); later ones apply.
    fn lose_all_abilities(&mut self, c: CardId) {
        self.gained_until_end_of_turn.retain(|&(x, _)| x != c);
        if !self.fault(EngineFault::AbilitiesKept) {
            self.lost_abilities.push(c);
        }
    }

    /// Card `c` is put onto the battlefield under `controller`'s control
    /// (110.2) without being cast: untapped, front face up (712.14), a
    /// battle with its defense counters and a protector (310.4b, 310.9a);
    /// its enters triggers trigger (603.6a).
    pub(crate) fn put_onto_battlefield(&mut self, c: CardId, controller: PlayerId) {
        self.move_to(c, Zone::Battlefield);
        let o = self.obj_mut(c);
        o.controller = controller;
        o.base_controller = controller;
        if !self.fault(EngineFault::PutBattleNotABattle) {
            self.enters_with_loyalty(c);
            self.enter_as_battle(c, None);
        }
        self.enters_triggers(c);
    }

    /// The legal targets of group `group` of the resolving ability, in the
    /// order chosen.
    fn group_targets(&self, group: u8) -> Vec<Target> {
        self.resolution.as_ref().map_or_else(Vec::new, |r| {
            r.targets
                .iter()
                .filter(|&&(g, _)| g == group)
                .map(|&(_, t)| t)
                .collect()
        })
    }

    /// Creatures `a` and `b` fight (701.14a): each deals damage equal to
    /// its power to the other, at once, not combat damage (701.14d); if
    /// either is no longer a creature on the battlefield, neither does
    /// (701.14b). A creature fighting itself takes twice its power
    /// (701.14c).
    fn fight(&mut self, a: CardId, b: CardId) {
        let creature = |c: CardId| self.obj(c).on_battlefield() && self.obj(c).is_creature();
        if !(creature(a) && creature(b)) {
            return;
        }
        let power = |c: CardId| u8::try_from(self.power(c).max(0)).unwrap_or(u8::MAX);
        let (pa, mut pb) = (power(a), power(b));
        if self.fault(EngineFault::FightOneSided) {
            pb = 0;
        }
        self.emit(Event::Fought { a, b });
        self.deal_damage(
            &[(a, Target::Permanent(b), pa), (b, Target::Permanent(a), pb)],
            false,
        );
    }

    /// `controller` exiles cards from the top of their library one at a
    /// time until `count` that `find` accepts are exiled, or none is left
    /// (406.1); the resolving ability keeps them.
    fn exile_until(&mut self, controller: PlayerId, find: &CardFilter, count: u8) {
        let (mut exiled, mut found) = (Vec::new(), Vec::new());
        while found.len() < usize::from(count) {
            let Some(&c) = self.players[controller.0 as usize].library.last() else {
                break;
            };
            self.move_to(c, Zone::Exile);
            exiled.push(c);
            if self.card_matches(find, c) {
                found.push(c);
            }
        }
        let r = self.resolution.as_mut().expect("an ability is resolving");
        r.exiled = exiled;
        r.found = found;
    }

    /// Put `n` +1/+1 counters on permanent `c` (122.1a, 122.6).
    pub(crate) fn put_plus_one_counters(&mut self, c: CardId, n: u8) {
        let o = self.obj_mut(c);
        o.plus_one = o.plus_one.saturating_add(n);
        self.emit(Event::CounterAdded {
            card: c,
            kind: CounterKind::PlusOne,
        });
    }

    /// Does `condition` hold now?
    pub(crate) fn holds(&self, condition: Condition) -> bool {
        match condition {
            Condition::ActivePlayerHandAtMost(n) => {
                self.hand_of(self.active).count() <= usize::from(n)
            }
            Condition::PermanentToGraveyardThisTurn => self.to_graveyard_this_turn,
            Condition::NotDealtCombatDamageSinceYourLastTurn => {
                !self.players[self.active.0 as usize].combat_damaged
                    || self.fault(EngineFault::CombatDamageSinceLastTurnIgnored)
            }
            Condition::SearchedLibrary => {
                self.resolution.as_ref().is_some_and(|r| r.searched_library)
            }
            Condition::TargetWasCreatureCard => self.resolution.as_ref().is_some_and(|r| {
                matches!(r.target, Some(Target::Card(c)) if self.obj(c).card.front().is(CardType::Creature))
            }),
        }
    }

    /// The players an instruction tells to act: "you", the target player,
    /// or each opponent or each player in APNAP order (101.4), those in the
    /// controller's range of influence (801.2: what a player can affect).
    pub(crate) fn told(
        &self,
        who: Who,
        controller: PlayerId,
        target: Option<Target>,
    ) -> Vec<PlayerId> {
        let in_range = self.seating();
        self.apnap()
            .filter(|&p| match who {
                Who::You => p == controller,
                Who::Target => target == Some(Target::Player(p)),
                Who::EachOpponent => {
                    self.variant.opponents(controller, p) && in_range.in_range(controller, p)
                }
                Who::EachPlayer => in_range.in_range(controller, p),
                Who::ActivePlayer => p == self.active,
            })
            .collect()
    }

    /// A new token of `card` enters the battlefield under `controller`'s
    /// control (111.1, 111.2), if the game has room for it (see
    /// `new_token`).
    fn create_token(&mut self, card: &Arc<Card>, controller: PlayerId) {
        let Some(id) = self.new_token(card.clone(), controller) else {
            return;
        };
        self.move_to(id, Zone::Battlefield);
        self.emit(Event::TokenCreated {
            token: id,
            controller,
        });
        self.enters_triggers(id);
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::Catalogue;
    use crate::event::Event;
    use crate::scenario::build_game;
    use battlecheck_properties::{CardId, PlayerId};
    use std::path::Path;

    /// A game holds at most 256 objects (card numbers are one byte): an
    /// instruction that would make a token beyond that makes none, and says
    /// so, instead of wrapping a number round onto another object.
    #[test]
    fn no_token_is_made_beyond_the_games_256_objects() {
        let text = r#"{"name": "full", "players": 2, "cards": [], "steps": []}"#;
        let cards = Catalogue::bundled().unwrap();
        let mut g = build_game(Path::new("full.json"), text, &cards).unwrap();
        let belenon = cards.get("Invasion of Belenon").unwrap();
        let steps = match &belenon.front.triggers[0].effect {
            crate::cards::TriggerEffect::Do { steps, .. } => steps.clone(),
            other => panic!("{other:?}"),
        };
        let source = battlecheck_properties::CardId(0);
        for _ in 0..256 {
            assert!(g.follow(source, PlayerId(0), &steps, Vec::new(), None, 0));
        }
        assert_eq!(g.objects.len(), 256);
        assert!(!g.take_events().contains(&Event::NoRoomForToken {
            controller: PlayerId(0)
        }));
        assert!(g.follow(source, PlayerId(0), &steps, Vec::new(), None, 0));
        assert_eq!(g.objects.len(), 256);
        assert_eq!(
            g.take_events(),
            vec![Event::NoRoomForToken {
                controller: PlayerId(0)
            }]
        );
    }

    /// Invasion of Ikoria's "search your library and/or graveyard ... If
    /// you search your library this way, shuffle": a card taken from the
    /// library, or none, shuffles the library; one taken from the
    /// graveyard does not. X bounds the mana value found.
    #[test]
    fn ikoria_shuffles_only_after_searching_the_library() {
        let text = r#"{"name": "ikoria", "players": 2, "cards": [
            {"id": "siege", "card": "Invasion of Ikoria", "owner": "P1", "zone": "battlefield"},
            {"id": "bears", "card": "Grizzly Bears", "owner": "P1", "zone": "library"},
            {"id": "hill", "card": "Hill Giant", "owner": "P1", "zone": "library"},
            {"id": "elves", "card": "Llanowar Elves", "owner": "P1", "zone": "graveyard"}
        ], "steps": []}"#;
        let cards = Catalogue::bundled().unwrap();
        let ikoria = cards.get("Invasion of Ikoria").unwrap();
        let steps = match &ikoria.front.triggers[0].effect {
            crate::cards::TriggerEffect::Do { steps, .. } => steps.clone(),
            other => panic!("{other:?}"),
        };
        let (siege, bears, elves) = (CardId(0), CardId(1), CardId(3));
        let shuffled =
            |events: &[Event]| events.iter().any(|e| matches!(e, Event::Shuffled { .. }));
        for (take, shuffles) in [(vec![bears], true), (vec![elves], false), (vec![], true)] {
            let mut g = build_game(Path::new("ikoria.json"), text, &cards).unwrap();
            assert!(!g.follow(siege, PlayerId(0), &steps, Vec::new(), None, 2));
            g.take_events();
            g.choose_cards(PlayerId(0), siege, &take).unwrap();
            assert_eq!(shuffled(&g.take_events()), shuffles, "{take:?}");
        }
        // X = 2 does not reach Hill Giant (mana value 4).
        let mut g = build_game(Path::new("ikoria.json"), text, &cards).unwrap();
        assert!(!g.follow(siege, PlayerId(0), &steps, Vec::new(), None, 2));
        assert!(g.choose_cards(PlayerId(0), siege, &[CardId(2)]).is_err());
    }
}
