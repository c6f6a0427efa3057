//! `battlecheck conform`: the model and the engine explored in lockstep.

use super::args::{
    engine_faults, json, EngineCmdArgs, Format, GameArgs, LimitArgs, RandomGamesArgs, SearchArgs,
};
use super::out::Out;
use super::Failure;
use super::Outcome;
use crate::conform::{conform, ConformOptions};
use crate::report::conform::human_report;
use crate::report::{config_line, junit, Case};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct ConformArgs {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    search: SearchArgs,
    #[command(flatten)]
    engine: EngineCmdArgs,
    #[command(flatten)]
    limits: LimitArgs,
    /// Write a counterexample as a scenario file in DIR (replay it with `replay`).
    #[arg(long, value_name = "DIR")]
    save_counterexample: Option<PathBuf>,
    /// Inject a known bug into this repository's engine (for testing the
    /// check; for an engine process, `serve-engine --engine-fault`).
    /// Repeatable.
    #[arg(long, value_name = "BUG")]
    engine_fault: Vec<String>,
    #[command(flatten)]
    random: RandomGamesArgs,
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
}

pub fn run(args: ConformArgs, out: &mut Out) -> Outcome {
    let config = args.game.config()?;
    let (timeout, max_states) = args.limits.limits()?;
    if let Some(dir) = &args.save_counterexample {
        super::out::output_dir(dir, "--save-counterexample")?;
    }
    let opts = ConformOptions {
        timeout,
        max_states,
        threads: args.search.threads()?,
        out_dir: args.save_counterexample,
        engine_faults: engine_faults(&args.engine_fault)?,
        symmetry: !args.search.no_symmetry,
        engine_timeout: args.engine.timeout()?,
        engine_cmd: args.engine.engine_cmd,
        random_games: args.random.games()?,
    };
    let report = conform(config, &opts)?;
    let human = human_report(&report);
    match args.format {
        Format::Human => out.print(&human),
        Format::Json => out.println(&json(&report)),
        Format::Junit => {
            let case = if report.passed() {
                Case::Passed
            } else if report.counterexample.is_none() {
                Case::Failed {
                    message: format!(
                        "PARTIAL: the run was stopped ({}) after {} model states; unexplored states may hold divergences",
                        report.stopped_by.unwrap_or("early"),
                        report.states
                    ),
                    details: human,
                }
            } else {
                Case::Failed {
                    message: "the engine diverges from the model".into(),
                    details: human,
                }
            };
            out.print(&junit(
                "battlecheck conform",
                Some(report.seconds),
                &[(config_line(&report.config), case)],
            ));
        }
    }
    if let Some(e) = report
        .counterexample
        .as_ref()
        .and_then(|c| c.scenario_error.clone())
    {
        return Err(Failure::Output(e));
    }
    Ok(if report.passed() {
        ExitCode::SUCCESS
    } else if report.counterexample.is_none() {
        // Stopped early with no divergence found.
        ExitCode::from(3)
    } else {
        ExitCode::from(1)
    })
}
