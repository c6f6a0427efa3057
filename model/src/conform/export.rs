//! The conformance check written out, for engines that cannot be driven
//! live (`battlecheck suite --preset P --out DIR`): scenario files that
//! together take every kind of decision the configuration offers and reach
//! every witness it can reach, each by the fewest decisions (a
//! breadth-first search of the model, in its decision order). Every step
//! expects what the model shows there: the observation, and every decision
//! the model offers as legal. `battlecheck replay [--engine-cmd CMD] DIR`
//! runs them; an engine team can port them to its own test framework.

use super::bridge::{in_process, model_decisions, scenario, Driven};
use super::lockstep::{path_to, priority_after, Parents};
use super::ConformOptions;
use crate::check::model::BattleModel;
use crate::check::search::fingerprint;
use crate::check::stop::INTERRUPTED;
use crate::check::target;
use crate::rules::config::{Config, ConfigError};
use crate::rules::state::GameState;
use battlecheck_engine::EngineFault;
use battlecheck_properties::naming::Names;
use battlecheck_properties::{Decision, Kind, Observation, Pending, PropertyId};
use serde_json::{json, Value};
use stateright::Model;
use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

/// What a file of the suite shows.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Goal {
    /// A decision of this kind taken.
    Decision(&'static str),
    /// A `sometimes` property of the catalogue reached.
    Witness(PropertyId),
    /// Where a bug real engines have shipped (one of this repository's
    /// injectable engine faults) first shows.
    KnownBug(EngineFault),
}

impl Goal {
    fn name(&self) -> String {
        match self {
            Goal::Decision(kind) => format!("decision-{}", kind.replace('_', "-")),
            Goal::Witness(id) => id.spec().name.to_string(),
            Goal::KnownBug(f) => format!("catches-{}", fault_name(*f)),
        }
    }

    fn words(&self) -> String {
        match self {
            Goal::Decision(kind) => format!("takes a decision of kind '{kind}'"),
            Goal::Witness(id) => format!("reaches {} ({})", id.spec().name, id.spec().statement),
            Goal::KnownBug(f) => format!(
                "shows where an engine with a bug real engines have shipped (battlecheck's engine fault '{}') first differs from the rules",
                fault_name(*f)
            ),
        }
    }
}

/// A goal and the decisions that reach it.
pub type GoalPath = (Goal, Vec<Decision>);

/// The shortest path to each goal the configuration can reach, in the
/// model's decision order, and the goals it cannot reach. An interrupt
/// (Ctrl-C, SIGTERM) ends the search after the state it was at: the paths
/// found so far are still the shortest, and none is reported missing.
fn paths(config: &Config) -> Result<(Vec<GoalPath>, Vec<Goal>), ConfigError> {
    let model = BattleModel::new(config.clone())?;
    let witnesses: Vec<PropertyId> = model
        .properties
        .iter()
        .copied()
        .filter(|id| id.spec().kind == Kind::Sometimes)
        .collect();
    let mut found: BTreeMap<Goal, Vec<Decision>> = BTreeMap::new();
    let mut parents = Parents::new();
    let init = model.init_states().remove(0);
    let mut seen = HashSet::from([fingerprint(&init)]);
    let mut frontier = vec![(init, 0u32)];
    let mut decisions = Vec::new();
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for (state, id) in frontier {
            if interrupted() {
                return Ok((found.into_iter().collect(), Vec::new()));
            }
            for w in &witnesses {
                let goal = Goal::Witness(*w);
                if !found.contains_key(&goal) && target::<BattleModel>(*w, &state) {
                    found.insert(goal, path_to(&parents, id));
                }
            }
            decisions.clear();
            state.decisions(&mut decisions);
            for d in &decisions {
                found.entry(Goal::Decision(d.kind())).or_insert_with(|| {
                    let mut path = path_to(&parents, id);
                    path.push(d.clone());
                    path
                });
                let mut child = state.clone();
                child.apply(d);
                if seen.insert(fingerprint(&child)) {
                    next.push((child, parents.push(id, d.clone())));
                }
            }
        }
        frontier = next;
    }
    let missing = witnesses
        .iter()
        .map(|w| Goal::Witness(*w))
        .filter(|g| !found.contains_key(g))
        .collect();
    Ok((found.into_iter().collect(), missing))
}

/// The scenario taking `path` from the configuration's starting position:
/// each decision, the passes through the steps the model does not explore
/// (as this repository's engine needs them), and after each, what the model
/// shows there. `goals` are what the path shows.
pub fn scenario_of(
    config: &Config,
    goals: &[Goal],
    path: &[Decision],
) -> Result<Value, ConfigError> {
    let model = BattleModel::new(config.clone()).expect("the configuration was checked");
    let mut state = model.init_states().remove(0);
    let mut engine =
        Driven::new(in_process(config, &[]), config.turns).expect("in process it does not fail");
    let diverges = |why: String| {
        ConfigError(format!(
            "battlecheck's engine diverges from the model on the path to {} ({why}): run `battlecheck conform`",
            goals.iter().map(Goal::name).collect::<Vec<_>>().join(", ")
        ))
    };
    engine
        .reset()
        .expect("in process it does not fail")
        .map_err(|s| diverges(s.why))?;
    let mut s = scenario(config, &[]);
    let names = Names::of_scenario(&s);
    let expect = |engine: &mut Driven<_>, state: &GameState| {
        let observation = engine.expected(state).expect("in process it does not fail");
        names.scope(|| json!([{"observation": observation}, {"legal": model_decisions(state)}]))
    };
    let mut steps = vec![json!({"expect": expect(&mut engine, &state)})];
    for d in path {
        steps.push(names.scope(
            || json!({"do": {"decision": {"decision": d}}, "note": state.decision_text(d)}),
        ));
        engine
            .apply(d)
            .expect("in process it does not fail")
            .map_err(|r| diverges(r.message))?;
        let passes = engine
            .advance()
            .expect("in process it does not fail")
            .map_err(|s| diverges(s.why))?;
        for _ in 0..passes {
            steps.push(json!({"do": "pass_all", "note": "a step the model does not explore"}));
        }
        state.apply(d);
        let last = steps.last_mut().expect("a step was pushed");
        last["expect"] = expect(&mut engine, &state);
        // Who must then hold priority (117.3), which no observation shows.
        let observed = Observation::of(&state);
        if let (Pending::Priority, Some(p)) = (observed.pending, priority_after(d, &observed)) {
            if let Some(list) = last["expect"].as_array_mut() {
                list.push(json!({"to_act": p.to_string()}));
            }
        }
    }
    let goal_names: Vec<String> = goals.iter().map(Goal::name).collect();
    s["name"] = json!(format!(
        "conformance suite, preset '{}': {}",
        config.name,
        goal_names.join(", ")
    ));
    let words: Vec<String> = goals.iter().map(Goal::words).collect();
    s["description"] = json!(format!(
        "Written by `battlecheck suite`: the fewest decisions from the starting position that {}. \
         After every step the engine must show what battlecheck's model shows: the observation, and \
         every decision the model offers as legal.",
        words.join(", and ")
    ));
    let mut covers: Vec<&str> = goals
        .iter()
        .filter_map(|g| match g {
            Goal::Witness(id) => Some(id.spec().checklist),
            Goal::Decision(_) | Goal::KnownBug(_) => None,
        })
        .flatten()
        .copied()
        .collect();
    covers.sort();
    covers.dedup();
    s["covers"] = json!(covers);
    s["steps"] = json!(steps);
    Ok(s)
}

/// Whether Ctrl-C or SIGTERM asked the suite to stop.
fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::Relaxed)
}

/// The shortest path on which each of this repository's injectable engine
/// faults (bugs real engines have shipped) diverges from the model in
/// `config`, for those that do: a `conform` run per fault.
pub fn known_bug_paths(config: &Config) -> Result<Vec<GoalPath>, ConfigError> {
    let mut out = Vec::new();
    for fault in EngineFault::ALL {
        if interrupted() {
            break;
        }
        let opts = ConformOptions {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            engine_faults: vec![fault],
            ..ConformOptions::default()
        };
        let report =
            super::conform(config.clone(), &opts).map_err(|e| ConfigError(e.to_string()))?;
        if let Some(c) = report.counterexample.filter(|_| !interrupted()) {
            let path = c.steps.into_iter().map(|s| s.decision).collect();
            out.push((Goal::KnownBug(fault), path));
        }
    }
    Ok(out)
}

/// The name of a fault on the command line.
fn fault_name(f: EngineFault) -> String {
    serde_json::to_value(f)
        .ok()
        .and_then(|v| v.as_str().map(|s| s.replace('_', "-")))
        .unwrap_or_default()
}

/// What [`write`] wrote.
pub struct Written {
    /// The files, in order.
    pub files: Vec<PathBuf>,
    /// The witnesses the configuration cannot reach.
    pub missing: Vec<Goal>,
    /// Ctrl-C or SIGTERM stopped the search: the files are those of the
    /// goals found before it, and what was not searched is not `missing`.
    pub stopped: bool,
}

/// Write the suite of `config` into `dir` (with the paths of the known
/// engine bugs if `known_bugs`): one file per distinct path, named after
/// its first goal.
pub fn write(config: &Config, dir: &Path, known_bugs: bool) -> Result<Written, ConfigError> {
    let (mut paths, missing) = paths(config)?;
    if known_bugs {
        paths.extend(known_bug_paths(config)?);
    }
    let stopped = interrupted();
    let mut by_path: BTreeMap<Vec<Decision>, Vec<Goal>> = BTreeMap::new();
    for (goal, path) in paths {
        by_path.entry(path).or_default().push(goal);
    }
    let io = |e: std::io::Error| ConfigError(format!("--out {}: {e}", dir.display()));
    std::fs::create_dir_all(dir).map_err(io)?;
    let mut files = Vec::new();
    let mut ordered: Vec<(Vec<Decision>, Vec<Goal>)> = by_path.into_iter().collect();
    ordered.sort_by(|a, b| a.1.cmp(&b.1));
    for (path, goals) in ordered {
        let file = dir.join(format!("{}-{}.json", config.name, goals[0].name()));
        let text = serde_json::to_string_pretty(&scenario_of(config, &goals, &path)?)
            .expect("scenarios serialise");
        std::fs::write(&file, text + "\n").map_err(io)?;
        files.push(file);
    }
    Ok(Written {
        files,
        missing,
        stopped,
    })
}
