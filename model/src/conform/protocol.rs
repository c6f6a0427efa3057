//! The engine protocol, version [`VERSION`]: how battlecheck talks to a
//! rules engine that runs as a separate process, written in any language.
//! `engine/PROTOCOL.md` is the full description for engine authors; this
//! module holds the messages as Rust types.
//!
//! Transport: one JSON object per line, battlecheck writes [`Request`]s to
//! the engine's standard input, the engine writes one [`Response`] per
//! request to its standard output, in order, with the request's `id`.
//! Nothing else goes to standard output (logs go to standard error).
//!
//! Positions are engine scenarios without steps (`engine/README.md`):
//! seats, life, and cards by their real card name in zones. Decisions and
//! observations are those of the shared vocabulary
//! ([`battlecheck_properties::Decision`], [`battlecheck_properties::Observation`]).

use battlecheck_engine::api::action::Action;
use battlecheck_engine::state::game::TurnStep;
use battlecheck_properties::step::Happened;
use battlecheck_properties::{Decision, Observation, PlayerId};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The protocol version this battlecheck speaks. An engine answers `hello`
/// with the version it speaks; battlecheck refuses any but this one and
/// [`OLDEST_VERSION`] (6 adds the request `act`, which an engine serves
/// only with [`FEATURE_ACT`], and wider integers: nothing a version 5
/// engine sends means something else in 6).
pub const VERSION: u32 = 6;

/// The oldest protocol version an engine may answer `hello` with.
pub const OLDEST_VERSION: u32 = 5;

/// The optional feature "act": the engine serves [`RequestBody::Act`],
/// one player's action as a scenario step names it. Without it, a
/// scenario with a step no shared decision expresses (one player's pass,
/// protector choice or blocks; a step expected to be refused) cannot be
/// run on the engine.
pub const FEATURE_ACT: &str = "act";

/// The optional feature "defenders": every attacking creature in the
/// engine's observations names its defending player (`defender`, 508.5),
/// which is then compared with the model's. Without it, defending players
/// are not compared (the conformance report says so).
pub const FEATURE_DEFENDERS: &str = "defenders";

/// The optional feature "snapshot": the engine serves [`RequestBody::Snapshot`]
/// and [`RequestBody::Restore`].
pub const FEATURE_SNAPSHOT: &str = "snapshot";

/// The optional feature "attack-left-right": the engine plays the attack
/// left and attack right options (803) of a position's `variant`.
pub const FEATURE_ATTACK_LEFT_RIGHT: &str = "attack-left-right";

/// The optional feature "range-of-influence": the engine plays the limited
/// range of influence option (801) of a position's `variant`.
pub const FEATURE_RANGE_OF_INFLUENCE: &str = "range-of-influence";

/// The optional feature "two-headed-giant": the engine plays the
/// Two-Headed Giant variant (810) of a position's `variant`.
pub const FEATURE_TWO_HEADED_GIANT: &str = "two-headed-giant";

/// One line from battlecheck to the engine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Request {
    /// Chosen by battlecheck, increasing from 1; the response repeats it.
    pub id: u64,
    #[serde(flatten)]
    pub body: RequestBody,
}

/// What a request asks, tagged by `type`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum RequestBody {
    /// The first request: battlecheck's protocol version. Answered by
    /// [`ResponseBody::Hello`].
    Hello { protocol: u32 },
    /// Start a new game at `position`, an engine scenario (JSON object)
    /// whose `steps` are absent or empty. Replaces any game in progress.
    /// Answered by [`ResponseBody::Observation`].
    Setup { position: serde_json::Value },
    /// The decisions the engine accepts now. Answered by
    /// [`ResponseBody::Legal`].
    Legal,
    /// Take one decision. Answered by [`ResponseBody::Applied`] or, if the
    /// rules forbid it, [`ResponseBody::Refused`] (the game unchanged).
    Apply { decision: Decision },
    /// One player's action, as a scenario step names it (feature
    /// [`FEATURE_ACT`]; version 6): one player's pass (117.3d), protector
    /// choice (310.11a, 704.5y) or blocks (509.1), or any action the rules
    /// may forbid, taken by that player alone: no passes of others first.
    /// Answered by [`ResponseBody::Applied`] or, if the rules forbid it,
    /// [`ResponseBody::Refused`] with the rule (the game unchanged).
    Act { action: Action },
    /// The game as it stands. Answered by [`ResponseBody::Observation`].
    Observe,
    /// Remember the game as it stands (feature [`FEATURE_SNAPSHOT`]); the
    /// token is valid until the next `setup` (an engine may free its
    /// snapshots then). Answered by [`ResponseBody::Snapshot`].
    Snapshot,
    /// Go back to a remembered game (feature [`FEATURE_SNAPSHOT`]); the
    /// token stays valid. Answered by [`ResponseBody::Observation`].
    Restore { token: String },
}

impl RequestBody {
    /// The request's `type`, as on the wire.
    pub fn kind(&self) -> &'static str {
        match self {
            RequestBody::Hello { .. } => "hello",
            RequestBody::Setup { .. } => "setup",
            RequestBody::Legal => "legal",
            RequestBody::Apply { .. } => "apply",
            RequestBody::Act { .. } => "act",
            RequestBody::Observe => "observe",
            RequestBody::Snapshot => "snapshot",
            RequestBody::Restore { .. } => "restore",
        }
    }
}

/// One line from the engine to battlecheck.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Response {
    /// The `id` of the request answered; `null` only in an
    /// [`ResponseBody::Error`] about a line that had no readable `id`.
    pub id: Option<u64>,
    #[serde(flatten)]
    pub body: ResponseBody,
}

impl Response {
    /// Reads one response line: what `serde_json::from_str` reads, faster
    /// for the answers a lockstep run receives by the thousand. The derived
    /// reading (`flatten` over a `type`-tagged enum) copies the whole line
    /// into serde's generic content twice before reading the body; here a
    /// first pass reads `id` and `type` alone and a second reads an
    /// `observation`, `applied`, `legal` or `refused` body straight from
    /// the line (its `id` and `type` are fields the body ignores). Other
    /// types, and lines without a readable head, take the derived reading,
    /// errors included.
    pub fn from_line(line: &str) -> serde_json::Result<Response> {
        #[derive(Deserialize)]
        struct Head<'a> {
            id: Option<u64>,
            #[serde(rename = "type", borrow)]
            kind: std::borrow::Cow<'a, str>,
        }
        #[derive(Deserialize)]
        struct Legal {
            decisions: Vec<Decision>,
        }
        let Ok(Head { id, kind }) = serde_json::from_str::<Head>(line) else {
            return serde_json::from_str(line);
        };
        let body = match &*kind {
            "observation" => ResponseBody::Observation(serde_json::from_str(line)?),
            "applied" => ResponseBody::Applied(serde_json::from_str(line)?),
            "legal" => ResponseBody::Legal {
                decisions: serde_json::from_str::<Legal>(line)?.decisions,
            },
            "refused" => ResponseBody::Refused(serde_json::from_str(line)?),
            _ => return serde_json::from_str(line),
        };
        Ok(Response { id, body })
    }
}

/// What a response says, tagged by `type`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ResponseBody {
    /// The answer to `hello`: the protocol version the engine speaks, who
    /// it is, and the optional features it serves.
    Hello {
        protocol: u32,
        engine: EngineInfo,
        #[serde(default)]
        features: Vec<String>,
    },
    /// The game as it stands (after `setup`, `observe` or `restore`).
    Observation(Observed),
    /// Every decision the engine accepts now, in any order.
    Legal { decisions: Vec<Decision> },
    /// The decision was taken; the game as it now stands.
    Applied(Observed),
    /// The rules forbid the decision; the game is unchanged.
    Refused(Refusal),
    /// The game was remembered under `token` (opaque to battlecheck).
    Snapshot { token: String },
    /// The request could not be served: not JSON, an unknown type, no game
    /// set up, a bad position, an unknown token, an unsupported feature.
    Error { message: String },
}

impl ResponseBody {
    /// The response's `type`, as on the wire.
    pub fn kind(&self) -> &'static str {
        match self {
            ResponseBody::Hello { .. } => "hello",
            ResponseBody::Observation(_) => "observation",
            ResponseBody::Legal { .. } => "legal",
            ResponseBody::Applied(_) => "applied",
            ResponseBody::Refused(_) => "refused",
            ResponseBody::Snapshot { .. } => "snapshot",
            ResponseBody::Error { .. } => "error",
        }
    }
}

/// The game as it stands: what battlecheck compares, and the step of the
/// turn in full, by which battlecheck drives the engine through the steps
/// its model does not explore.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Observed {
    pub observation: Observation,
    /// The step of the turn (500.1), in full: `upkeep`, `draw`, `main1`,
    /// `begin_combat`, `declare_attackers`, `declare_blockers`,
    /// `first_strike_damage`, `combat_damage`, `end_combat`, `main2`, `end`
    /// (the observation's `step` reports the steps without battle
    /// interaction as `main`).
    pub turn_step: TurnStep,
    /// Who holds priority, when the game waits for priority (117.3).
    /// Optional: an engine that gives it is held to 117.3a–c (the caster
    /// after a cast, the active player after a resolution, a declaration
    /// or a new step).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priority: Option<PlayerId>,
    /// Who makes the choice the game waits for where the decision names
    /// nobody, in player order: the protector choosers of
    /// `choose_protectors` (310.9a as a battle enters, 704.5x–y after: the
    /// battle's controller), the controller of the attacker whose damage
    /// `assign_trample` or `divide_damage` assigns (702.19b, 510.1c); `[]`
    /// otherwise. Optional: an engine that gives it is held to it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choosers: Option<Vec<PlayerId>>,
    /// In an `applied` answer: what the decision did, in order (damage
    /// dealt, defense counters removed, life totals changed, protectors
    /// chosen). Optional: an engine that gives it is held to the rules of
    /// what one decision may do (510.2, 120.3a, 120.3h, 310.12a).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub happened: Option<Vec<Happened>>,
}

/// The engine's name and version, for reports.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct EngineInfo {
    pub name: String,
    pub version: String,
}

/// Why the engine refused a decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Refusal {
    /// The Comprehensive Rules number that forbids it (`"117.1"`), if the
    /// engine names one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// The engine's own explanation.
    pub message: String,
}
