//! Configurations of the bounded game: who sits at the table, which cards are
//! where, how long the game lasts, and the named presets.

use crate::rules::cards::{CardName, Keyword, Kind};
use crate::rules::faults::{Fault, Faults};
use crate::rules::state::Chars;
use battlecheck_properties::catalogue::Feature;
use battlecheck_properties::seating::{AttackOption, Variant};
use battlecheck_properties::{CardId, PlayerId};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::sync::atomic::AtomicBool;

/// The most players a configuration may seat.
pub const MAX_PLAYERS: usize = 6;
/// The most objects (cards and token slots) a configuration may hold.
pub const MAX_OBJECTS: usize = 24;
/// The capacity of the stack (see [`Config::validate`]).
pub const MAX_STACK: usize = 24;
/// The capacity of the triggers waiting to be put on the stack.
pub const MAX_WAITING: usize = 12;

/// One seat's starting cards.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seat {
    #[serde(default)]
    pub hand: Vec<CardName>,
    /// Permanents on the battlefield at the start (creatures that have been
    /// there since before the game's first turn, so they may attack).
    #[serde(default)]
    pub battlefield: Vec<CardName>,
}

/// A configuration of the bounded game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    /// The preset this configuration started from, for reports.
    pub name: String,
    /// Number of turns played; the game ends after the last (an acyclic state
    /// graph with a real end).
    pub turns: u8,
    /// Starting life total of every player.
    pub life: i8,
    /// Printed defense of the battles in the pool.
    pub defense: u8,
    /// Whether players may concede (104.3a). Only players other than the
    /// active player do, which bounds the state space; a player at 0 life
    /// leaves in any case (704.5a).
    pub concede: bool,
    /// Seats in turn order; seat 0 takes the first turn.
    pub seats: Vec<Seat>,
    /// The multiplayer options (801 range of influence, 802 attack multiple
    /// players, 803 attack left or right); free-for-all attacking every
    /// opponent when absent.
    #[serde(default, skip_serializing_if = "Variant::is_default")]
    pub variant: Variant,
    /// Seeded faults (tests only): deliberately broken rules.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub faults: Vec<Fault>,
}

/// Why a configuration is not usable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigError(pub String);

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ConfigError {}

fn seat(hand: &[CardName], battlefield: &[CardName]) -> Seat {
    Seat {
        hand: hand.to_vec(),
        battlefield: battlefield.to_vec(),
    }
}

use CardName::*;

/// The named presets: `(name, description)`.
pub const PRESETS: &[(&str, &str)] = &[
    ("default", "3 players, 1 turn: a Siege, burn, gain control, blocks, trample, concessions; the main job"),
    ("deep", "the default plus a copy effect: at least 10x the default's states"),
    ("duel", "2 players, 2 turns: first strike, a sorcery back face, a non-Siege battle, a countered trigger"),
    ("copies", "2 players, 1 turn: a token copy and a clone of a Siege, bounce"),
    ("mimic", "2 players, 1 turn: permanents becoming copies of a Siege, a battle that is a creature"),
    ("tiny", "2 players, 1 turn, a Siege of defense 2 and bears: instant, for tests"),
    ("table", "4 players, 1 turn, defense 3: attackers of power 1, 2 (first strike) and 3 (trample) and an erode, none of which defeats the Siege alone"),
    ("attack-left", "3 players, 1 turn, attack left (803.1a), defense 4: only the player to the left and the battles they protect may be attacked; a stolen Siege"),
    ("attack-right", "4 players, a full round of 4 turns, attack right (803.1b), defense 2: each player attacks the nearest player to their right, who changes when that player concedes"),
    ("range-1", "4 players, 1 turn, range of influence 1 (801), defense 3, life 3: attacks, targets and protectors only within one seat as the turn began; a Siege stolen, then stolen again through its protector (801.2d)"),
    ("two-headed-giant", "4 players in two teams (810), a full round of 2 team turns, defense 3, team life 5: the active team's second player casts the Siege (805.4), the team attacks as one and the defending team blocks as one, for battles either member protects (805.10d); a Siege's protector is a player of the other team; damage to either member comes off the team's life"),
    ("gobakhan", "3 players, 2 turns, defense 2: Invasion of Gobakhan (defense 3; C02) exiles a card from an opponent's hand, a Siege or a 2-damage bolt, which only its owner may then cast from exile, with normal timing: the Siege on their own turn, the bolt at once"),
    ("zilortha", "2 players, 1 turn, defense 2: Zilortha, Apex of Ikoria (Invasion of Ikoria transformed, an 8/8; C04) lets P1's non-Human creatures (it, a 3/3 trampler, a 2/1 first striker; not a 1/1 Human) assign their combat damage as though they weren't blocked, onto a Siege P2 protects or onto P2; P2 blocks with a 2/2 and a 2/1 first striker"),
    ("reselect", "3 players, 1 turn, defense 2 (a 3/3 trampler, a 2-damage bolt): two defending players each hold Portal Mage, whose trigger reselects what an attacker attacks (508.7) onto another opponent or a battle one protects, never onto the attacking player's own battle"),
    ("evasion", "2 players, 1 turn, defense 3, life 7: P1 attacks a Siege P2 protects, or P2, with a 2/2 flier (Wind Drake), a 3/2 with menace (Boggart Brute) and a 2/1 with lifelink (Child of Night); P2 blocks with a 2/4 with reach (Giant Spider) and a 2/2, which cannot block the flier (702.9b, 702.17b) and blocks the menace creature only together (702.111b); lifelink gains the damage dealt, to the Siege too (702.15b)"),
    ("double-strike", "2 players, 1 turn, defense 2: P1 attacks a Siege P2 protects, or P2, with a 1/1 with double strike (Fencing Ace) and a 2/2; P2 blocks with a 2/2 and a 1/1: the Ace deals damage in both combat damage steps (702.4b, 510.4), so it defeats a Siege of defense 2 alone, in the regular step, and one of defense 1 in the first, after which it attacks nothing (506.4c)"),
    ("damage-bonus", "2 players, 1 turn, defense 3: P1 controls Pool Amplifier (\"If a noncreature source you control would deal damage to a creature, battle, or opponent, it deals that much damage plus 2 instead\", 614.1a) and casts a Siege P2 protects; each player holds a 2-damage bolt: P1's deals 4 to a creature, the Siege or P2 (120.3h: 4 defense counters) and 2 to P1, P2's deals 2"),
    ("hexproof", "4 players in two teams (810), 1 turn, defense 3, team life 5: P1 and P3, one of each team, control Gladecover Scout (1/1, hexproof: it can't be the target of spells its controller's opponents control, 702.11b); P1 casts a Siege the other team protects and attacks it with the Scout; P2, P3 and P4 each hold a 2-damage bolt, which may target the Scout of the caster's teammate (102.3: a teammate is no opponent) and never the other team's Scout: the Siege's protector can't bolt the Scout attacking it, the attacker's teammate can"),
    ("ward", "4 players in two teams (810), 1 turn, defense 3, team life 3: P1 and P3, one of each team, control Pool Warden (2/2, \"Ward—Pay 2 life\", 702.21a); P1 casts a Siege the other team protects and attacks it with the Warden; P2, P3 and P4 each hold a 2-damage bolt: a bolt at the other team's Warden triggers its ward, and its caster pays 2 of the team's life (119.4, 810.9: not with 1 left) or the bolt is countered; a bolt at a teammate's Warden does not (102.3)"),
    ("planeswalker", "3 players, 1 turn, defense 2: P2 and P3 each control Pool Walker (a planeswalker with loyalty 3 and no abilities) and a 2/2; P1, with a 3/3 trampler, casts a Pool Walker of its own (it enters with 3 loyalty counters, 306.5b) and a Siege, and attacks players, the Siege and the other players' planeswalkers, never its own (506.2, 508.1b; a Siege's controller may attack it, 310.9b); only a planeswalker's controller blocks for it (506.2, 509.1a); damage removes loyalty (120.3c), a trampler's excess too (702.19b), and a planeswalker at 0 loyalty goes to the graveyard (704.5i); P2 holds a 2-damage bolt (any target, 115.4), P3 a Threaten the Gates, which gains control of an attacked planeswalker and removes it from combat (506.4, 506.4c)"),
    ("deathtouch", "2 players, 1 turn, defense 3: P1 attacks a Siege P2 protects, or P2, with a 1/1 with deathtouch (Typhoid Rats) and a 3/3 trampler, not with a 0/3 with defender (Wall of Wood; 702.3b); P2 blocks with the same Rats and Wall: a creature dealt damage by the Rats is destroyed (702.2b, 704.5h), the Siege only loses that many counters"),
    ("prevention", "2 players, 1 turn, defense 3, life 6: P1 casts a Siege P2 protects and attacks it, or P2, with a 2/1 with lifelink (Child of Night) and a 3/3 trampler, and holds a 2-damage bolt; P2 blocks with a 2/2 and holds Fog (\"Prevent all combat damage that would be dealt this turn\", 615.1a): after it resolves no combat damage is dealt, to the Siege (no defense counters removed, 120.3h, so no defeat), to creatures or to players, and lifelink gains nothing (615.6, 702.15b); the bolt's damage is not combat damage and is still dealt; the effect ends with the turn (514.2)"),
    ("equipment", "2 players, 1 turn, defense 3, life 4: P1 controls Bonesplitter (\"Equipped creature gets +2/+0.\", \"Equip {1}\"; the model pays no mana) and a 2/2, casts a Siege P2 protects and Armored Bastion (synthetic: a battle that is also an Equipment, defense 4, which can never equip, 310.10), and equips its own creatures only as a sorcery (702.6a); the equipped 2/2 deals 4 damage, to the Siege (613.4c, 120.3h: it defeats it alone) or to P2 (lethal); P2 blocks with a 2/2 and holds a 2-damage bolt, whose kill leaves Bonesplitter unattached (704.5n), Become the Siege, which makes Bonesplitter a copy of the Siege (a battle: unattached, 310.10, 704.5p, and with no defense counters put into the graveyard, 704.5v) or the equipped creature one (no creature: Bonesplitter unattached, 704.5n), and Threaten the Gates, which takes the equipped creature and leaves Bonesplitter on it (301.5d), or takes the target of an equip ability, which then doesn't resolve (608.2b, 301.5b: control of the creature matters when the ability is activated and when it resolves)"),
];

impl Config {
    /// A named preset. Together the presets reach every witness.
    pub fn preset(name: &str) -> Result<Config, ConfigError> {
        let (turns, defense, seats): (u8, u8, Vec<Seat>) = match name {
            "default" => (
                1,
                2,
                vec![
                    seat(&[Siege, Bolt], &[Bear, Trampler]),
                    seat(&[Steal], &[Bear]),
                    seat(&[Steal], &[Bear]),
                ],
            ),
            "deep" => (
                1,
                2,
                vec![
                    seat(&[Siege, Bolt, Mimic], &[Bear, Trampler]),
                    seat(&[Steal], &[Bear]),
                    seat(&[Steal], &[Bear]),
                ],
            ),
            "duel" => (
                2,
                2,
                vec![
                    seat(&[Siege, Outpost, Bolt], &[Bear, Striker]),
                    seat(&[SiegeSorcery, Stifle], &[Bear]),
                ],
            ),
            "copies" => (
                1,
                2,
                vec![
                    seat(&[Siege, Mirror, Clone], &[Bear, Bear]),
                    seat(&[Bounce], &[Bear]),
                ],
            ),
            "mimic" => (
                1,
                2,
                vec![
                    seat(&[Siege, SiegeSorcery, Mimic, Animate], &[Bear, Bear]),
                    seat(&[], &[Bear]),
                ],
            ),
            "tiny" => (
                1,
                2,
                vec![seat(&[Siege], &[Bear, Bear]), seat(&[], &[Bear])],
            ),
            "table" => (
                1,
                3,
                vec![
                    seat(&[Siege, Erode], &[Cadet, Striker, Trampler]),
                    seat(&[], &[Bear]),
                    seat(&[], &[Bear]),
                    seat(&[], &[Bear]),
                ],
            ),
            "attack-left" => (
                1,
                4,
                vec![
                    seat(&[Siege, Bolt], &[Bear, Trampler]),
                    seat(&[], &[Bear]),
                    seat(&[Steal], &[Bear]),
                ],
            ),
            "attack-right" => (
                4,
                2,
                vec![
                    seat(&[Siege], &[Bear, Striker]),
                    seat(&[], &[Bear]),
                    seat(&[], &[Bear]),
                    seat(&[], &[Bear]),
                ],
            ),
            "range-1" => (
                1,
                3,
                vec![
                    seat(&[Siege], &[Cadet, Trampler]),
                    seat(&[Steal], &[Bear]),
                    seat(&[], &[Bear]),
                    seat(&[Steal], &[Bear]),
                ],
            ),
            "two-headed-giant" => (
                2,
                3,
                vec![
                    seat(&[], &[Bear]),
                    seat(&[Siege], &[Trampler]),
                    seat(&[Steal], &[Cadet]),
                    seat(&[], &[Bear]),
                ],
            ),
            "gobakhan" => (
                2,
                2,
                vec![
                    seat(&[Gobakhan], &[Bear]),
                    seat(&[Siege, Bolt], &[Cadet]),
                    seat(&[], &[Bear]),
                ],
            ),
            "zilortha" => (
                1,
                2,
                vec![
                    seat(&[Siege], &[Zilortha, Trampler, Striker, Cadet]),
                    seat(&[], &[Bear, Striker]),
                ],
            ),
            "reselect" => (
                1,
                2,
                vec![
                    seat(&[Siege, Outpost], &[Bear, Trampler]),
                    seat(&[PortalMage], &[Bear]),
                    seat(&[Bolt], &[Cadet]),
                ],
            ),
            "evasion" => (
                1,
                3,
                vec![
                    seat(&[Siege], &[Drake, Brute, Lifelinker]),
                    seat(&[], &[Spider, Bear]),
                ],
            ),
            "damage-bonus" => (
                1,
                3,
                vec![
                    seat(&[Siege, Bolt], &[Amplifier, Bear]),
                    seat(&[Bolt], &[Bear]),
                ],
            ),
            "double-strike" => (
                1,
                2,
                vec![seat(&[Siege], &[Ace, Bear]), seat(&[], &[Bear, Cadet])],
            ),
            "hexproof" => (
                1,
                3,
                vec![
                    seat(&[Siege], &[Scout]),
                    seat(&[Bolt], &[]),
                    seat(&[Bolt], &[Scout]),
                    seat(&[Bolt], &[]),
                ],
            ),
            "ward" => (
                1,
                3,
                vec![
                    seat(&[Siege], &[Warden]),
                    seat(&[Bolt], &[]),
                    seat(&[Bolt], &[Warden]),
                    seat(&[Bolt], &[]),
                ],
            ),
            "planeswalker" => (
                1,
                2,
                vec![
                    seat(&[Siege, Walker], &[Trampler]),
                    seat(&[Bolt], &[Walker, Bear]),
                    seat(&[Steal], &[Walker, Bear]),
                ],
            ),
            "deathtouch" => (
                1,
                3,
                vec![
                    seat(&[Siege], &[Rats, Trampler, Wall]),
                    seat(&[], &[Rats, Wall]),
                ],
            ),
            "equipment" => (
                1,
                3,
                vec![
                    seat(&[Siege, Bastion], &[Bonesplitter, Bear]),
                    seat(&[Bolt, Mimic, Steal], &[Bear]),
                ],
            ),
            "prevention" => (
                1,
                3,
                vec![
                    seat(&[Siege, Bolt], &[Lifelinker, Trampler]),
                    seat(&[Fog], &[Bear]),
                ],
            ),
            other => {
                let names: Vec<_> = PRESETS.iter().map(|p| p.0).collect();
                return Err(ConfigError(format!(
                    "unknown preset '{other}' (known presets: {})",
                    names.join(", ")
                )));
            }
        };
        let (life, variant) = match name {
            "attack-left" => (20, Variant::attack(AttackOption::Left)),
            "attack-right" => (20, Variant::attack(AttackOption::Right)),
            "range-1" => (3, Variant::range(1)),
            "two-headed-giant" | "hexproof" => (5, Variant::two_headed_giant()),
            "ward" => (3, Variant::two_headed_giant()),
            "evasion" => (7, Variant::default()),
            "prevention" => (6, Variant::default()),
            "equipment" => (4, Variant::default()),
            _ => (20, Variant::default()),
        };
        Ok(Config {
            name: name.to_string(),
            turns,
            life,
            defense,
            concede: true,
            seats,
            variant,
            faults: Vec::new(),
        })
    }

    pub fn players(&self) -> usize {
        self.seats.len()
    }

    /// Change the number of players: extra seats copy the last seat (so that
    /// they are interchangeable with it), fewer seats drop the last ones.
    pub fn set_players(&mut self, n: usize) -> Result<(), ConfigError> {
        if !(2..=MAX_PLAYERS).contains(&n) {
            return Err(ConfigError(format!(
                "--players must be 2 to {MAX_PLAYERS}, got {n}"
            )));
        }
        let last = self.seats.last().cloned().unwrap_or_default();
        self.seats.resize(n, last);
        Ok(())
    }

    /// Check every field; the error names the field and the bad value.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let err = |m: String| Err(ConfigError(m));
        if !(2..=MAX_PLAYERS).contains(&self.players()) {
            return err(format!(
                "players must be 2 to {MAX_PLAYERS}, got {}",
                self.players()
            ));
        }
        if !(1..=6).contains(&self.turns) {
            return err(format!("turns must be 1 to 6, got {}", self.turns));
        }
        if !(1..=40).contains(&self.life) {
            return err(format!("life must be 1 to 40, got {}", self.life));
        }
        if !(1..=9).contains(&self.defense) {
            return err(format!("defense must be 1 to 9, got {}", self.defense));
        }
        // Lifelink (702.15b) gains each lifelink creature's power at most
        // once a turn (no pool creature has double strike too); every
        // gain must fit the model's life totals.
        let lifelink: u32 = self
            .seats
            .iter()
            .flat_map(|s| s.hand.iter().chain(&s.battlefield))
            .map(|c| match c.kind(self.defense) {
                Kind::Creature {
                    power, keywords, ..
                } if keywords.has(Keyword::Lifelink) => u32::from(power),
                _ => 0,
            })
            .sum();
        let most = self.life as u32 + lifelink * u32::from(self.turns);
        if most > i8::MAX as u32 {
            return err(format!(
                "life {} with lifelink creatures of total power {lifelink} over {} turn(s) could reach {most}, more than the model's {}",
                self.life,
                self.turns,
                i8::MAX
            ));
        }
        if let Err(e) = self.variant.validate() {
            return err(format!("variant: {e}"));
        }
        // Ward triggers are put on the stack as a spell is cast (`ward`);
        // the model does not trigger them for Portal Mage's trigger, its
        // only ability that targets a creature.
        let cards = self.cards();
        let warded = cards.iter().any(|c| {
            matches!(c.kind(self.defense), Kind::Creature { keywords, .. } if keywords.has(Keyword::Ward))
        });
        if warded && cards.contains(&PortalMage) {
            return err(
                "a creature with ward and Portal Mage in one configuration: the model triggers ward for spells only, not for Portal Mage's trigger, which targets an attacking creature"
                    .into(),
            );
        }
        if self.variant.two_headed_giant && self.players() != 4 {
            return err(format!(
                "players must be 4 with Two-Headed Giant (810.1: two teams of two), got {}",
                self.players()
            ));
        }
        for (i, s) in self.seats.iter().enumerate() {
            if let Some(c) = s
                .battlefield
                .iter()
                .find(|c| !c.kind(self.defense).is_permanent() || **c == Clone)
            {
                return err(format!(
                    "seat {} battlefield: '{c}' can't start on the battlefield (only creatures and battles do; a clone must be cast)",
                    i + 1
                ));
            }
            if let Some(c) = s.battlefield.iter().find(|c| {
                !c.starts_transformed()
                    && matches!(
                        c.kind(self.defense),
                        Kind::Siege { .. } | Kind::Battle { .. }
                    )
            }) {
                return err(format!(
                    "seat {} battlefield: '{c}' must be cast to get a protector; put it in the hand",
                    i + 1
                ));
            }
        }
        let objects = self
            .seats
            .iter()
            .map(|s| s.hand.len() + s.battlefield.len())
            .sum::<usize>()
            + self
                .seats
                .iter()
                .flat_map(|s| &s.hand)
                .filter(|c| **c == Mirror)
                .count();
        if objects > MAX_OBJECTS {
            return err(format!(
                "too many cards: {objects} objects (cards and tokens), at most {MAX_OBJECTS}"
            ));
        }
        self.validate_stack()
    }

    /// The state's stack and its waiting triggers have fixed capacities
    /// ([`MAX_STACK`], [`MAX_WAITING`]). What can be on them at once: a
    /// spell for each card in a hand (battles start in hands), and a defeat
    /// trigger (310.12b) for each object that can be a battle — Sieges and
    /// other battles, the token a Mirror makes, a Clone, the permanent a
    /// Mimic turns into a Siege — one at a time each, plus one more per
    /// Bounce (a Siege returned and cast again can be defeated again while
    /// its first trigger waits), and with Invasion of Gobakhan its enters
    /// trigger, for it and for each copy of it.
    fn validate_stack(&self) -> Result<(), ConfigError> {
        let cards = || {
            self.seats
                .iter()
                .flat_map(|s| s.hand.iter().chain(&s.battlefield))
        };
        let in_hands: usize = self.seats.iter().map(|s| s.hand.len()).sum();
        let can_be_battles = cards()
            .filter(|c| {
                matches!(
                    c.kind(self.defense),
                    Kind::Siege { .. }
                        | Kind::Battle { .. }
                        | Kind::Mirror
                        | Kind::Clone
                        | Kind::Mimic
                )
            })
            .count();
        let bounces = cards().filter(|c| **c == Bounce).count();
        // Invasion of Gobakhan's enters trigger: one for it and one for
        // each copy of it that can enter.
        let gobakhans = cards().filter(|c| **c == Gobakhan).count();
        let copies = cards().filter(|c| matches!(c, Mirror | Clone)).count();
        let enters = if gobakhans > 0 { gobakhans + copies } else { 0 };
        // A ward trigger (702.21a) for each creature with ward a spell in
        // a hand targets: one target each, two for a Mimic. They go on
        // the stack at once and never wait (`ward`).
        let wards = cards()
            .filter(|c| matches!(c.kind(self.defense), Kind::Creature { keywords, .. } if keywords.has(Keyword::Ward)))
            .count();
        let ward_triggers: usize = self
            .seats
            .iter()
            .flat_map(|s| &s.hand)
            .map(|c| c.kind(self.defense).target_count().min(wards))
            .sum();
        let triggers = can_be_battles + bounces + enters;
        if in_hands + triggers + ward_triggers > MAX_STACK || triggers > MAX_WAITING {
            return Err(ConfigError(format!(
                "too many cards for the model's stack: {in_hands} cards in hands and {} possible triggers \
                 ({can_be_battles} objects that can be battles, {bounces} bounces, {enters} enters triggers, {ward_triggers} ward triggers) could be on it at once; \
                 the stack holds {MAX_STACK} items and at most {MAX_WAITING} triggers may wait",
                triggers + ward_triggers
            )));
        }
        Ok(())
    }

    /// The cards the players start with, in hand or on the battlefield.
    fn cards(&self) -> Vec<CardName> {
        self.seats
            .iter()
            .flat_map(|s| s.hand.iter().chain(&s.battlefield))
            .copied()
            .collect()
    }

    /// Why this configuration lacks feature `f`, in words: the feature's
    /// name, or for burn that is there but too small to defeat a battle
    /// (defense above the most a spell deals), that.
    pub fn lacks(&self, f: Feature) -> String {
        let most_burn = self
            .cards()
            .iter()
            .filter_map(|c| match c.kind(self.defense) {
                Kind::Burn { amount } => Some(amount),
                _ => None,
            })
            .max();
        match (f, most_burn) {
            (Feature::Burn, Some(most)) => format!(
                "Burn (the burn spell deals {most}, less than defense {})",
                self.defense
            ),
            _ => format!("{f:?}"),
        }
    }

    /// The features of the game this configuration can reach, which decide
    /// which witnesses apply.
    pub fn features(&self) -> Vec<Feature> {
        let cards = self.cards();
        let has = |c: CardName| cards.contains(&c);
        let creatures = |s: &Seat| {
            s.hand
                .iter()
                .chain(&s.battlefield)
                .filter(|c| matches!(c.kind(1), Kind::Creature { .. }))
                .count()
        };
        let mut f = Vec::new();
        let mut add = |cond: bool, feat| {
            if cond {
                f.push(feat)
            }
        };
        add(has(Siege), Feature::PermanentBackSiege);
        add(has(SiegeSorcery), Feature::SorceryBackSiege);
        add(has(Outpost), Feature::NonSiegeBattle);
        add(has(Striker), Feature::FirstStrike);
        add(has(Trampler), Feature::Trample);
        let burn = cards.iter().any(
            |c| matches!(c.kind(self.defense), Kind::Burn { amount } if amount >= self.defense),
        );
        add(burn, Feature::Burn);
        add(has(Erode), Feature::RemoveCounters);
        add(has(Steal), Feature::GainControl);
        add(has(Mirror), Feature::TokenCopy);
        add(has(Clone), Feature::CloneCopy);
        add(has(Mimic), Feature::BecomeCopy);
        add(has(Stifle), Feature::CounterTrigger);
        add(has(Bounce), Feature::Bounce);
        add(has(Animate), Feature::Animate);
        // With Two-Headed Giant a player who leaves takes their team, and the
        // game, with them (810.8a-b): nobody plays on after a departure.
        add(
            self.concede && self.players() >= 3 && !self.variant.two_headed_giant,
            Feature::Multiplayer,
        );
        add(
            self.seats.iter().any(|s| creatures(s) >= 2),
            Feature::TwoAttackers,
        );
        add(
            self.seats.iter().skip(1).any(|s| creatures(s) >= 1),
            Feature::Blocker,
        );
        add(
            !self.variant.is_default() && !self.variant.two_headed_giant,
            Feature::MultiplayerOption,
        );
        add(self.variant.range.is_some(), Feature::RangeOfInfluence);
        add(
            has(PortalMage) && self.players() >= 3 && self.variant.attack == AttackOption::Multiple,
            Feature::Reselect,
        );
        add(self.variant.two_headed_giant, Feature::TwoHeadedGiant);
        // C02: a battle in the hand of a player who does not hold Invasion
        // of Gobakhan, and a turn of theirs after the first to cast it in.
        let battle_held_by_another = self.seats.iter().any(|s| {
            !s.hand.contains(&Gobakhan)
                && s.hand.iter().any(|c| {
                    matches!(
                        c.kind(self.defense),
                        Kind::Siege { .. } | Kind::Battle { .. }
                    )
                })
        });
        add(
            has(Gobakhan) && self.turns >= 2 && battle_held_by_another,
            Feature::PlayFromExile,
        );
        // C04: Zilortha in play for a seat that takes a turn with a Siege
        // to cast and attack, and a creature on another seat to block.
        let zilortha_attacks_a_siege = self.seats.iter().enumerate().any(|(i, s)| {
            i < usize::from(self.turns)
                && s.battlefield.contains(&Zilortha)
                && s.hand
                    .iter()
                    .any(|c| matches!(c.kind(self.defense), Kind::Siege { .. }))
        });
        let blocker = self.seats.iter().skip(1).any(|s| creatures(s) >= 1);
        add(zilortha_attacks_a_siege && blocker, Feature::AsUnblocked);
        f
    }
}

/// One object of the setup: a card, or the slot of the token a card makes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjectDef {
    pub name: CardName,
    pub kind: Kind,
    pub owner: PlayerId,
    pub token: bool,
    /// Where a card starts (`Outside` for token slots).
    pub start: battlecheck_properties::Zone,
    /// For a `mirror` card: the slot of the token it makes.
    pub token_slot: Option<CardId>,
    /// The characteristics of its front face and of its back face.
    pub front: Chars,
    pub back: Chars,
}

/// A validated configuration, laid out for the model: the objects with their
/// numbers, and the seats that are interchangeable.
#[derive(Debug)]
pub struct Setup {
    pub config: Config,
    pub objects: Vec<ObjectDef>,
    pub faults: Faults,
    /// `class[p]`: seats with equal class have identical starting cards in
    /// the same order, so that renaming one into the other maps their
    /// objects one to one (used by the symmetry reduction).
    pub class: [u8; MAX_PLAYERS],
    /// `seat_objects[p]`: seat p's objects, cards in setup order then its
    /// token slots; equal-class seats map onto each other index by index.
    pub seat_objects: Vec<Vec<CardId>>,
    /// Set when an outcome depended on seating: triggered abilities of two
    /// or more nonactive players went on the stack together (their APNAP
    /// order, 603.3b). Renaming nonactive players is then not an exact
    /// symmetry of that run.
    pub seat_order_mattered: AtomicBool,
    /// `renamings[active]`: the seat permutations that fix `active` and map
    /// every seat to one of its class, identity excluded (see `symmetry`).
    pub renamings: Vec<Vec<Renaming>>,
    /// `fixed[active]`: what every renaming of `renamings[active]` leaves
    /// in place.
    pub fixed: Vec<Fixed>,
    /// The card names in the game, bit `i` for `CardName::ALL[i]`: rules
    /// of a single card are skipped at once in games without it.
    names: u64,
}

/// A renaming of seats (`seat[p]` is p's new seat) with the induced
/// renaming of objects (`object[i]` is object i's new number), and both
/// the other way (`seat_from[q]`: the seat that becomes q; `object_from[j]`:
/// the object that becomes number j).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Renaming {
    pub seat: [u8; MAX_PLAYERS],
    pub object: Vec<u8>,
    pub seat_from: [u8; MAX_PLAYERS],
    pub object_from: Vec<u8>,
    /// The same renaming of the bytes that name a seat or an object in a
    /// state's layout (`check::fingerprint`): `seat_byte[p]` is
    /// `seat[p]`, `opt_seat_byte[0]` is 0 (none) and `opt_seat_byte[p + 1]`
    /// is `seat[p] + 1`, likewise for objects. Sized to powers of two and
    /// the identity beyond the game's seats and objects, so that a byte
    /// masked to the size indexes them without a bounds check.
    pub seat_byte: [u8; 8],
    pub opt_seat_byte: [u8; 8],
    pub object_byte: [u8; 32],
    pub opt_object_byte: [u8; 32],
}

impl Renaming {
    /// The renaming that gives seat p the seat `perm[p]`, and object i the
    /// number `object[i]`.
    fn new(perm: &[u8], object: Vec<u8>) -> Renaming {
        const { assert!(MAX_PLAYERS < 8 && MAX_OBJECTS < 32) };
        let mut seat = [0u8; MAX_PLAYERS];
        seat[..perm.len()].copy_from_slice(perm);
        let mut seat_from = [0u8; MAX_PLAYERS];
        for (from, &to) in perm.iter().enumerate() {
            seat_from[to as usize] = from as u8;
        }
        let mut object_from = vec![0u8; object.len()];
        for (from, &to) in object.iter().enumerate() {
            object_from[to as usize] = from as u8;
        }
        let mut seat_byte: [u8; 8] = std::array::from_fn(|b| b as u8);
        let mut opt_seat_byte = seat_byte;
        for (p, &q) in perm.iter().enumerate() {
            seat_byte[p] = q;
            opt_seat_byte[p + 1] = q + 1;
        }
        let mut object_byte: [u8; 32] = std::array::from_fn(|b| b as u8);
        let mut opt_object_byte = object_byte;
        for (i, &j) in object.iter().enumerate() {
            object_byte[i] = j;
            opt_object_byte[i + 1] = j + 1;
        }
        Renaming {
            seat,
            object,
            seat_from,
            object_from,
            seat_byte,
            opt_seat_byte,
            object_byte,
            opt_object_byte,
        }
    }
}

/// The seats (bit p) and the objects (bit i) that each of a list of
/// renamings maps to themselves. An object that keeps its number and
/// names only such seats and objects is laid out alike by all of them
/// (see `GameState::least_renaming`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fixed {
    pub seats: u8,
    pub objects: u32,
}

impl Fixed {
    fn of(renamings: &[Renaming], n_objects: usize) -> Fixed {
        const { assert!(MAX_PLAYERS <= 8 && MAX_OBJECTS <= 32) };
        let mut fixed = Fixed {
            seats: u8::MAX,
            objects: ((1u64 << n_objects) - 1) as u32,
        };
        for r in renamings {
            for (p, &q) in r.seat.iter().enumerate() {
                if p != q as usize {
                    fixed.seats &= !(1 << p);
                }
            }
            for (i, &j) in r.object.iter().enumerate() {
                if i != j as usize {
                    fixed.objects &= !(1 << i);
                }
            }
        }
        fixed
    }

    pub fn seat(self, p: PlayerId) -> bool {
        self.seats & 1 << p.0 != 0
    }

    pub fn object(self, c: CardId) -> bool {
        self.objects & 1 << c.0 != 0
    }
}

impl Setup {
    pub fn new(config: Config) -> Result<Setup, ConfigError> {
        config.validate()?;
        let mut objects = Vec::new();
        let mut seat_objects = vec![Vec::new(); config.players()];
        for (p, s) in config.seats.iter().enumerate() {
            for (&name, zone) in s
                .battlefield
                .iter()
                .map(|c| (c, battlecheck_properties::Zone::Battlefield))
                .chain(
                    s.hand
                        .iter()
                        .map(|c| (c, battlecheck_properties::Zone::Hand)),
                )
            {
                seat_objects[p].push(CardId(objects.len() as u8));
                let kind = name.kind(config.defense);
                objects.push(ObjectDef {
                    name,
                    kind,
                    owner: PlayerId(p as u8),
                    token: false,
                    start: zone,
                    token_slot: None,
                    front: Chars::of_kind(kind, false),
                    back: Chars::of_kind(kind, true),
                });
            }
        }
        for (p, seat) in seat_objects.iter_mut().enumerate() {
            for i in 0..seat.len() {
                let card = seat[i];
                if objects[card.0 as usize].name == CardName::Mirror {
                    let slot = CardId(objects.len() as u8);
                    objects[card.0 as usize].token_slot = Some(slot);
                    objects.push(ObjectDef {
                        name: CardName::Mirror,
                        kind: Kind::Mirror,
                        owner: PlayerId(p as u8),
                        token: true,
                        start: battlecheck_properties::Zone::Outside,
                        token_slot: None,
                        front: Chars::default(),
                        back: Chars::default(),
                    });
                    seat.push(slot);
                }
            }
        }
        let mut class = [0u8; MAX_PLAYERS];
        for p in 0..config.players() {
            class[p] = (0..p)
                .find(|&q| config.seats[q] == config.seats[p])
                .map_or(p as u8, |q| class[q]);
        }
        let faults = Faults::of(&config.faults);
        let renamings: Vec<Vec<Renaming>> = (0..config.players())
            .map(|a| renamings(a, &class, &seat_objects, objects.len(), &config.variant))
            .collect();
        let fixed = renamings
            .iter()
            .map(|r| Fixed::of(r, objects.len()))
            .collect();
        let names = objects.iter().fold(0, |bits, d| bits | name_bit(d.name));
        Ok(Setup {
            config,
            objects,
            faults,
            class,
            seat_objects,
            seat_order_mattered: AtomicBool::new(false),
            renamings,
            fixed,
            names,
        })
    }

    /// Is a card named `name` in the game?
    #[inline]
    pub fn has(&self, name: CardName) -> bool {
        self.names & name_bit(name) != 0
    }

    pub fn players(&self) -> usize {
        self.config.players()
    }

    pub fn def(&self, id: CardId) -> &ObjectDef {
        &self.objects[id.0 as usize]
    }

    #[inline]
    pub fn fault(&self, f: Fault) -> bool {
        self.faults.has(f)
    }
}

/// Every card name has its own bit of [`Setup::has`]'s set.
const _: () = assert!(CardName::ALL.len() <= u64::BITS as usize);

/// The bit of `name` in [`Setup::has`]'s set.
fn name_bit(name: CardName) -> u64 {
    1 << CardName::ALL
        .iter()
        .position(|&n| n == name)
        .expect("every card name is in CardName::ALL")
}

/// Every permutation of the seats other than `active` that keeps each seat
/// in its class and every seating relation the variant reads (its
/// directions and distances, see [`Variant::preserved_by`]), except the
/// identity, with the induced object renaming.
fn renamings(
    active: usize,
    class: &[u8; MAX_PLAYERS],
    seat_objects: &[Vec<CardId>],
    n_objects: usize,
    variant: &Variant,
) -> Vec<Renaming> {
    let n = seat_objects.len();
    let mut out = Vec::new();
    let mut perm: Vec<u8> = (0..n as u8).collect();
    permute(&mut perm, 0, &mut |p| {
        let identity = p.iter().enumerate().all(|(i, &q)| i == q as usize);
        let valid = p[active] as usize == active
            && (0..n).all(|i| class[i] == class[p[i] as usize])
            && variant.preserved_by(p);
        if valid && !identity {
            let mut object: Vec<u8> = (0..n_objects as u8).collect();
            for (from, &to) in p.iter().enumerate() {
                for (a, b) in seat_objects[from].iter().zip(&seat_objects[to as usize]) {
                    object[a.0 as usize] = b.0;
                }
            }
            out.push(Renaming::new(p, object));
        }
    });
    out
}

fn permute(p: &mut Vec<u8>, k: usize, f: &mut impl FnMut(&[u8])) {
    if k == p.len() {
        return f(p);
    }
    for i in k..p.len() {
        p.swap(k, i);
        permute(p, k + 1, f);
        p.swap(k, i);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No two card names share a bit: a bit beyond the set's width
    /// overflows in a build with overflow checks and wraps onto another
    /// name's bit without them.
    #[test]
    fn every_card_name_has_its_own_bit() {
        let mut seen = 0u64;
        for &name in CardName::ALL.iter() {
            let bit = name_bit(name);
            assert_eq!(bit.count_ones(), 1, "{name:?}");
            assert_eq!(seen & bit, 0, "{name:?} shares a bit");
            seen |= bit;
        }
    }
}
