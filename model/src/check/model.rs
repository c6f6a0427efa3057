//! The stateright [`Model`] of the battle rules.

use crate::check::commute::Conceded;
use crate::check::stop::Stop;
use crate::rules::config::{Config, ConfigError, Setup};
use crate::rules::state::GameState;
use battlecheck_properties::catalogue::Feature;
use battlecheck_properties::{Decision, Kind, PropertyId, CATALOGUE};
use stateright::{Model, Property};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// The battle rules over one configuration.
#[derive(Clone)]
pub struct BattleModel {
    pub setup: &'static Setup,
    /// The properties this configuration checks: every invariant, and the
    /// witnesses whose features the configuration has.
    pub properties: Vec<PropertyId>,
    /// Set for an exhaustive check (see [`Tally`]); unset in the Explorer.
    pub tally: Option<Arc<Tally>>,
    /// Whether the search skips concessions that commute with the decision
    /// before them ([`crate::check::commute`]): on, unless a fault is
    /// seeded.
    pub commute: bool,
}

/// A stateright model whose states the property catalogue judges.
pub trait Judged: Model {
    /// The conditions of the catalogue entries in `wanted` on a state: bit
    /// `i` is set when catalogue entry `i` is wanted and its condition holds
    /// (see [`battlecheck_properties::catalogue::evaluate`]).
    fn evaluate(state: &Self::State, wanted: u64) -> u64;
    /// The catalogue entries this model checks.
    fn checked(&self) -> &[PropertyId];
    /// Where an exhaustive check gathers its verdicts, if it is one.
    fn tally(&self) -> Option<&Tally>;
    /// Write the state `action` leads to from `state` (the one
    /// [`Model::next_state`] gives) into `slot`, a state of the search's
    /// stack that is no longer needed; false when there is none. A model
    /// of large states copies `state` into the slot and applies `action`
    /// there: one copy, into memory already in use (see
    /// [`crate::check::search`]).
    fn next_into(&self, state: &Self::State, action: Self::Action, slot: &mut Self::State) -> bool {
        match self.next_state(state, action) {
            Some(next) => {
                *slot = next;
                true
            }
            None => false,
        }
    }
    /// The seat conceding, when `action` is a concession the search may
    /// skip where it commutes with the decision before it
    /// ([`crate::check::commute`]); never for a model with a boundary, whose
    /// skipped successors could not be counted without computing them.
    fn concession(&self, _action: &Self::Action) -> Option<u8> {
        None
    }
    /// What the concession of `seat` from `state` to `next` wrote, if it
    /// may commute with the other decisions from `state`.
    fn conceded(&self, _state: &Self::State, _next: &Self::State, _seat: u8) -> Option<Conceded> {
        None
    }
    /// The seats whose concessions, of `conceded`, commute at `state` with
    /// the decision that led to `next`: the search skips them at `next`.
    fn commuting(&self, _state: &Self::State, _next: &Self::State, _conceded: &[Conceded]) -> u8 {
        0
    }
    /// The turns of the game (1 for a model without turns).
    fn turns(&self) -> u8 {
        1
    }
    /// The turn `state` is in, 0 for the first (0 for a model without
    /// turns): it never decreases along a transition.
    fn turn(_state: &Self::State) -> u8 {
        0
    }
}

/// What the states visited by an exhaustive check showed: the invariants
/// violated and the witnesses found, one bit per catalogue entry.
///
/// stateright evaluates each property it is given on every visited state
/// and looks up, per property and state, whether it was already discovered
/// (a hash-map lookup keyed by the property's name). A check therefore gives
/// stateright a single property that evaluates the whole catalogue once per
/// visited state and records the outcome here; counterexamples come from the
/// breadth-first search afterwards ([`crate::check::shortest_path`]).
#[derive(Debug)]
pub struct Tally {
    /// The invariants checked.
    always: u64,
    /// The witnesses checked.
    sometimes: u64,
    violated: AtomicU64,
    witnessed: AtomicU64,
    /// When the run must stop (see [`Stop`]).
    stop: Arc<Stop>,
    /// Set when the run has learned that it must be repeated (a symmetric
    /// run of a configuration whose outcomes depend on seating, see
    /// [`crate::check::symmetry`]): it stops at once, its verdicts unused.
    futile: Option<&'static AtomicBool>,
}

impl Tally {
    pub fn new(
        checked: &[PropertyId],
        stop: Arc<Stop>,
        futile: Option<&'static AtomicBool>,
    ) -> Tally {
        Tally {
            always: mask(checked, Kind::Always),
            sometimes: mask(checked, Kind::Sometimes),
            violated: AtomicU64::new(0),
            witnessed: AtomicU64::new(0),
            stop,
            futile,
        }
    }

    /// The entries whose verdict a state can still change: the invariants
    /// not yet violated and the witnesses not yet found.
    pub fn wanted(&self) -> u64 {
        self.always & !self.violated.load(Ordering::Relaxed)
            | self.sometimes & !self.witnessed.load(Ordering::Relaxed)
    }

    /// Record one state's conditions of the entries in `wanted` (as
    /// [`Judged::evaluate`] gives them). Each bit is written once: later
    /// states only read the shared words.
    pub fn record(&self, conditions: u64, wanted: u64) {
        let violated = !conditions & self.always & wanted;
        if violated & !self.violated.load(Ordering::Relaxed) != 0 {
            self.violated.fetch_or(violated, Ordering::Relaxed);
        }
        let witnessed = conditions & self.sometimes;
        if witnessed & !self.witnessed.load(Ordering::Relaxed) != 0 {
            self.witnessed.fetch_or(witnessed, Ordering::Relaxed);
        }
    }

    /// Whether the run stopped early: a limit or an interrupt, or it
    /// learned that it must be repeated.
    pub fn stopped(&self) -> bool {
        self.stop.stopped() || self.futile.is_some_and(|f| f.load(Ordering::Relaxed))
    }

    /// The names of the invariants violated and the witnesses found.
    pub fn found(&self) -> Vec<&'static str> {
        let bits = self.violated.load(Ordering::Relaxed) | self.witnessed.load(Ordering::Relaxed);
        CATALOGUE
            .iter()
            .enumerate()
            .filter(|(i, _)| bits >> i & 1 == 1)
            .map(|(_, p)| p.name)
            .collect()
    }
}

/// The catalogue entries of `kind` among `checked`, one bit per entry (as
/// [`Judged::evaluate`] takes them).
pub(crate) fn mask(checked: &[PropertyId], kind: Kind) -> u64 {
    CATALOGUE
        .iter()
        .enumerate()
        .filter(|(_, p)| p.kind == kind && checked.contains(&p.id))
        .fold(0u64, |m, (i, _)| m | 1 << i)
}

/// The one property of an exhaustive check: records the catalogue's
/// verdicts on the state and fails only when the run must stop (a limit or
/// an interrupt), which ends stateright's search; otherwise the search runs
/// to the end.
pub(crate) fn tally<M: Judged>(model: &M, s: &M::State) -> bool {
    if let Some(t) = model.tally() {
        if t.stop.visit() || t.futile.is_some_and(|f| f.load(Ordering::Relaxed)) {
            return false;
        }
        let wanted = t.wanted();
        t.record(M::evaluate(s, wanted), wanted);
    }
    true
}

fn condition<M: Judged, const I: usize>(_: &M, s: &M::State) -> bool {
    M::evaluate(s, 1 << I) != 0
}

macro_rules! conditions {
    ($($i:literal)*) => { [$(condition::<M, $i>),*] };
}

/// The stateright properties of a model: one per checked catalogue entry in
/// the Explorer (stateright takes plain function pointers: one per catalogue
/// index), the single tallying property in an exhaustive check.
pub fn catalogue_properties<M: Judged>(model: &M) -> Vec<Property<M>> {
    if model.tally().is_some() {
        return vec![Property::always("catalogue", tally::<M>)];
    }
    let conditions: [fn(&M, &M::State) -> bool; 48] = conditions!(
        0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23
        24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47
    );
    assert!(CATALOGUE.len() <= conditions.len(), "extend the conditions");
    let checked = model.checked();
    CATALOGUE
        .iter()
        .enumerate()
        .filter(|(_, spec)| checked.contains(&spec.id))
        .map(|(i, spec)| match spec.kind {
            Kind::Always => Property::always(spec.name, conditions[i]),
            Kind::Sometimes => Property::sometimes(spec.name, conditions[i]),
        })
        .collect()
}

impl Judged for BattleModel {
    fn evaluate(state: &GameState, wanted: u64) -> u64 {
        state.evaluate(wanted)
    }
    fn checked(&self) -> &[PropertyId] {
        &self.properties
    }
    fn tally(&self) -> Option<&Tally> {
        self.tally.as_deref()
    }
    fn next_into(&self, state: &GameState, action: Decision, slot: &mut GameState) -> bool {
        slot.clone_from(state);
        slot.apply(&action);
        true
    }
    /// Concessions, unless a fault is seeded: the reduction rests on the
    /// rules as written ([`crate::check::commute`]).
    fn concession(&self, action: &Decision) -> Option<u8> {
        match action {
            Decision::Concede { player } if self.commute => Some(player.0),
            _ => None,
        }
    }
    fn conceded(&self, state: &GameState, next: &GameState, seat: u8) -> Option<Conceded> {
        state.conceded(next, seat)
    }
    fn commuting(&self, state: &GameState, next: &GameState, conceded: &[Conceded]) -> u8 {
        state.commuting(next, conceded)
    }
    fn turns(&self) -> u8 {
        self.setup.config.turns
    }
    /// The turns taken so far: `end_turn` counts one more, and nothing
    /// counts back.
    fn turn(state: &GameState) -> u8 {
        state.turn
    }
}

impl BattleModel {
    /// The model of a configuration. The setup lives as long as the
    /// process: states refer to it.
    pub fn new(config: Config) -> Result<BattleModel, ConfigError> {
        let features = config.features();
        let setup: &'static Setup = Box::leak(Box::new(Setup::new(config)?));
        let properties = CATALOGUE
            .iter()
            .filter(|p| p.kind == Kind::Always || applicable(p.requires, &features))
            .map(|p| p.id)
            .collect();
        Ok(BattleModel {
            commute: setup.config.faults.is_empty(),
            setup,
            properties,
            tally: None,
        })
    }

    /// Witnesses this configuration cannot reach, with the features missing.
    pub fn not_applicable(&self) -> Vec<(PropertyId, Vec<Feature>)> {
        let features = self.setup.config.features();
        CATALOGUE
            .iter()
            .filter(|p| !self.properties.contains(&p.id))
            .map(|p| {
                (
                    p.id,
                    p.requires
                        .iter()
                        .copied()
                        .filter(|f| !features.contains(f))
                        .collect(),
                )
            })
            .collect()
    }
}

fn applicable(requires: &[Feature], features: &[Feature]) -> bool {
    requires.iter().all(|f| features.contains(f))
}

impl Model for BattleModel {
    type State = GameState;
    type Action = Decision;

    fn init_states(&self) -> Vec<GameState> {
        vec![GameState::initial(self.setup)]
    }

    fn actions(&self, state: &GameState, actions: &mut Vec<Decision>) {
        state.decisions(actions);
    }

    fn next_state(&self, state: &GameState, action: Decision) -> Option<GameState> {
        let mut next = state.clone();
        next.apply(&action);
        Some(next)
    }

    fn format_action(&self, action: &Decision) -> String {
        self.setup.decision_summary(action)
    }

    /// The Explorer shows this for the selected step: the decision, then the
    /// state it leads to.
    fn format_step(&self, last_state: &GameState, action: Decision) -> Option<String> {
        let text = last_state.decision_text(&action);
        let next = self.next_state(last_state, action)?;
        Some(format!("{text}\n\n{}", next.describe()))
    }

    fn as_svg(&self, path: stateright::Path<GameState, Decision>) -> Option<String> {
        let states = path.into_states();
        let previous = states.len().checked_sub(2).map(|i| &states[i]);
        states.last().map(|s| s.svg(previous))
    }

    fn properties(&self) -> Vec<Property<Self>> {
        catalogue_properties(self)
    }
}

#[cfg(test)]
mod tests {
    use super::{BattleModel, Judged};
    use crate::rules::config::Config;
    use stateright::Model;

    /// A successor written into a state of the search's stack is the
    /// successor, whatever that state held before: a state of the same
    /// game, or one of another configuration with more objects.
    #[test]
    fn a_successor_written_into_a_used_state_is_the_successor() {
        let model = BattleModel::new(Config::preset("default").expect("a preset"))
            .expect("a valid configuration");
        let mut bigger = Config::preset("default").expect("a preset");
        bigger.set_players(6).expect("six seats");
        let other = BattleModel::new(bigger).expect("a valid configuration");
        let mut state = model.init_states().remove(0);
        let mut slots = vec![state.clone(), other.init_states().remove(0)];
        assert!(slots[1].objs.len() > state.objs.len());
        let mut actions = Vec::new();
        for step in 0..40 {
            actions.clear();
            model.actions(&state, &mut actions);
            let Some(action) = actions.get(step % actions.len().max(1)).cloned() else {
                break;
            };
            let expected = model
                .next_state(&state, action.clone())
                .expect("a successor");
            for slot in &mut slots {
                assert!(model.next_into(&state, action.clone(), slot));
                assert!(*slot == expected, "step {step}: {action:?}");
                assert_eq!(slot.objs.len(), expected.objs.len());
            }
            slots.swap(0, 1);
            state = expected;
        }
    }
}
