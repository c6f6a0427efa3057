//! The stateright [`Model`] of the battle rules.

use crate::config::{Config, ConfigError, Setup};
use crate::state::GameState;
use battlecheck_properties::catalogue::Feature;
use battlecheck_properties::{Decision, Kind, PropertyId, CATALOGUE};
use stateright::{Model, Property};

/// The battle rules over one configuration.
#[derive(Clone)]
pub struct BattleModel {
    pub setup: &'static Setup,
    /// The properties this configuration checks: every invariant, and the
    /// witnesses whose features the configuration has.
    pub properties: Vec<PropertyId>,
}

/// A stateright model whose states the property catalogue judges.
pub trait Judged: Model {
    /// Catalogue entry `index`'s condition on a state.
    fn condition(state: &Self::State, index: usize) -> bool;
}

impl Judged for BattleModel {
    /// As evaluated once per state by [`GameState::evaluate`].
    fn condition(state: &GameState, index: usize) -> bool {
        state.condition(index)
    }
}

fn condition<M: Judged, const I: usize>(_: &M, s: &M::State) -> bool {
    M::condition(s, I)
}

macro_rules! conditions {
    ($($i:literal)*) => { [$(condition::<M, $i>),*] };
}

/// The stateright properties of the catalogue entries `ids` (stateright
/// takes plain function pointers: one per catalogue index).
pub fn catalogue_properties<M: Judged>(ids: &[PropertyId]) -> Vec<Property<M>> {
    let conditions: [fn(&M, &M::State) -> bool; 48] = conditions!(
        0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23
        24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47
    );
    assert!(CATALOGUE.len() <= conditions.len(), "extend the conditions");
    CATALOGUE
        .iter()
        .enumerate()
        .filter(|(_, spec)| ids.contains(&spec.id))
        .map(|(i, spec)| match spec.kind {
            Kind::Always => Property::always(spec.name, conditions[i]),
            Kind::Sometimes => Property::sometimes(spec.name, conditions[i]),
        })
        .collect()
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
        Ok(BattleModel { setup, properties })
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
        let mut s = GameState::initial(self.setup);
        s.evaluate();
        vec![s]
    }

    fn actions(&self, state: &GameState, actions: &mut Vec<Decision>) {
        state.decisions(actions);
    }

    fn next_state(&self, state: &GameState, action: Decision) -> Option<GameState> {
        let mut next = state.clone();
        next.apply(&action);
        next.evaluate();
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
        Some(path.last_state().svg())
    }

    fn properties(&self) -> Vec<Property<Self>> {
        catalogue_properties(&self.properties)
    }
}
