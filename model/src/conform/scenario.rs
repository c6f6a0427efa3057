//! A counterexample as an engine scenario file: the configuration's setup,
//! the decisions of the path (with the passes through the steps the model
//! does not explore), and at the diverging step the expectation that the
//! engine observes what the model observed and accepts exactly the model's
//! decisions. `battlecheck replay FILE` fails on the engine that diverged
//! and passes on one that agrees with the model.

use super::bridge::{advance, engine_game, scenario, Stuck};
use super::lockstep::Divergence;
use crate::check::model::BattleModel;
use crate::rules::config::Config;
use battlecheck_engine::EngineFault;
use battlecheck_properties::Decision;
use serde_json::{json, Value};
use stateright::Model;

/// The scenario reproducing a divergence reached by `path`.
pub fn counterexample(
    config: &Config,
    faults: &[EngineFault],
    path: &[Decision],
    div: &Divergence,
) -> Value {
    let model = BattleModel::new(config.clone()).expect("the configuration was checked");
    let mut state = model.init_states().remove(0);
    let mut steps = Vec::new();
    let pass = json!({"do": "pass_all", "note": "a step the model does not explore"});
    // A stuck engine stops at a pass: the scenario makes the passes made
    // and the one that failed, which the scenario runner checks ends the
    // step (500.2).
    let stuck = |steps: &mut Vec<Value>, s: Stuck| {
        steps.extend(std::iter::repeat_n(pass.clone(), s.passes + 1));
    };
    match engine_game(config, faults) {
        Err(s) => stuck(&mut steps, s),
        Ok(mut game) => {
            for (i, d) in path.iter().enumerate() {
                let last = i + 1 == path.len();
                steps.push(
                    json!({"do": {"decision": {"decision": d}}, "note": state.decision_text(d)}),
                );
                state.apply(d);
                if last && div.refused.is_some() {
                    break;
                }
                if game.apply_decision(d).is_err() {
                    break;
                }
                match advance(&mut game, config.turns) {
                    Ok(n) => steps.extend(std::iter::repeat_n(pass.clone(), n)),
                    Err(s) => {
                        stuck(&mut steps, s);
                        break;
                    }
                }
            }
        }
    }
    let mut expect = Vec::new();
    if let Some(o) = &div.expected {
        expect.push(json!({"observation": o}));
    }
    if !div.model_only.is_empty() || !div.engine_only.is_empty() {
        expect.push(json!({"legal": div.model_only, "illegal": div.engine_only}));
    }
    if !expect.is_empty() {
        match steps.last_mut() {
            Some(s) => s["expect"] = json!(expect),
            None => steps.push(json!({"expect": expect})),
        }
    }
    let mut s = scenario(config, faults);
    s["name"] = json!(format!(
        "conformance counterexample: preset '{}', {} decisions",
        config.name,
        path.len()
    ));
    s["description"] = json!(
        "Written by `battlecheck conform`: the engine diverges from the model at the last step. \
         The expectation is the model's observation and legal decisions there."
    );
    s["steps"] = json!(steps);
    let record = crate::check::record::Record {
        config: config.clone(),
        property: None,
        decisions: path.to_vec(),
    };
    s["battlecheck"] = serde_json::to_value(record).expect("records serialise");
    s
}
