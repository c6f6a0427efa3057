//! `battlecheck scenario schema|check|new`: the tools a person writing a
//! scenario file uses, run as the binary.

use std::path::Path;
mod process;

use process::{battlecheck, text};

#[test]
fn schema_prints_the_shipped_schema() {
    let o = battlecheck(&["scenario", "schema"]);
    assert_eq!(o.status.code(), Some(0));
    let printed: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let shipped = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/scenario-schema.json");
    let shipped: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(shipped).unwrap()).unwrap();
    assert_eq!(printed, shipped);
}

/// A new scenario from a preset checks clean and replays; a broken one
/// gets every schema problem by JSON path, or its first position problem.
#[test]
fn new_writes_a_position_that_checks_and_check_explains_problems() {
    let dir = std::env::temp_dir().join(format!("battlecheck-scenario-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let o = battlecheck(&["scenario", "new", "--preset", "duel", "--defense", "3"]);
    assert_eq!(o.status.code(), Some(0));
    let new: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    // right for a file in the repository's root, as the README's tour has it
    assert_eq!(new["$schema"], "engine/scenario-schema.json");
    let o = battlecheck(&["scenario", "new", "--schema", "../scenario-schema.json"]);
    let moved: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(moved["$schema"], "../scenario-schema.json");
    assert!(new["description"].as_str().unwrap().contains("defense 3"));
    let file = dir.join("new.json");
    std::fs::write(&file, &o.stdout).unwrap();
    let file = file.to_str().unwrap();
    let o = battlecheck(&["scenario", "check", file]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).starts_with("ok: "));
    let o = battlecheck(&["replay", file]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));

    let bad = dir.join("bad.json");
    std::fs::write(
        &bad,
        r#"{"name": 3, "players": 1, "cards": [{"card": "Grizzly Bears"}], "steps": [{"do": "dance"}]}"#,
    )
    .unwrap();
    let o = battlecheck(&["scenario", "check", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    let printed = text(&o);
    for path in ["`/name`", "`/players`", "`/cards/0`", "`/steps/0/do`"] {
        assert!(printed.contains(path), "{path} missing from:\n{printed}");
    }
    let unknown = dir.join("unknown.json");
    std::fs::write(
        &unknown,
        r#"{"name": "x", "players": 2, "cards": [{"id": "a", "card": "Nope", "owner": "P1", "zone": "hand"}], "steps": []}"#,
    )
    .unwrap();
    let o = battlecheck(&["scenario", "check", unknown.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o).contains("cards[0].card: unknown card \"Nope\""),
        "{}",
        text(&o)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `scenario check` and `replay` read JSON through one reader: a file
/// nested past serde_json's 128 levels is named by line, column and path
/// in both, not as a bare "recursion limit exceeded".
#[test]
fn check_and_replay_name_where_a_file_is_nested_too_deep() {
    let dir = std::env::temp_dir().join(format!("battlecheck-deep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let deep = dir.join("deep.json");
    let nested = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
    std::fs::write(&deep, format!(r#"{{"name": "d", "steps": {nested}}}"#)).unwrap();
    let deep = deep.to_str().unwrap();
    let o = battlecheck(&["scenario", "check", deep]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let printed = text(&o);
    assert!(
        printed.contains("line 1, column ")
            && printed.contains("at `steps[0][0]")
            && printed.contains("nested more than 128 levels deep")
            && !printed.contains("recursion limit"),
        "{printed}"
    );
    let o = battlecheck(&["replay", deep]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("at `steps[0]"), "{}", text(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}
