//! `battlecheck scenario …`: tools for scenario files. `schema` prints
//! their JSON Schema, generated from the format's types (editors complete
//! and check a file that names it in its `$schema` key).

use super::args::json;
use super::out::Out;
use super::Outcome;
use clap::Subcommand;
use std::process::ExitCode;

#[derive(Subcommand)]
pub enum ScenarioCommand {
    /// Print the JSON Schema of scenario files (engine/scenario-schema.json).
    Schema,
}

pub fn run(command: ScenarioCommand, out: &mut Out) -> Outcome {
    match command {
        ScenarioCommand::Schema => out.println(&json(&battlecheck_engine::scenario::schema())),
    }
    Ok(ExitCode::SUCCESS)
}
