//! `battlecheck sweep` and `battlecheck merge-reports`: a matrix of
//! configurations, optionally one shard of it, and the shards' reports
//! merged back into the whole.

use super::args::{json, Format};
use super::out::Out;
use super::{Failure, Outcome};
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
}

#[derive(Args)]
pub struct MergeArgs {
    /// JSON sweep reports, one per shard.
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
    let report = sweep::sweep(&matrix, args.shard)?;
    Ok(print(&report, args.format, out))
}

pub fn merge(args: MergeArgs, out: &mut Out) -> Outcome {
    let mut reports = Vec::new();
    for path in &args.reports {
        let name = path.display().to_string();
        let text = read_text(path)?;
        let report = serde_json::from_str::<SweepReport>(&text)
            .map_err(|e| Failure::BadInput(format!("{name}: not a sweep report: {e}")))?;
        reports.push((name, report));
    }
    let report = sweep::merge(reports)?;
    Ok(print(&report, args.format, out))
}

fn print(r: &SweepReport, format: Format, out: &mut Out) -> ExitCode {
    match format {
        Format::Human => out.print(&human(r)),
        Format::Json => out.println(&json(r)),
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
            out.print(&junit("battlecheck sweep", 0.0, &cases));
        }
    }
    if r.passed() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
