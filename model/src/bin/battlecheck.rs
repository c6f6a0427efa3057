//! `battlecheck`: check the battle rules exhaustively, explore them in the
//! stateright Explorer, and print the checklist coverage.
//!
//! Exit codes: 0 every invariant holds and every witness is found; 1 a
//! property failed; 2 bad input.

use battlecheck::checker::{check, CheckOptions};
use battlecheck::cli::{config_line, human_report, rules_report, GameArgs};
use battlecheck::BattleModel;
use clap::{Args, Parser, Subcommand};
use stateright::Model;
use std::net::TcpListener;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "battlecheck", version, about = "Model checking the Magic: The Gathering battle rules")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Check every property exhaustively on a configuration.
    Check(CheckArgs),
    /// Serve the stateright Explorer for a configuration.
    Explore(ExploreArgs),
    /// Run scenario files (or directories of them) on the engine.
    Replay(ReplayArgs),
    /// Print the checklist items and the properties that cover each.
    Rules,
}

#[derive(Args)]
struct ReplayArgs {
    /// Scenario files or directories (every *.json inside, in name order).
    #[arg(required = true)]
    paths: Vec<std::path::PathBuf>,
    /// Print a machine-readable JSON report instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct CheckArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Explore without the symmetry reduction.
    #[arg(long)]
    no_symmetry: bool,
    /// Print a machine-readable JSON report instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct ExploreArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Port on 127.0.0.1.
    #[arg(long, default_value_t = 3000)]
    port: u16,
}

fn bad_input(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}

/// Run every scenario; exit 2 if any could not be run (bad input), else 1
/// if any expectation failed, else 0.
fn replay(args: &ReplayArgs) -> ExitCode {
    use battlecheck_engine::scenario::run_path;
    let mut results = Vec::new();
    for path in &args.paths {
        if !path.exists() {
            return bad_input(format!("{}: no such file or directory", path.display()));
        }
        results.extend(run_path(path));
    }
    let errors = results.iter().filter(|(_, r)| r.is_err()).count();
    let failed = results.iter().filter(|(_, r)| r.as_ref().is_ok_and(|r| !r.passed())).count();
    if args.json {
        let reports: Vec<serde_json::Value> = results
            .iter()
            .map(|(file, r)| match r {
                Ok(report) => serde_json::to_value(report).expect("reports serialise"),
                Err(e) => serde_json::json!({ "file": file, "error": e.to_string() }),
            })
            .collect();
        println!("{}", serde_json::to_string_pretty(&reports).expect("reports serialise"));
    } else {
        for (_, r) in &results {
            match r {
                Ok(report) => print!("{report}"),
                Err(e) => eprintln!("error: {e}"),
            }
        }
        println!("{} scenarios: {} passed, {failed} failed, {errors} could not be run", results.len(), results.len() - failed - errors);
    }
    if errors > 0 {
        ExitCode::from(2)
    } else if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check(args) => {
            let config = match args.game.config() {
                Ok(c) => c,
                Err(e) => return bad_input(e),
            };
            let threads = match args.threads {
                Some(0) => return bad_input("--threads must be at least 1"),
                Some(t) => t,
                None => std::thread::available_parallelism().map_or(1, |n| n.get()),
            };
            let opts = CheckOptions { threads, symmetry: !args.no_symmetry };
            let report = match check(config, &opts) {
                Ok(r) => r,
                Err(e) => return bad_input(e),
            };
            if args.json {
                println!("{}", serde_json::to_string_pretty(&report).expect("reports serialise"));
            } else {
                print!("{}", human_report(&report));
            }
            if report.passed() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Command::Explore(args) => {
            let config = match args.game.config() {
                Ok(c) => c,
                Err(e) => return bad_input(e),
            };
            let line = config_line(&config);
            let model = match BattleModel::new(config) {
                Ok(m) => m,
                Err(e) => return bad_input(e),
            };
            let address = ("127.0.0.1", args.port);
            // stateright's server panics on a taken port: check it first.
            if let Err(e) = TcpListener::bind(address) {
                return bad_input(format!("--port {}: cannot listen on 127.0.0.1:{}: {e}", args.port, args.port));
            }
            println!("{line}");
            println!("Explorer: http://127.0.0.1:{}/", args.port);
            model.checker().serve(address);
            ExitCode::SUCCESS
        }
        Command::Replay(args) => replay(&args),
        Command::Rules => {
            print!("{}", rules_report());
            ExitCode::SUCCESS
        }
    }
}
