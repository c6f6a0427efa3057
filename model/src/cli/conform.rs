//! `battlecheck conform`: the model and the engine explored in lockstep.

use super::args::{engine_faults, json, EngineCmdArgs, Format, GameArgs, LimitArgs, SearchArgs};
use super::out::Out;
use super::Outcome;
use crate::conform::random::Games;
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
    /// Play N random games in lockstep instead of comparing every reachable
    /// state: for configurations too large to explore (a 4-player full
    /// round). Each game takes random decisions, leaning toward battle
    /// play, to the turn bound; passing is evidence, not proof, and a
    /// counterexample is the lowest-numbered game's that diverges, shrunk
    /// (not always the shortest).
    #[arg(long, value_name = "N", conflicts_with = "no_symmetry")]
    random_games: Option<usize>,
    /// The seed of the random games: the same seed plays the same games on
    /// every run and at any thread count.
    #[arg(
        long,
        value_name = "SEED",
        requires = "random_games",
        default_value_t = 1
    )]
    seed: u64,
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
}

pub fn run(args: ConformArgs, out: &mut Out) -> Outcome {
    let config = args.game.config()?;
    let (timeout, max_states) = args.limits.limits()?;
    let opts = ConformOptions {
        timeout,
        max_states,
        threads: args.search.threads()?,
        out_dir: args.save_counterexample,
        engine_faults: engine_faults(&args.engine_fault)?,
        symmetry: !args.search.no_symmetry,
        engine_timeout: args.engine.timeout()?,
        engine_cmd: args.engine.engine_cmd,
        random_games: match args.random_games {
            Some(0) => return Err("--random-games must be at least 1".into()),
            Some(count) => Some(Games {
                count,
                seed: args.seed,
            }),
            None => None,
        },
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
                report.seconds,
                &[(config_line(&report.config), case)],
            ));
        }
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
