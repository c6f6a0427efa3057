//! The layers of the `battlecheck` crate (see `src/lib.rs`): each folder of
//! `src/` may use only the folders above it, and only `conform/` and `cli/`
//! may use the engine crate. Read from the source, so a `use` that breaks
//! the layering fails here before it spreads.

use std::path::{Path, PathBuf};

/// The layers, top first; each may use those before it in this list.
const LAYERS: &[&str] = &["rules", "display", "check", "conform", "report", "cli"];

/// The layers that may use the engine crate.
const ENGINE_USERS: &[&str] = &["conform", "cli"];

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Every layer that `text` names as `crate::LAYER` (or, from the binary,
/// `battlecheck::LAYER`), and whether it names the engine crate.
fn uses(text: &str) -> (Vec<&'static str>, bool) {
    let code: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let named = LAYERS
        .iter()
        .copied()
        .filter(|l| code.contains(&format!("crate::{l}")))
        .collect();
    (named, code.contains("battlecheck_engine"))
}

/// Violations of the layering in `src/LAYER/`.
fn violations(src: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for (rank, layer) in LAYERS.iter().enumerate() {
        let mut files = Vec::new();
        sources(&src.join(layer), &mut files);
        assert!(!files.is_empty(), "src/{layer}/ has no sources");
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            let (named, engine) = uses(&text);
            for used in named {
                let used_rank = LAYERS.iter().position(|l| *l == used).unwrap();
                if used_rank > rank {
                    found.push(format!("{} uses crate::{used}", file.display()));
                }
            }
            if engine && !ENGINE_USERS.contains(layer) {
                found.push(format!("{} uses the engine crate", file.display()));
            }
        }
    }
    found
}

#[test]
fn each_layer_uses_only_the_layers_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let found = violations(&src);
    assert!(found.is_empty(), "layering broken:\n{}", found.join("\n"));
}

#[test]
fn a_rule_module_reaching_into_the_harness_is_caught() {
    let (named, engine) = uses("use crate::conform::bridge;\nuse battlecheck_engine::Game;");
    assert_eq!(named, vec!["conform"]);
    assert!(engine);
    let (named, engine) = uses("// crate::cli in a comment\nuse crate::rules::state;");
    assert_eq!(named, vec!["rules"]);
    assert!(!engine);
}

#[test]
fn every_source_file_is_in_a_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut stray = Vec::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let known = LAYERS.contains(&name.as_str()) || name == "lib.rs" || name == "bin";
        if !known {
            stray.push(name);
        }
    }
    assert!(stray.is_empty(), "outside every layer: {stray:?}");
}
