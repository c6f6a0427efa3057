//! The engine as a stateright model of its own, checked against the whole
//! property catalogue (`battlecheck check --target engine`): the invariants
//! must hold for the implementation, not only for the specification. The
//! engine is driven with the shared decisions it accepts, within the
//! model's bounds (see [`super::bridge`]), from a configuration's setup.

use super::bridge::{in_process, Driven};
use crate::check::model::{BattleModel, Judged, Tally};
use crate::check::stop::Stop;
use crate::check::{explore, CheckOptions, CheckReport, Search, SymmetryUse, Trace, TraceStep};
use crate::rules::config::{Config, ConfigError};
use battlecheck_engine::{EngineFault, Game};
use battlecheck_properties::{catalogue, Decision, PropertyId};
use stateright::{Model, Property};
use std::collections::hash_map::DefaultHasher;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// An engine game with a fingerprint of its whole state (every field of
/// the game, hidden ones included), by which states are identified.
#[derive(Clone)]
pub struct EngineState {
    pub game: Game,
    key: u64,
}

impl EngineState {
    /// The fingerprint hashes the game's full `Debug` text, written out
    /// first and hashed in one call (hashing each formatted fragment
    /// separately cost more than the formatting).
    pub fn new(game: Game) -> EngineState {
        let text = format!("{game:?}");
        let mut h = DefaultHasher::new();
        h.write(text.as_bytes());
        EngineState {
            key: h.finish(),
            game,
        }
    }
}

impl fmt::Debug for EngineState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.game.observe())
    }
}

impl PartialEq for EngineState {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}
impl Eq for EngineState {}
impl Hash for EngineState {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key.hash(state)
    }
}

/// The engine over one configuration.
#[derive(Clone)]
pub struct EngineModel {
    pub config: Config,
    /// The engine game of the configuration's initial position.
    pub initial: Game,
    /// The catalogue entries checked (as for the model: every invariant,
    /// the witnesses the configuration can reach).
    pub properties: Vec<PropertyId>,
    /// Set for an exhaustive check (see [`Tally`]).
    pub tally: Option<Arc<Tally>>,
}

impl Judged for EngineModel {
    fn evaluate(state: &EngineState, wanted: u64) -> u64 {
        catalogue::evaluate(&state.game, wanted)
    }
    fn checked(&self) -> &[PropertyId] {
        &self.properties
    }
    fn tally(&self) -> Option<&Tally> {
        self.tally.as_deref()
    }
}

impl EngineModel {
    pub fn new(config: Config, faults: Vec<EngineFault>) -> Result<EngineModel, ConfigError> {
        let properties = BattleModel::new(config.clone())?.properties;
        let mut start = Driven::new(in_process(&config, &faults), config.turns)
            .expect("the engine in process does not fail");
        start
            .reset()
            .expect("the engine in process does not fail")
            .map_err(|s| {
                ConfigError(format!(
                    "the engine does not reach the initial position: {}",
                    s.why
                ))
            })?;
        let initial = start.engine.game;
        Ok(EngineModel {
            config,
            initial,
            properties,
            tally: None,
        })
    }
}

impl Model for EngineModel {
    type State = EngineState;
    type Action = Decision;

    fn init_states(&self) -> Vec<EngineState> {
        vec![EngineState::new(self.initial.clone())]
    }

    fn actions(&self, state: &EngineState, actions: &mut Vec<Decision>) {
        let mut engine = Driven::playing(state.game.clone(), self.config.turns);
        actions.extend(
            engine
                .decisions(&self.config)
                .expect("the engine in process does not fail"),
        );
    }

    fn next_state(&self, state: &EngineState, action: Decision) -> Option<EngineState> {
        let mut engine = Driven::playing(state.game.clone(), self.config.turns);
        engine.apply(&action).ok()?.ok()?;
        // An engine that does not move on has no successor here: the
        // lockstep check (`conform`) reports it with its path.
        engine.advance().ok()?.ok()?;
        Some(EngineState::new(engine.engine.game))
    }

    fn format_action(&self, action: &Decision) -> String {
        serde_json::to_string(action).unwrap_or_default()
    }

    fn properties(&self) -> Vec<Property<Self>> {
        crate::check::model::catalogue_properties(self)
    }
}

/// Check the engine exhaustively over `config` against the catalogue, as
/// [`crate::check::check`] checks the model (no symmetry reduction: the
/// engine has none). Counterexamples are shortest, found by a breadth-first
/// search in the engine's decision order.
pub fn check_engine(
    config: Config,
    opts: &CheckOptions,
    faults: &[EngineFault],
) -> Result<CheckReport, ConfigError> {
    let model = EngineModel::new(config.clone(), faults.to_vec())?;
    let not_applicable = BattleModel::new(config.clone())?.not_applicable();
    let stop = Arc::new(Stop::new(opts.timeout, opts.max_states));
    let run = explore(
        &model,
        opts,
        Search::DepthFirst(None),
        &stop,
        None,
        |m: &EngineModel, tally| EngineModel {
            tally: Some(tally),
            ..m.clone()
        },
    );
    let properties = crate::check::property_results(&not_applicable, &run.found, |id| {
        shortest_path(&model, id, &stop).map(|p| engine_trace(&model, &p))
    });
    Ok(CheckReport::of(
        config,
        opts,
        SymmetryUse::Off,
        &run,
        &stop,
        properties,
    ))
}

/// The fewest decisions from the engine's initial state to a state that
/// violates invariant `id` (or witnesses `id`), breadth-first in the
/// engine's decision order (`None` if `stop` stops the run first).
pub fn shortest_path(model: &EngineModel, id: PropertyId, stop: &Stop) -> Option<Vec<Decision>> {
    crate::check::breadth_first(
        model,
        |s| s.key,
        |s| crate::check::target::<EngineModel>(id, s),
        stop,
    )
}

/// A path of the engine, in game terms (see [`in_words`]), and what its
/// last decision changed.
fn engine_trace(model: &EngineModel, path: &[Decision]) -> Trace {
    let mut game = model.init_states().remove(0);
    let mut before = game.game.observe();
    for d in path {
        before = game.game.observe();
        game = model
            .next_state(&game, d.clone())
            .expect("the path was found by taking these decisions");
    }
    let after = game.game.observe();
    Trace {
        steps: in_words(&model.config, path),
        final_state: serde_json::to_string(&after).unwrap_or_default(),
        last_changes: battlecheck_properties::diff::differences(&before, &after),
        shortest: true,
        breaks: crate::check::breaking(&game.game, |c| c.to_string()),
    }
}

/// The decisions of an engine's path in game terms: the model's words for
/// each decision while the model agrees it is legal, the decision itself
/// after that.
pub(super) fn in_words(config: &Config, path: &[Decision]) -> Vec<TraceStep> {
    let spec = BattleModel::new(config.clone()).expect("the configuration was checked");
    let mut state = Some(spec.init_states().remove(0));
    let mut steps = Vec::new();
    for d in path {
        // The model's own decision, whatever order the engine lists its
        // parts in.
        let offered = state.as_ref().and_then(|s| {
            let mut all = Vec::new();
            s.decisions(&mut all);
            all.into_iter().find(|x| x.canonical() == d.canonical())
        });
        let text = match (&state, &offered) {
            (Some(s), Some(x)) => s.decision_text(x),
            _ => serde_json::to_string(d).unwrap_or_default(),
        };
        steps.push(TraceStep {
            decision: d.clone(),
            text,
        });
        state = match (state, offered) {
            (Some(mut s), Some(x)) => {
                s.apply(&x);
                Some(s)
            }
            _ => None,
        };
    }
    steps
}
