//! The JSON Schema of scenario files: generated from the format's types,
//! shipped as `engine/scenario-schema.json` (a stale copy fails here), and
//! every shipped scenario follows it; a file naming it in `$schema` runs.

use battlecheck_engine::scenario::{run_text, schema};
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
