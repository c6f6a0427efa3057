//! Why an action was refused. The state is left untouched.

use serde::Serialize;
use thiserror::Error;

/// An action the rules do not allow now.
#[derive(Clone, Debug, PartialEq, Eq, Error, Serialize)]
#[serde(rename_all = "snake_case", tag = "error")]
pub enum EngineError {
    /// The rule `rule` forbids the action.
    #[error("illegal by rule {rule}: {reason}")]
    Illegal { rule: &'static str, reason: String },
    /// The action names something that is not in the game.
    #[error("unknown {what}")]
    Unknown { what: String },
    /// The action would take the game past what the engine can represent
    /// (no rule forbids it).
    #[error("beyond the engine's limits: {reason}")]
    Limit { reason: String },
}

impl EngineError {
    pub fn rule(&self) -> Option<&'static str> {
        match self {
            EngineError::Illegal { rule, .. } => Some(rule),
            EngineError::Unknown { .. } | EngineError::Limit { .. } => None,
        }
    }
}

/// Shorthand for a rule-citing refusal.
pub fn illegal<T>(rule: &'static str, reason: impl Into<String>) -> Result<T, EngineError> {
    Err(EngineError::Illegal {
        rule,
        reason: reason.into(),
    })
}
