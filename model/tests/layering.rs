//! The layers of the `battlecheck` crate (see `src/lib.rs`): each folder of
//! `src/` may use only the folders above it, and only `conform/` and `cli/`
//! may use the engine crate. Read from the source, so a `use` that breaks
//! the layering fails here before it spreads. The checker is the engine's
//! (`engine/tests/layers`).

#[path = "../../engine/tests/layers/mod.rs"]
mod layers;

use layers::{uses, Layering};
use std::path::Path;

const MODEL: Layering = Layering {
    layers: &["rules", "display", "check", "conform", "report", "cli"],
    crates: &[("battlecheck_engine", &["conform", "cli"])],
    roots: &["lib.rs", "bin"],
};

fn src() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn each_layer_uses_only_the_layers_above_it() {
    let found = MODEL.violations(&src());
    assert!(found.is_empty(), "layering broken:\n{}", found.join("\n"));
}

#[test]
fn a_rule_module_reaching_into_the_harness_is_caught() {
    assert_eq!(uses("use crate::conform::bridge;"), ["conform"]);
    assert_eq!(
        uses("// crate::cli in a comment\nuse crate::rules::state;"),
        ["rules"]
    );
    let dir =
        std::env::temp_dir().join(format!("battlecheck-model-layering-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for layer in MODEL.layers {
        std::fs::create_dir_all(dir.join(layer)).unwrap();
        std::fs::write(dir.join(layer).join("mod.rs"), "").unwrap();
    }
    std::fs::write(
        dir.join("rules/mod.rs"),
        "use crate::conform::bridge;\nuse battlecheck_engine::Game;",
    )
    .unwrap();
    let found = MODEL.violations(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].ends_with("uses crate::conform"), "{found:?}");
    assert!(found[1].ends_with("uses battlecheck_engine"), "{found:?}");
}

#[test]
fn every_source_file_is_in_a_layer() {
    let stray = MODEL.strays(&src());
    assert!(stray.is_empty(), "outside every layer: {stray:?}");
}
