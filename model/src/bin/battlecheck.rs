//! `battlecheck`: check the battle rules exhaustively, explore them in the
//! stateright Explorer, and print the checklist coverage.
//!
//! Exit codes: 0 every invariant holds and every witness is found; 1 a
//! property failed; 2 bad input; 3 a run stopped early (`--timeout`,
//! `--max-states`) without finding a violation.

use battlecheck::checker::CheckReport;
use battlecheck::checker::{check, CheckOptions, Status};
use battlecheck::cli::{
    config_line, human_report, junit, junit_report, rules_report, Case, Format, GameArgs,
};
use battlecheck::record::{explorer_url, Record};
use battlecheck::sweep::{self, Matrix, Shard, SweepReport};
use battlecheck::BattleModel;
use clap::{Args, Parser, Subcommand};
use stateright::Model;
use std::net::TcpListener;
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
    /// Check a matrix of configurations in parallel (optionally one shard of it).
    Sweep(SweepArgs),
    /// Merge the JSON reports of a sweep's shards into the whole sweep's report.
    MergeReports(MergeArgs),
    /// Measure the checker's throughput (threads, symmetry, DFS and BFS).
    Bench(BenchArgs),
    /// Explore the model and the engine in lockstep: equal observations and
    /// equal legal decisions after every step.
    Conform(ConformArgs),
}

/// What `check` checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Target {
    /// The model (the specification).
    Model,
    /// The engine (the implementation), wrapped as a stateright model.
    Engine,
}

/// How the states are explored (`check` and `conform`).
#[derive(Args)]
struct SearchArgs {
    /// Worker threads (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Explore without the symmetry reduction.
    #[arg(long)]
    no_symmetry: bool,
}

#[derive(Args)]
struct ConformArgs {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    search: SearchArgs,
    /// Write a counterexample as a scenario file in DIR (replay it with `replay`).
    #[arg(long, value_name = "DIR")]
    save_counterexample: Option<std::path::PathBuf>,
    /// Inject a known engine bug (for testing the check). Repeatable.
    #[arg(long, value_name = "BUG")]
    engine_fault: Vec<String>,
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
}

/// Parse engine fault names (kebab-case, as in scenario files).
fn engine_faults(names: &[String]) -> Result<Vec<battlecheck_engine::EngineFault>, String> {
    names
        .iter()
        .map(|n| {
            serde_json::from_value(serde_json::Value::String(n.clone())).map_err(|_| {
                let known: Vec<String> = battlecheck_engine::EngineFault::ALL
                    .iter()
                    .filter_map(|f| serde_json::to_value(f).ok())
                    .filter_map(|v| v.as_str().map(str::to_string))
                    .collect();
                format!(
                    "--engine-fault '{n}': unknown (known: {})",
                    known.join(", ")
                )
            })
        })
        .collect()
}

fn threads_or_all(t: Option<usize>) -> Result<usize, String> {
    match t {
        Some(0) => Err("--threads must be at least 1".into()),
        Some(t) => Ok(t),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

#[derive(Args)]
struct BenchArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Generated states per timed run.
    #[arg(long, default_value_t = 2_000_000)]
    budget: usize,
    /// Runs per variant (the median is reported).
    #[arg(long, default_value_t = 3)]
    runs: usize,
    /// Report format (human or json).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
}

#[derive(Args)]
struct SweepArgs {
    /// Presets (card pools), comma-separated.
    #[arg(long, value_delimiter = ',', default_values_t = Matrix::default().presets)]
    presets: Vec<String>,
    /// Player counts, comma-separated.
    #[arg(long, value_delimiter = ',', default_values_t = Matrix::default().players)]
    players: Vec<usize>,
    /// Printed defenses, comma-separated.
    #[arg(long, value_delimiter = ',', default_values_t = Matrix::default().defenses)]
    defenses: Vec<u8>,
    /// Turn bounds, comma-separated.
    #[arg(long, value_delimiter = ',', default_values_t = Matrix::default().turns)]
    turns: Vec<u8>,
    /// Whether players may concede: true, false or both (comma-separated).
    #[arg(long, value_delimiter = ',', default_values_t = Matrix::default().concede)]
    concede: Vec<bool>,
    /// Only shard K of N (1-based): configuration i runs in shard i % N + 1.
    #[arg(long, value_name = "K/N")]
    shard: Option<Shard>,
    /// Report format (JSON reports of shards merge with merge-reports).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
}

#[derive(Args)]
struct MergeArgs {
    /// JSON sweep reports, one per shard.
    #[arg(required = true)]
    reports: Vec<std::path::PathBuf>,
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
}

#[derive(Args)]
struct ReplayArgs {
    /// Scenario files or directories (every *.json inside, in name order).
    #[arg(required = true)]
    paths: Vec<std::path::PathBuf>,
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
}

#[derive(Args)]
struct CheckArgs {
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
    save_counterexample: Option<std::path::PathBuf>,
    /// Check the model (the specification) or the engine (the implementation).
    #[arg(long, value_enum, default_value_t = Target::Model)]
    target: Target,
    /// With --target engine: inject a known engine bug. Repeatable.
    #[arg(long, value_name = "BUG")]
    engine_fault: Vec<String>,
}

#[derive(Args)]
struct ExploreArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Port on 127.0.0.1.
    #[arg(long, default_value_t = 3000)]
    port: u16,
    /// A scenario file written by `check --save-counterexample` or `conform`:
    /// explore its configuration and print the URL that opens on its path.
    #[arg(long, value_name = "FILE")]
    trace: Option<std::path::PathBuf>,
}

/// The value of a `Result`, or return exit code 2 with its error.
macro_rules! or_bad_input {
    ($result:expr) => {
        match $result {
            Ok(value) => value,
            Err(e) => return bad_input(e),
        }
    };
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
    let failed = results
        .iter()
        .filter(|(_, r)| r.as_ref().is_ok_and(|r| !r.passed()))
        .count();
    if args.format == Format::Junit {
        let cases: Vec<_> = results
            .iter()
            .map(|(file, r)| {
                let name = file.display().to_string();
                match r {
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
        print!("{}", junit("battlecheck replay", 0.0, &cases));
    } else if args.format == Format::Json {
        let reports: Vec<serde_json::Value> = results
            .iter()
            .map(|(file, r)| match r {
                Ok(report) => serde_json::to_value(report).expect("reports serialise"),
                Err(e) => serde_json::json!({ "file": file, "error": e.to_string() }),
            })
            .collect();
        println!(
            "{}",
            serde_json::to_string_pretty(&reports).expect("reports serialise")
        );
    } else {
        for (_, r) in &results {
            match r {
                Ok(report) => print!("{report}"),
                Err(e) => eprintln!("error: {e}"),
            }
        }
        println!(
            "{} scenarios: {} passed, {failed} failed, {errors} could not be run",
            results.len(),
            results.len() - failed - errors
        );
    }
    if errors > 0 {
        ExitCode::from(2)
    } else if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Write each counterexample of a report as a scenario file: the engine's
/// setup of the configuration, the decisions, and the model's record.
fn save_counterexamples(
    report: &CheckReport,
    dir: &std::path::Path,
) -> Result<Vec<std::path::PathBuf>, String> {
    std::fs::create_dir_all(dir)
        .map_err(|e| format!("--save-counterexample {}: {e}", dir.display()))?;
    let mut files = Vec::new();
    for p in report.properties.iter() {
        let Some(trace) = &p.counterexample else {
            continue;
        };
        let decisions: Vec<_> = trace.steps.iter().map(|s| s.decision.clone()).collect();
        let mut scenario = battlecheck::conform::bridge::scenario(&report.config, &[]);
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

/// The model's record in a scenario file.
fn read_record(file: &std::path::Path) -> Result<Record, String> {
    let text =
        std::fs::read_to_string(file).map_err(|e| format!("--trace {}: {e}", file.display()))?;
    let value: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| format!("--trace {}: not JSON: {e}", file.display()))?;
    let record = value.get("battlecheck").ok_or_else(|| {
        format!(
            "--trace {}: no \"battlecheck\" record (write one with check --save-counterexample)",
            file.display()
        )
    })?;
    serde_json::from_value(record.clone())
        .map_err(|e| format!("--trace {}: battlecheck record: {e}", file.display()))
}

fn print_sweep(r: &SweepReport, format: Format) -> ExitCode {
    match format {
        Format::Human => print!("{}", sweep::human(r)),
        Format::Json => println!(
            "{}",
            serde_json::to_string_pretty(r).expect("reports serialise")
        ),
        Format::Junit => {
            let cases: Vec<_> = r
                .entries
                .iter()
                .map(|e| {
                    let name = format!("{} {}", e.index, config_line(&e.config));
                    let outcome = if e.passed {
                        Case::Passed
                    } else {
                        Case::Failed {
                            message: format!("violated {:?}", e.violated),
                            details: String::new(),
                        }
                    };
                    (name, outcome)
                })
                .collect();
            print!("{}", junit("battlecheck sweep", 0.0, &cases));
        }
    }
    if r.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Check(args) => {
            let config = or_bad_input!(args.game.config());
            let threads = or_bad_input!(threads_or_all(args.search.threads));
            let faults = or_bad_input!(engine_faults(&args.engine_fault));
            let timeout = match args.timeout {
                Some(t) if !(t > 0.0 && t.is_finite()) => {
                    return bad_input(format!(
                        "--timeout must be a positive number of seconds, got {t}"
                    ))
                }
                t => t.map(std::time::Duration::from_secs_f64),
            };
            if args.max_states == Some(0) {
                return bad_input("--max-states must be at least 1");
            }
            let progress = args.format == Format::Human
                && std::io::IsTerminal::is_terminal(&std::io::stderr());
            let opts = CheckOptions {
                threads,
                symmetry: !args.search.no_symmetry,
                timeout,
                max_states: args.max_states,
                progress,
            };
            let result = match args.target {
                Target::Model => check(config, &opts),
                Target::Engine => battlecheck::conform::check_engine(config, &opts, &faults),
            };
            let report = or_bad_input!(result);
            if let Some(dir) = &args.save_counterexample {
                match save_counterexamples(&report, dir) {
                    Ok(files) => files
                        .iter()
                        .for_each(|f| eprintln!("counterexample written to {}", f.display())),
                    Err(e) => return bad_input(e),
                }
            }
            match args.format {
                Format::Human => print!("{}", human_report(&report)),
                Format::Json => println!(
                    "{}",
                    serde_json::to_string_pretty(&report).expect("reports serialise")
                ),
                Format::Junit => print!("{}", junit_report(&report)),
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
        Command::Explore(args) => {
            let record = match &args.trace {
                Some(file) => match read_record(file) {
                    Ok(r) => Some(r),
                    Err(e) => return bad_input(e),
                },
                None => None,
            };
            let config = match (&record, args.game.config()) {
                (Some(r), _) => r.config.clone(),
                (None, Ok(c)) => c,
                (None, Err(e)) => return bad_input(e),
            };
            let line = config_line(&config);
            let model = or_bad_input!(BattleModel::new(config));
            let address = ("127.0.0.1", args.port);
            // stateright's server panics on a taken port: check it first.
            if let Err(e) = TcpListener::bind(address) {
                return bad_input(format!(
                    "--port {}: cannot listen on 127.0.0.1:{}: {e}",
                    args.port, args.port
                ));
            }
            println!("{line}");
            println!("Explorer: http://127.0.0.1:{}/", args.port);
            if let (Some(r), Some(file)) = (&record, &args.trace) {
                match r.action_indices(&model) {
                    Ok(indices) => println!(
                        "Path of {}: {}",
                        file.display(),
                        explorer_url(args.port, &indices)
                    ),
                    Err(e) => return bad_input(format!("{}: {e}", file.display())),
                }
            }
            model.checker().serve(address);
            ExitCode::SUCCESS
        }
        Command::Replay(args) => replay(&args),
        Command::Conform(args) => {
            let config = or_bad_input!(args.game.config());
            let threads = or_bad_input!(threads_or_all(args.search.threads));
            let engine_faults = or_bad_input!(engine_faults(&args.engine_fault));
            let opts = battlecheck::conform::ConformOptions {
                threads,
                out_dir: args.save_counterexample,
                engine_faults,
                symmetry: !args.search.no_symmetry,
            };
            let report = or_bad_input!(battlecheck::conform::conform(config, &opts));
            let human = battlecheck::conform::human_report(&report);
            match args.format {
                Format::Human => print!("{human}"),
                Format::Json => println!(
                    "{}",
                    serde_json::to_string_pretty(&report).expect("reports serialise")
                ),
                Format::Junit => {
                    let case = if report.passed() {
                        Case::Passed
                    } else {
                        Case::Failed {
                            message: "the engine diverges from the model".into(),
                            details: human,
                        }
                    };
                    print!(
                        "{}",
                        junit(
                            "battlecheck conform",
                            report.seconds,
                            &[(config_line(&report.config), case)]
                        )
                    );
                }
            }
            if report.passed() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Command::Bench(args) => {
            let config = or_bad_input!(args.game.config());
            if args.budget == 0 || args.runs == 0 {
                return bad_input("--budget and --runs must be at least 1");
            }
            match battlecheck::bench::bench(config, args.budget, args.runs) {
                Ok(r) if args.format == Format::Json => {
                    println!(
                        "{}",
                        serde_json::to_string_pretty(&r).expect("reports serialise")
                    );
                    ExitCode::SUCCESS
                }
                Ok(r) => {
                    print!("{}", battlecheck::bench::table(&r));
                    ExitCode::SUCCESS
                }
                Err(e) => bad_input(e),
            }
        }
        Command::Sweep(args) => {
            let matrix = Matrix {
                presets: args.presets,
                players: args.players,
                defenses: args.defenses,
                turns: args.turns,
                concede: args.concede,
            };
            match sweep::sweep(&matrix, args.shard) {
                Ok(r) => print_sweep(&r, args.format),
                Err(e) => bad_input(e),
            }
        }
        Command::MergeReports(args) => {
            let mut reports = Vec::new();
            for path in &args.reports {
                let name = path.display().to_string();
                let parsed = std::fs::read_to_string(path)
                    .map_err(|e| e.to_string())
                    .and_then(|t| {
                        serde_json::from_str::<SweepReport>(&t).map_err(|e| e.to_string())
                    });
                match parsed {
                    Ok(r) => reports.push((name, r)),
                    Err(e) => return bad_input(format!("{name}: not a sweep report: {e}")),
                }
            }
            match sweep::merge(reports) {
                Ok(r) => print_sweep(&r, args.format),
                Err(e) => bad_input(e),
            }
        }
        Command::Rules => {
            print!("{}", rules_report());
            ExitCode::SUCCESS
        }
    }
}
