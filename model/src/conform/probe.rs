//! A first look at an engine behind the protocol ([`super::process`]): its
//! hello, and its legal decisions and observation at a configuration's
//! starting position, compared with this repository's engine at the same
//! position.

use super::bridge::{card_names, scenario};
use super::process::{EngineProcess, ProcessError};
use super::protocol::{EngineInfo, RequestBody, ResponseBody};
use super::serve::Session;
use crate::rules::config::{Config, Setup};
use battlecheck_properties::diff::differences_of_cards;
use battlecheck_properties::{Decision, Observation};
use std::time::Duration;

/// What the engine said, and where it differs from this repository's
/// engine.
#[derive(Clone, Debug)]
pub struct Probe {
    pub engine: EngineInfo,
    pub features: Vec<String>,
    /// The engine's observation of the starting position.
    pub observation: Observation,
    /// The engine's legal decisions there, canonical and sorted.
    pub legal: Vec<Decision>,
    /// Each difference from this repository's engine, in words.
    pub differences: Vec<String>,
}

impl Probe {
    /// The engine agrees with this repository's engine.
    pub fn agrees(&self) -> bool {
        self.differences.is_empty()
    }
}

/// Start `command`, set up `config`'s starting position and compare the
/// engine's observation and legal decisions with this repository's engine.
/// Every call is bounded by `timeout`.
pub fn probe(config: &Config, command: &str, timeout: Duration) -> Result<Probe, ProcessError> {
    let position = scenario(config, &[]);
    let mut engine = EngineProcess::spawn(command, timeout)?;
    let observation = engine.setup(position.clone())?.observation;
    let legal = sorted(engine.legal()?);
    let (want_observation, want_legal) = reference(position);
    let mut found = Vec::new();
    match want_observation {
        Ok(want) => {
            let names = Setup::new(config.clone()).map_or_else(|_| Vec::new(), |s| card_names(&s));
            found.extend(
                differences_of_cards(&want, &observation, &names)
                    .into_iter()
                    .map(|d| {
                        format!(
                            "observation {}: battlecheck's engine has {}, the engine has {}{}",
                            d.place(),
                            d.expected,
                            d.actual,
                            d.cited()
                        )
                    }),
            )
        }
        Err(e) => found.push(format!(
            "battlecheck's engine cannot set up the position: {e}"
        )),
    }
    match want_legal {
        Ok(want) => {
            for d in want.iter().filter(|d| !legal.contains(d)) {
                found.push(format!("legal: the engine does not accept {}", json(d)));
            }
            for d in legal.iter().filter(|d| !want.contains(d)) {
                found.push(format!(
                    "legal: the engine accepts {}, which battlecheck's engine does not",
                    json(d)
                ));
            }
        }
        Err(e) => found.push(format!(
            "battlecheck's engine cannot list its decisions: {e}"
        )),
    }
    Ok(Probe {
        engine: engine.info().clone(),
        features: engine.features().to_vec(),
        observation,
        legal,
        differences: found,
    })
}

/// This repository's engine at `position`, through the same protocol
/// messages (in process).
fn reference(
    position: serde_json::Value,
) -> (Result<Observation, String>, Result<Vec<Decision>, String>) {
    let mut session = Session::new(Vec::new());
    let observation = match session.answer(RequestBody::Setup { position }) {
        ResponseBody::Observation(observed) => Ok(observed.observation),
        other => Err(describe(&other)),
    };
    let legal = match session.answer(RequestBody::Legal) {
        ResponseBody::Legal { decisions } => Ok(sorted(decisions)),
        other => Err(describe(&other)),
    };
    (observation, legal)
}

fn describe(response: &ResponseBody) -> String {
    match response {
        ResponseBody::Error { message } => message.clone(),
        other => format!("a '{}' response", other.kind()),
    }
}

/// Decisions canonical and sorted, so that lists compare as sets.
fn sorted(decisions: Vec<Decision>) -> Vec<Decision> {
    let mut out: Vec<Decision> = decisions.iter().map(Decision::canonical).collect();
    out.sort();
    out.dedup();
    out
}

/// A decision as one line of JSON, as the protocol writes it.
pub fn json(d: &Decision) -> String {
    serde_json::to_string(d).unwrap_or_else(|_| format!("{d:?}"))
}
