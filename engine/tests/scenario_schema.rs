//! The JSON Schema of scenario files: generated from the format's types,
//! shipped as `engine/scenario-schema.json` (a stale copy fails here), and
//! every shipped scenario follows it; a file naming it in `$schema` runs.

use battlecheck_engine::scenario::{reference, run_text, schema};
use battlecheck_engine::Catalogue;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).to_path_buf()
}

fn validator() -> jsonschema::Validator {
    jsonschema::validator_for(&schema()).expect("the generated schema is a valid JSON Schema")
}

#[test]
fn the_shipped_schema_is_the_generated_one() {
    let shipped: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("scenario-schema.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(
        shipped,
        schema(),
        "engine/scenario-schema.json is stale: regenerate it with \
         `battlecheck scenario schema > engine/scenario-schema.json`"
    );
}

#[test]
fn every_shipped_scenario_follows_the_schema() {
    let v = validator();
    let mut checked = 0;
    for entry in std::fs::read_dir(root().join("scenarios")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let file: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let errors: Vec<String> = v.iter_errors(&file).map(|e| e.to_string()).collect();
        assert!(errors.is_empty(), "{}: {errors:?}", path.display());
        checked += 1;
    }
    assert!(checked >= 69, "only {checked} scenarios");
}

#[test]
fn the_schema_refuses_what_the_format_refuses() {
    let v = validator();
    let ok = serde_json::json!({"name": "x", "players": 2, "cards": [], "steps": []});
    assert!(v.is_valid(&ok));
    for bad in [
        serde_json::json!({"name": "x", "players": 2, "cards": [], "steps": [], "frob": 1}),
        serde_json::json!({"name": "x", "players": 1, "cards": [], "steps": []}),
        serde_json::json!({"name": "x", "players": 2, "cards": [{"card": "Grizzly Bears"}], "steps": []}),
        serde_json::json!({"name": "x", "players": 2, "cards": [], "steps": [{"do": "dance"}]}),
    ] {
        assert!(!v.is_valid(&bad), "{bad}");
    }
}

#[test]
fn a_scenario_may_name_its_schema() {
    let text = r#"{
        "$schema": "../scenario-schema.json",
        "name": "names its schema",
        "players": 2,
        "cards": [{"id": "bear", "card": "Grizzly Bears", "owner": "P1", "zone": "battlefield"}],
        "steps": [{"expect": [{"card": "bear", "zone": "battlefield"}]}]
    }"#;
    let value: serde_json::Value = serde_json::from_str(text).unwrap();
    assert!(validator().is_valid(&value));
    let report = run_text(Path::new("s.json"), text, &Catalogue::bundled().unwrap()).unwrap();
    assert!(report.passed(), "{report}");
}

/// The shipped scenarios, for the reference's examples.
fn shipped() -> Vec<(String, serde_json::Value)> {
    reference::examples(&root().join("scenarios")).unwrap()
}

#[test]
fn the_shipped_field_reference_is_the_generated_one() {
    let shipped_text = std::fs::read_to_string(root().join("SCENARIO-FORMAT.md")).unwrap();
    assert!(
        shipped_text == reference::reference(&schema(), &shipped()),
        "engine/SCENARIO-FORMAT.md is stale: regenerate it with \
         `battlecheck scenario reference > engine/SCENARIO-FORMAT.md`"
    );
}

/// Every field of the format and every kind of shared decision has an
/// example in the reference: a value a shipped scenario gives it, or the
/// schema's own for the few no hand-written scenario needs.
#[test]
fn every_field_of_the_reference_has_an_example() {
    let missing = reference::without_example(&schema(), &shipped());
    assert!(missing.is_empty(), "no example for {missing:?}");
    let text = reference::reference(&schema(), &shipped());
    let rows = text.lines().filter(|l| l.starts_with("| `")).count();
    assert!(rows > 100, "{rows} rows");
    // A field with neither: the check sees it.
    let bare = serde_json::json!({"name": "x", "players": 2, "cards": [], "steps": []});
    let missing = reference::without_example(&schema(), &[("bare.json".into(), bare)]);
    assert!(
        missing.contains(&"cards[].owner".to_string()),
        "{missing:?}"
    );
    // A decision kind is seen by its own example only.
    let one = serde_json::json!({"name": "x", "players": 2, "cards": [], "steps": [
        {"do": {"decision": {"decision": {"decision": "concede", "player": "P2"}}}}
    ]});
    let missing = reference::without_example(&schema(), &[("one.json".into(), one)]);
    assert!(
        missing.contains(&"decision choose_copy".to_string())
            && !missing.contains(&"decision concede".to_string()),
        "{missing:?}"
    );
}

/// Players and cards are named one way in the whole file: a shared
/// decision with seat or card numbers is refused where it is, naming how
/// they are written.
#[test]
fn numbers_in_a_shared_decision_are_refused_with_the_naming() {
    let text = r#"{
        "name": "numbers",
        "players": 2,
        "cards": [{"id": "bear", "card": "Grizzly Bears", "owner": "P1", "zone": "battlefield"}],
        "steps": [{"expect": [{"legal": [{"decision": "concede", "player": 0}]}]}]
    }"#;
    let err = run_text(Path::new("s.json"), text, &Catalogue::bundled().unwrap())
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("at `steps[0].expect[0].legal`")
            && err.contains("a player is written P1…P2, not as a number"),
        "{err}"
    );
    let named = text.replace(r#""player": 0"#, r#""player": "P1""#);
    let report = run_text(Path::new("s.json"), &named, &Catalogue::bundled().unwrap()).unwrap();
    assert!(report.passed(), "{report}");
    let card = named.replace(
        r#"{"decision": "concede", "player": "P1"}"#,
        r#"{"decision": "cast", "player": "P1", "card": "wolf"}"#,
    );
    let err = run_text(Path::new("s.json"), &card, &Catalogue::bundled().unwrap())
        .unwrap_err()
        .to_string();
    assert!(err.contains(r#"no card labelled "wolf""#), "{err}");
}

/// A label that would read as another name is refused.
#[test]
fn a_label_that_reads_as_another_name_is_refused() {
    for label in ["P2", "#1", "trigger:x", "none", "nothing"] {
        let text = format!(
            r#"{{"name": "x", "players": 2, "cards": [{{"id": "{label}", "card": "Grizzly Bears", "owner": "P1", "zone": "battlefield"}}], "steps": []}}"#
        );
        let err = run_text(Path::new("s.json"), &text, &Catalogue::bundled().unwrap())
            .unwrap_err()
            .to_string();
        assert!(err.contains("cards[0].id"), "{label}: {err}");
    }
}
