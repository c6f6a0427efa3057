//! `battlecheck check`: the exhaustive check of the model (or of the
//! engine, `--target engine`) against the property catalogue.

use super::args::{engine_faults, json, Format, GameArgs, SearchArgs};
use super::out::Out;
use super::{Failure, Outcome};
use crate::check::record::Record;
use crate::check::{check, CheckOptions, CheckReport, Status};
use crate::report::{human_report, junit_report};
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// What `check` checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Target {
    /// The model (the specification).
    Model,
    /// The engine (the implementation), wrapped as a stateright model.
    Engine,
}

#[derive(Args)]
pub struct CheckArgs {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    search: SearchArgs,
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// Stop after this many seconds with a partial report (exit code 3).
    #[arg(long, value_name = "SECONDS")]
    timeout: Option<f64>,
    /// Stop after generating this many states with a partial report (exit code 3).
    #[arg(long, value_name = "N")]
    max_states: Option<usize>,
    /// Write each counterexample as a scenario file in DIR (replayable on the
    /// engine with `replay`, and openable with `explore --trace`).
    #[arg(long, value_name = "DIR")]
    save_counterexample: Option<PathBuf>,
    /// Check the model (the specification) or the engine (the implementation).
    #[arg(long, value_enum, default_value_t = Target::Model)]
    target: Target,
    /// With --target engine: inject a known engine bug. Repeatable.
    #[arg(long, value_name = "BUG")]
    engine_fault: Vec<String>,
}

pub fn run(args: CheckArgs, out: &mut Out) -> Outcome {
    let config = args.game.config()?;
    let threads = args.search.threads()?;
    let faults = engine_faults(&args.engine_fault)?;
    let timeout = match args.timeout {
        Some(t) if !(t > 0.0 && t.is_finite()) => {
            return Err(Failure::BadInput(format!(
                "--timeout must be a positive number of seconds, got {t}"
            )))
        }
        t => t.map(std::time::Duration::from_secs_f64),
    };
    if args.max_states == Some(0) {
        return Err(Failure::BadInput("--max-states must be at least 1".into()));
    }
    let progress =
        args.format == Format::Human && std::io::IsTerminal::is_terminal(&std::io::stderr());
    let opts = CheckOptions {
        threads,
        symmetry: !args.search.no_symmetry,
        timeout,
        max_states: args.max_states,
        progress,
    };
    let report = match args.target {
        Target::Model => check(config, &opts),
        Target::Engine => crate::conform::check_engine(config, &opts, &faults),
    }?;
    if let Some(dir) = &args.save_counterexample {
        for file in save_counterexamples(&report, dir)? {
            eprintln!("counterexample written to {}", file.display());
        }
    }
    match args.format {
        Format::Human => out.print(&human_report(&report)),
        Format::Json => out.println(&json(&report)),
        Format::Junit => out.print(&junit_report(&report)),
    }
    let violated = report
        .properties
        .iter()
        .any(|p| p.status == Status::Violated);
    Ok(if report.passed() {
        ExitCode::SUCCESS
    } else if !report.complete && !violated {
        ExitCode::from(3)
    } else {
        ExitCode::from(1)
    })
}

/// Write each counterexample of a report as a scenario file: the engine's
/// setup of the configuration, the decisions, and the model's record.
fn save_counterexamples(report: &CheckReport, dir: &Path) -> Result<Vec<PathBuf>, String> {
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("--save-counterexample {}: {e}", dir.display()))?;
    let mut files = Vec::new();
    for p in report.properties.iter() {
        let Some(trace) = &p.counterexample else {
            continue;
        };
        let decisions: Vec<_> = trace.steps.iter().map(|s| s.decision.clone()).collect();
        let mut scenario = crate::conform::bridge::scenario(&report.config, &[]);
        scenario["name"] = format!("counterexample to {} ({})", p.name, report.config.name).into();
        scenario["covers"] = serde_json::json!(p.checklist);
        scenario["description"] = format!("{} (rules {})", p.statement, p.rules.join(", ")).into();
        scenario["steps"] = trace
            .steps
            .iter()
            .map(|s| serde_json::json!({ "do": { "decision": { "decision": s.decision } }, "note": s.text }))
            .collect();
        let record = Record {
            config: report.config.clone(),
            property: Some(p.name.to_string()),
            decisions,
        };
        scenario["battlecheck"] = serde_json::to_value(&record).expect("records serialise");
        let file = dir.join(format!("{}-{}.json", report.config.name, p.name));
        let text = serde_json::to_string_pretty(&scenario).expect("scenarios serialise");
        std::fs::write(&file, text + "\n")
            .map_err(|e| format!("--save-counterexample {}: {e}", file.display()))?;
        files.push(file);
    }
    Ok(files)
}
