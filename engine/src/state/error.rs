//! Why an action was refused. The state is left untouched.

use serde::Serialize;
use std::cell::RefCell;
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
    note(rule);
    Err(R::illegal(rule, reason))
}

/// Shorthand for a rule-citing refusal.
pub fn illegal<T>(rule: &'static str, reason: impl Into<String>) -> Result<T, EngineError> {
    note(rule);
    Err(EngineError::Illegal {
        rule,
        reason: reason.into(),
    })
}

/// Every rule by which the engine refuses something (the first argument
/// of [`illegal`] and of `refuse`, and the rules those computed ones come
/// from): the refusal branches `battlecheck coverage` lists, keyword
/// checks included (702.9b flying and reach, 702.111b menace, 702.3b
/// defender, 302.6 haste, 702.11b hexproof). `engine/tests/refusals.rs`
/// holds the list to the source.
pub const REFUSALS: &[&str] = &[
    "104.2a", "107.3a", "107.5", "110.4a", "115.1", "115.3", "115.4", "117.1", "117.1a", "122.6",
    "302.6", "305.1", "305.2", "305.9", "310.1", "310.9a", "310.9b", "310.9c", "310.10", "310.12a",
    "310.12b", "506.3", "508.1", "508.1a", "508.1b", "508.7", "508.7c", "508.7d", "508.7e",
    "509.1", "509.1a", "510.1a", "510.1c", "601.2a", "601.2b", "601.2c", "601.2h", "601.3",
    "602.1", "602.2", "602.2b", "603.3c", "603.3d", "605.1a", "606.3", "606.6", "608.2d", "608.2g",
    "613.1f", "700.2", "701.9b", "701.20a", "701.21a", "701.22a", "701.23a", "702.3b", "702.6a",
    "702.9b", "702.11b", "702.19b", "702.21a", "702.51a", "702.111b", "702.122a", "704.5j",
    "707.5", "707.9b", "707.10", "707.10c", "712.12", "800.4a", "801.3", "801.4", "801.5a",
    "802.4", "802.4a", "803.1a", "803.1b", "805.10a",
];

thread_local! {
    /// The rules of the refusals made on this thread while [`refusals_in`]
    /// runs (`None` when nothing records them).
    static RECORDING: RefCell<Option<Vec<&'static str>>> = const { RefCell::new(None) };
}

/// Record a refusal by `rule`, if [`refusals_in`] is running.
fn note(rule: &'static str) {
    RECORDING.with(|r| {
        if let Some(v) = r.borrow_mut().as_mut() {
            v.push(rule);
        }
    });
}

/// Run `f`, and the rules by which the engine refused something meanwhile
/// on this thread, sorted and without repeats: the refusal branches of the
/// rules (keyword checks included) that `battlecheck coverage` counts.
pub fn refusals_in<T>(f: impl FnOnce() -> T) -> (T, Vec<&'static str>) {
    let outer = RECORDING.with(|r| r.borrow_mut().replace(Vec::new()));
    let out = f();
    let mut rules = RECORDING.with(|r| {
        let mut r = r.borrow_mut();
        let inner = r.take().unwrap_or_default();
        *r = outer.map(|mut o| {
            o.extend(&inner);
            o
        });
        inner
    });
    rules.sort_unstable();
    rules.dedup();
    (out, rules)
}
