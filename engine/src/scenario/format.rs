//! The scenario file format (serde).

use crate::state::game::TurnStep;
use battlecheck_properties::view::{History, ProtectorOrigin};
use battlecheck_properties::{Decision, Observation, Pending, Zone};
use schemars::{json_schema, JsonSchema, Schema, SchemaGenerator};
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;

/// A scenario file.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// The JSON Schema the file follows (`engine/scenario-schema.json`), for
    /// editors; not read.
    #[serde(default, rename = "$schema")]
    pub schema: Option<String>,
    /// What the scenario shows, in one line (reports name it).
    pub name: String,
    /// Checklist ids (B01–B35 …) the scenario shows.
    #[serde(default)]
    pub covers: Vec<String>,
    /// The situation, the rules that decide it and what must happen,
    /// citing rule numbers.
    #[serde(default)]
    pub description: Option<String>,
    /// The number of players (20 life each) or each player's state, in seat
    /// (turn) order.
    pub players: Players,
    /// The turn number at the start (a count of turns).
    #[serde(default = "one")]
    #[schemars(example = 3)]
    pub turn: u32,
    /// The active player (default: P1).
    #[serde(default)]
    pub active: Option<String>,
    /// The step the game is in at the start.
    #[serde(default = "main1")]
    pub step: TurnStep,
    /// Who holds priority (default: the active player).
    #[serde(default)]
    #[schemars(example = &"P2")]
    pub priority: Option<String>,
    /// What the game waits for at the start (default: priority). A
    /// declaration must match the step.
    #[serde(default)]
    pub pending: StartPending,
    /// Every card and token of the game, in any zone.
    pub cards: Vec<CardSetup>,
    /// The stack, bottom first.
    #[serde(default)]
    pub stack: Vec<StackSetup>,
    /// Defeat triggers that triggered and are not yet on the stack, each
    /// by its source: a Siege (310.12b).
    #[serde(default)]
    pub waiting_triggers: Vec<String>,
    /// The multiplayer options: `attack` (`multiple`, the default: 802;
    /// `left` or `right`: 803) and `range`, a limited range of influence in
    /// seats (801), or `two_headed_giant`: true (810: 4 players, seats 1–2
    /// and 3–4 are teams with shared turns and a shared life total, so
    /// teammates' `life` must be equal); absent, free-for-all attacking
    /// every opponent.
    #[serde(default)]
    pub variant: battlecheck_properties::seating::Variant,
    /// Players pay the costs of spells with mana (106, 601.2f–h): they tap
    /// lands and other sources for mana (605) before casting. Absent or
    /// false, spells cost nothing, as in the battlecheck model, which has
    /// no mana (X is then 0).
    #[serde(default)]
    pub mana: bool,
    /// The seed of the game's random shuffles (701.24a): the same seed
    /// shuffles the same way. Other engines shuffle their own way, so a
    /// scenario for them expects no order in a shuffled library.
    #[serde(default)]
    pub seed: u64,
    /// Injected engine bugs (tests only: a counterexample found with them
    /// replays them).
    #[serde(default)]
    #[schemars(example = FAULTS_EXAMPLE)]
    pub faults: Vec<crate::fault::EngineFault>,
    /// What happens, in order: actions and expectations.
    pub steps: Vec<Step>,
    /// Where a generated scenario came from: the battlecheck model's record
    /// of its configuration and decisions (read by `battlecheck explore
    /// --trace`). The engine does not use it.
    #[serde(default)]
    pub battlecheck: Option<serde_json::Value>,
}

/// The schema's example of `faults`.
const FAULTS_EXAMPLE: [&str; 1] = ["damage_off_by_one"];

fn one() -> u32 {
    1
}
fn is_zero(n: &u8) -> bool {
    *n == 0
}
fn main1() -> TurnStep {
    TurnStep::Main1
}

/// What a scenario's game waits for at its start.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum StartPending {
    #[default]
    Priority,
    /// The active player declares attackers (in the declare attackers step).
    DeclareAttackers,
    /// The defending players declare blockers (in the declare blockers step).
    DeclareBlockers,
}

/// The most players a game seats (player numbers are one byte).
pub const MAX_PLAYERS: usize = u8::MAX as usize;

/// A count of players from 2 to [`MAX_PLAYERS`], or a list of player
/// objects. Read by hand rather than as an untagged enum, so that a bad
/// count or a bad player field is named in the error.
#[derive(Debug)]
pub enum Players {
    Count(u8),
    Each(Vec<PlayerSetup>),
}

impl<'de> Deserialize<'de> for Players {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(PlayersVisitor)
    }
}

impl JsonSchema for Players {
    fn schema_name() -> Cow<'static, str> {
        "Players".into()
    }
    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "The number of players (20 life each), or each player's state, in seat (turn) order.",
            "oneOf": [
                {"type": "integer", "minimum": 2, "maximum": MAX_PLAYERS},
                {"type": "array", "items": generator.subschema_for::<PlayerSetup>()}
            ]
        })
    }
}

struct PlayersVisitor;

impl<'de> Visitor<'de> for PlayersVisitor {
    type Value = Players;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(
            f,
            "a player count from 2 to {MAX_PLAYERS} or a list of player objects"
        )
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Players, E> {
        match u8::try_from(n) {
            Ok(n) if n >= 2 => Ok(Players::Count(n)),
            _ => Err(E::invalid_value(de::Unexpected::Unsigned(n), &self)),
        }
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Players, A::Error> {
        let mut each = Vec::new();
        while let Some(p) = seq.next_element()? {
            each.push(p);
        }
        Ok(Players::Each(each))
    }
}

#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PlayerSetup {
    /// Life total.
    #[serde(default = "twenty")]
    pub life: i32,
    /// False for a player who has left the game (800.4a).
    #[serde(default = "yes")]
    pub in_game: bool,
}

fn twenty() -> i32 {
    20
}
fn yes() -> bool {
    true
}

/// One card (or token) of the setup. Unset fields take the values a card
/// in that zone normally has; a battle on the battlefield has its printed
/// defense and, by default, the next opponent of its controller in turn
/// order (a Siege) or its controller (another battle) as protector.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CardSetup {
    /// Label used to name it in steps and expectations.
    #[serde(default)]
    pub id: Option<String>,
    /// Card name in the catalogue.
    pub card: String,
    /// The player who owns it (108.3).
    pub owner: String,
    /// Where it is.
    pub zone: Zone,
    /// A token of the card rather than the card (111.1).
    #[serde(default)]
    #[schemars(example = true)]
    pub token: bool,
    /// The player who put it onto the battlefield or cast it (default: its
    /// owner).
    #[serde(default)]
    pub controller: Option<String>,
    /// A player who controls it through a control-changing effect (gain
    /// control), which ends if that player leaves the game (800.4a).
    #[serde(default)]
    pub control_effect: Option<String>,
    /// A battle's defense counters (default: its printed defense).
    #[serde(default)]
    pub defense: Option<u32>,
    /// A planeswalker's loyalty counters (default: its printed loyalty,
    /// 306.5b).
    #[serde(default)]
    #[schemars(example = 2)]
    pub loyalty: Option<u32>,
    /// A battle's protector (default: the next opponent of its controller
    /// in turn order for a Siege, its controller for another battle), or
    /// "none": state-based actions choose one when the position is settled
    /// (704.5x), so a battle stays without one only in a position that
    /// waits for a declaration. Only for a card with a battle face
    /// (310.9).
    #[serde(default)]
    pub protector: Option<String>,
    #[serde(default)]
    pub protector_origin: ProtectorOrigin,
    /// Tapped (a creature that attacked without vigilance is).
    #[serde(default)]
    pub tapped: bool,
    /// Came under its controller's control this turn (302.6).
    #[serde(default)]
    #[schemars(example = true)]
    pub sick: bool,
    /// Damage marked on a creature this turn (120.3, 514.2).
    #[serde(default)]
    #[schemars(example = 1)]
    pub damage: u32,
    /// +1/+1 counters on a permanent (122.1a).
    #[serde(default)]
    #[schemars(example = 1)]
    pub plus_one_counters: u32,
    /// A transforming card with its back face up (712.8).
    #[serde(default)]
    pub back_face: bool,
    /// Name of the card whose front face it is a copy of.
    #[serde(default)]
    #[schemars(example = &"Invasion of Azgol")]
    pub copy_of: Option<String>,
    /// Power and toughness set by an animating effect.
    #[serde(default)]
    pub animated: Option<(i8, i8)>,
    /// The permanent an Equipment is attached to; not itself (301.5c).
    #[serde(default)]
    pub attached_to: Option<String>,
    /// What it attacks: a player or a battle label, a planeswalker written
    /// `planeswalker:<label>`, or "nothing"; only in a position whose
    /// `step` is from `declare_attackers` to `end_combat` (508.1, 511.3).
    #[serde(default)]
    pub attacking: Option<String>,
    /// The attacker it blocks.
    #[serde(default)]
    pub blocking: Option<String>,
    /// What happened to it before the scenario starts (counts the
    /// invariants are stated over).
    #[serde(default)]
    pub history: History,
}

/// A spell or a defeat trigger on the stack. Read by hand rather than as
/// an untagged enum, so that a bad entry is named.
#[derive(Debug)]
pub enum StackSetup {
    Spell {
        spell: String,
        targets: Vec<String>,
        transformed: bool,
    },
    Trigger {
        trigger: String,
    },
}

/// The fields of either kind of stack entry.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StackFields {
    spell: Option<String>,
    targets: Option<Vec<String>>,
    transformed: Option<bool>,
    trigger: Option<String>,
}

impl<'de> Deserialize<'de> for StackSetup {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_map(StackVisitor)
    }
}

impl JsonSchema for StackSetup {
    fn schema_name() -> Cow<'static, str> {
        "StackSetup".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A spell (a card's label, its targets' labels, whether cast transformed) or a defeat trigger (its source's label).",
            "oneOf": [
                {
                    "type": "object",
                    "properties": {
                        "spell": {"type": "string", "description": "A spell: the card's label.", "examples": ["shock"]},
                        "targets": {"type": "array", "items": {"type": "string"}, "description": "The spell's targets: players, permanents or trigger:<label>.", "default": [], "examples": [["siege"]]},
                        "transformed": {"type": "boolean", "description": "Cast transformed (its back face, 712.11a).", "default": false, "examples": [true]}
                    },
                    "required": ["spell"],
                    "additionalProperties": false
                },
                {
                    "type": "object",
                    "properties": {"trigger": {"type": "string", "description": "A defeat trigger (310.12b): its source's label, a Siege."}},
                    "required": ["trigger"],
                    "additionalProperties": false
                }
            ]
        })
    }
}

struct StackVisitor;

impl<'de> Visitor<'de> for StackVisitor {
    type Value = StackSetup;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(
            r#"{"spell": label, "targets": [...], "transformed": bool} or {"trigger": label}"#,
        )
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<StackSetup, A::Error> {
        match StackFields::deserialize(de::value::MapAccessDeserializer::new(map))? {
            StackFields {
                spell: Some(spell),
                trigger: None,
                targets,
                transformed,
            } => Ok(StackSetup::Spell {
                spell,
                targets: targets.unwrap_or_default(),
                transformed: transformed.unwrap_or_default(),
            }),
            StackFields {
                spell: None,
                trigger: Some(trigger),
                targets: None,
                transformed: None,
            } => Ok(StackSetup::Trigger { trigger }),
            _ => Err(de::Error::invalid_value(de::Unexpected::Map, &self)),
        }
    }
}

/// One step: an action (optionally expected to be refused, naming the
/// rule), or expectations.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The action taken: one player's, or a shared decision.
    #[serde(default, rename = "do")]
    pub act: Option<Act>,
    /// The action must be refused citing this rule (the number of the rule
    /// that forbids it, exactly as the engine cites it).
    #[serde(default)]
    pub rejected: Option<String>,
    /// What must be true after the action (or now, without one).
    #[serde(default)]
    pub expect: Vec<Expect>,
    /// A comment for the reader; not read.
    #[serde(default)]
    #[schemars(example = &"a step the model does not explore")]
    pub note: Option<String>,
}

/// An action by a named player, or a shared decision.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Act {
    /// One player passes priority (117.3d); the player must hold it.
    Pass {
        /// The player who passes.
        player: String,
    },
    /// Every player passes in succession (`Decision::PassAll`).
    PassAll,
    /// Every player passes in succession until the step begins. It stops,
    /// failing the step, where the game waits for something other than
    /// priority (a declaration, a choice), which the next step must make.
    PassUntil {
        /// The step to stop at.
        step: TurnStep,
        /// The turn of that step (default: the first time it begins).
        #[serde(default)]
        turn: Option<u32>,
    },
    /// A player casts a spell from their hand (601.2).
    Cast {
        /// The caster.
        player: String,
        /// The card cast.
        card: String,
        /// Its targets: players, permanents, or `trigger:<label>`.
        #[serde(default)]
        targets: Vec<String>,
        /// The value of X announced (601.2b), in a game that pays mana,
        /// for a card whose mana cost has X.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        x: Option<u8>,
        /// The untapped creatures tapped to pay for part of its cost, for
        /// a spell with convoke (702.51a), in a game that pays mana.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        convoke: Vec<String>,
    },
    /// A player plays a land (305.1).
    PlayLand {
        /// The player.
        player: String,
        /// The land card.
        card: String,
        /// A modal double-faced card played with its land back face up
        /// (712.12).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        back_face: bool,
    },
    /// A player activates an activated ability other than a mana ability
    /// or equip (602.2).
    Activate {
        /// The player.
        player: String,
        /// The permanent whose ability it is.
        source: String,
        /// Which of its activated abilities, from 0 in the order of its
        /// text (default 0).
        #[serde(default, skip_serializing_if = "is_zero")]
        ability: u8,
        /// Its target, if it has one: a player, a permanent, or a card in a
        /// graveyard as `card:<label>`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        target: Option<String>,
        /// The card discarded to pay its cost, if the cost says "discard a
        /// card" (602.2b).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        discard: Option<String>,
        /// The other untapped creatures tapped to pay a crew cost
        /// (702.122a), with total power at least its N.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        crew: Vec<String>,
    },
    /// A player pays a ward cost or not (702.21a).
    PayUnless {
        /// The player who controls the warded spell or ability.
        player: String,
        /// The permanent with ward.
        source: String,
        /// Whether they pay.
        pay: bool,
    },
    /// A player chooses the modes of a modal triggered ability being put on
    /// the stack (603.3c).
    ChooseModes {
        /// The ability's controller.
        player: String,
        /// The ability's source.
        source: String,
        /// The modes' numbers, from 0 in the order printed.
        modes: Vec<u8>,
    },
    /// A player activates a mana ability (605.3a).
    ActivateMana {
        /// The player.
        player: String,
        /// The permanent whose mana ability it is.
        source: String,
        /// The mana added: `W`, `U`, `B`, `R`, `G` or `C`.
        mana: battlecheck_properties::Mana,
    },
    /// A player activates an Equipment's equip ability (702.6a).
    Equip {
        /// The Equipment's controller.
        player: String,
        /// The Equipment.
        equipment: String,
        /// The target creature.
        creature: String,
    },
    /// A player concedes (104.3a).
    Concede {
        /// The player who leaves the game.
        player: String,
    },
    /// A battle's controller chooses its protector (310.9a, 310.12a,
    /// 704.5x–y).
    ChooseProtector {
        /// The battle's controller.
        player: String,
        /// The battle.
        battle: String,
        /// The player chosen.
        protector: String,
    },
    /// The active player declares attackers (508.1). When no creature can
    /// attack, the engine makes the empty declaration itself as the step
    /// begins and waits for none, so an `attack` step there is refused
    /// (508.1).
    Attack {
        /// The active player.
        player: String,
        /// Pairs of an attacking creature and what it attacks (a player, a
        /// battle, or a planeswalker written `planeswalker:<label>`); empty
        /// for no attack.
        attacks: Vec<(String, String)>,
    },
    /// A defending player declares blockers (509.1).
    Block {
        /// The defending player.
        player: String,
        /// Pairs of a blocking creature and the attacker it blocks.
        blocks: Vec<(String, String)>,
    },
    /// Just before a blocked non-Human attacker assigns its combat damage,
    /// its controller, who controls Zilortha, Apex of Ikoria, decides
    /// whether it assigns all of it as though it weren't blocked (C04).
    AssignAsUnblocked {
        /// The attacker's controller.
        player: String,
        /// The blocked attacker.
        attacker: String,
        /// True: all of its damage to what it attacks (510.1b); false: to
        /// its blockers (510.1c).
        as_unblocked: bool,
    },
    /// A trampling attacker's controller divides its combat damage
    /// (702.19b).
    AssignTrample {
        /// The attacker's controller.
        player: String,
        /// The trampling attacker.
        attacker: String,
        /// The damage assigned to what it attacks; the rest goes to its
        /// blockers.
        to_attacked: u32,
    },
    /// A Siege's controller casts the exiled card transformed or declines
    /// (310.12b).
    CastTransformed {
        /// The defeat trigger's controller.
        player: String,
        /// The exiled Siege.
        card: String,
        /// Whether it is cast.
        cast: bool,
    },
    /// A player chooses the cards a resolving ability tells them to choose
    /// (608.2d): to discard, sacrifice or find in a search.
    ChooseCards {
        /// The player choosing.
        player: String,
        /// The source of the resolving ability.
        source: String,
        /// The cards chosen (may be empty where the text allows none).
        cards: Vec<String>,
    },
    /// A shared decision (engine/PROTOCOL.md), with players and cards
    /// named as everywhere in the file.
    Decision {
        /// The decision.
        decision: Decision,
    },
}

/// What must be true after the step. Every field given is checked.
#[derive(Debug, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Expect {
    /// The card the card fields below are about.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    /// Its zone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone: Option<Zone>,
    /// Its defense counters.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub defense: Option<u32>,
    /// Its loyalty counters (306.5c; 0 for anything but a planeswalker on
    /// the battlefield).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loyalty: Option<u32>,
    /// A player, or "none".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protector: Option<String>,
    /// How its protector was chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protector_origin: Option<ProtectorOrigin>,
    /// Its controller.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub controller: Option<String>,
    /// Whether it is tapped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tapped: Option<bool>,
    /// Whether its back face is up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub back_face: Option<bool>,
    /// Whether it is in exile and its owner may play it from there (601.3:
    /// Invasion of Gobakhan's "for as long as that card remains exiled, its
    /// owner may play it").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub playable_from_exile: Option<bool>,
    /// Whether it is a battle now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle: Option<bool>,
    /// Whether it is a creature now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creature: Option<bool>,
    /// What it attacks: a player, a battle, `planeswalker:<label>`,
    /// "nothing" (506.4c) or "none"
    /// (not attacking).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacking: Option<String>,
    /// The attacker it blocks, or "none".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub blocking: Option<String>,
    /// What it is attached to, or "none".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attached_to: Option<String>,
    /// Damage marked on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub damage: Option<u32>,
    /// Its power (a creature on the battlefield; 0 for anything else).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub power: Option<i32>,
    /// Its toughness (a creature on the battlefield; 0 for anything else).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toughness: Option<i32>,
    /// Its mana value (202.3: X counts as announced on the stack, else 0).
    /// Checked on this repository's engine; an engine behind the protocol
    /// does not tell it (the report counts it unchecked).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mana_value: Option<u8>,
    /// Its colors (105.2), in WUBRG order; `[]` for colorless. Checked on
    /// this repository's engine; an engine behind the protocol does not
    /// tell them (the report counts them unchecked).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub colors: Option<Vec<crate::cards::color::Color>>,
    /// Its name (201.2): that of the face it has now or of what it copies;
    /// a token's is given by the effect that made it, else its subtypes
    /// followed by "Token" (111.4). Checked on this repository's engine; an
    /// engine behind the protocol does not tell it (the report counts it
    /// unchecked).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Its subtypes (205.3), in any order: those of the face it has now,
    /// or of what it copies with the copy's exceptions (707.9b). Checked on
    /// this repository's engine; an engine behind the protocol does not
    /// tell them (the report counts them unchecked).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtypes: Option<Vec<String>>,
    /// Its whole history (fields left out are 0 or false).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub history: Option<History>,
    /// The player the player fields below are about.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    /// Their life total.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub life: Option<i32>,
    /// Whether they are still in the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_game: Option<bool>,
    /// The number of cards in their hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<usize>,
    /// The number of cards in their library (401.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub library: Option<usize>,
    /// The number of tokens they control on the battlefield (111).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tokens: Option<usize>,
    /// The mana in their mana pool (106.4), as mana symbols in WUBRGC
    /// order (`"{G}{G}"`; `""` for none). Checked on this repository's
    /// engine; an engine behind the protocol does not tell it (the report
    /// counts it unchecked).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mana: Option<String>,
    /// The source of a defeat trigger: with `on_stack` and/or `waiting`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trigger: Option<String>,
    /// Whether that trigger is on the stack.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub on_stack: Option<bool>,
    /// Whether it has triggered and waits to be put on the stack (603.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub waiting: Option<bool>,
    /// The number of objects on the stack.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stack_size: Option<usize>,
    /// What the game waits for (the shared `Pending`, snake_case).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending: Option<Pending>,
    /// The player who must act.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub to_act: Option<String>,
    /// The step the game is in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<TurnStep>,
    /// The turn number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<u32>,
    /// The active player.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active: Option<String>,
    /// The whole observation must be this (what the model observed, in a
    /// counterexample written by `battlecheck conform`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observation: Option<Observation>,
    /// Shared decisions that must be legal now.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub legal: Vec<Decision>,
    /// Shared decisions that must not be legal now.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub illegal: Vec<Decision>,
}
