//! Test-only fault switches: bugs that real battle engines have shipped,
//! injected on purpose so that tests can show the conformance check against
//! the model catches each of them. A game has none unless a test or a
//! scenario's `faults` field sets them.

use serde::{Deserialize, Serialize};

/// A deliberately broken rule of the engine.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
/// Named in snake_case like every value of the scenario format; the
/// kebab-case names of earlier versions are still read.
#[serde(rename_all = "snake_case")]
pub enum EngineFault {
    /// 310.12b broken: the whole defeat trigger is treated as optional, so
    /// declining the cast skips the exile.
    #[serde(alias = "optional-trigger")]
    OptionalTrigger,
    /// 310.7/310.8 broken: the Siege exception (a battle at 0 defense stays
    /// while a defeat trigger is pending) is applied to non-Siege battles
    /// too, tested as "some defeat trigger is pending".
    #[serde(alias = "non-siege-waits")]
    NonSiegeWaits,
    /// 704.5x broken: a battle whose protector left the game gets a new
    /// protector even while it is being attacked.
    #[serde(alias = "protector-rechosen-while-attacked")]
    ProtectorRechosenWhileAttacked,
    /// 704.5x and 800.4a broken: a protector who left the game is still
    /// treated as the battle's protector.
    #[serde(alias = "protector-left-kept")]
    ProtectorLeftKept,
    /// 510.2 broken: one defeat trigger per attacker that dealt combat
    /// damage to the Siege, instead of one per event.
    #[serde(alias = "trigger-per-source")]
    TriggerPerSource,
    /// 120.3h broken: damage dealt to a battle removes one defense counter
    /// more than the damage (never more than it has). Hidden wherever every
    /// damage source deals exactly a battle's defense.
    #[serde(alias = "damage-off-by-one")]
    DamageOffByOne,
    /// 514.2 broken: damage marked on creatures never wears off. Seen only
    /// when damage is observed (a creature surviving into the next turn).
    #[serde(alias = "damage-stays")]
    DamageStays,
    /// 500.2 broken: when every player passes in the end of combat step it
    /// begins again instead of the second main phase, so the game never
    /// moves on. Not a battle rule: it shows that a harness reports an
    /// engine that stops making progress instead of waiting for it.
    #[serde(alias = "end-of-combat-repeats")]
    EndOfCombatRepeats,
    /// 117.3b broken: after an instant or sorcery resolves, its controller
    /// receives priority instead of the active player. Hidden wherever
    /// every player passing is one decision, unless who holds priority is
    /// observed.
    #[serde(alias = "priority-to-caster")]
    PriorityToCaster,
    /// 510.2 broken: combat damage dealt to a battle is dealt to it a
    /// second time. Invisible in the game's state whenever the first hit
    /// removed every counter (the second removes none), so only what
    /// happened shows it.
    #[serde(alias = "battle-damage-twice")]
    BattleDamageTwice,
    /// 120.3a broken: combat damage dealt to a battle also makes its
    /// protector lose that much life, as if the battle were a player's
    /// proxy. Only what happened says that no damage was dealt to them.
    BattleDamageToProtector,
    /// 310.12a broken: a Siege enters protected by its controller, as a
    /// battle with no battle type would; the state-based action 704.5y
    /// then replaces the protector, so the settled game looks nearly right.
    SiegeEntersProtectedByController,
    /// 803.1a–b swapped: with attack left a player attacks the opponent to
    /// their right, and with attack right the one to their left (seat
    /// order read the wrong way round).
    AttackLeftAndRightSwapped,
    /// 801.2c broken: ranges of influence are counted over the players in
    /// the game now, so a player who leaves brings the next player into
    /// range at once instead of at the next turn.
    RangeFromCurrentSeats,
    /// 801.4 broken: spells may target players and permanents outside
    /// their caster's range of influence.
    TargetsOutOfRange,
    /// 810.9 broken: with Two-Headed Giant, damage to a player comes off
    /// their own life only, not their team's shared life total.
    LifeNotShared,
    /// 805.10d broken: with Two-Headed Giant only a battle's protector
    /// blocks for it, not the protector's teammate (the rule of a
    /// free-for-all game, 802.4a).
    TeammateMayNotBlock,
    /// 508.7c broken: an attack may be reselected onto a battle the
    /// attacking creature's controller protects, as though reselecting
    /// were free of the rules of whom a creature may attack.
    ReselectOntoOwnBattle,
    /// 121.1 broken: a player draws the bottom card of their library
    /// instead of the top one. The model has no libraries: the real-card
    /// scenarios catch it.
    DrawFromBottom,
    /// 613.4c broken: "creatures you control get +1/+1" applies to every
    /// creature on the battlefield, whoever controls it. Caught by the
    /// real-card scenarios.
    AnthemForEveryone,
    /// 702.9b broken: a creature with flying can be blocked by any
    /// creature. Caught by the real-card scenarios.
    FlyingIgnored,
    /// 122.1d broken: a permanent with a stun counter untaps as usual.
    /// Caught by the real-card scenarios.
    StunIgnored,
    /// 608.2c broken: "if you do" is followed whether or not the optional
    /// action was taken (Mercadia draws two without a discard). Caught by
    /// the real-card scenarios.
    IfYouDoAlways,
    /// 701.23a broken: "put them onto the battlefield tapped" puts the
    /// found cards onto the battlefield untapped. Caught by the real-card
    /// scenarios.
    FoundEnterUntapped,
    /// 701.9b and 701.21a broken: the ability's controller chooses what
    /// another player discards or sacrifices. Caught by the real-card
    /// scenarios.
    ControllerChoosesForOthers,
    /// 702.111b broken: a creature with menace can be blocked by one
    /// creature. Caught by the real-card scenarios.
    MenaceIgnored,
    /// Holy Frazzle-Cannon's ruling broken: a creature gets one +1/+1
    /// counter per creature type it shares instead of one. Caught by the
    /// real-card scenarios.
    CounterPerSharedType,
    /// 603.4 broken: an ability with an intervening "if" triggers whether
    /// or not the condition holds. Caught by the real-card scenarios.
    InterveningIfIgnored,
    /// 401.4 broken: the cards looked at and not taken stay on top of the
    /// library instead of going to its bottom. Caught by the real-card
    /// scenarios.
    LookedAtStayOnTop,
    /// 702.12b broken: lethal damage destroys an indestructible creature.
    /// Caught by the real-card scenarios.
    IndestructibleIgnored,
    /// "With power X or less" read as "less than X" (Invasion of Lorwyn's
    /// target). Caught by the real-card scenarios.
    PowerLimitExclusive,
    /// "Whenever you cast a spell from your hand" triggers for spells cast
    /// from anywhere. Caught by the real-card scenarios
    /// (c05-invocation-of-the-founders).
    CastFromAnywhere,
    /// The copy of a spell keeps the spell's targets whatever new ones its
    /// controller chooses (707.10c). Caught by the real-card scenarios
    /// (c05-overloaded-mage-ring).
    NewTargetsIgnored,
    /// A permanent entering as a copy of a creature card "except it's a
    /// 4/4 black Zombie" gets the card's own values (707.9b ignored).
    /// Caught by the real-card scenarios (c05-lazotep-convert).
    CopyExceptionsIgnored,
    /// Scry puts the cards kept on top back in their old order, not the
    /// order chosen (701.22a). Caught by the real-card scenarios
    /// (c05-invasion-of-pyrulea).
    ScryKeepsOrder,
    /// "Other transformed permanents you control have ..." reaches every
    /// permanent its controller controls (Gargantuan Slabhorn). Caught by
    /// the real-card scenarios (c05-gargantuan-slabhorn).
    GrantToEveryPermanent,
    /// A creature tapped for convoke pays colored mana of any color, not
    /// only its own (702.51a). Caught by the real-card scenarios
    /// (c05-caetus-sea-tyrant-of-segovia).
    ConvokeIgnoresColor,
    /// Creatures that came under their controller's control this turn
    /// can't crew (302.6 misapplied: crewing taps them as a cost of the
    /// Vehicle's ability, 702.122a). Caught by the real-card scenarios
    /// (c05-aetherwing-golden-scale-flagship).
    SickCreaturesCantCrew,
    /// A crewed Vehicle stays a creature after the turn ends (514.2).
    /// Caught by the real-card scenarios
    /// (c05-aetherwing-golden-scale-flagship).
    CrewNeverEnds,
    /// Tokens are made colorless, whatever colors the effect names (111.4).
    /// Caught by the real-card scenarios (c05-invasion-of-ravnica).
    TokensColorless,
    /// "Mana value 4 or less" read as "less than 4" (202.3): Invasion of
    /// Alara passes over a card with mana value 4, and every "N or less"
    /// search bound is one short. Caught by the real-card scenarios
    /// (c05-invasion-of-alara).
    ManaValueBoundExclusive,
    /// "Then put the other cards exiled this way on the bottom of your
    /// library" forgotten: they stay in exile. Caught by the real-card
    /// scenarios (c05-invasion-of-alara).
    ExiledLeftInExile,
    /// "Distribute three +1/+1 counters among one, two, or three
    /// creatures" puts them all on the first creature named (122.6).
    /// Caught by the real-card scenarios (c05-awaken-the-maelstrom).
    DistributionOnOneCreature,
    /// "Awaken the Maelstrom is all colors" ignored (604.3): the back
    /// face, with no mana cost and no color indicator, is colorless.
    /// Caught by the real-card scenarios (c05-awaken-the-maelstrom).
    AllColorsIgnored,
    /// 606.3 broken: a planeswalker's loyalty abilities may be activated
    /// more than once in a turn. Caught by the real-card scenarios
    /// (c05-teferi-akosa-of-zhalfir).
    LoyaltyAbilityTwicePerTurn,
    /// 306.8 broken: damage dealt to a planeswalker removes no loyalty
    /// counters. Caught by the real-card scenarios
    /// (c05-teferi-akosa-of-zhalfir).
    PlaneswalkerDamageIgnored,
    /// 114.2 broken: an emblem's "Knights you control" applies to every
    /// player's Knights. Caught by the real-card scenarios
    /// (c05-teferi-akosa-of-zhalfir-emblem).
    EmblemForEveryone,
    /// "Where X is the number of creatures tapped this way" read as 0:
    /// Teferi's reflexive ability may target only a nonland permanent with
    /// mana value 0. Caught by the real-card scenarios
    /// (c05-teferi-akosa-of-zhalfir-taps-creatures).
    TappedCountIgnored,
    /// 506.2 broken: any defending player may block a creature attacking a
    /// planeswalker, not only the planeswalker's controller. Caught by the
    /// real-card scenarios (c05-attacking-teferi-akosa-of-zhalfir).
    AnyoneBlocksForPlaneswalkers,
    /// A back face's color indicator is ignored (204): a transformed
    /// permanent or spell is colorless. Caught by the real-card scenarios
    /// (c05-guildpact-paragon).
    ColorIndicatorIgnored,
    /// "X is the number of cards revealed this way" read as 0 (Invasion of
    /// Tarkir always deals 2). Caught by the real-card scenarios.
    RevealedNotCounted,
    /// "Its owner may play it" read as "anyone may": a card exiled by
    /// Invasion of Gobakhan can be cast by a player who does not own it.
    /// Caught by the real-card scenarios.
    ExiledCardPlayableByAnyone,
    /// 704.5j broken: a player keeps two legendary permanents with the
    /// same name. Caught by the real-card scenarios.
    LegendRuleIgnored,
    /// 603.10a broken: "whenever a creature an opponent controls dies"
    /// also triggers for its controller's own creatures. Caught by the
    /// real-card scenarios.
    DiesTriggersForOwnCreatures,
    /// Zilortha's "non-Human" ignored: a Human creature may assign its
    /// combat damage as though it weren't blocked too.
    AsUnblockedForHumans,
    /// Zilortha's ruling "it will still receive damage from creatures that
    /// are blocking it" broken: a creature that assigns its combat damage
    /// as though it weren't blocked is treated as unblocked, and its
    /// blockers deal it no damage.
    AsUnblockedNotDamaged,
    /// Zilortha's ability offered only to creatures attacking a player:
    /// one attacking a battle must assign its damage to its blockers,
    /// which the rulings (C04: "including to a battle it attacks") forbid.
    AsUnblockedNotOntoBattles,
    /// Zilortha's "you control" ignored: every player's non-Human
    /// creatures may assign their combat damage as though they weren't
    /// blocked while any player controls Zilortha. Caught only where an
    /// opponent of Zilortha's controller attacks: `coverage
    /// --random-games`, which plays every CI configuration for a full
    /// round.
    AsUnblockedForEveryone,
    /// 106.4 broken: mana pools never empty, so mana made in one step pays
    /// for a spell in a later one. Caught by the mana scenarios.
    ManaPoolsNeverEmpty,
    /// 305.2 broken: a player may play any number of lands in a turn.
    /// Caught by the mana scenarios.
    LandsWithoutLimit,
    /// 107.3m broken: an enters trigger that refers to X sees 0, not the X
    /// of the spell that became the permanent. Caught by the mana
    /// scenarios.
    EntersTriggerXIsZero,
    /// 601.2f broken: "a spell cast this way costs {2} more" (Invasion of
    /// Gobakhan) is not added to the total cost. Caught by the mana
    /// scenarios.
    CostIncreaseIgnored,
    /// 702.11b broken: hexproof is ignored, so an opponent targets the
    /// permanent. Caught by the real-card scenarios.
    HexproofIgnored,
    /// 113.7a broken: an activated ability whose source left the
    /// battlefield (sacrificed to pay its cost) does nothing. Caught by the
    /// real-card scenarios.
    AbilityNeedsItsSource,
    /// 702.2b broken: damage from a source with deathtouch is not lethal
    /// (704.5h ignored). Caught by the real-card scenarios.
    DeathtouchIgnored,
    /// "Remove all counters" leaves defense counters, so a Siege is not
    /// defeated by it (122.1g, 310.12b). Caught by the real-card scenarios.
    DefenseCountersKept,
    /// "If you haven't been dealt combat damage since your last turn" is
    /// always true. Caught by the real-card scenarios.
    CombatDamageSinceLastTurnIgnored,
    /// 700.2 broken: a modal ability follows every mode, whichever were
    /// chosen. Caught by the real-card scenarios.
    EveryModeFollowed,
    /// 702.15b broken: lifelink damage dealt to a battle gains no life.
    /// Caught by the real-card scenarios.
    LifelinkNotOnBattles,
    /// 702.21a broken: ward never triggers. Caught by the real-card
    /// scenarios.
    WardIgnored,
    /// 115.3 broken: an instance of "target" with several targets ("up to
    /// two target creatures each ...") affects its first target only.
    /// Caught by the real-card scenarios.
    OnlyFirstTargetAffected,
    /// 701.14a broken: in a fight only the first creature deals damage.
    /// Caught by the real-card scenarios.
    FightOneSided,
    /// 115.1 broken: "target card from your graveyard" accepts a card in
    /// any graveyard. Caught by the real-card scenarios.
    GraveyardTargetOfAnyOwner,
    /// 614.1a broken: Disciples of the Inferno's "noncreature source"
    /// adds its damage for creature sources too. Caught by the real-card
    /// scenarios.
    DamageBoostForCreatureSources,
    /// The Broken Sky's "creature tokens you control get +1/+0" applies to
    /// every creature its controller controls. Caught by the real-card
    /// scenarios.
    TokenBonusForNontokens,
    /// 310.4b, 310.9a broken: a battle put onto the battlefield without
    /// being cast gets no defense counters and no protector. Caught by the
    /// real-card scenarios.
    PutBattleNotABattle,
    /// "Whenever this token and at least one other creature token attack"
    /// triggers when the token attacks without another. Caught by the
    /// real-card scenarios.
    TokenTriggerAlone,
    /// 613.1f broken: "loses all abilities" removes nothing. Caught by the
    /// real-card scenarios.
    AbilitiesKept,
    /// 602.2b broken: a "discard a card" cost is not paid: the card stays
    /// in hand. Caught by the real-card scenarios.
    DiscardCostNotPaid,
    /// 514.2 broken: a permission to play a card from exile "this turn" or
    /// "until the end of your next turn" never ends. Caught by the
    /// real-card scenarios.
    ExilePermissionNeverEnds,
    /// "Whenever you discard a land card" triggers for any card discarded.
    /// Caught by the real-card scenarios.
    DiscardTriggerForAnyCard,
    /// 702.2b broken: damage from a source with deathtouch is lethal to a
    /// battle too, which loses all its defense counters. Caught by
    /// `conform` on the deathtouch preset.
    DeathtouchDefeatsBattles,
    /// 702.3b broken: a creature with defender may attack a battle (only
    /// attacks on players are refused). Caught by `conform` on the
    /// deathtouch preset.
    DefenderAttacksBattles,
    /// 704.5x–y broken: a battle's protector is chosen again by its owner,
    /// not its controller. The decision names no chooser: caught by
    /// `conform` comparing who the game waits for (`choosers`).
    ProtectorChosenByOwner,
    /// 702.4b broken: a creature with double strike deals no regular
    /// combat damage once it dealt first-strike damage. Caught by
    /// `conform` on the double-strike preset.
    DoubleStrikeOnce,
    /// 508.7 and 508.5 broken: a reselected attack keeps the snapshot of
    /// what it attacked before (the battle and its protector as they were
    /// when first attacked), so its defending player is the old one.
    ReselectKeepsOldTarget,
    /// 614.1a broken: a damage replacement for "a creature, battle, or
    /// opponent" (Disciples of the Inferno's, Pool Amplifier's) leaves out
    /// battles. Caught by `conform` on the damage-bonus preset.
    DamageBonusNotToBattles,
    /// 702.11b and 102.3 broken: hexproof keeps a permanent from being the
    /// target of its controller's teammate's spells, as if every other
    /// player were an opponent. Caught by `conform` on the hexproof preset.
    HexproofAgainstTeammates,
    /// 702.21a and 102.3 broken: ward triggers when a spell of the
    /// permanent's controller's teammate targets it, as if every other
    /// player were an opponent. Caught by `conform` on the ward preset.
    WardAgainstTeammates,
    /// 506.2 and 508.1b broken: a creature may attack a planeswalker its
    /// controller controls, as a Siege's controller may attack the Siege
    /// (310.9b). Caught by `conform` on the planeswalker preset.
    OwnPlaneswalkerAttackable,
    /// 615.1a broken: "prevent all combat damage" (Fog's) prevents none
    /// of the damage dealt to battles, as if it read "to creatures and
    /// players". Caught by `conform` on the prevention preset.
    PreventionMissesBattles,
    /// 613.4c and 120.3h broken: an equipped creature's combat damage to
    /// a battle leaves out its Equipment's bonus (Bonesplitter's +2/+0),
    /// as if the battle saw its printed power. Caught by `conform` on the
    /// equipment preset.
    EquipmentBonusMissesBattles,
    /// 310.10 broken: a battle that is also an Equipment may activate its
    /// equip ability (the state-based actions then unattach it, 704.5p).
    /// Caught by `conform` on the equipment preset.
    BattleEquips,
}

impl EngineFault {
    pub const ALL: [EngineFault; 93] = [
        EngineFault::OptionalTrigger,
        EngineFault::NonSiegeWaits,
        EngineFault::ProtectorRechosenWhileAttacked,
        EngineFault::ProtectorLeftKept,
        EngineFault::TriggerPerSource,
        EngineFault::DamageOffByOne,
        EngineFault::DamageStays,
        EngineFault::EndOfCombatRepeats,
        EngineFault::PriorityToCaster,
        EngineFault::BattleDamageTwice,
        EngineFault::BattleDamageToProtector,
        EngineFault::SiegeEntersProtectedByController,
        EngineFault::AttackLeftAndRightSwapped,
        EngineFault::RangeFromCurrentSeats,
        EngineFault::TargetsOutOfRange,
        EngineFault::ReselectOntoOwnBattle,
        EngineFault::LifeNotShared,
        EngineFault::TeammateMayNotBlock,
        EngineFault::DrawFromBottom,
        EngineFault::AnthemForEveryone,
        EngineFault::FlyingIgnored,
        EngineFault::StunIgnored,
        EngineFault::IfYouDoAlways,
        EngineFault::FoundEnterUntapped,
        EngineFault::ControllerChoosesForOthers,
        EngineFault::MenaceIgnored,
        EngineFault::CounterPerSharedType,
        EngineFault::InterveningIfIgnored,
        EngineFault::LookedAtStayOnTop,
        EngineFault::IndestructibleIgnored,
        EngineFault::PowerLimitExclusive,
        EngineFault::CastFromAnywhere,
        EngineFault::NewTargetsIgnored,
        EngineFault::CopyExceptionsIgnored,
        EngineFault::ScryKeepsOrder,
        EngineFault::GrantToEveryPermanent,
        EngineFault::ConvokeIgnoresColor,
        EngineFault::SickCreaturesCantCrew,
        EngineFault::CrewNeverEnds,
        EngineFault::TokensColorless,
        EngineFault::ColorIndicatorIgnored,
        EngineFault::RevealedNotCounted,
        EngineFault::ExiledCardPlayableByAnyone,
        EngineFault::LegendRuleIgnored,
        EngineFault::DiesTriggersForOwnCreatures,
        EngineFault::AsUnblockedForHumans,
        EngineFault::AsUnblockedNotDamaged,
        EngineFault::AsUnblockedNotOntoBattles,
        EngineFault::AsUnblockedForEveryone,
        EngineFault::ManaPoolsNeverEmpty,
        EngineFault::LandsWithoutLimit,
        EngineFault::EntersTriggerXIsZero,
        EngineFault::CostIncreaseIgnored,
        EngineFault::HexproofIgnored,
        EngineFault::AbilityNeedsItsSource,
        EngineFault::DeathtouchIgnored,
        EngineFault::DefenseCountersKept,
        EngineFault::CombatDamageSinceLastTurnIgnored,
        EngineFault::EveryModeFollowed,
        EngineFault::LifelinkNotOnBattles,
        EngineFault::WardIgnored,
        EngineFault::OnlyFirstTargetAffected,
        EngineFault::FightOneSided,
        EngineFault::GraveyardTargetOfAnyOwner,
        EngineFault::DamageBoostForCreatureSources,
        EngineFault::TokenBonusForNontokens,
        EngineFault::PutBattleNotABattle,
        EngineFault::TokenTriggerAlone,
        EngineFault::AbilitiesKept,
        EngineFault::DiscardCostNotPaid,
        EngineFault::ExilePermissionNeverEnds,
        EngineFault::DiscardTriggerForAnyCard,
        EngineFault::ManaValueBoundExclusive,
        EngineFault::ExiledLeftInExile,
        EngineFault::DistributionOnOneCreature,
        EngineFault::AllColorsIgnored,
        EngineFault::LoyaltyAbilityTwicePerTurn,
        EngineFault::PlaneswalkerDamageIgnored,
        EngineFault::EmblemForEveryone,
        EngineFault::TappedCountIgnored,
        EngineFault::AnyoneBlocksForPlaneswalkers,
        EngineFault::DeathtouchDefeatsBattles,
        EngineFault::DefenderAttacksBattles,
        EngineFault::ProtectorChosenByOwner,
        EngineFault::DoubleStrikeOnce,
        EngineFault::ReselectKeepsOldTarget,
        EngineFault::DamageBonusNotToBattles,
        EngineFault::HexproofAgainstTeammates,
        EngineFault::WardAgainstTeammates,
        EngineFault::OwnPlaneswalkerAttackable,
        EngineFault::PreventionMissesBattles,
        EngineFault::EquipmentBonusMissesBattles,
        EngineFault::BattleEquips,
    ];
}
