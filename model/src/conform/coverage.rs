//! Coverage of the conformance check (`battlecheck coverage`): for each
//! branch of the rules the engine's events show (a kind of event and the
//! rule it follows, [`Event::branch`]), how many decisions compared in
//! lockstep went through it over several configurations, and the branches
//! no configuration reached: the gaps of the check, each explained or not.

use super::lockstep::REFUSED;
use super::ConformReport;
use battlecheck_engine::state::error::REFUSALS;
use battlecheck_engine::state::event::{Branch, Event};
use serde::Serialize;
use std::collections::BTreeMap;

/// The branches no bounded game of the model reaches, and why; a gap not
/// listed here is a blind spot of the conformance check.
pub const UNREACHABLE: &[(Branch, &str)] = &[
    (
        ("drew", "121.1"),
        "the model has no libraries: scenario c05-invasion-of-dominaria covers it",
    ),
    (
        ("counters_removed", "122.1"),
        "no card of the model removes all counters: scenario c05-marchesa-resolute-monarch covers it",
    ),
    (
        ("modes_chosen", "603.3c"),
        "no card of the model has a modal ability: scenario c05-invasion-of-fiora covers it",
    ),
    (
        ("played_land", "305.1"),
        "the model has no lands: scenarios c01-invasion-of-zendikar-paid-with-mana and \
         c02-gobakhan-costs-two-more-and-plays-a-land-face cover it",
    ),
    (
        ("mana_added", "605.3b"),
        "the model has no mana: scenarios c01-*-mana and c05-treasure-pays-for-a-spell cover it",
    ),
    (
        ("paid_mana", "601.2h"),
        "the model has no mana: scenarios c01-*-mana, c02-gobakhan-costs-two-more-and-plays-a-land-face \
         and c04-invasion-of-ikoria-x cover it",
    ),
    (
        ("drew_from_empty", "121.4"),
        "the model has no libraries: scenario c05-drawing-from-an-empty-library covers it",
    ),
    (
        ("tapped", "701.26a"),
        "no card of the model taps a permanent: scenario c05-invasion-of-kamigawa covers it",
    ),
    (
        ("spell_copied", "707.10"),
        "no card of the model copies a spell: scenario c05-overloaded-mage-ring covers it",
    ),
    (
        ("emblem_created", "114.2"),
        "the model's planeswalker has no loyalty abilities: scenario c05-teferi-akosa-of-zhalfir-emblem covers it",
    ),
    (
        ("untapped", "701.26b"),
        "no card of the model untaps a permanent: scenario c05-caetus-sea-tyrant-of-segovia \
         covers it",
    ),
    (
        ("triggered", "701.9a"),
        "no card of the model discards: scenario c05-pyre-of-the-world-tree covers it",
    ),
    (
        ("fought", "701.14a"),
        "no card of the model fights: scenario c05-invasion-of-muraganda covers it",
    ),
    (
        ("triggered", "510.3a"),
        "no creature of the model has a combat damage trigger: scenario c05-rooftop-saboteurs \
         covers it",
    ),
    (
        ("discarded", "701.9a"),
        "the model's players choose no cards: scenarios c05-invasion-of-mercadia, -vryn, \
         -eldraine and -amonkhet cover it",
    ),
    (
        ("found", "701.23a"),
        "the model has no libraries: scenarios c01-invasion-of-zendikar, c05-invasion-of-theros \
         and c05-invasion-of-ergamon cover it",
    ),
    (
        ("milled", "701.17a"),
        "the model has no libraries: scenario c05-invasion-of-amonkhet covers it",
    ),
    (
        ("triggered", "603.12"),
        "no card of the model has a reflexive trigger: scenario c03-invasion-of-new-capenna \
         covers it",
    ),
    (
        ("triggered", "508.3a"),
        "no Equipment of the model has an attack trigger (\"whenever equipped creature attacks\"): scenario c03-holy-frazzle-cannon covers it",
    ),
    (
        ("triggered", "601.2i"),
        "no card of the model has a cast trigger: scenario c05-invasion-of-ixalan covers it",
    ),
    (
        ("put_on_bottom", "401.4"),
        "the model has no libraries: scenario c05-invasion-of-ixalan covers it",
    ),
    (
        ("destroyed", "701.8a"),
        "no card of the model destroys a permanent: scenario c05-invasion-of-lorwyn covers it",
    ),
    (
        ("revealed", "701.20a"),
        "no card of the model reveals a card: scenario c05-invasion-of-tarkir covers it",
    ),
    (
        ("triggered", "603.10a"),
        "no card of the model has a dies trigger: scenario c05-grandmother-ravi-sengir covers it",
    ),
    (
        ("state_based", "704.5j"),
        "the model has no legendary permanents: scenario c05-grandmother-ravi-sengir covers it",
    ),
    (
        ("no_room_for_token", "111.1"),
        "the model makes no token but its reserved copies: engine unit test \
         effects::tests covers the engine's limit of 256 objects",
    ),
    (
        ("refused", "104.2a"),
        "a check of a decision from outside (a scenario step, the protocol): the lockstep takes only decisions the engine lists, none its own enumeration leaves out (an action after the game ended): scenario b35-concede-ends-two-player-game covers it",
    ),
    (
        ("refused", "107.3a"),
        "the model has no mana: an X announced: scenario c01-invasion-of-zendikar-paid-with-mana covers it",
    ),
    (
        ("refused", "107.5"),
        "the model has no mana: a {T} cost: scenario c01-awakened-skyclave-taps-for-mana covers it",
    ),
    (
        ("refused", "110.4a"),
        "no card of the model targets a card in a graveyard: scenario c05-invasion-of-tolvada covers it",
    ),
    (
        ("refused", "115.3"),
        "no card of the model has an ability with several targets: scenario c05-invasion-of-kylem covers it",
    ),
    (
        ("refused", "117.1"),
        "a check of a decision from outside (a scenario step, the protocol): the lockstep takes only decisions the engine lists, none its own enumeration leaves out (one player's action without priority): scenario b01-battle-timing-refused covers it",
    ),
    (
        ("refused", "122.6"),
        "no card of the model distributes counters: scenario c05-awaken-the-maelstrom covers it",
    ),
    (
        ("refused", "305.1"),
        "the model has no lands: scenario c01-invasion-of-zendikar-paid-with-mana covers it",
    ),
    (
        ("refused", "305.2"),
        "the model has no lands: scenario c01-invasion-of-zendikar-paid-with-mana covers it",
    ),
    (
        ("refused", "305.9"),
        "the model has no lands: scenario c01-invasion-of-zendikar-paid-with-mana covers it",
    ),
    (
        ("refused", "310.9a"),
        "a check of a decision from outside (a scenario step, the protocol): the lockstep takes only decisions the engine lists, none its own enumeration leaves out (a protector choice when none is being made, or by another player): scenario b10-siege-protector-choice covers it",
    ),
    (
        ("refused", "310.12b"),
        "a check of a decision from outside (a scenario step, the protocol): the lockstep takes only decisions the engine lists, none its own enumeration leaves out (a cast transformed when no defeat trigger offers it): scenario b20-cast-transformed-creature covers it",
    ),
    (
        ("refused", "506.3"),
        "a check of a decision from outside (a scenario step, the protocol): the lockstep takes only decisions the engine lists, none its own enumeration leaves out (an attack on a permanent that is no planeswalker or battle): scenario c05-attacking-teferi-akosa-of-zhalfir covers it",
    ),
    (
        ("refused", "508.1"),
        "a check of a decision from outside (a scenario step, the protocol): the lockstep takes only decisions the engine lists, none its own enumeration leaves out (attackers declared outside their step or by another player): scenario b35-a-departed-player-and-choices-out-of-their-time-are-refused covers it",
    ),
    (
        ("refused", "509.1"),
        "a check of a decision from outside (a scenario step, the protocol): the lockstep takes only decisions the engine lists, none its own enumeration leaves out (blockers declared outside their step): scenario b35-a-departed-player-and-choices-out-of-their-time-are-refused covers it",
    ),
    (
        ("refused", "510.1a"),
        "a check of a decision from outside (a scenario step, the protocol): the lockstep takes only decisions the engine lists, none its own enumeration leaves out (attackers' damage assigned out of card order): scenario b34-two-tramplers-card-order covers it",
    ),
    (
        ("refused", "510.1c"),
        "a check of a decision from outside (a scenario step, the protocol): the lockstep takes only decisions the engine lists, none its own enumeration leaves out (a division of damage that adds up wrong, or asked when none waits): scenario c04-zilortha-assigns-onto-a-battle covers it",
    ),
    (
        ("refused", "601.2a"),
        "a check of a decision from outside (a scenario step, the protocol): the lockstep takes only decisions the engine lists, none its own enumeration leaves out (a card cast from a zone it can't be cast from): scenario c05-invasion-of-kaldheim covers it",
    ),
    (
        ("refused", "601.2b"),
        "the model has no mana: an X announced: scenario c04-invasion-of-ikoria-x covers it",
    ),
    (
        ("refused", "601.2c"),
        "a check of a decision from outside (a scenario step, the protocol): the lockstep takes only decisions the engine lists, none its own enumeration leaves out (a spell or ability cast without the targets it needs): scenario c05-awaken-the-maelstrom-needs-a-legal-target covers it",
    ),
    (
        ("refused", "601.2h"),
        "the model has no mana: a cost not paid: scenario c01-invasion-of-zendikar-paid-with-mana covers it",
    ),
    (
        ("refused", "602.1"),
        "the model has no activated abilities but its Sieges' back faces': Lightshield Array's activation refused: scenario c02-lightshield-array covers it",
    ),
    (
        ("refused", "602.2"),
        "the model has no activated abilities of permanents a player does not control: scenario c02-lightshield-array covers it",
    ),
    (
        ("refused", "602.2b"),
        "the model has no costs: a discard cost: scenario c05-kyren-flamewright covers it",
    ),
    (
        ("refused", "603.3c"),
        "no card of the model has a modal triggered ability: scenario c05-invasion-of-fiora covers it",
    ),
    (
        ("refused", "605.1a"),
        "the model has no mana abilities: scenario c05-treasure-pays-for-a-spell covers it",
    ),
    (
        ("refused", "606.3"),
        "the model's planeswalker has no loyalty abilities: scenario c05-teferi-akosa-of-zhalfir covers it",
    ),
    (
        ("refused", "606.6"),
        "the model's planeswalker has no loyalty abilities: scenario c05-teferi-pays-its-last-loyalty covers it",
    ),
    (
        ("refused", "608.2d"),
        "the model's players choose no cards: scenario c05-awaken-the-maelstrom-one-creature covers it",
    ),
    (
        ("refused", "608.2g"),
        "no card of the model casts a card found by a resolving ability: scenario c05-invasion-of-alara covers it",
    ),
    (
        ("refused", "613.1f"),
        "no card of the model makes a permanent lose its abilities: scenario c05-primordial-plasm-takes-an-activated-ability covers it",
    ),
    (
        ("refused", "700.2"),
        "no card of the model has a modal triggered ability: scenario c05-invasion-of-fiora covers it",
    ),
    (
        ("refused", "701.9b"),
        "no card of the model discards: scenario c05-invasion-of-eldraine covers it",
    ),
    (
        ("refused", "701.20a"),
        "no card of the model reveals a card: scenario c05-invasion-of-tarkir covers it",
    ),
    (
        ("refused", "701.21a"),
        "no card of the model sacrifices: scenario c05-invasion-of-azgol covers it",
    ),
    (
        ("refused", "701.22a"),
        "the model has no libraries: scry: scenario c05-invasion-of-pyrulea covers it",
    ),
    (
        ("refused", "701.23a"),
        "the model has no libraries: a search: scenario c01-invasion-of-zendikar covers it",
    ),
    (
        ("refused", "702.21a"),
        "a check of a decision from outside (a scenario step, the protocol): the lockstep takes only decisions the engine lists, none its own enumeration leaves out (a ward cost paid by another player than the spell's controller, or when none is asked): scenario c05-refraction-elemental covers it",
    ),
    (
        ("refused", "702.51a"),
        "no card of the model has convoke: scenario c05-caetus-sea-tyrant-of-segovia covers it",
    ),
    (
        ("refused", "702.122a"),
        "the model has no Vehicles: scenario c05-crew-names-untapped-creatures-its-controller-controls covers it",
    ),
    (
        ("refused", "704.5j"),
        "the model has no legendary permanents: scenario c05-grandmother-ravi-sengir covers it",
    ),
    (
        ("refused", "707.5"),
        "a check of a decision from outside (a scenario step, the protocol): the lockstep takes only decisions the engine lists, none its own enumeration leaves out (a copy choice by another player than the copy's controller): scenario b03-clone-copies-only-a-battle covers it",
    ),
    (
        ("refused", "707.9b"),
        "no card of the model copies a card in a graveyard: scenario c05-lazotep-convert covers it",
    ),
    (
        ("refused", "707.10"),
        "no card of the model copies a spell: scenario c05-invocation-of-the-founders covers it",
    ),
    (
        ("refused", "707.10c"),
        "a check of a decision from outside (a scenario step, the protocol): the lockstep takes only decisions the engine lists, none its own enumeration leaves out (a copy's new targets chosen when no copy is being made): scenario b35-a-departed-player-and-choices-out-of-their-time-are-refused covers it",
    ),
    (
        ("refused", "712.12"),
        "the model has no lands: a modal double-faced card's land face: scenario b35-a-departed-player-and-choices-out-of-their-time-are-refused covers it",
    ),
    (
        ("refused", "800.4a"),
        "a check of a decision from outside (a scenario step, the protocol): the lockstep takes only decisions the engine lists, none its own enumeration leaves out (an action by a player who left the game): scenario b35-a-departed-player-and-choices-out-of-their-time-are-refused covers it",
    ),
    (
        ("refused", "802.4"),
        "the model's blocks are one decision for every defending player (509.1), never one defender's out of APNAP order: scenario b12-only-protector-blocks covers it",
    ),
];

/// Every branch of the rules the engine has: the kinds of event and the
/// rules they follow ([`Event::BRANCHES`]), then each rule the engine
/// refuses by ([`REFUSALS`], keyword checks included), in that order.
pub fn listed() -> Vec<Branch> {
    Event::BRANCHES
        .iter()
        .copied()
        .chain(REFUSALS.iter().map(|&rule| (REFUSED, rule)))
        .collect()
}

/// Why a branch is unreachable, if it is listed as such.
pub fn unreachable(b: Branch) -> Option<&'static str> {
    UNREACHABLE
        .iter()
        .find(|(u, _)| *u == b)
        .map(|(_, why)| *why)
}

/// Coverage over several conformance runs.
#[derive(Clone, Debug, Serialize)]
pub struct Coverage {
    /// The configurations run, in order.
    pub configs: Vec<String>,
    /// Every branch: the listed ones in their order, then any other seen.
    pub branches: Vec<BranchCoverage>,
    /// The branches no configuration went through that no model game
    /// reaches ([`UNREACHABLE`]).
    pub explained_gaps: Vec<String>,
    /// The other branches no configuration went through: blind spots.
    pub gaps: Vec<String>,
    /// Branches explained as unreachable ([`UNREACHABLE`]) that some
    /// configuration went through: a stale explanation, which would hide
    /// the branch once it is no longer reached.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stale: Vec<String>,
    /// The configurations whose engine diverged (their runs stopped early).
    pub diverged: Vec<String>,
    /// The scenario files of their counterexamples, where
    /// `--save-counterexample` wrote them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub scenarios: Vec<std::path::PathBuf>,
    /// Why a counterexample's scenario file could not be written.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub scenario_errors: Vec<String>,
    /// The configurations whose run was stopped (an interrupt,
    /// `--max-memory`) before it ended, each with why: the coverage is
    /// PARTIAL, and a gap may be a branch not reached in time.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stopped: Vec<String>,
}

/// One branch over the runs.
#[derive(Clone, Debug, Serialize)]
pub struct BranchCoverage {
    pub kind: &'static str,
    pub rule: &'static str,
    /// Listed in [`listed`] (a branch seen but not listed is an omission of
    /// [`Event::BRANCHES`] or [`REFUSALS`]).
    pub listed: bool,
    /// Why no model game reaches it, if none does ([`UNREACHABLE`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unreachable: Option<&'static str>,
    /// Decisions compared that went through it, over all runs.
    pub decisions: u64,
    /// The configurations in which some decision went through it.
    pub configs: usize,
}

/// A run by its configuration's name, and its random games if it played
/// them (`coverage --random-games`) rather than explored every state.
fn label(r: &ConformReport) -> String {
    match &r.random_games {
        Some(g) => format!(
            "{} ({} random games, seed {})",
            r.config.name, g.asked.count, g.asked.seed
        ),
        None => r.config.name.clone(),
    }
}

impl Coverage {
    /// Every configuration conformed and every branch was exercised or is
    /// explained, and no explanation is of a branch exercised.
    pub fn passed(&self) -> bool {
        self.gaps.is_empty()
            && self.stale.is_empty()
            && self.diverged.is_empty()
            && self.stopped.is_empty()
    }

    /// Nothing failed that was checked, but some run was stopped before
    /// its end.
    pub fn partial(&self) -> bool {
        self.diverged.is_empty() && !self.stopped.is_empty()
    }

    /// The coverage of `runs` (each passed or not: a run that diverged
    /// stopped early and covers less).
    pub fn of(runs: &[ConformReport]) -> Coverage {
        let all = listed();
        let mut per: BTreeMap<Branch, (u64, usize)> = all.iter().map(|&b| (b, (0, 0))).collect();
        for r in runs {
            for c in &r.coverage {
                let e = per.entry((c.kind, c.rule)).or_default();
                e.0 += c.decisions;
                e.1 += 1;
            }
        }
        let others: Vec<Branch> = per.keys().copied().filter(|b| !all.contains(b)).collect();
        let branches: Vec<BranchCoverage> = all
            .iter()
            .copied()
            .chain(others)
            .map(|b| BranchCoverage {
                kind: b.0,
                rule: b.1,
                listed: all.contains(&b),
                unreachable: unreachable(b),
                decisions: per[&b].0,
                configs: per[&b].1,
            })
            .collect();
        let missed = |explained: bool| {
            branches
                .iter()
                .filter(|b| b.decisions == 0)
                .filter(|b| unreachable((b.kind, b.rule)).is_some() == explained)
                .map(|b| format!("{} ({})", b.kind, b.rule))
                .collect()
        };
        Coverage {
            configs: runs.iter().map(label).collect(),
            explained_gaps: missed(true),
            gaps: missed(false),
            stale: branches
                .iter()
                .filter(|b| b.decisions > 0 && b.unreachable.is_some())
                .map(|b| format!("{} ({})", b.kind, b.rule))
                .collect(),
            branches,
            diverged: runs
                .iter()
                .filter(|r| r.counterexample.is_some())
                .map(label)
                .collect(),
            scenarios: runs
                .iter()
                .filter_map(|r| r.counterexample.as_ref()?.scenario.clone())
                .collect(),
            scenario_errors: runs
                .iter()
                .filter_map(|r| {
                    let error = r.counterexample.as_ref()?.scenario_error.as_ref()?;
                    Some(format!("{}: {error}", label(r)))
                })
                .collect(),
            stopped: runs
                .iter()
                .filter(|r| r.counterexample.is_none() && !r.complete)
                .map(|r| format!("{} ({})", label(r), r.stopped_by.unwrap_or("stopped")))
                .collect(),
        }
    }
}
