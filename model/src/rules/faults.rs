//! Seeded faults: deliberately broken rules, selectable in tests and on the
//! command line (`--fault`), so that every `always` property is shown to catch
//! the bug it exists for. A correct model runs with no fault.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

macro_rules! faults {
    ($($variant:ident = $name:literal: $doc:literal,)*) => {
        /// A deliberately broken rule.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum Fault { $(#[doc = $doc] $variant),* }

        impl Fault {
            pub const ALL: &'static [Fault] = &[$(Fault::$variant),*];
            pub fn as_str(self) -> &'static str {
                match self { $(Fault::$variant => $name),* }
            }
            pub fn describe(self) -> &'static str {
                match self { $(Fault::$variant => $doc),* }
            }
        }
    };
}

faults! {
    ControllerKeepsProtecting = "controller-keeps-protecting":
        "704.5y ignored: a Siege whose protector gained control of it keeps that protector",
    ProtectorLeftIgnored = "protector-left-ignored":
        "704.5x ignored: a battle whose protector left the game keeps that protector",
    NonSiegeBattleStays = "non-siege-battle-stays":
        "704.5w ignored: a non-Siege battle at 0 defense stays on the battlefield",
    TriggerPerSource = "trigger-per-source":
        "one defeat trigger per damage source instead of one per event (510.2)",
    ProtectorMayAttack = "protector-may-attack":
        "310.9b ignored: a protector may attack the battle it protects",
    AnyoneMayBlock = "anyone-may-block":
        "310.9c ignored: any defending player may block creatures attacking a battle",
    BattlesMayAttack = "battles-may-attack":
        "508.1a ignored: a battle that is also a creature may attack",
    CastWithoutExile = "cast-without-exile":
        "310.12b broken: the card is cast transformed straight from the battlefield, without being exiled",
    OptionalTrigger = "optional-trigger":
        "310.12b broken: the whole trigger is optional, so declining the cast skips the exile",
    TokensCastTransformed = "tokens-cast-transformed":
        "B23 ruling ignored: a token copy of a Siege can be cast transformed",
    BattlesAtInstantSpeed = "battles-at-instant-speed":
        "310.1 ignored: battles can be cast whenever their owner could cast an instant",
    ExtraDefenseCounter = "extra-defense-counter":
        "310.4b broken: a battle enters with one defense counter more than its printed defense",
    LeaverKeepsPermanents = "leaver-keeps-permanents":
        "800.4a broken: permanents a leaving player owns or controls stay on the battlefield",
    DamageOffByOne = "damage-off-by-one":
        "120.3h broken: combat damage dealt to a battle removes one defense counter more than the damage (never more than it has)",
    BattleDamageTwice = "battle-damage-twice":
        "510.2 broken: combat damage dealt to a battle is dealt to it a second time; invisible in the state whenever the first hit removed every counter",
    BattleDamageToProtector = "battle-damage-to-protector":
        "120.3a broken: combat damage dealt to a battle also makes its protector lose that much life",
    ControllerMayProtectSiege = "controller-may-protect-siege":
        "310.12a broken: a Siege's controller may choose themself as its protector as it enters (704.5y then has them choose an opponent, so every settled state looks right)",
    AttackIgnoresOptions = "attack-ignores-options":
        "801.3 and 803.1 ignored: creatures may attack every opponent and every battle an opponent protects, whatever the range of influence or the attack option",
    ProtectorOutOfRange = "protector-out-of-range":
        "801.5a ignored: a battle's protector may be chosen outside its controller's range of influence",
    LifeNotShared = "life-not-shared":
        "810.9 ignored: with Two-Headed Giant, damage to a player comes off their own life only, not their team's shared life total",
    AttackTeammate = "attack-teammate":
        "805.10a ignored: with Two-Headed Giant, creatures may attack their controller's teammate and the battles that teammate protects",
    ReselectOntoAnyPlayer = "reselect-onto-any-player":
        "508.7c–e ignored: an attack may be reselected onto any player in the game, the attacking creature's controller included, and any battle they protect",
    ExiledCardPlayableByAnyone = "exiled-card-playable-by-anyone":
        "C02 broken: a card Invasion of Gobakhan exiled may be cast from exile by any player, not only by its owner",
    ExiledCastAnyTime = "exiled-cast-any-time":
        "C02 ruling ignored: a card its owner may play from exile may be cast whenever they could cast an instant (normal timing ignored)",
    AsUnblockedForHumans = "as-unblocked-for-humans":
        "C04 broken: a Human creature may assign its combat damage as though it weren't blocked (Zilortha lets only non-Human creatures)",
    AsUnblockedAlsoToBlockers = "as-unblocked-also-to-blockers":
        "C04 ruling broken: a creature that assigns its combat damage as though it weren't blocked also deals it to its blocker (it is all or nothing)",
    FlyingIgnored = "flying-ignored":
        "702.9b ignored: a creature without flying or reach may block a creature with flying",
    MenaceIgnored = "menace-ignored":
        "702.111b ignored: a creature with menace may be blocked by a single creature",
    LifelinkPerCounter = "lifelink-per-counter":
        "702.15b broken: lifelink damage dealt to a battle gains as much life as the defense counters it had, not the damage dealt",
    DeathtouchIgnored = "deathtouch-ignored":
        "702.2b ignored: a creature dealt damage by a source with deathtouch is destroyed only by lethal damage",
    DefenderIgnored = "defender-ignored":
        "702.3b ignored: a creature with defender may attack a player or a battle",
    DoubleStrikeOnce = "double-strike-once":
        "702.4b broken: a creature with double strike deals no regular combat damage",
    DamageBonusNotToBattles = "damage-bonus-not-to-battles":
        "614.1a broken: a damage replacement for \"a creature, battle, or opponent\" leaves out battles",
    WardAgainstTeammates = "ward-against-teammates":
        "702.21a and 102.3 broken: ward triggers when a spell its controller's teammate controls targets the permanent, as if every other player were an opponent",
    OwnPlaneswalkerAttackable = "own-planeswalker-attackable":
        "506.2 and 508.1b broken: a creature may attack a planeswalker its controller controls, as a Siege's controller may attack the Siege (310.9b)",
    PreventionMissesBattles = "prevention-misses-battles":
        "615.1a broken: \"prevent all combat damage\" prevents none of the damage dealt to battles (as if it read \"to creatures and players\")",
    EquipmentBonusMissesBattles = "equipment-bonus-misses-battles":
        "613.4c and 120.3h broken: an equipped creature's combat damage to a battle leaves out its Equipment's bonus (Bonesplitter's +2/+0), as if the battle saw its printed power",
    BattleEquips = "battle-equips":
        "310.10 broken: a battle that is also an Equipment may activate its equip ability (its attachment is undone by 704.5p as it resolves)",
    HexproofAgainstTeammates = "hexproof-against-teammates":
        "702.11b and 102.3 broken: hexproof keeps a permanent from being the target of a spell its controller's teammate controls, as if every other player were an opponent",
}

impl Fault {
    /// Does some property of the catalogue judge the rule this fault
    /// breaks, so that `check` can catch it? The keyword rules (702.9b,
    /// 702.111b, 702.15b, 702.2b, 702.3b, 702.4b, 702.11b, 702.21a), the damage
    /// replacement (614.1a), prevention (615.1a), an Equipment's bonus
    /// (613.4c) and equip (310.10) are judged only by comparing the model with an
    /// engine in lockstep (`conform`): the observation the properties read
    /// shows no abilities.
    pub fn judged_by_properties(self) -> bool {
        !matches!(
            self,
            Fault::FlyingIgnored
                | Fault::MenaceIgnored
                | Fault::LifelinkPerCounter
                | Fault::DeathtouchIgnored
                | Fault::DefenderIgnored
                | Fault::DoubleStrikeOnce
                | Fault::DamageBonusNotToBattles
                | Fault::HexproofAgainstTeammates
                | Fault::WardAgainstTeammates
                | Fault::OwnPlaneswalkerAttackable
                | Fault::PreventionMissesBattles
                | Fault::EquipmentBonusMissesBattles
                | Fault::BattleEquips
        )
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Fault {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        Fault::ALL
            .iter()
            .copied()
            .find(|f| f.as_str() == s)
            .ok_or_else(|| {
                let names: Vec<_> = Fault::ALL.iter().map(|f| f.as_str()).collect();
                format!("unknown fault '{s}' (known faults: {})", names.join(", "))
            })
    }
}

/// A set of faults, as a bit set for a cheap test on the hot path.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Faults(u64);

/// Every fault has its own bit of [`Faults`].
const _: () = assert!(Fault::ALL.len() <= u64::BITS as usize);

impl Faults {
    pub fn of(faults: &[Fault]) -> Self {
        Faults(faults.iter().fold(0, |bits, &f| bits | 1 << f as u32))
    }
    #[inline]
    pub fn has(self, fault: Fault) -> bool {
        self.0 & (1 << fault as u32) != 0
    }
}
