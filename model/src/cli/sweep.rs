//! `battlecheck sweep` and `battlecheck merge-reports`: a matrix of
//! configurations, optionally one shard of it, and the shards' reports
//! merged back into the whole.

use super::args::{json, Format};
use super::out::{self, Out};
use super::{Failure, Outcome};
use crate::check::split::{self, ShardReport};
use crate::check::sweep::{self, Matrix, Shard, SweepReport};
use crate::report::sweep::human;
use crate::report::{config_line, junit, Case};
use battlecheck_engine::scenario::read_text;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct SweepArgs {
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
    #[arg(long, value_name = "K/N", allow_hyphen_values = true)]
    shard: Option<Shard>,
    /// Report format (JSON reports of shards merge with merge-reports).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// Stop when the process's peak memory passes this many MiB: the
    /// configurations left are reported PARTIAL (exit code 3). Default: 90%
    /// of the memory available as the sweep starts. Ctrl-C or SIGTERM
    /// stop it the same way.
    #[arg(long, value_name = "MIB")]
    max_memory: Option<u64>,
}

#[derive(Args)]
pub struct MergeArgs {
    /// JSON reports, one per shard: of a sweep (`sweep --shard`), or of one
    /// configuration's states (`check --shard`).
    #[arg(required = true)]
    reports: Vec<PathBuf>,
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Json)]
    format: Format,
}

pub fn run(args: SweepArgs, out: &mut Out) -> Outcome {
    let matrix = Matrix {
        presets: args.presets,
        players: args.players,
        defenses: args.defenses,
        turns: args.turns,
        concede: args.concede,
    };
    super::args::memory_limit(args.max_memory)?;
    super::args::stop_on_interrupt();
    let started = std::time::Instant::now();
    let report = sweep::sweep(&matrix, args.shard)?;
    Ok(print(
        &report,
        Some(started.elapsed().as_secs_f64()),
        args.format,
        out,
    ))
}

pub fn merge(args: MergeArgs, out: &mut Out) -> Outcome {
    let mut sweeps = Vec::new();
    let mut shards = Vec::new();
    super::args::stop_on_interrupt();
    for (read, path) in args.reports.iter().enumerate() {
        // Stopped while reading: no merge (a part of the reports proves no
        // coverage), and not a failure of the reports either.
        if crate::check::stop::INTERRUPTED.load(std::sync::atomic::Ordering::Relaxed) {
            out::note(&format!(
                "PARTIAL: merge-reports was stopped (interrupted) after reading {read} of {} reports; nothing was merged",
                args.reports.len()
            ));
            return Ok(ExitCode::from(3));
        }
        let name = path.display().to_string();
        let text = read_text(path)?;
        let value: serde_json::Value = serde_json::from_str(&text)
            .map_err(|e| Failure::BadInput(format!("{name}: not JSON: {e}")))?;
        let bad = |kind: &str, e: serde_json::Error| {
            Failure::BadInput(format!("{name}: not a {kind} report: {e}"))
        };
        if value.get("matrix").is_some() {
            let report =
                serde_json::from_value::<SweepReport>(value).map_err(|e| bad("sweep", e))?;
            sweeps.push((name, report));
        } else if value.get("shard").is_some() || value.get("frontier_out").is_some() {
            let report = serde_json::from_value::<ShardReport>(value)
                .map_err(|e| bad("shard's check", e))?;
            shards.push((name, report));
        } else {
            return Err(Failure::BadInput(format!(
                "{name}: neither a sweep report (`sweep --format json`) nor a shard's check report (`check --shard K/N --format json`) nor a frontier run's (`check --frontier-out FILE --format json`)"
            )));
        }
    }
    match (sweeps.is_empty(), shards.is_empty()) {
        (false, true) => {
            let report = sweep::merge(sweeps)?;
            // the reports keep no timings (they are deterministic)
            Ok(print(&report, None, args.format, out))
        }
        (true, false) => {
            let report = split::merge(shards)?;
            Ok(super::check::print(&report, args.format, out))
        }
        _ => Err(Failure::BadInput(
            "the reports mix sweeps and shards of a check: merge one kind at a time".into(),
        )),
    }
}

/// `seconds`: how long the sweep took, if this run made it.
fn print(r: &SweepReport, seconds: Option<f64>, format: Format, out: &mut Out) -> ExitCode {
    match format {
        Format::Human => out.print(&human(r)),
        Format::Json => out.println(&json(r)),
        Format::Junit => {
            let cases: Vec<_> = r
                .entries
                .iter()
                .map(|e| {
                    let name = format!("{} {}", e.index, config_line(&e.config));
                    let outcome = match (&e.stopped_by, e.passed) {
                        (_, false) => Case::Failed {
                            message: format!("violated {:?}", e.violated),
                            details: String::new(),
                        },
                        (Some(why), true) => Case::Failed {
                            message: format!("PARTIAL: the check was stopped ({why}); unexplored states may hold violations"),
                            details: String::new(),
                        },
                        (None, true) => Case::Passed,
                    };
                    (name, outcome)
                })
                .collect();
            out.print(&junit("battlecheck sweep", seconds, &cases));
        }
    }
    if r.passed() {
        ExitCode::SUCCESS
    } else if r.violated() {
        ExitCode::from(1)
    } else {
        ExitCode::from(3)
    }
}
