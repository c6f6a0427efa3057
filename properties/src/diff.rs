//! The difference between two observations, field by field: how a
//! conformance failure, a scenario expectation and a counterexample's last
//! step say what is not as it should be, or what changed.

use crate::naming::Names;
use crate::view::{Observation, PlayerObs};

/// One field on which two observations differ: its path (e.g.
/// `objects[#3].zone`), the expected value and the actual one.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FieldDiff {
    pub field: String,
    pub expected: String,
    pub actual: String,
}

/// The fields on which `actual` differs from `expected`, in observation
/// order, each object field separately.
pub fn differences(expected: &Observation, actual: &Observation) -> Vec<FieldDiff> {
    // The common case, without formatting every field.
    if expected == actual {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut cmp = |field: String, e: String, a: String| {
        if e != a {
            out.push(FieldDiff {
                field,
                expected: e,
                actual: a,
            });
        }
    };
    cmp(
        "turn".into(),
        expected.turn.to_string(),
        actual.turn.to_string(),
    );
    cmp(
        "active".into(),
        format!("{}", expected.active),
        format!("{}", actual.active),
    );
    cmp(
        "step".into(),
        format!("{:?}", expected.step),
        format!("{:?}", actual.step),
    );
    cmp(
        "pending".into(),
        format!("{:?}", expected.pending),
        format!("{:?}", actual.pending),
    );
    let n = expected.players.len().max(actual.players.len());
    for i in 0..n {
        match (expected.players.get(i), actual.players.get(i)) {
            (Some(e), Some(a)) => {
                // Destructured, so that a new field is compared too.
                let PlayerObs { life, in_game } = *e;
                cmp(
                    format!("players[P{}].life", i + 1),
                    life.to_string(),
                    a.life.to_string(),
                );
                cmp(
                    format!("players[P{}].in_game", i + 1),
                    in_game.to_string(),
                    a.in_game.to_string(),
                );
            }
            (e, a) => cmp(
                format!("players[P{}]", i + 1),
                format!("{e:?}"),
                format!("{a:?}"),
            ),
        }
    }
    // Players and cards as a person reads them (P2, #3), not as numbers.
    let names = Names::new(expected.players.len(), Vec::new());
    let n = expected.objects.len().max(actual.objects.len());
    for i in 0..n {
        match (expected.objects.get(i), actual.objects.get(i)) {
            (Some(e), Some(a)) => {
                let (e, a) = (named(&names, e), named(&names, a));
                if let (Some(e), Some(a)) = (e.as_object(), a.as_object()) {
                    for (k, ev) in e {
                        let av = a.get(k).cloned().unwrap_or_default();
                        cmp(format!("objects[#{i}].{k}"), ev.to_string(), av.to_string());
                    }
                }
            }
            (e, a) => cmp(format!("objects[#{i}]"), format!("{e:?}"), format!("{a:?}")),
        }
    }
    cmp(
        "stack".into(),
        named(&names, &expected.stack).to_string(),
        named(&names, &actual.stack).to_string(),
    );
    cmp(
        "waiting_triggers".into(),
        named(&names, &expected.waiting_triggers).to_string(),
        named(&names, &actual.waiting_triggers).to_string(),
    );
    out
}

/// `v` as JSON with players and cards named by `names`.
fn named<T: serde::Serialize>(names: &Names, v: &T) -> serde_json::Value {
    names.scope(|| serde_json::to_value(v).unwrap_or_default())
}
