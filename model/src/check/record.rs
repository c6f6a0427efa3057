//! The model's record of a path, stored in the `battlecheck` field of the
//! scenario files that `check --save-counterexample` and `conform` write:
//! enough to put the path back into the model and open it in the Explorer.

use crate::check::model::BattleModel;
use crate::rules::config::Config;
use battlecheck_properties::naming::Names;
use battlecheck_properties::Decision;
use serde::{Deserialize, Serialize};
use stateright::Model;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub config: Config,
    /// The property the path violates, if it is a counterexample.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub property: Option<String>,
    pub decisions: Vec<Decision>,
}

impl Record {
    /// The record in a scenario file's JSON: its `battlecheck` field, read
    /// with the names the file gives players and cards.
    pub fn of_scenario(scenario: &serde_json::Value) -> Result<Record, String> {
        let record = scenario
            .get("battlecheck")
            .ok_or("no \"battlecheck\" record (write one with check --save-counterexample)")?;
        Names::of_scenario(scenario)
            .scope(|| serde_json::from_value(record.clone()))
            .map_err(|e| format!("battlecheck record: {e}"))
    }

    /// The index of each decision among the actions the model offers at
    /// that point (the Explorer addresses states by these), or the number
    /// and text of the first decision the model does not offer.
    pub fn action_indices(&self, model: &BattleModel) -> Result<Vec<usize>, String> {
        let mut state = model.init_states().remove(0);
        let mut indices = Vec::new();
        let mut actions = Vec::new();
        for (step, d) in self.decisions.iter().enumerate() {
            actions.clear();
            model.actions(&state, &mut actions);
            // Named as written in the file: a decision the model does not
            // offer may name cards or players the configuration lacks.
            let i = actions.iter().position(|a| a == d).ok_or_else(|| {
                format!(
                    "decision {}: {} is not a legal decision here",
                    step + 1,
                    serde_json::to_string(d).unwrap_or_default()
                )
            })?;
            indices.push(i);
            state = model
                .next_state(&state, d.clone())
                .expect("every decision leads to a state");
        }
        Ok(indices)
    }
}

/// The Explorer's URL for the path with these action indices (its UI routes
/// are `#/steps/<init>/<action>/…`).
pub fn explorer_url(port: u16, indices: &[usize]) -> String {
    let mut url = format!("http://127.0.0.1:{port}/#/steps/0");
    for i in indices {
        url.push_str(&format!("/{i}"));
    }
    url
}
