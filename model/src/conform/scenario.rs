//! Counterexamples as engine scenario files: the configuration's setup and
//! the decisions of the path, with the passes through the steps the model
//! does not explore (500.1) inserted where the engine needs them, so that
//! `battlecheck replay FILE` takes the same path on the engine.
//!
//! - A divergence found by `conform` ([`counterexample`]) expects, at the
//!   diverging step, that the engine observes what the model observed and
//!   accepts exactly the model's decisions: the replay fails on the engine
//!   that diverged and passes on one that agrees with the model.
//! - A violation found by `check` ([`check_counterexample`]) expects the
//!   engine to follow the path to where the model's path ends; the scenario
//!   runner checks every invariant after every step, so the replay fails,
//!   at the step that breaks it, on an engine with the model's bug.

use super::bridge::{in_process, scenario, Driven, Stuck};
use super::engine::{Engine, Process};
use super::lockstep::Divergence;
use super::process::ProcessError;
use super::protocol::Refusal;
use crate::check::model::BattleModel;
use crate::check::record::Record;
use crate::check::{CheckReport, PropertyResult, Trace, TraceStep};
use crate::rules::config::Config;
use crate::rules::state::GameState;
use battlecheck_engine::EngineFault;
use battlecheck_properties::naming::Names;
use battlecheck_properties::{Decision, PlayerId};
use serde_json::{json, Value};
use stateright::Model;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The scenario reproducing a divergence reached by `path` on `engine`
/// (driven from its starting position, the configuration's with `faults`).
pub fn counterexample<E: Engine>(
    config: &Config,
    faults: &[EngineFault],
    engine: &mut Driven<E>,
    path: &[Decision],
    div: &Divergence,
) -> Result<Value, ProcessError> {
    let model = BattleModel::new(config.clone()).expect("the configuration was checked");
    let trace = crate::check::trace(&model, path, true);
    let mut s = scenario(config, faults);
    let names = Names::of_scenario(&s);
    let mut steps = follow(engine, &trace.steps, &names)?.steps;
    let mut expect = Vec::new();
    if let Some(o) = &div.expected {
        expect.push(names.scope(|| json!({"observation": o})));
    }
    // A player may concede at any time (104.3a): the model leaves
    // concessions out of its decisions outside priority windows (its
    // documented bound), which does not make them illegal, so an engine's
    // concession is never expected to be refused.
    let illegal: Vec<&Decision> = div
        .engine_only
        .iter()
        .filter(|d| !matches!(d, Decision::Concede { .. }))
        .collect();
    if !div.model_only.is_empty() || !illegal.is_empty() {
        expect.push(names.scope(|| json!({"legal": div.model_only, "illegal": illegal})));
    }
    if let Some(p) = div.priority_holder {
        expect.push(json!({"pending": "priority", "to_act": p.to_string()}));
    }
    if let (Some(p), Some(o)) = (div.to_act, &div.expected) {
        expect.push(json!({"pending": o.pending, "to_act": p.to_string()}));
    }
    if !expect.is_empty() {
        expect_at_end(&mut steps, expect);
    }
    s["name"] = json!(format!(
        "conformance counterexample: preset '{}', {} decisions",
        config.name,
        path.len()
    ));
    s["description"] = json!(
        "Written by `battlecheck conform`: the engine diverges from the model at the last step. \
         The expectation is what the model shows there: its observation, its legal decisions \
         and who holds priority (117.3). A divergence in what the engine did (its events \
         breaking the rules of damage) fails the replay's own check of every step."
    );
    s["steps"] = json!(steps);
    s["battlecheck"] = record(&names, config, None, path);
    Ok(s)
}

/// The scenario of the counterexample `trace` that `check` found to
/// property `p` of `report`: every decision of the path, with the passes
/// the engine needs between them, so that every step replays on the engine.
///
/// The last step expects what the engine shows after the path:
/// - if it takes every decision, the point of the game where the model's
///   path ends: turn, step, active player and pending decision, except a
///   field in which the engine ends otherwise (a seeded fault may change
///   it), which the description names. The replay shows that the engine
///   followed the path to its end and, as after every step, that every
///   invariant holds there;
/// - if it refuses a decision the model took (a seeded fault may allow what
///   the rules forbid), that it refuses it citing the rule it cites now:
///   the path ends there.
///
/// A seeded fault (`--fault`) is in the model only, so the engine is
/// expected not to reproduce the violation: the replay passes on a correct
/// engine, and fails on an engine with the fault's bug.
pub fn check_counterexample<E: Engine>(
    report: &CheckReport,
    p: &PropertyResult,
    trace: &Trace,
    engine_faults: &[EngineFault],
    engine: &mut Driven<E>,
) -> Result<Value, ProcessError> {
    let config = &report.config;
    let decisions: Vec<Decision> = trace.steps.iter().map(|s| s.decision.clone()).collect();
    let model = model_end(config, &decisions);
    let mut s = scenario(config, engine_faults);
    let names = Names::of_scenario(&s);
    let path = follow(engine, &trace.steps, &names)?;
    let mut steps = path.steps;
    let ending = match path.end {
        PathEnd::Followed => {
            let end = end_position(model.as_ref(), engine)?;
            expect_at_end(&mut steps, vec![end.expect.clone()]);
            followed_ending(config, model.is_some(), &end)
        }
        PathEnd::Refused(e) => refused_ending(&mut steps, &e),
        PathEnd::Stuck(s) => format!(
            "The engine did not follow the path when this file was written: {}",
            s.why
        ),
    };
    s["name"] = json!(format!("counterexample to {} ({})", p.name, config.name));
    s["covers"] = json!(p.checklist);
    s["description"] = json!(check_description(
        config,
        p,
        trace,
        &ending,
        model.is_some()
    ));
    s["steps"] = json!(steps);
    s["battlecheck"] = record(&names, config, Some(p.name), &decisions);
    Ok(s)
}

/// Write each counterexample of `report` as a scenario file in `dir`
/// (`<preset>-<property>.json`, see [`check_counterexample`]); the files
/// written, or what could not be written. `engine_faults` are those of a
/// `check --target engine` run, which the files inject in turn.
pub fn save_counterexamples(
    report: &CheckReport,
    dir: &Path,
    engine_faults: &[EngineFault],
    engine_cmd: Option<(&str, Duration)>,
) -> Result<Vec<PathBuf>, String> {
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("--save-counterexample {}: {e}", dir.display()))?;
    let mut files = Vec::new();
    for p in &report.properties {
        let Some(trace) = &p.counterexample else {
            continue;
        };
        let config = &report.config;
        let scenario = match engine_cmd {
            None => {
                let mut engine = Driven::new(in_process(config, engine_faults), config.turns)
                    .expect("the engine in process does not fail");
                check_counterexample(report, p, trace, engine_faults, &mut engine)
            }
            Some((command, timeout)) => Process::start(command, timeout, scenario(config, &[]))
                .and_then(|e| Driven::new(e, config.turns))
                .and_then(|mut engine| check_counterexample(report, p, trace, &[], &mut engine)),
        }
        .map_err(|e| format!("--save-counterexample: {e}"))?;
        let file = dir.join(format!("{}-{}.json", report.config.name, p.name));
        let text = serde_json::to_string_pretty(&scenario).expect("scenarios serialise");
        std::fs::write(&file, text + "\n")
            .map_err(|e| format!("--save-counterexample {}: {e}", file.display()))?;
        files.push(file);
    }
    Ok(files)
}

/// What a check counterexample's scenario says it is and what its replay
/// shows: the property, the seeded faults, how the path ends, and whether
/// the model takes it (and `explore --trace` opens it).
fn check_description(
    config: &Config,
    p: &PropertyResult,
    trace: &Trace,
    ending: &str,
    model_follows: bool,
) -> String {
    let path = if trace.shortest {
        "the shortest path"
    } else {
        "a path"
    };
    let faults: String = config
        .faults
        .iter()
        .map(|f| {
            format!(
                " Seeded fault {f} ({}): it is in the model only, so a correct engine does not \
                 reproduce the violation.",
                f.describe()
            )
        })
        .collect();
    let explore = if model_follows {
        "`battlecheck explore --trace` opens the path in the model."
    } else {
        "The model does not take every decision of this path, so `battlecheck explore --trace` \
         cannot open it."
    };
    format!(
        "Written by `battlecheck check`: {path} on which {name} is violated ({}; rules \
         {}).{faults} `battlecheck replay` takes the path on the engine, passing through the \
         steps the model does not explore, and checks every invariant after every step: it \
         fails, at the step that breaks {name}, on an engine with the same bug. {ending} \
         {explore}",
        p.statement,
        p.rules.join(", "),
        name = p.name,
    )
}

/// The model's state at the end of `decisions`, if it offers each of them
/// (a path that `check --target engine` found in the engine may leave it).
fn model_end(config: &Config, decisions: &[Decision]) -> Option<GameState> {
    let model = BattleModel::new(config.clone()).expect("the configuration was checked");
    let mut state = model.init_states().remove(0);
    for d in decisions {
        if !state.is_legal(d) {
            return None;
        }
        state.apply(d);
    }
    Some(state)
}

/// The point of the game where a path ends, as the last step of its
/// scenario expects it.
struct EndPosition {
    /// The expectation: the fields in which the engine ends where the
    /// model's path does.
    expect: Value,
    /// Those fields, in words.
    agreed: Vec<&'static str>,
    /// The other fields, with the model's and the engine's values, in words.
    differ: Vec<String>,
}

/// The engine's turn, step, active player and pending decision after a
/// path, each expected if the model's path ends the same (without the
/// model's end, all four).
fn end_position<E: Engine>(
    model: Option<&GameState>,
    engine: &mut Driven<E>,
) -> Result<EndPosition, ProcessError> {
    let e = engine.engine.observe()?;
    let at = engine.engine.status();
    let m = match model {
        Some(m) => engine.expected(m)?,
        None => e.clone(),
    };
    let active = |p: PlayerId| json!(format!("P{}", p.0 + 1));
    // (field, in words, the model's value, the engine's, the expectation)
    let fields = [
        ("turn", "turn", json!(m.turn), json!(e.turn), json!(at.turn)),
        (
            "step",
            "step",
            json!(m.step),
            json!(e.step),
            json!(at.turn_step),
        ),
        (
            "active",
            "active player",
            active(m.active),
            active(e.active),
            active(e.active),
        ),
        (
            "pending",
            "pending decision",
            json!(m.pending),
            json!(e.pending),
            json!(e.pending),
        ),
    ];
    let mut end = EndPosition {
        expect: json!({}),
        agreed: Vec::new(),
        differ: Vec::new(),
    };
    for (field, words, model, engine, expect) in fields {
        if model == engine {
            end.expect[field] = expect;
            end.agreed.push(words);
        } else {
            end.differ.push(format!(
                "{words} (the model's {model}, the engine's {engine})"
            ));
        }
    }
    Ok(end)
}

/// The description's sentence about the end of a path the engine took:
/// what the replay expects there (where the model's path ends, if the model
/// takes it), and why it expects no more (the model's seeded faults, if it
/// has any).
fn followed_ending(config: &Config, model_follows: bool, end: &EndPosition) -> String {
    let agreed = end.agreed.join(", ");
    if !model_follows {
        return format!(
            "At the end the replay expects the engine where it was when this file was \
             written: {agreed}."
        );
    }
    let mut s =
        format!("At the end the replay expects the engine where the model's path ends: {agreed}.");
    if !end.differ.is_empty() {
        let why = if config.faults.is_empty() {
            "in which the model and the engine disagree (`battlecheck conform` shows how)"
        } else {
            "which the seeded fault changes"
        };
        s.push_str(&format!(" Not its {}, {why}.", end.differ.join(", ")));
    }
    s
}

/// Mark the last step, whose decision the engine refused, as refused citing
/// the rule the engine cites; the description's sentence about it.
fn refused_ending(steps: &mut [Value], e: &Refusal) -> String {
    let n = steps.len();
    match (&e.rule, steps.last_mut()) {
        (Some(rule), Some(last)) => {
            last["rejected"] = json!(rule);
            format!(
                "The engine refuses step {n}, which the model took ({}): the replay expects \
                 that refusal, and the path ends there.",
                e.message
            )
        }
        _ => format!(
            "The engine refused step {n} when this file was written: {}",
            e.message
        ),
    }
}

/// Put `expect` on the last step (or on a step of its own if there is none).
fn expect_at_end(steps: &mut Vec<Value>, expect: Vec<Value>) {
    match steps.last_mut() {
        Some(s) => s["expect"] = json!(expect),
        None => steps.push(json!({"expect": expect})),
    }
}

/// The model's record of the path, which `explore --trace` reopens, with
/// the scenario's names.
fn record(names: &Names, config: &Config, property: Option<&str>, decisions: &[Decision]) -> Value {
    let record = Record {
        config: config.clone(),
        property: property.map(String::from),
        decisions: decisions.to_vec(),
    };
    names.scope(|| serde_json::to_value(record).expect("records serialise"))
}

/// A path as scenario steps, and how the engine left it.
struct EnginePath {
    steps: Vec<Value>,
    end: PathEnd,
}

/// How the engine left a path.
enum PathEnd {
    /// It took every decision; its game is where the last one left it.
    Followed,
    /// It refused the last step's decision.
    Refused(Refusal),
    /// It did not leave a step the model does not explore.
    Stuck(Stuck),
}

/// Take `path` on `engine` from its starting position: each decision
/// (noted in the model's words), then the passes through the steps the
/// model does not explore ([`Driven::advance`]), up to the first decision
/// the engine refuses. A stuck engine stops at a pass: the steps make the
/// passes made and the one that failed, which the scenario runner checks
/// ends the step (500.2).
fn follow<E: Engine>(
    engine: &mut Driven<E>,
    path: &[TraceStep],
    names: &Names,
) -> Result<EnginePath, ProcessError> {
    let mut steps = Vec::new();
    let stuck = |mut steps: Vec<Value>, s: Stuck| {
        steps.extend(std::iter::repeat_n(pass_step(), s.passes + 1));
        EnginePath {
            steps,
            end: PathEnd::Stuck(s),
        }
    };
    if let Err(s) = engine.reset()? {
        return Ok(stuck(steps, s));
    }
    for step in path {
        steps.push(names.scope(|| {
            json!({
                "do": {"decision": {"decision": step.decision}},
                "note": step.text,
            })
        }));
        if let Err(e) = engine.apply(&step.decision)? {
            return Ok(EnginePath {
                steps,
                end: PathEnd::Refused(e),
            });
        }
        match engine.advance()? {
            Ok(n) => steps.extend(std::iter::repeat_n(pass_step(), n)),
            Err(s) => return Ok(stuck(steps, s)),
        }
    }
    Ok(EnginePath {
        steps,
        end: PathEnd::Followed,
    })
}

/// Every player passes through a step the model does not explore.
fn pass_step() -> Value {
    json!({"do": "pass_all", "note": "a step the model does not explore"})
}
