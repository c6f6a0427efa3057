//! `battlecheck scenario …`: tools for scenario files. `schema` prints
//! their JSON Schema, generated from the format's types (editors complete
//! and check a file that names it in its `$schema` key); `check` explains
//! every problem of a file without running it; `new` writes a starting
//! position from a preset; `reference` prints the field reference.

use super::args::{json, GameArgs};
use super::out::Out;
use super::{Failure, Outcome};
use crate::report::config_line;
use battlecheck_engine::scenario::{check_text, read_text, reference, schema};
use battlecheck_engine::Catalogue;
use clap::Subcommand;
use serde_json::json;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Subcommand)]
pub enum ScenarioCommand {
    /// Print the JSON Schema of scenario files (engine/scenario-schema.json).
    Schema,
    /// Check scenario files without running them: every field against the
    /// schema, then the position and each step (exit 2 naming each problem).
    Check {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Print a scenario file with a preset's starting position (its game
    /// flags apply) and no steps yet.
    New {
        #[command(flatten)]
        game: GameArgs,
        /// The file's `$schema`: the path of engine/scenario-schema.json
        /// from where the file will be (the default is right for a file in
        /// the repository's root; ../scenario-schema.json for one in
        /// engine/scenarios/).
        #[arg(long, default_value = "engine/scenario-schema.json")]
        schema: String,
    },
    /// Print the field reference of scenario files in Markdown
    /// (engine/SCENARIO-FORMAT.md), generated from the schema, with an
    /// example of each field from the scenario files of a directory.
    Reference {
        /// The directory whose scenario files give the examples.
        #[arg(long, default_value = "engine/scenarios")]
        examples: PathBuf,
    },
}

pub fn run(command: ScenarioCommand, out: &mut Out) -> Outcome {
    match command {
        ScenarioCommand::Schema => out.println(&json(&schema())),
        ScenarioCommand::Check { files } => return check(&files, out),
        ScenarioCommand::New { game, schema } => out.println(&json(&new(&game, &schema)?)),
        ScenarioCommand::Reference { examples } => {
            let examples = reference::examples(&examples)
                .map_err(|e| Failure::BadInput(format!("--examples {e}")))?;
            out.print(&reference::reference(&schema(), &examples))
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Every problem of each file: schema violations (all of them, by JSON
/// path), else the first problem of its position or steps.
fn check(files: &[PathBuf], out: &mut Out) -> Outcome {
    let validator = jsonschema::validator_for(&schema())
        .map_err(|e| Failure::BadInput(format!("the scenario schema: {e}")))?;
    let cards = Catalogue::bundled()?;
    let mut bad = 0;
    for file in files {
        let problems = problems(file, &validator, &cards);
        if problems.is_empty() {
            out.println(&format!("ok: {}", file.display()));
        } else {
            bad += 1;
            out.println(&format!(
                "{}: {} problem(s)",
                file.display(),
                problems.len()
            ));
            for p in problems {
                out.println(&format!("  {p}"));
            }
        }
    }
    Ok(if bad == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(2)
    })
}

fn problems(file: &Path, validator: &jsonschema::Validator, cards: &Catalogue) -> Vec<String> {
    let text = match read_text(file) {
        Ok(text) => text,
        Err(e) => return vec![e.to_string()],
    };
    // The same reader as `replay`, so both name the line, column and path.
    let value: serde_json::Value = match battlecheck_engine::json::position::parse(&text) {
        Ok(v) => v,
        Err(e) => return vec![format!("not JSON: {e}")],
    };
    let schema = schema();
    let invalid: Vec<String> = validator
        .iter_errors(&value)
        .map(|e| {
            format!(
                "at `{}`: {}",
                e.instance_path,
                explained(&e.to_string(), &e.schema_path.to_string(), &schema)
            )
        })
        .collect();
    if !invalid.is_empty() {
        return invalid;
    }
    match check_text(file, &text, cards) {
        Ok(()) => Vec::new(),
        Err(e) => vec![e.to_string()],
    }
}

/// A schema violation's message, where it says no more than "not valid
/// under any of the schemas listed in the 'oneOf' keyword" replaced by the
/// forms the field takes: the description of the schema at fault (as
/// `replay`'s reader says what it expected).
fn explained(message: &str, schema_path: &str, schema: &serde_json::Value) -> String {
    let forms = message
        .split_once(" is not valid under any of the schemas listed")
        .and_then(|(value, _)| {
            // `…/properties/players/$ref/oneOf`: the field's own schema,
            // whose description says what it takes.
            let at = schema_path
                .strip_suffix("/oneOf")
                .or_else(|| schema_path.strip_suffix("/anyOf"))?;
            let at = at.strip_suffix("/$ref").unwrap_or(at);
            let node = schema_node(schema, at)?;
            let description = node
                .get("description")
                .or_else(|| schema_node(schema, &format!("{at}/$ref"))?.get("description"))?
                .as_str()?;
            let description = description.split_whitespace().collect::<Vec<_>>().join(" ");
            // The names it takes, where its forms are names.
            let forms = schema_node(schema, &format!("{at}/$ref")).unwrap_or(node);
            let names: Vec<String> = ["oneOf", "anyOf"]
                .iter()
                .filter_map(|k| forms.get(*k)?.as_array())
                .flatten()
                .flat_map(|f| {
                    let listed = f.get("enum").and_then(|e| e.as_array()).cloned();
                    listed.unwrap_or_else(|| f.get("const").into_iter().cloned().collect())
                })
                .filter_map(|n| n.as_str().map(String::from))
                .collect();
            let names = if names.is_empty() {
                String::new()
            } else {
                format!("; one of: {}", names.join(", "))
            };
            Some(format!(
                "{value} is none of the forms this field takes ({description}{names})"
            ))
        });
    forms.unwrap_or_else(|| message.to_string())
}

/// The schema a violation's schema path leads to: its keywords followed
/// from the root, a `$ref` to what it names.
fn schema_node<'a>(schema: &'a serde_json::Value, path: &str) -> Option<&'a serde_json::Value> {
    let mut node = schema;
    for key in path.split('/').skip(1) {
        node = if key == "$ref" {
            let target = node.get("$ref")?.as_str()?.strip_prefix('#')?;
            schema.pointer(target)?
        } else {
            match key.parse::<usize>() {
                Ok(i) if node.is_array() => node.get(i)?,
                _ => node.get(key)?,
            }
        };
    }
    Some(node)
}

/// A scenario with the starting position of the configuration the flags
/// name, its description saying so, `$schema` as given, and one step to
/// replace.
fn new(game: &GameArgs, schema: &str) -> Result<serde_json::Value, Failure> {
    let config = game.config()?;
    let mut s = crate::conform::bridge::scenario(&config, &[]);
    let mut with_schema = serde_json::Map::new();
    with_schema.insert("$schema".into(), json!(schema));
    with_schema.extend(s.as_object_mut().map(std::mem::take).unwrap_or_default());
    let mut s = serde_json::Value::Object(with_schema);
    s["name"] = json!(format!("a new scenario from preset '{}'", config.name));
    s["description"] = json!(format!(
        "Starting position of {}. Cards are named by their id everywhere in the file (shared \
         decisions and observations included); players are P1, P2, ... \
         in turn order. `$schema` is the path of engine/scenario-schema.json from this file \
         (`scenario new --schema`).",
        config_line(&config)
    ));
    s["steps"] = json!([{
        "note": "replace with steps: {\"do\": {\"cast\": {\"player\": \"P1\", \"card\": \"<id>\"}}, \"expect\": [{\"card\": \"<id>\", \"zone\": \"stack\"}]}"
    }]);
    Ok(s)
}
