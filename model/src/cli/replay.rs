//! `battlecheck replay`: scenario files run on this repository's engine, or
//! on any engine behind the engine protocol (`--engine-cmd`: a process per
//! scenario; one whose steps the engine cannot take, for want of the
//! protocol's `act`, is skipped and fails the run unless
//! `--allow-skipped`).

use super::args::{json, EngineCmdArgs, Format};
use super::out::Out;
use super::Outcome;
use crate::check::stop::INTERRUPTED;
use crate::conform::engine::Process;
use crate::report::{junit, Case};
use battlecheck_engine::scenario::{read_text, run_file, run_on, scenario_files};
use battlecheck_engine::Catalogue;
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::Ordering;

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
    /// Exit 0 even if no scenario was run (no file found, or every one
    /// skipped): without it, a run that checked nothing fails.
    #[arg(long)]
    allow_empty: bool,
    /// Accept scenarios the engine cannot run (a step only the protocol's
    /// `act` expresses, on an engine that does not serve it) as skipped:
    /// without it, a skipped scenario fails the run (exit code 2), since a
    /// skipped check is not a passed one.
    #[arg(long)]
    allow_skipped: bool,
}

/// Run every scenario; exit 2 if any could not be run (bad input) or none
/// was run at all (unless `--allow-empty`), else 1 if any expectation
/// failed, else 0.
pub fn run(args: ReplayArgs, out: &mut Out) -> Outcome {
    let timeout = args.engine.timeout()?;
    let cards = Catalogue::bundled()?;
    let run_one = |file: &Path| match &args.engine.engine_cmd {
        None => run_file(file),
        Some(command) => {
            let text = read_text(file)?;
            run_on(file, &text, &cards, |_, position| {
                Process::start(command, timeout, position)
            })
        }
    };
    // Ctrl-C or SIGTERM ends the replay between two scenarios, with the
    // report of those run (exit code 3).
    super::args::stop_on_interrupt();
    let started = std::time::Instant::now();
    let mut results = Vec::new();
    let mut interrupted = false;
    'paths: for path in &args.paths {
        let files = match scenario_files(path) {
            Ok(files) => files,
            Err(e) => {
                results.push((path.clone(), Err(e)));
                continue;
            }
        };
        for file in files {
            if INTERRUPTED.load(Ordering::Relaxed) {
                interrupted = true;
                break 'paths;
            }
            let r = run_one(&file);
            results.push((file, r));
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
            let mut cases: Vec<_> = results
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
            if interrupted {
                cases.push((
                    "replay".to_string(),
                    Case::Failed {
                        message: format!(
                            "PARTIAL: the run was stopped (interrupted) after {} scenario(s); the others were not run",
                            results.len()
                        ),
                        details: String::new(),
                    },
                ));
            }
            out.print(&junit(
                "battlecheck replay",
                Some(started.elapsed().as_secs_f64()),
                &cases,
            ));
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
                    Err(e) => super::out::note(&format!("error: {e}")),
                }
            }
            let skipped_text = if skipped > 0 {
                format!(", {skipped} skipped (a step the engine cannot take: see each)")
            } else {
                String::new()
            };
            let uncited: usize = results
                .iter()
                .filter_map(|(_, r)| r.as_ref().ok())
                .map(|r| r.uncited)
                .sum();
            let uncited_text = if uncited > 0 {
                format!("; {uncited} expected refusal(s) cited no rule (the refusal checked, not its rule)")
            } else {
                String::new()
            };
            out.println(&format!(
                "{} scenarios: {} passed, {failed} failed, {errors} could not be run{skipped_text}{uncited_text}",
                results.len(),
                results.len() - failed - errors - skipped
            ));
            if interrupted {
                out.println(&format!(
                    "PARTIAL: the run was stopped (interrupted) after {} scenario(s); the others were not run",
                    results.len()
                ));
            }
        }
    }
    let run = results.len() - skipped - errors;
    if run == 0 && errors == 0 && !interrupted && !args.allow_empty {
        let paths: Vec<String> = args.paths.iter().map(|p| p.display().to_string()).collect();
        super::out::note(&format!(
            "error: nothing was checked: {} in {} (--allow-empty to accept that)",
            if results.is_empty() {
                "no scenario file".to_string()
            } else {
                format!("all {skipped} scenario(s) skipped")
            },
            paths.join(", ")
        ));
        return Ok(ExitCode::from(2));
    }
    if skipped > 0 && !args.allow_skipped {
        super::out::note(&format!(
            "error: {skipped} scenario(s) skipped: the engine cannot run them (each says which step; --allow-skipped to accept that)"
        ));
    }
    Ok(if errors > 0 || (skipped > 0 && !args.allow_skipped) {
        ExitCode::from(2)
    } else if failed > 0 {
        ExitCode::from(1)
    } else if interrupted {
        ExitCode::from(3)
    } else {
        ExitCode::SUCCESS
    })
}
