//! `battlecheck bench`: the checker's throughput and the engine's against
//! the model's.

use super::args::{json, Format, GameArgs};
use super::out::Out;
use super::{Failure, Outcome};
use crate::conform::bench::bench;
use crate::report::bench::table;
use clap::Args;
use std::process::ExitCode;

#[derive(Args)]
pub struct BenchArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Visited states per timed run.
    #[arg(long, default_value_t = 2_000_000)]
    budget: usize,
    /// Runs per variant, and rounds of the random games (the median is
    /// reported).
    #[arg(long, default_value_t = 3)]
    runs: usize,
    /// Random games played to the end by the engine and by the model in
    /// each round, for their decisions per second.
    #[arg(long, default_value_t = 2_000)]
    games: usize,
    /// Report format (human or json).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
}

pub fn run(args: BenchArgs, out: &mut Out) -> Outcome {
    let config = args.game.config()?;
    if args.format == Format::Junit {
        return Err(Failure::BadInput(
            "--format junit: bench reports measurements, not tests; use human or json".into(),
        ));
    }
    if args.budget == 0 || args.runs == 0 || args.games == 0 {
        return Err(Failure::BadInput(
            "--budget, --runs and --games must be at least 1".into(),
        ));
    }
    super::args::stop_on_interrupt();
    let report = bench(config, args.budget, args.runs, args.games)?;
    if args.format == Format::Json {
        out.println(&json(&report));
    } else {
        out.print(&table(&report));
    }
    // A stopped benchmark is partial, as a stopped check is (exit 3).
    Ok(ExitCode::from(if report.stopped.is_some() { 3 } else { 0 }))
}
