//! `battlecheck replay`: scenario files run on this repository's engine, or
//! on any engine behind the engine protocol (`--engine-cmd`: a process per
//! scenario; scenarios with engine-specific steps are skipped).

use super::args::{json, EngineCmdArgs, Format};
use super::out::Out;
use super::Outcome;
use crate::conform::engine::Process;
use crate::report::{junit, Case};
use battlecheck_engine::scenario::{read_text, run_on, run_path, run_path_with};
use battlecheck_engine::Catalogue;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct ReplayArgs {
    /// Scenario files or directories (every *.json inside, in name order).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    #[command(flatten)]
    engine: EngineCmdArgs,
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
}

/// Run every scenario; exit 2 if any could not be run (bad input), else 1
/// if any expectation failed, else 0.
pub fn run(args: ReplayArgs, out: &mut Out) -> Outcome {
    let mut results = Vec::new();
    match &args.engine.engine_cmd {
        None => {
            for path in &args.paths {
                results.extend(run_path(path));
            }
        }
        Some(command) => {
            let timeout = args.engine.timeout()?;
            let cards = Catalogue::bundled()?;
            for path in &args.paths {
                results.extend(run_path_with(path, |file| {
                    let text = read_text(file)?;
                    run_on(file, &text, &cards, |_, position| {
                        Process::start(command, timeout, position)
                    })
                }));
            }
        }
    }
    let skipped = results
        .iter()
        .filter(|(_, r)| r.as_ref().is_ok_and(|r| r.skipped.is_some()))
        .count();
    let errors = results.iter().filter(|(_, r)| r.is_err()).count();
    let failed = results
        .iter()
        .filter(|(_, r)| r.as_ref().is_ok_and(|r| !r.passed()))
        .count();
    match args.format {
        Format::Junit => {
            let cases: Vec<_> = results
                .iter()
                .map(|(file, r)| {
                    let name = file.display().to_string();
                    match r {
                        Ok(report) if report.skipped.is_some() => (
                            name,
                            Case::Skipped(report.skipped.clone().unwrap_or_default()),
                        ),
                        Ok(report) if report.passed() => (name, Case::Passed),
                        Ok(report) => (
                            name,
                            Case::Failed {
                                message: format!("{} expectation(s) failed", report.failures.len()),
                                details: report.to_string(),
                            },
                        ),
                        Err(e) => (
                            name,
                            Case::Failed {
                                message: "could not be run".to_string(),
                                details: e.to_string(),
                            },
                        ),
                    }
                })
                .collect();
            out.print(&junit("battlecheck replay", 0.0, &cases));
        }
        Format::Json => {
            let reports: Vec<serde_json::Value> = results
                .iter()
                .map(|(file, r)| match r {
                    Ok(report) => serde_json::to_value(report).expect("reports serialise"),
                    Err(e) => serde_json::json!({ "file": file, "error": e.to_string() }),
                })
                .collect();
            out.println(&json(&reports));
        }
        Format::Human => {
            for (_, r) in &results {
                match r {
                    Ok(report) => out.print(&report.to_string()),
                    Err(e) => eprintln!("error: {e}"),
                }
            }
            let skipped_text = if skipped > 0 {
                format!(", {skipped} skipped (not expressible through the engine protocol)")
            } else {
                String::new()
            };
            out.println(&format!(
                "{} scenarios: {} passed, {failed} failed, {errors} could not be run{skipped_text}",
                results.len(),
                results.len() - failed - errors - skipped
            ));
        }
    }
    Ok(if errors > 0 {
        ExitCode::from(2)
    } else if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
