//! `battlecheck coverage`: which branches of the rules the conformance
//! check exercises on this repository's engine (the way TLC reports action
//! coverage), over the configurations CI runs or the presets given, and
//! with `--random-games` over random games of each for a full round. Exit 1
//! if a configuration diverged or a branch no configuration exercised is
//! not explained as unreachable in the model.

use super::args::{json, Format};
use super::out::Out;
use super::{Failure, Outcome};
use crate::conform::coverage::Coverage;
use crate::conform::{conform, suite, ConformOptions};
use crate::report::coverage::human_report;
use crate::rules::config::Config;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct CoverageArgs {
    /// A preset to run (repeatable); without one, every configuration of
    /// the CI suite (the small presets at defenses 1-4, table, tiny at four
    /// seats, default).
    #[arg(long, value_name = "NAME")]
    preset: Vec<String>,
    /// Worker threads per run (capped at the machine's cores).
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Report format (human or json).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// Stop when the process's peak memory passes this many MiB, with the
    /// coverage of what ran, PARTIAL (exit code 3). Default: 90% of the
    /// memory available as the run starts.
    #[arg(long, value_name = "MIB")]
    max_memory: Option<u64>,
    /// Also play N random games in lockstep on each configuration, for a
    /// full round of turns (every side takes one), as it is and with its
    /// seats turned by one (the first seat's cards with the second player):
    /// their paths are not merged as the exhaustive lockstep's are, and
    /// every seat makes the choices of an active and of a defending
    /// player, with cards that say "you". Their branches count too.
    #[arg(long, value_name = "N")]
    random_games: Option<usize>,
    /// Write the counterexample of each configuration that diverges as a
    /// scenario file in DIR (replay it with `replay`).
    #[arg(long, value_name = "DIR")]
    save_counterexample: Option<PathBuf>,
    /// The seed of the random games.
    #[arg(
        long,
        value_name = "SEED",
        requires = "random_games",
        default_value_t = 1
    )]
    seed: u64,
}

pub fn run(args: CoverageArgs, out: &mut Out) -> Outcome {
    let configs = if args.preset.is_empty() {
        suite::ci()?
    } else {
        args.preset
            .iter()
            .map(|p| Config::preset(p))
            .collect::<Result<_, _>>()?
    };
    // Ctrl-C, SIGTERM or the memory limit stop the run in progress and
    // those after it at once: the coverage of what ran is reported, PARTIAL
    // (exit code 3).
    super::args::memory_limit(args.max_memory)?;
    super::args::stop_on_interrupt();
    if let Some(dir) = &args.save_counterexample {
        super::out::output_dir(dir, "--save-counterexample")?;
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let opts = ConformOptions {
        threads: args.threads.clamp(1, cores),
        out_dir: args.save_counterexample.clone(),
        ..ConformOptions::default()
    };
    let random = super::args::games(args.random_games, args.seed)?.map(|games| ConformOptions {
        random_games: Some(games),
        ..opts.clone()
    });
    let mut runs = Vec::new();
    for c in &configs {
        runs.push(conform(c.clone(), &opts)?);
    }
    if let Some(random) = &random {
        for c in &configs {
            runs.push(conform(suite::full_round(c)?, random)?);
        }
        for c in &configs {
            runs.push(conform(suite::full_round(&suite::turned(c)?)?, random)?);
        }
    }
    let coverage = Coverage::of(&runs);
    match args.format {
        Format::Human => out.print(&human_report(&coverage)),
        Format::Json => out.println(&json(&coverage)),
        Format::Junit => {
            return Err(Failure::BadInput(
                "--format junit: coverage is reported as human or json".into(),
            ))
        }
    }
    // The report was printed; a counterexample not written is exit code 4.
    if let Some(e) = coverage.scenario_errors.first() {
        return Err(Failure::Output(e.clone()));
    }
    Ok(if coverage.passed() {
        ExitCode::SUCCESS
    } else if coverage.partial() {
        ExitCode::from(3)
    } else {
        ExitCode::from(1)
    })
}
