//! The `battlecheck` command: check the battle rules exhaustively, explore
//! them in the stateright Explorer, hold engines to them, and print the
//! checklist coverage. One module per subcommand, each parsing its flags
//! into a library call and choosing the report; [`out`] writes it.
//!
//! Depends on every other module; nothing depends on it but the binary.
//!
//! Exit codes: 0 every invariant holds and every witness is found; 1 a
//! property failed (an invariant violated or a witness not reached); 2 bad
//! input; 3 a run stopped early (`--timeout`, `--max-states`) without
//! finding a violation; 4 the report could not be written.

pub mod args;
pub mod bench;
pub mod cards;
pub mod check;
pub mod conform;
pub mod coverage;
pub mod explore;
pub mod out;
pub mod probe_engine;
pub mod replay;
pub mod rules;
pub mod scenario;
pub mod serve_engine;
pub mod suite;
pub mod sweep;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "battlecheck",
    version,
    about = "Model checking the Magic: The Gathering battle rules"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// Write the report to FILE instead of standard output (created or
    /// emptied before the run; notes and errors still go to standard error).
    #[arg(long, short = 'o', global = true, value_name = "FILE")]
    output: Option<std::path::PathBuf>,
}

#[derive(Subcommand)]
enum Command {
    /// Check every property exhaustively on a configuration (or in random
    /// games of it, `--random-games`).
    #[command(allow_negative_numbers = true)]
    Check(check::CheckArgs),
    /// Serve the stateright Explorer for a configuration.
    #[command(allow_negative_numbers = true)]
    Explore(explore::ExploreArgs),
    /// Run scenario files (or directories of them) on the engine.
    Replay(replay::ReplayArgs),
    /// Print the checklist items and the properties that cover each.
    Rules,
    /// List the engine's cards and the lines of rules text it does not play
    /// yet, ending with how many of the 36 Sieges are fully playable.
    Cards,
    /// Tools for scenario files.
    #[command(subcommand)]
    Scenario(scenario::ScenarioCommand),
    /// Check a matrix of configurations in parallel (optionally one shard of it).
    #[command(allow_negative_numbers = true)]
    Sweep(sweep::SweepArgs),
    /// Merge the JSON reports of a sweep's shards into the whole sweep's report.
    MergeReports(sweep::MergeArgs),
    /// Measure the checker's throughput (threads, symmetry, DFS and BFS).
    #[command(allow_negative_numbers = true)]
    Bench(bench::BenchArgs),
    /// Explore the model and the engine in lockstep: equal observations and
    /// equal legal decisions after every step.
    #[command(allow_negative_numbers = true)]
    Conform(conform::ConformArgs),
    /// Which branches of the rules `conform` exercises on this repository's
    /// engine (every configuration CI runs, or the presets given), and the
    /// branches none reaches.
    Coverage(coverage::CoverageArgs),
    /// Serve this repository's engine over the engine protocol on standard
    /// input and output (engine/PROTOCOL.md).
    ServeEngine(serve_engine::ServeEngineArgs),
    /// Write the conformance check of a configuration as scenario files: every
    /// kind of decision and every witness, each by the fewest decisions.
    #[command(allow_negative_numbers = true)]
    Suite(suite::SuiteArgs),
    /// Start an engine that speaks the engine protocol, show what it says at
    /// a configuration's starting position, and compare it with this
    /// repository's engine.
    #[command(allow_negative_numbers = true)]
    ProbeEngine(probe_engine::ProbeEngineArgs),
}

/// Why a command ended without its verdict.
#[derive(Debug)]
pub enum Failure {
    /// Bad input: the message names the flag, file or value (exit code 2).
    BadInput(String),
    /// The report could not be written (exit code 4).
    Output(String),
}

impl<E: std::fmt::Display> From<E> for Failure {
    fn from(e: E) -> Failure {
        Failure::BadInput(e.to_string())
    }
}

/// What a command ends with: its exit code, or why it has none.
pub type Outcome = Result<ExitCode, Failure>;

/// Parse the command line, run the subcommand, and give its exit code.
pub fn main() -> ExitCode {
    args::catch_interrupts();
    let cli = Cli::parse();
    let out = match &cli.output {
        Some(path) => out::Out::file(path),
        None => out::Out::stdout(),
    };
    let outcome = out.and_then(|out| run(cli.command, out));
    match outcome {
        Ok(code) => code,
        Err(Failure::BadInput(message)) => {
            out::note(&format!("error: {message}"));
            ExitCode::from(2)
        }
        Err(Failure::Output(message)) => {
            out::note(&format!("error: {message}"));
            ExitCode::from(4)
        }
    }
}

/// Run `command`, its report going to `out`, and finish the output.
fn run(command: Command, mut out: out::Out) -> Outcome {
    let outcome = match command {
        Command::Check(args) => check::run(args, &mut out),
        Command::Explore(args) => explore::run(args, &mut out),
        Command::Replay(args) => replay::run(args, &mut out),
        Command::Rules => rules::run(&mut out),
        Command::Cards => cards::run(&mut out),
        Command::Scenario(command) => scenario::run(command, &mut out),
        Command::Sweep(args) => sweep::run(args, &mut out),
        Command::MergeReports(args) => sweep::merge(args, &mut out),
        Command::Bench(args) => bench::run(args, &mut out),
        Command::Conform(args) => conform::run(args, &mut out),
        Command::Coverage(args) => coverage::run(args, &mut out),
        Command::ServeEngine(args) => serve_engine::run(args, &mut out),
        Command::ProbeEngine(args) => probe_engine::run(args, &mut out),
        Command::Suite(args) => suite::run(args, &mut out),
    };
    outcome.and_then(|code| out.finish().map(|()| code))
}
