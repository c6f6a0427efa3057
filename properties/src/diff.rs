//! The difference between two observations, field by field: how a
//! conformance failure, a scenario expectation and a counterexample's last
//! step say what is not as it should be, or what changed.

use crate::naming::Names;
use crate::view::{Observation, PlayerObs};

/// One field on which two observations differ: its path (e.g.
/// `objects[#3].zone`), the card it belongs to where the caller knows the
/// cards' names, the expected value and the actual one (as JSON, players
/// and cards by name), and the rule that gives the field its meaning.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FieldDiff {
    pub field: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub card: Option<String>,
    pub expected: String,
    pub actual: String,
    #[serde(skip_serializing_if = "str::is_empty")]
    pub rule: &'static str,
}

impl FieldDiff {
    /// The field and the card it belongs to: `objects[#4].zone (Grizzly
    /// Bears)`.
    pub fn place(&self) -> String {
        match &self.card {
            Some(card) => format!("{} ({card})", self.field),
            None => self.field.clone(),
        }
    }

    /// The rule in parentheses, or nothing: ` (310.4c)`.
    pub fn cited(&self) -> String {
        if self.rule.is_empty() {
            String::new()
        } else {
            format!(" ({})", self.rule)
        }
    }
}

/// The rule that says what an observation field is (its last path part).
/// The object's history is ghost state, stated by no single rule.
fn rule_of(field: &str) -> &'static str {
    match field {
        "turn" | "step" => "500.1",
        "active" => "102.1",
        "pending" => "117.1, 508.1, 509.1",
        "life" => "119.1",
        "in_game" => "800.4a",
        "owner" => "108.3",
        "controller" => "108.4",
        "token" => "111.1",
        "dfc" => "712.1",
        "back_face" => "712.8c",
        "battle" | "siege" => "310.1, 310.12",
        "creature" => "302.1",
        "sorcery_back" => "712.8c",
        "siege_copy" => "707.2",
        "zone" => "400.1",
        "defense" => "310.4c",
        "loyalty" => "306.5c",
        "printed_defense" => "310.4a",
        "protector" => "310.9",
        "protector_origin" => "704.5x, 704.5y",
        "tapped" => "110.5",
        "damage" => "120.3e",
        "sick" => "302.6",
        "flash" => "702.8a",
        "playable_from_exile" => "601.3",
        "power" | "toughness" => "208.1, 613.4",
        "combat" => "506.4, 508.1, 508.5, 509.1",
        "attached_to" => "301.5, 303.4",
        "stack" => "405.1",
        "waiting_triggers" => "603.3",
        _ => "",
    }
}

/// The fields on which `actual` differs from `expected`, in observation
/// order, each object field separately.
pub fn differences(expected: &Observation, actual: &Observation) -> Vec<FieldDiff> {
    differences_of_cards(expected, actual, &[])
}

/// [`differences`], each object's fields labelled with its card's name:
/// `cards[i]` is the name of object `#i` (objects past its end are not
/// labelled).
pub fn differences_of_cards(
    expected: &Observation,
    actual: &Observation,
    cards: &[String],
) -> Vec<FieldDiff> {
    // The common case, without formatting every field.
    if expected == actual {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut cmp = |field: String, e: String, a: String, object: Option<usize>| {
        if e != a {
            let last = field.rsplit(['.', '[']).next().unwrap_or_default();
            out.push(FieldDiff {
                card: object.and_then(|i| cards.get(i)).cloned(),
                rule: rule_of(last.trim_end_matches(']')),
                field,
                expected: e,
                actual: a,
            });
        }
    };
    // Players and cards as a person reads them (P2, #3), not as numbers;
    // a player or an object on one side only as "absent" on the other.
    let names = Names::new(expected.players.len(), Vec::new());
    let text = |v: Option<serde_json::Value>| v.map_or_else(|| "absent".into(), |v| v.to_string());
    cmp(
        "turn".into(),
        expected.turn.to_string(),
        actual.turn.to_string(),
        None,
    );
    cmp(
        "active".into(),
        expected.active.to_string(),
        actual.active.to_string(),
        None,
    );
    cmp(
        "step".into(),
        named(&names, &expected.step).to_string(),
        named(&names, &actual.step).to_string(),
        None,
    );
    cmp(
        "pending".into(),
        named(&names, &expected.pending).to_string(),
        named(&names, &actual.pending).to_string(),
        None,
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
                    None,
                );
                cmp(
                    format!("players[P{}].in_game", i + 1),
                    in_game.to_string(),
                    a.in_game.to_string(),
                    None,
                );
            }
            (e, a) => cmp(
                format!("players[P{}]", i + 1),
                text(e.map(|e| named(&names, e))),
                text(a.map(|a| named(&names, a))),
                None,
            ),
        }
    }
    let n = expected.objects.len().max(actual.objects.len());
    for i in 0..n {
        match (expected.objects.get(i), actual.objects.get(i)) {
            (Some(e), Some(a)) => {
                let (e, a) = (named(&names, e), named(&names, a));
                if let (Some(e), Some(a)) = (e.as_object(), a.as_object()) {
                    for (k, ev) in e {
                        let av = a.get(k).cloned().unwrap_or_default();
                        cmp(
                            format!("objects[#{i}].{k}"),
                            ev.to_string(),
                            av.to_string(),
                            Some(i),
                        );
                    }
                }
            }
            (e, a) => cmp(
                format!("objects[#{i}]"),
                text(e.map(|e| named(&names, e))),
                text(a.map(|a| named(&names, a))),
                Some(i),
            ),
        }
    }
    cmp(
        "stack".into(),
        named(&names, &expected.stack).to_string(),
        named(&names, &actual.stack).to_string(),
        None,
    );
    cmp(
        "waiting_triggers".into(),
        named(&names, &expected.waiting_triggers).to_string(),
        named(&names, &actual.waiting_triggers).to_string(),
        None,
    );
    out
}

/// `v` as JSON with players and cards named by `names`.
fn named<T: serde::Serialize>(names: &Names, v: &T) -> serde_json::Value {
    names.scope(|| serde_json::to_value(v).unwrap_or_default())
}
