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

/// How a check reports a refusal: an [`EngineError`] writes its reason
/// out; [`Refused`] only says that there was one, for a caller that asks
/// whether and not why (a candidate judged among many), so that no reason
/// is written for nothing.
pub(crate) trait Refusal: Sized {
    /// The rule `rule` forbids it, for the reason `reason` writes.
    fn illegal(rule: &'static str, reason: impl FnOnce() -> String) -> Self;
    /// A refusal another check wrote out.
    fn from_error(e: EngineError) -> Self;
}

impl Refusal for EngineError {
    fn illegal(rule: &'static str, reason: impl FnOnce() -> String) -> Self {
        EngineError::Illegal {
            rule,
            reason: reason(),
        }
    }
    fn from_error(e: EngineError) -> Self {
        e
    }
}

/// A refusal whose reason is not written (see [`Refusal`]).
pub(crate) struct Refused;

impl Refusal for Refused {
    fn illegal(_: &'static str, _: impl FnOnce() -> String) -> Self {
        Refused
    }
    fn from_error(_: EngineError) -> Self {
        Refused
    }
}

/// A rule-citing refusal of either kind, its reason written only if it is
/// an [`EngineError`].
pub(crate) fn refuse<T, R: Refusal>(
    rule: &'static str,
    reason: impl FnOnce() -> String,
) -> Result<T, R> {
    Err(R::illegal(rule, reason))
}

/// Shorthand for a rule-citing refusal.
pub fn illegal<T>(rule: &'static str, reason: impl Into<String>) -> Result<T, EngineError> {
    Err(EngineError::Illegal {
        rule,
        reason: reason.into(),
    })
}
