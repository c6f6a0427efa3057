//! `battlecheck check`: the exhaustive check of the model (or of the
//! engine, `--target engine`) against the property catalogue.

use super::args::{engine_faults, json, EngineCmdArgs, Format, GameArgs, LimitArgs, SearchArgs};
use super::out::Out;
use super::{Failure, Outcome};
use crate::check::sweep::Shard;
use crate::check::{check, CheckOptions, CheckReport, Status};
use crate::conform::scenario::save_counterexamples;
use crate::report::{human_report, junit_report};
use clap::Args;
use std::path::PathBuf;
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
    #[command(flatten)]
    limits: LimitArgs,
    /// Write each counterexample as a scenario file in DIR (replayable on the
    /// engine with `replay`, and openable with `explore --trace`).
    #[arg(long, value_name = "DIR")]
    save_counterexample: Option<PathBuf>,
    /// Check the model (the specification) or the engine (the implementation).
    #[arg(long, value_enum, default_value_t = Target::Model)]
    target: Target,
    /// Explore only shard K of N (1-based) of the configuration's states,
    /// for N machines to check it together: the JSON reports of all N
    /// merge with `merge-reports` into the configuration's verdict. A
    /// shard fails only on a violated invariant (another shard may reach
    /// a witness it does not).
    #[arg(long, value_name = "K/N", allow_hyphen_values = true)]
    shard: Option<Shard>,
    /// With --target engine: inject a known engine bug. Repeatable.
    #[arg(long, value_name = "BUG")]
    engine_fault: Vec<String>,
    /// With --target engine: the engine checked is not this repository's
    /// but one behind the engine protocol.
    #[command(flatten)]
    engine: EngineCmdArgs,
}

pub fn run(args: CheckArgs, out: &mut Out) -> Outcome {
    let config = args.game.config()?;
    let threads = args.search.threads()?;
    let faults = engine_faults(&args.engine_fault)?;
    match args.target {
        Target::Model if !faults.is_empty() => {
            return Err(Failure::BadInput(
                "--engine-fault applies to --target engine only".into(),
            ))
        }
        Target::Engine if !config.faults.is_empty() => {
            return Err(Failure::BadInput(
                "--fault seeds a bug in the model; with --target engine use --engine-fault".into(),
            ))
        }
        Target::Model if args.engine.engine_cmd.is_some() => {
            return Err(Failure::BadInput(
                "--engine-cmd applies to --target engine only".into(),
            ))
        }
        Target::Engine if args.shard.is_some() => {
            return Err(Failure::BadInput(
                "--shard splits the model's states: it applies to --target model only".into(),
            ))
        }
        Target::Engine if args.engine.engine_cmd.is_some() && !faults.is_empty() => {
            return Err(Failure::BadInput(
                "--engine-fault injects bugs into the engine in process; for an engine process give them to it (`battlecheck serve-engine --engine-fault BUG`)".into(),
            ))
        }
        _ => {}
    }
    let (timeout, max_states) = args.limits.limits()?;
    let progress =
        args.format == Format::Human && std::io::IsTerminal::is_terminal(&std::io::stderr());
    let opts = CheckOptions {
        threads,
        symmetry: !args.search.no_symmetry,
        timeout,
        max_states,
        progress,
        shard: args.shard,
    };
    let engine_timeout = args.engine.timeout()?;
    let engine_cmd = args.engine.engine_cmd.as_deref();
    let report = match (args.target, engine_cmd) {
        (Target::Model, _) => check(config, &opts)?,
        (Target::Engine, None) => crate::conform::check_engine(config, &opts, &faults)?,
        (Target::Engine, Some(command)) => crate::conform::engine_walk::check_engine_process(
            config,
            &opts,
            command,
            engine_timeout,
        )?,
    };
    if let Some(dir) = &args.save_counterexample {
        let engine = engine_cmd.map(|c| (c, engine_timeout));
        for file in save_counterexamples(&report, dir, &faults, engine)? {
            eprintln!("counterexample written to {}", file.display());
        }
    }
    Ok(print(&report, args.format, out))
}

/// Print a check's report; its exit code: 0 passed, 1 failed, 3 stopped
/// early with no violation found.
pub(super) fn print(report: &CheckReport, format: Format, out: &mut Out) -> ExitCode {
    match format {
        Format::Human => out.print(&human_report(report)),
        Format::Json => out.println(&json(report)),
        Format::Junit => out.print(&junit_report(report)),
    }
    let violated = report
        .properties
        .iter()
        .any(|p| p.status == Status::Violated);
    if report.passed() {
        ExitCode::SUCCESS
    } else if !report.complete && !violated {
        ExitCode::from(3)
    } else {
        ExitCode::from(1)
    }
}
