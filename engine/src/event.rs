//! What an action caused, in order: the engine's answer to
//! [`Game::apply`](crate::Game::apply).

use crate::game::TurnStep;
use battlecheck_properties::view::ProtectorOrigin;
use battlecheck_properties::{AttackTarget, CardId, PlayerId, Target, Zone};
use serde::Serialize;

/// One thing that happened in the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum Event {
    /// A player passed priority (117.3d).
    Passed { player: PlayerId },
    /// A step began (500.1); `turn` and `active` say whose turn.
    StepBegan {
        turn: u8,
        active: PlayerId,
        step: TurnStep,
    },
    /// A spell was cast (601); `transformed`: back face up (712.11a).
    Cast {
        player: PlayerId,
        card: CardId,
        transformed: bool,
        targets: Vec<Target>,
    },
    /// The caster declined to cast the exiled card (310.12b "you may").
    DeclinedCast { player: PlayerId, card: CardId },
    /// An equip ability was activated (602, 702.6a).
    Activated { source: CardId, target: CardId },
    /// An equip ability attached an Equipment (702.6a).
    Attached { equipment: CardId, to: CardId },
    /// An object became unattached (704.5n, 704.5p, 310.10).
    Unattached { object: CardId },
    /// A spell or ability resolved (608).
    Resolved { source: CardId },
    /// A spell or ability did not resolve: every target illegal (608.2b).
    Fizzled { source: CardId },
    /// An object moved between zones (400.7: it is a new object).
    Moved { card: CardId, from: Zone, to: Zone },
    /// A token was created (111.1).
    TokenCreated { token: CardId, controller: PlayerId },
    /// A token ceased to exist (111.7, 704.5d).
    CeasedToExist { token: CardId },
    /// A battle entered with defense counters (310.4b).
    EnteredWithDefense { battle: CardId, defense: u8 },
    /// A battle got a protector (310.9a, 704.5x–y).
    ProtectorChosen {
        battle: CardId,
        protector: PlayerId,
        origin: ProtectorOrigin,
    },
    /// A player gained control of a permanent (108.4).
    ControlChanged { card: CardId, controller: PlayerId },
    /// A permanent became a copy (707.2).
    BecameCopy { card: CardId, of: String },
    /// A permanent became a creature (layer 4).
    Animated { card: CardId },
    /// Creatures were declared as attackers (508.1).
    Attacks {
        attacks: Vec<(CardId, AttackTarget)>,
    },
    /// A defending player declared blockers (509.1, 802.4).
    Blocks {
        player: PlayerId,
        blocks: Vec<(CardId, CardId)>,
    },
    /// Trample damage was divided (702.19b).
    TrampleAssigned { attacker: CardId, to_attacked: u8 },
    /// Damage was dealt (120).
    Damage {
        source: CardId,
        to: Target,
        amount: u8,
    },
    /// Defense counters were removed (120.3h, 310.6).
    DefenseRemoved {
        battle: CardId,
        amount: u8,
        left: u8,
    },
    /// A player's life total changed (119).
    Life { player: PlayerId, life: i32 },
    /// A permanent was removed from combat (506.4).
    RemovedFromCombat { object: CardId },
    /// A Siege's defeat trigger triggered (310.12b).
    Triggered {
        source: CardId,
        controller: PlayerId,
    },
    /// A triggered ability was put on the stack (603.3).
    TriggerOnStack { source: CardId },
    /// A triggered ability was countered (701.6b).
    TriggerCountered { source: CardId },
    /// A defeat trigger did nothing: its source had left the battlefield (400.7).
    TriggerFoundNothing { source: CardId },
    /// A permanent was destroyed or put into a graveyard by a state-based
    /// action; `rule` names which.
    StateBased { card: CardId, rule: &'static str },
    /// A player left the game (104.3a, 704.5a, 800.4a).
    LeftGame { player: PlayerId },
    /// The game is over: at most one player remains (104.2a).
    GameOver { winner: Option<PlayerId> },
}
