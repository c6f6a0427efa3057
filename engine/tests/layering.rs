//! The layers of the engine crate (see `src/lib.rs`): each folder of `src/`
//! (and `fault.rs`) may name only the layers below it, so the card
//! catalogue never reaches into the scenario reader and the rules name no
//! type of the abilities layer. Read from the source, so a `use` that
//! breaks the layering fails here before it spreads.

mod layers;

use layers::{uses, Layering};
use std::path::Path;

const ENGINE: Layering = Layering {
    layers: &[
        "fault.rs",
        "json",
        "cards",
        "state",
        "rules",
        "abilities",
        "api",
        "scenario",
    ],
    crates: &[],
    roots: &["lib.rs"],
};

fn src() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn each_layer_uses_only_the_layers_below_it() {
    let found = ENGINE.violations(&src());
    assert!(found.is_empty(), "layering broken:\n{}", found.join("\n"));
}

#[test]
fn every_source_file_is_in_a_layer_and_the_top_level_is_small() {
    let stray = ENGINE.strays(&src());
    assert!(stray.is_empty(), "outside every layer: {stray:?}");
    let files = std::fs::read_dir(src())
        .unwrap()
        .filter(|e| e.as_ref().unwrap().path().is_file())
        .count();
    assert!(files <= 5, "{files} files at the top of src/");
}

/// A lower layer naming a higher one is caught, in a plain path, inside a
/// `crate::{…}` group and across lines; comments and unit tests are not
/// read.
#[test]
fn a_lower_layer_reaching_up_is_caught() {
    assert_eq!(
        uses("use crate::scenario::build_game;\nuse crate::{\n    cards::card::Card,\n    abilities::effects::X,\n};"),
        ["scenario", "cards", "abilities"]
    );
    assert_eq!(
        uses("//! see [`crate::api`]\nuse crate::state::game::Game;\n#[cfg(test)]\nmod tests { use crate::scenario::x; }"),
        ["state"]
    );
    let dir = std::env::temp_dir().join(format!("battlecheck-layering-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    for (file, text) in [
        ("fault.rs", "pub enum EngineFault {}"),
        ("json/read.rs", ""),
        ("cards/card.rs", "use crate::json::read::read_bounded;"),
        ("state/game.rs", "use crate::cards::card::Card;"),
        (
            "rules/combat.rs",
            "use crate::abilities::effects::Resolution;",
        ),
        ("abilities/effects.rs", "use crate::rules::stack::x;"),
        ("api/apply.rs", ""),
        ("scenario/mod.rs", "use crate::api::action::Action;"),
    ] {
        std::fs::create_dir_all(dir.join(file).parent().unwrap()).unwrap();
        std::fs::write(dir.join(file), text).unwrap();
    }
    let found = ENGINE.violations(&dir);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].ends_with("rules/combat.rs uses crate::abilities"),
        "{found:?}"
    );
}
