//! What an action caused, in order: the engine's answer to
//! [`Game::apply`](crate::Game::apply).

use crate::state::game::TurnStep;
use battlecheck_properties::seating::Table;
use battlecheck_properties::step::{self, Broken, Happened};
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
        turn: u32,
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
    /// Another activated ability was activated (602.2).
    ActivatedAbility {
        source: CardId,
        controller: PlayerId,
    },
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
    /// A token, or a copy of a spell (`spell_copy`), could not be created:
    /// the game has no room for another object (see `effects`).
    NoRoomForToken { controller: PlayerId },
    /// A counter was put on a permanent (122.1, 122.6).
    CounterAdded {
        card: CardId,
        kind: crate::cards::instruction::CounterKind,
    },
    /// Every counter was removed from a permanent (122.1).
    CountersRemoved { card: CardId },
    /// A player got an emblem (114.2).
    EmblemCreated { player: PlayerId },
    /// The modes of a modal triggered ability were chosen (603.3c).
    ModesChosen { source: CardId, modes: Vec<u8> },
    /// Ward triggered: `source` became the target of a spell or ability an
    /// opponent of `controller` controls (702.21a).
    WardTriggered {
        source: CardId,
        controller: PlayerId,
    },
    /// A spell or ability was countered (701.6a).
    Countered { source: CardId },
    /// A permanent was tapped by an effect (701.26a).
    Tapped { card: CardId },
    /// `copy`, a copy of spell `spell`, was put onto the stack under
    /// `controller`'s control (707.10).
    SpellCopied {
        spell: CardId,
        copy: CardId,
        controller: PlayerId,
    },
    /// A permanent was untapped by an effect (701.26b), or lost a stun
    /// counter instead (122.1d).
    Untapped { card: CardId },
    /// A creature got +P/+T until end of turn (611.2a).
    Pumped { card: CardId },
    /// Creatures `a` and `b` fought (701.14a).
    Fought { a: CardId, b: CardId },
    /// A "whenever you discard a \[land\] card" ability triggered (603.2).
    DiscardTriggered {
        source: CardId,
        controller: PlayerId,
    },
    /// A "whenever this creature deals combat damage" ability triggered
    /// (510.3a).
    DamageTriggered {
        source: CardId,
        controller: PlayerId,
    },
    /// `player` played the land `card` from `from` (305.1, 116.2a).
    PlayedLand {
        player: PlayerId,
        card: CardId,
        from: Zone,
    },
    /// A mana ability of `source` added `mana` to `player`'s mana pool
    /// (605.3b, 106.4).
    ManaAdded {
        player: PlayerId,
        source: CardId,
        mana: battlecheck_properties::Mana,
    },
    /// `player` paid `cost` for a spell (601.2h).
    PaidMana { player: PlayerId, cost: String },
    /// A player drew a card (121.1).
    Drew { player: PlayerId, card: CardId },
    /// A player was told to draw from an empty library (121.4).
    DrewFromEmpty { player: PlayerId },
    /// A token ceased to exist (111.7, 704.5d).
    CeasedToExist { token: CardId },
    /// A battle entered with defense counters (310.4b).
    EnteredWithDefense { battle: CardId, defense: u32 },
    /// A battle got a protector (310.9a, 704.5x–y); `controller` and
    /// `siege`: the battle's controller and whether it is a Siege then.
    ProtectorChosen {
        battle: CardId,
        protector: PlayerId,
        origin: ProtectorOrigin,
        controller: PlayerId,
        siege: bool,
    },
    /// A player gained control of a permanent (108.4).
    ControlChanged { card: CardId, controller: PlayerId },
    /// A permanent became a copy (707.2).
    BecameCopy { card: CardId, of: String },
    /// A permanent became a creature (layer 4).
    Animated { card: CardId },
    /// `player` declared creatures as attackers (508.1): each attacker,
    /// what it attacks, and the defending player relative to it (the
    /// player, or the battle's protector: 508.5, 310.9d).
    Attacks {
        player: PlayerId,
        attacks: Vec<(CardId, AttackTarget, PlayerId)>,
    },
    /// A defending player declared blockers (509.1, 802.4).
    Blocks {
        player: PlayerId,
        blocks: Vec<(CardId, CardId)>,
    },
    /// `attacker`, a blocked creature, assigned its combat damage as though
    /// it weren't blocked (Zilortha, C04): all of it to `to`, what it
    /// attacks (510.1b); `human`: it is a Human.
    AssignedAsUnblocked {
        attacker: CardId,
        to: Option<Target>,
        human: bool,
    },
    /// Trample damage was divided (702.19b).
    TrampleAssigned { attacker: CardId, to_attacked: u32 },
    /// An attacker's combat damage was divided among its blockers (510.1c).
    DamageDivided {
        attacker: CardId,
        division: Vec<(CardId, u32)>,
    },
    /// Damage was dealt (120).
    Damage {
        source: CardId,
        to: Target,
        amount: u32,
    },
    /// Combat damage that would have been dealt was prevented (615.1a):
    /// it never happens (615.6).
    DamagePrevented {
        source: CardId,
        to: Target,
        amount: u32,
    },
    /// Defense counters were removed (120.3h, 310.6).
    DefenseRemoved {
        battle: CardId,
        amount: u32,
        left: u32,
    },
    /// A player's life total changed (119).
    Life { player: PlayerId, life: i32 },
    /// An instruction made a player gain life (119.3); [`Event::Life`]
    /// events follow with the new totals.
    GainedLife { player: PlayerId, amount: u32 },
    /// An instruction made a player lose life (119.3); [`Event::Life`]
    /// events follow with the new totals.
    LostLife { player: PlayerId, amount: u32 },
    /// A player revealed a card (701.20a).
    Revealed { player: PlayerId, card: CardId },
    /// A permanent was destroyed (701.8a).
    Destroyed { card: CardId },
    /// A player discarded a card (701.9a).
    Discarded { player: PlayerId, card: CardId },
    /// A player sacrificed a permanent (701.21a).
    Sacrificed { player: PlayerId, card: CardId },
    /// A player found a card in a search of their library (701.23a).
    Found { player: PlayerId, card: CardId },
    /// A player milled a card (701.17a).
    Milled { player: PlayerId, card: CardId },
    /// A player shuffled their library (701.24a).
    Shuffled { player: PlayerId },
    /// A reflexive triggered ability triggered (603.12).
    ReflexiveTriggered {
        source: CardId,
        controller: PlayerId,
    },
    /// A permanent was removed from combat (506.4).
    RemovedFromCombat { object: CardId },
    /// A Siege's defeat trigger triggered (310.12b).
    Triggered {
        source: CardId,
        controller: PlayerId,
    },
    /// A "whenever a creature an opponent controls dies" trigger triggered
    /// (603.10a).
    DiesTriggered {
        source: CardId,
        controller: PlayerId,
    },
    /// A "whenever you cast a spell" trigger triggered (601.2i).
    CastTriggered {
        source: CardId,
        controller: PlayerId,
    },
    /// Cards were put on the bottom of a library in a random order (401.4).
    PutOnBottom { player: PlayerId, count: u8 },
    /// An attack trigger triggered (508.3a).
    AttackTriggered {
        source: CardId,
        controller: PlayerId,
    },
    /// An "at the beginning of" trigger triggered (503.1a, 513.1a).
    StepTriggered {
        source: CardId,
        controller: PlayerId,
    },
    /// A printed enters trigger triggered (603.6a).
    EntersTriggered {
        source: CardId,
        controller: PlayerId,
    },
    /// A triggered ability was put on the stack (603.3).
    TriggerOnStack { source: CardId },
    /// A triggered ability with no legal target was removed from the stack
    /// (603.3d).
    TriggerRemoved { source: CardId },
    /// What `attacker`, controlled by `controller`, attacks was reselected
    /// (508.7): from `chosen` (or a battle `chosen` protected) to
    /// `defender` (or a battle `defender` protects).
    Reselected {
        attacker: CardId,
        controller: PlayerId,
        chosen: PlayerId,
        defender: PlayerId,
    },
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

/// A branch of the rules an event shows: its kind and the rule it follows.
pub type Branch = (&'static str, &'static str);

impl Event {
    /// The branch of the rules this event is: its kind, and the rule it
    /// follows (a state-based action by its own rule, a protector by how it
    /// was chosen). What `battlecheck coverage` counts.
    pub fn branch(&self) -> Branch {
        match self {
            Event::Passed { .. } => ("passed", "117.3d"),
            Event::StepBegan { .. } => ("step_began", "500.1"),
            Event::Cast {
                transformed: true, ..
            } => ("cast", "712.11a"),
            Event::Cast { .. } => ("cast", "601.2"),
            Event::DeclinedCast { .. } => ("declined_cast", "310.12b"),
            Event::Activated { .. } => ("activated", "702.6a"),
            Event::ActivatedAbility { .. } => ("activated", "602.2"),
            Event::Attached { .. } => ("attached", "702.6a"),
            Event::Unattached { .. } => ("unattached", "701.3d"),
            Event::Resolved { .. } => ("resolved", "608.2"),
            Event::Fizzled { .. } => ("fizzled", "608.2b"),
            Event::Moved { .. } => ("moved", "400.7"),
            Event::TokenCreated { .. } => ("token_created", "111.1"),
            Event::CeasedToExist { .. } => ("ceased_to_exist", "704.5d"),
            Event::NoRoomForToken { .. } => ("no_room_for_token", "111.1"),
            Event::Drew { .. } => ("drew", "121.1"),
            Event::PlayedLand { .. } => ("played_land", "305.1"),
            Event::ManaAdded { .. } => ("mana_added", "605.3b"),
            Event::PaidMana { .. } => ("paid_mana", "601.2h"),
            Event::CounterAdded { .. } => ("counter_added", "122.6"),
            Event::Tapped { .. } => ("tapped", "701.26a"),
            Event::SpellCopied { .. } => ("spell_copied", "707.10"),
            Event::Untapped { .. } => ("untapped", "701.26b"),
            Event::CountersRemoved { .. } => ("counters_removed", "122.1"),
            Event::EmblemCreated { .. } => ("emblem_created", "114.2"),
            Event::WardTriggered { .. } => ("triggered", "702.21a"),
            Event::Countered { .. } => ("countered", "701.6a"),
            Event::ModesChosen { .. } => ("modes_chosen", "603.3c"),
            Event::Pumped { .. } => ("pumped", "611.2a"),
            Event::Fought { .. } => ("fought", "701.14a"),
            Event::DiscardTriggered { .. } => ("triggered", "701.9a"),
            Event::DamageTriggered { .. } => ("triggered", "510.3a"),
            Event::DrewFromEmpty { .. } => ("drew_from_empty", "121.4"),
            Event::EnteredWithDefense { .. } => ("entered_with_defense", "310.4b"),
            Event::ProtectorChosen { origin, .. } => match origin {
                ProtectorOrigin::Entered => ("protector_chosen", "310.9a"),
                ProtectorOrigin::ControlChange => ("protector_chosen", "704.5y"),
                ProtectorOrigin::ProtectorLeft => ("protector_chosen", "704.5x"),
            },
            Event::ControlChanged { .. } => ("control_changed", "108.4"),
            Event::BecameCopy { .. } => ("became_copy", "707.2"),
            Event::Animated { .. } => ("animated", "613.1d"),
            Event::Attacks { .. } => ("attacks", "508.1"),
            Event::Blocks { .. } => ("blocks", "509.1"),
            Event::AssignedAsUnblocked { .. } => ("assigned_as_unblocked", "510.1b"),
            Event::TrampleAssigned { .. } => ("trample_assigned", "702.19b"),
            Event::DamageDivided { .. } => ("damage_divided", "510.1c"),
            Event::Damage {
                to: Target::Player(_),
                ..
            } => ("damage", "120.3a"),
            Event::Damage { .. } => ("damage", "120.3"),
            Event::DamagePrevented { .. } => ("damage_prevented", "615.1a"),
            Event::DefenseRemoved { .. } => ("defense_removed", "310.6"),
            Event::Life { .. } => ("life", "119.3"),
            Event::GainedLife { .. } => ("gained_life", "119.3"),
            Event::LostLife { .. } => ("lost_life", "119.3"),
            Event::Discarded { .. } => ("discarded", "701.9a"),
            Event::Destroyed { .. } => ("destroyed", "701.8a"),
            Event::Revealed { .. } => ("revealed", "701.20a"),
            Event::Sacrificed { .. } => ("sacrificed", "701.21a"),
            Event::Found { .. } => ("found", "701.23a"),
            Event::Milled { .. } => ("milled", "701.17a"),
            Event::Shuffled { .. } => ("shuffled", "701.24a"),
            Event::ReflexiveTriggered { .. } => ("triggered", "603.12"),
            Event::StepTriggered { .. } => ("triggered", "503.1a"),
            Event::AttackTriggered { .. } => ("triggered", "508.3a"),
            Event::CastTriggered { .. } => ("triggered", "601.2i"),
            Event::DiesTriggered { .. } => ("triggered", "603.10a"),
            Event::PutOnBottom { .. } => ("put_on_bottom", "401.4"),
            Event::RemovedFromCombat { .. } => ("removed_from_combat", "506.4"),
            Event::Triggered { .. } => ("triggered", "310.12b"),
            Event::TriggerOnStack { .. } => ("trigger_on_stack", "603.3"),
            Event::EntersTriggered { .. } => ("triggered", "603.6a"),
            Event::TriggerRemoved { .. } => ("trigger_removed", "603.3d"),
            Event::Reselected { .. } => ("reselected", "508.7"),
            Event::TriggerCountered { .. } => ("trigger_countered", "701.6b"),
            Event::TriggerFoundNothing { .. } => ("trigger_found_nothing", "400.7"),
            Event::StateBased { rule, .. } => ("state_based", rule),
            Event::LeftGame { .. } => ("left_game", "800.4a"),
            Event::GameOver { .. } => ("game_over", "104.2a"),
        }
    }

    /// Every branch an event of this engine can be ([`Event::branch`]),
    /// state-based actions by the rules `sba` performs.
    pub const BRANCHES: &'static [Branch] = &[
        ("passed", "117.3d"),
        ("step_began", "500.1"),
        ("cast", "601.2"),
        ("cast", "712.11a"),
        ("declined_cast", "310.12b"),
        ("activated", "702.6a"),
        ("activated", "602.2"),
        ("attached", "702.6a"),
        ("unattached", "701.3d"),
        ("resolved", "608.2"),
        ("fizzled", "608.2b"),
        ("moved", "400.7"),
        ("token_created", "111.1"),
        ("ceased_to_exist", "704.5d"),
        ("no_room_for_token", "111.1"),
        ("drew", "121.1"),
        ("played_land", "305.1"),
        ("mana_added", "605.3b"),
        ("paid_mana", "601.2h"),
        ("counter_added", "122.6"),
        ("tapped", "701.26a"),
        ("spell_copied", "707.10"),
        ("untapped", "701.26b"),
        ("counters_removed", "122.1"),
        ("emblem_created", "114.2"),
        ("triggered", "702.21a"),
        ("countered", "701.6a"),
        ("modes_chosen", "603.3c"),
        ("pumped", "611.2a"),
        ("fought", "701.14a"),
        ("triggered", "701.9a"),
        ("triggered", "510.3a"),
        ("drew_from_empty", "121.4"),
        ("entered_with_defense", "310.4b"),
        ("protector_chosen", "310.9a"),
        ("protector_chosen", "704.5y"),
        ("protector_chosen", "704.5x"),
        ("control_changed", "108.4"),
        ("became_copy", "707.2"),
        ("animated", "613.1d"),
        ("attacks", "508.1"),
        ("blocks", "509.1"),
        ("assigned_as_unblocked", "510.1b"),
        ("trample_assigned", "702.19b"),
        ("damage_divided", "510.1c"),
        ("damage", "120.3a"),
        ("damage", "120.3"),
        ("defense_removed", "310.6"),
        ("damage_prevented", "615.1a"),
        ("life", "119.3"),
        ("gained_life", "119.3"),
        ("lost_life", "119.3"),
        ("discarded", "701.9a"),
        ("destroyed", "701.8a"),
        ("revealed", "701.20a"),
        ("sacrificed", "701.21a"),
        ("found", "701.23a"),
        ("milled", "701.17a"),
        ("shuffled", "701.24a"),
        ("triggered", "603.12"),
        ("triggered", "503.1a"),
        ("triggered", "508.3a"),
        ("triggered", "601.2i"),
        ("triggered", "603.10a"),
        ("put_on_bottom", "401.4"),
        ("removed_from_combat", "506.4"),
        ("triggered", "310.12b"),
        ("trigger_on_stack", "603.3"),
        ("triggered", "603.6a"),
        ("trigger_removed", "603.3d"),
        ("reselected", "508.7"),
        ("trigger_countered", "701.6b"),
        ("trigger_found_nothing", "400.7"),
        ("state_based", "704.5f"),
        ("state_based", "704.5g"),
        ("state_based", "704.5h"),
        ("state_based", "704.5i"),
        ("state_based", "704.5n"),
        ("state_based", "704.5p"),
        ("state_based", "704.5v"),
        ("state_based", "704.5w"),
        ("state_based", "704.5x"),
        ("state_based", "704.5y"),
        ("state_based", "704.5j"),
        ("left_game", "800.4a"),
        ("game_over", "104.2a"),
    ];
}

/// What the events of one decision must satisfy whatever the game: the
/// shared rules of [`battlecheck_properties::step`], on the facts the
/// events show, with the seating `table` gives. The broken ones, in words,
/// with their rules. The seating is read only if the events show a fact
/// (most decisions' do not).
pub fn step_violations(events: &[Event], table: impl FnOnce() -> Table) -> Vec<Broken> {
    let facts = happened(events);
    if facts.is_empty() {
        return Vec::new();
    }
    step::breaks(&facts, &table())
}

/// The facts of [`step`] the events show.
pub fn happened(events: &[Event]) -> Vec<Happened> {
    let mut facts = Vec::new();
    for e in events {
        match e {
            Event::Attacks { player, attacks } => facts.extend(attacks.iter().map(
                |&(attacker, _, defender)| Happened::Attacked {
                    attacker,
                    controller: *player,
                    defender,
                },
            )),
            e => facts.extend(fact(e)),
        }
    }
    facts
}

/// The fact of [`step`] one event other than a declaration of attackers
/// shows, if any.
fn fact(e: &Event) -> Option<Happened> {
    match *e {
        Event::Damage { source, to, amount } => Some(Happened::Damage { source, to, amount }),
        Event::DefenseRemoved {
            battle,
            amount,
            left,
        } => Some(Happened::DefenseRemoved {
            battle,
            amount,
            left,
        }),
        Event::Life { player, .. } => Some(Happened::Life { player }),
        Event::GainedLife { player, .. } | Event::LostLife { player, .. } => {
            Some(Happened::LifeByInstruction { player })
        }
        Event::ProtectorChosen {
            battle,
            protector,
            controller,
            siege,
            ..
        } => Some(Happened::ProtectorChosen {
            battle,
            protector,
            controller,
            siege,
        }),
        Event::AssignedAsUnblocked {
            attacker,
            to,
            human,
        } => Some(Happened::AssignedAsUnblocked {
            attacker,
            to,
            human,
        }),
        Event::Reselected {
            attacker,
            controller,
            chosen,
            defender,
        } => Some(Happened::Reselected {
            attacker,
            controller,
            chosen,
            defender,
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::{happened, step_violations, Event};
    use battlecheck_properties::seating::{Seats, Table};
    use battlecheck_properties::step::StepRule;
    use battlecheck_properties::{CardId, PlayerId, Target};

    /// The events show the facts the step rules judge, in order, and no
    /// others: a hit on a battle counted twice is seen as such.
    #[test]
    fn events_show_the_facts_of_the_step_rules() {
        let (bear, siege, p2) = (CardId(1), CardId(0), PlayerId(1));
        let hit = Event::Damage {
            source: bear,
            to: Target::Permanent(siege),
            amount: 2,
        };
        let events = [
            Event::Passed { player: p2 },
            hit.clone(),
            hit,
            Event::DefenseRemoved {
                battle: siege,
                amount: 3,
                left: 0,
            },
            Event::Life {
                player: p2,
                life: 18,
            },
        ];
        let facts = happened(&events);
        assert_eq!(facts.len(), 4, "{facts:?}");
        let table = Table {
            variant: Default::default(),
            seats: 2,
            in_game: Seats::of(2, |_| true),
            seated: Seats::of(2, |_| true),
        };
        let rules: Vec<StepRule> = step_violations(&events, || table)
            .iter()
            .map(|b| b.what.rule)
            .collect();
        assert_eq!(
            rules,
            [StepRule::DamageDealtOnce, StepRule::LifeOnlyByDamage]
        );
    }

    /// Every state-based action rule the `sba` module cites is a listed
    /// branch, so coverage reports it when no game reaches it.
    #[test]
    fn every_state_based_rule_is_a_branch() {
        let source = include_str!("../rules/sba.rs");
        let mut rules = 0;
        for piece in source.split('"').skip(1).step_by(2) {
            if piece.starts_with("704.5") {
                rules += 1;
                assert!(
                    Event::BRANCHES.contains(&("state_based", piece)),
                    "{piece} is not listed"
                );
            }
        }
        assert!(rules >= 8, "{rules} rules found");
    }
}
