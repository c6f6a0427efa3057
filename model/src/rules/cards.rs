//! The model's card pool: each card kind exercises one part of the battle
//! rules. Rules text is reduced to what interacts with battles.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// What a Siege's back face is (712.8c: cast transformed, the spell has only
/// its back face's characteristics).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum BackFace {
    /// A creature permanent (e.g. Invasion of Ergamon // Truga Cliffcharger, a 3/3).
    Creature { power: u8, toughness: u8 },
    /// A sorcery (e.g. Invasion of Alara // Awaken the Maelstrom); its text is
    /// reduced to nothing, so it only resolves and goes to the graveyard.
    Sorcery,
    /// Zilortha, Apex of Ikoria (Legendary Creature — Dinosaur, 8/8), the
    /// back face of Invasion of Ikoria: "Reach. For each non-Human creature
    /// you control, you may have that creature assign its combat damage as
    /// though it weren't blocked." (checklist C04). The legend rule never
    /// applies with one Zilortha per player.
    Zilortha,
    /// An enchantment permanent (Invasion of Gobakhan // Lightshield Array):
    /// it resolves and stays on the battlefield, neither a creature nor a
    /// battle; its abilities are in `lightshield`.
    Enchantment,
}

impl BackFace {
    /// Whether the back face is a permanent's (712.14a: a permanent cast
    /// transformed enters back face up), rather than a sorcery's, which
    /// goes to the graveyard as it resolves (608.2n).
    pub fn is_permanent(self) -> bool {
        match self {
            BackFace::Creature { .. } | BackFace::Zilortha | BackFace::Enchantment => true,
            BackFace::Sorcery => false,
        }
    }
}

/// The keyword abilities of the pool's creatures, each of which changes
/// how they fight over battles (702): a set of [`Keyword`]s.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
pub struct Keywords(u16);

/// One keyword ability (702).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[repr(u8)]
pub enum Keyword {
    /// 702.7b: deals combat damage in the first-strike damage step (510.4).
    FirstStrike,
    /// 702.19b: may assign excess combat damage to what it attacks, a
    /// battle included.
    Trample,
    /// 702.9b: can't be blocked except by creatures with flying or reach.
    Flying,
    /// 702.17b: can block creatures with flying.
    Reach,
    /// 702.111b: can't be blocked except by two or more creatures.
    Menace,
    /// 702.15b: damage it deals also makes its controller gain that much
    /// life (120.3f), whatever it is dealt to, a battle included.
    Lifelink,
    /// 702.2b: a creature it deals damage to is destroyed (704.5h); a
    /// battle it deals damage to only loses that many defense counters
    /// (310.6). (702.2c, lethal damage for a trampler with deathtouch,
    /// never applies: no pool creature has both.)
    Deathtouch,
    /// 702.3b: can't attack, a battle included; it can still block.
    Defender,
    /// 702.4b: deals both first-strike and regular combat damage (510.4),
    /// to a battle too, unless the first defeated it and it left combat.
    DoubleStrike,
    /// 702.11b: can't be the target of spells or abilities its
    /// controller's opponents control; in a team game a teammate is no
    /// opponent (102.3), so a teammate's spell may target it.
    Hexproof,
    /// 702.21a: "Ward—Pay 2 life", the pool's only ward: whenever it
    /// becomes the target of a spell an opponent of its controller
    /// controls, that spell is countered unless that player pays 2 life
    /// (`ward`).
    Ward,
}

impl Keywords {
    pub const NONE: Keywords = Keywords(0);

    /// The set of `keywords`.
    pub const fn of(keywords: &[Keyword]) -> Keywords {
        let mut bits: u16 = 0;
        let mut i = 0;
        while i < keywords.len() {
            bits |= 1 << keywords[i] as u8;
            i += 1;
        }
        Keywords(bits)
    }

    #[inline]
    pub fn has(self, k: Keyword) -> bool {
        self.0 & (1 << k as u8) != 0
    }
}

/// The kinds of card in the model's pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Kind {
    /// Battle — Siege, a nonmodal double-faced card (310.12).
    Siege { defense: u8, back: BackFace },
    /// A battle with no battle type: only its controller may protect it
    /// (310.9a). `equipment`: it is also an Artifact — Equipment with
    /// "Equip {2}", which it can never use (310.10, `equip`).
    Battle { defense: u8, equipment: bool },
    /// A creature with its keyword abilities; `human`: its creature types
    /// include Human (205.3m).
    Creature {
        power: u8,
        toughness: u8,
        keywords: Keywords,
        human: bool,
    },
    /// Instant: deals `amount` damage to any target (115.4).
    Burn { amount: u8 },
    /// Instant: remove `amount` defense counters from target battle (not damage).
    Erode { amount: u8 },
    /// Instant: gain control of target permanent.
    Steal,
    /// Instant: create a token that's a copy of target battle (707.5, 111.2).
    Mirror,
    /// Creature card (not double-faced): enters as a copy of a battle on the
    /// battlefield of its controller's choice (707.5), or as a 0/0.
    Clone,
    /// Instant: target permanent becomes a copy of target Siege (707.2).
    Mimic,
    /// Instant: counter target triggered ability (701.6b).
    Stifle,
    /// Instant: return target permanent to its owner's hand.
    Bounce,
    /// Instant: target permanent becomes a 2/2 creature in addition to its other types.
    Animate,
    /// Portal Mage ({2}{U}, Creature — Human Wizard, 2/2): "Flash. When this
    /// creature enters during the declare attackers step, you may reselect
    /// which player or permanent target attacking creature is attacking.
    /// (It can't attack its controller or its controller's planeswalkers.)"
    /// (702.8 flash; 508.7 reselecting).
    PortalMage,
    /// Enchantment: "If a noncreature source you control would deal damage
    /// to a creature, battle, or opponent, it deals that much damage plus
    /// `bonus` instead" (614.1a; `replacement`).
    Amplifier { bonus: u8 },
    /// A planeswalker with no loyalty abilities: it enters with `loyalty`
    /// loyalty counters (306.5b), loses one per damage dealt to it (120.3c,
    /// 306.8) and is put into its owner's graveyard at 0 (704.5i). It may
    /// be attacked by its controller's opponents, never by its controller
    /// (506.2, 508.1b), unlike a Siege (310.9b).
    Planeswalker { loyalty: u8 },
    /// Instant: "Prevent all combat damage that would be dealt this turn"
    /// (615.1a; `prevention`). No targets.
    Fog,
    /// Artifact — Equipment: "Equipped creature gets +`power`/+0." and
    /// "Equip {1}" (702.6a; `equip`). The model has no mana: the equip
    /// cost is not paid.
    Equipment { power: u8 },
}

/// Named cards the configuration refers to. `defense` in names like
/// `siege` comes from the configuration's default defense.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CardName {
    /// A Siege with a 3/3 creature back face.
    Siege,
    /// A Siege with a sorcery back face.
    SiegeSorcery,
    /// A battle with no battle type.
    Outpost,
    /// 1/1 Human Soldier (Eager Cadet).
    Cadet,
    /// 2/2.
    Bear,
    /// 2/1 first strike.
    Striker,
    /// 3/3 trample.
    Trampler,
    /// 2 damage to any target.
    Bolt,
    /// Remove 2 defense counters from target battle.
    Erode,
    Steal,
    Mirror,
    Clone,
    Mimic,
    Stifle,
    Bounce,
    Animate,
    /// Portal Mage, a real card: a 2/2 with flash whose enters trigger
    /// reselects what an attacking creature attacks (508.7).
    PortalMage,
    /// Wind Drake ({2}{U}, Creature — Drake, 2/2): "Flying".
    Drake,
    /// Giant Spider ({3}{G}, Creature — Spider, 2/4): "Reach".
    Spider,
    /// Boggart Brute ({2}{R}, Creature — Goblin Warrior, 3/2): "Menace".
    Brute,
    /// Child of Night ({1}{B}, Creature — Vampire, 2/1): "Lifelink".
    Lifelinker,
    /// Typhoid Rats ({B}, Creature — Rat, 1/1): "Deathtouch".
    Rats,
    /// Wall of Wood ({G}, Creature — Wall, 0/3): "Defender".
    Wall,
    /// Fencing Ace ({1}{W}, Creature — Human Soldier, 1/1): "Double
    /// strike".
    Ace,
    /// Pool Amplifier ({1}{R}, Enchantment), a synthetic card with the
    /// damage replacement of Disciples of the Inferno (the back face of
    /// Invasion of Regatha) alone: "If a noncreature source you control
    /// would deal damage to a creature, battle, or opponent, it deals that
    /// much damage plus 2 instead."
    Amplifier,
    /// Gladecover Scout ({G}, Creature — Elf Scout, 1/1): "Hexproof".
    Scout,
    /// Pool Warden ({1}{W}, Creature — Soldier, 2/2), a synthetic card with
    /// the ward of Refraction Elemental (the back face of Invasion of
    /// Karsus) alone: "Ward—Pay 2 life."
    Warden,
    /// Pool Walker ({2}{W}, Planeswalker — Pool, loyalty 3), a synthetic
    /// planeswalker with no abilities: something to attack beside players
    /// and battles (508.1b), whose loyalty damage removes (120.3c).
    Walker,
    /// Fog ({G}, Instant), a real card: "Prevent all combat damage that
    /// would be dealt this turn."
    Fog,
    /// Bonesplitter ({1}, Artifact — Equipment), a real card: "Equipped
    /// creature gets +2/+0." and "Equip {1}".
    Bonesplitter,
    /// Armored Bastion ({3}, Battle Artifact — Equipment, defense 4, at
    /// its printed defense whatever the configuration's), a synthetic card
    /// (no printed battle is an Equipment): "Equip {2}". A battle can't be
    /// attached to anything, even if it is also an Equipment (310.10), so
    /// its equip ability can never be activated.
    Bastion,
    /// Invasion of Gobakhan ({1}{W}, Battle — Siege, defense 3), a real
    /// card, at its printed defense whatever the configuration's: "When
    /// this Siege enters, look at target opponent's hand. You may exile a
    /// nonland card from it. For as long as that card remains exiled, its
    /// owner may play it. A spell cast this way costs {2} more to cast."
    /// Back face Lightshield Array, an enchantment whose abilities are in
    /// `lightshield` (checklist C02). The model has no mana, so the cost
    /// increase is not modelled, and no lands, so every card is a nonland
    /// card and none is played as a land.
    Gobakhan,
    /// Invasion of Ikoria ({X}{G}{G}, Battle — Siege, defense 6) on the
    /// battlefield transformed, as Zilortha, Apex of Ikoria (an 8/8 with
    /// Zilortha's static ability, [`BackFace::Zilortha`]; checklist C04).
    /// Returned to a hand it is Invasion of Ikoria again, a Siege at its
    /// printed defense whose front text ("When this Siege enters, search
    /// your library and/or graveyard for a non-Human creature card with
    /// mana value X or less ...") the model reduces to nothing: it has no
    /// libraries or mana, and cast from a hand X is 0.
    Zilortha,
}

impl CardName {
    pub const ALL: [CardName; 33] = [
        CardName::Siege,
        CardName::SiegeSorcery,
        CardName::Outpost,
        CardName::Cadet,
        CardName::Bear,
        CardName::Striker,
        CardName::Trampler,
        CardName::Bolt,
        CardName::Erode,
        CardName::Steal,
        CardName::Mirror,
        CardName::Clone,
        CardName::Mimic,
        CardName::Stifle,
        CardName::Bounce,
        CardName::Animate,
        CardName::PortalMage,
        CardName::Gobakhan,
        CardName::Zilortha,
        CardName::Drake,
        CardName::Spider,
        CardName::Brute,
        CardName::Lifelinker,
        CardName::Rats,
        CardName::Wall,
        CardName::Ace,
        CardName::Amplifier,
        CardName::Scout,
        CardName::Warden,
        CardName::Walker,
        CardName::Fog,
        CardName::Bonesplitter,
        CardName::Bastion,
    ];

    /// The card this pool card stands for, as the engine's catalogue names
    /// it (`engine/cards/model-pool.json` and `engine/cards/test-cards.json`;
    /// real cards by their Oracle name), battles at `defense`: the name
    /// reports and the Explorer show.
    pub fn card_name(self, defense: u8) -> String {
        match self {
            CardName::Siege => format!("Pool Siege {defense}"),
            CardName::SiegeSorcery => format!("Pool Sorcery Siege {defense}"),
            CardName::Outpost => format!("Pool Outpost {defense}"),
            CardName::Cadet => "Eager Cadet".into(),
            CardName::Bear => "Grizzly Bears".into(),
            CardName::Striker => "Pool Striker".into(),
            CardName::Trampler => "Pool Trampler".into(),
            CardName::Bolt => "Shock".into(),
            CardName::Erode => "Pool Erode".into(),
            CardName::Steal => "Threaten the Gates".into(),
            CardName::Mirror => "Mirror the Front".into(),
            CardName::Clone => "Mirrorwall Mimic".into(),
            CardName::Mimic => "Become the Siege".into(),
            CardName::Stifle => "Stifle the Call".into(),
            CardName::Bounce => "Boomerang".into(),
            CardName::Animate => "Animate the Walls".into(),
            CardName::PortalMage => "Portal Mage".into(),
            CardName::Gobakhan => "Invasion of Gobakhan".into(),
            CardName::Zilortha => "Invasion of Ikoria".into(),
            CardName::Drake => "Wind Drake".into(),
            CardName::Spider => "Giant Spider".into(),
            CardName::Brute => "Boggart Brute".into(),
            CardName::Lifelinker => "Child of Night".into(),
            CardName::Rats => "Typhoid Rats".into(),
            CardName::Wall => "Wall of Wood".into(),
            CardName::Ace => "Fencing Ace".into(),
            CardName::Amplifier => "Pool Amplifier".into(),
            CardName::Scout => "Gladecover Scout".into(),
            CardName::Warden => "Pool Warden".into(),
            CardName::Walker => "Pool Walker".into(),
            CardName::Fog => "Fog".into(),
            CardName::Bonesplitter => "Bonesplitter".into(),
            CardName::Bastion => "Armored Bastion".into(),
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            CardName::Siege => "siege",
            CardName::SiegeSorcery => "siege-sorcery",
            CardName::Outpost => "outpost",
            CardName::Cadet => "cadet",
            CardName::Bear => "bear",
            CardName::Striker => "striker",
            CardName::Trampler => "trampler",
            CardName::Bolt => "bolt",
            CardName::Erode => "erode",
            CardName::Steal => "steal",
            CardName::Mirror => "mirror",
            CardName::Clone => "clone",
            CardName::Mimic => "mimic",
            CardName::Stifle => "stifle",
            CardName::Bounce => "bounce",
            CardName::Animate => "animate",
            CardName::PortalMage => "portal-mage",
            CardName::Gobakhan => "gobakhan",
            CardName::Zilortha => "zilortha",
            CardName::Drake => "drake",
            CardName::Spider => "spider",
            CardName::Brute => "brute",
            CardName::Lifelinker => "lifelinker",
            CardName::Rats => "rats",
            CardName::Wall => "wall",
            CardName::Ace => "ace",
            CardName::Amplifier => "amplifier",
            CardName::Scout => "scout",
            CardName::Warden => "warden",
            CardName::Walker => "walker",
            CardName::Fog => "fog",
            CardName::Bonesplitter => "bonesplitter",
            CardName::Bastion => "bastion",
        }
    }

    /// Does the card start on the battlefield back face up? Zilortha is
    /// Invasion of Ikoria transformed: a Siege defeated and cast
    /// transformed before the game began (its history says so).
    pub fn starts_transformed(self) -> bool {
        self == CardName::Zilortha
    }

    /// The card's kind, with `defense` for battles.
    pub fn kind(self, defense: u8) -> Kind {
        match self {
            CardName::Siege => Kind::Siege {
                defense,
                back: BackFace::Creature {
                    power: 3,
                    toughness: 3,
                },
            },
            CardName::SiegeSorcery => Kind::Siege {
                defense,
                back: BackFace::Sorcery,
            },
            CardName::Outpost => Kind::Battle {
                defense,
                equipment: false,
            },
            CardName::Bastion => Kind::Battle {
                defense: 4,
                equipment: true,
            },
            CardName::Cadet => Kind::Creature {
                power: 1,
                toughness: 1,
                keywords: Keywords::NONE,
                human: true,
            },
            CardName::Bear => Kind::Creature {
                power: 2,
                toughness: 2,
                keywords: Keywords::NONE,
                human: false,
            },
            CardName::Striker => Kind::Creature {
                power: 2,
                toughness: 1,
                keywords: Keywords::of(&[Keyword::FirstStrike]),
                human: false,
            },
            CardName::Trampler => Kind::Creature {
                power: 3,
                toughness: 3,
                keywords: Keywords::of(&[Keyword::Trample]),
                human: false,
            },
            CardName::Drake => Kind::Creature {
                power: 2,
                toughness: 2,
                keywords: Keywords::of(&[Keyword::Flying]),
                human: false,
            },
            CardName::Spider => Kind::Creature {
                power: 2,
                toughness: 4,
                keywords: Keywords::of(&[Keyword::Reach]),
                human: false,
            },
            CardName::Brute => Kind::Creature {
                power: 3,
                toughness: 2,
                keywords: Keywords::of(&[Keyword::Menace]),
                human: false,
            },
            CardName::Lifelinker => Kind::Creature {
                power: 2,
                toughness: 1,
                keywords: Keywords::of(&[Keyword::Lifelink]),
                human: false,
            },
            CardName::Rats => Kind::Creature {
                power: 1,
                toughness: 1,
                keywords: Keywords::of(&[Keyword::Deathtouch]),
                human: false,
            },
            CardName::Wall => Kind::Creature {
                power: 0,
                toughness: 3,
                keywords: Keywords::of(&[Keyword::Defender]),
                human: false,
            },
            CardName::Ace => Kind::Creature {
                power: 1,
                toughness: 1,
                keywords: Keywords::of(&[Keyword::DoubleStrike]),
                human: true,
            },
            CardName::Scout => Kind::Creature {
                power: 1,
                toughness: 1,
                keywords: Keywords::of(&[Keyword::Hexproof]),
                human: false,
            },
            CardName::Warden => Kind::Creature {
                power: 2,
                toughness: 2,
                keywords: Keywords::of(&[Keyword::Ward]),
                human: false,
            },
            CardName::Amplifier => Kind::Amplifier { bonus: 2 },
            CardName::Walker => Kind::Planeswalker { loyalty: 3 },
            CardName::Fog => Kind::Fog,
            CardName::Bonesplitter => Kind::Equipment { power: 2 },
            CardName::Bolt => Kind::Burn { amount: 2 },
            CardName::Erode => Kind::Erode { amount: 2 },
            CardName::Steal => Kind::Steal,
            CardName::Mirror => Kind::Mirror,
            CardName::Clone => Kind::Clone,
            CardName::Mimic => Kind::Mimic,
            CardName::Stifle => Kind::Stifle,
            CardName::Bounce => Kind::Bounce,
            CardName::Animate => Kind::Animate,
            CardName::PortalMage => Kind::PortalMage,
            CardName::Gobakhan => Kind::Siege {
                defense: 3,
                back: BackFace::Enchantment,
            },
            CardName::Zilortha => Kind::Siege {
                defense: 6,
                back: BackFace::Zilortha,
            },
        }
    }
}

impl fmt::Display for CardName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for CardName {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        CardName::ALL
            .into_iter()
            .find(|c| c.as_str() == s)
            .ok_or_else(|| {
                let names: Vec<_> = CardName::ALL.iter().map(|c| c.as_str()).collect();
                format!("unknown card '{s}' (known cards: {})", names.join(", "))
            })
    }
}

impl Kind {
    /// Instants can be cast any time their caster could cast an instant;
    /// everything else has sorcery timing (307.1, 310.1).
    pub fn is_instant(self) -> bool {
        matches!(
            self,
            Kind::Burn { .. }
                | Kind::Erode { .. }
                | Kind::Steal
                | Kind::Mirror
                | Kind::Mimic
                | Kind::Stifle
                | Kind::Bounce
                | Kind::Animate
                | Kind::Fog
        )
    }

    /// May it be cast any time its caster could cast an instant: an
    /// instant, or a card with flash (702.8a).
    pub fn instant_speed(self) -> bool {
        self.is_instant() || self == Kind::PortalMage
    }

    /// Permanent cards stay on the battlefield when they resolve.
    pub fn is_permanent(self) -> bool {
        matches!(
            self,
            Kind::Siege { .. }
                | Kind::Battle { .. }
                | Kind::Creature { .. }
                | Kind::Clone
                | Kind::PortalMage
                | Kind::Amplifier { .. }
                | Kind::Planeswalker { .. }
                | Kind::Equipment { .. }
        )
    }

    /// A nonmodal double-faced card (712.1): only Sieges in this pool.
    pub fn is_dfc(self) -> bool {
        matches!(self, Kind::Siege { .. })
    }

    /// The number of targets the spell has (115.1).
    pub fn target_count(self) -> usize {
        match self {
            Kind::Mimic => 2,
            Kind::Fog => 0,
            k if k.is_instant() => 1,
            _ => 0,
        }
    }
}
