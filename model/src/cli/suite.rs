//! `battlecheck suite`: the conformance check written out as scenario
//! files, for engines that cannot be driven live (see
//! [`crate::conform::export`]).

use super::args::GameArgs;
use super::out::Out;
use super::Outcome;
use crate::conform::export::{write, Written};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Args)]
pub struct SuiteArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The directory the scenario files are written to (created if need be).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Also the shortest path on which each engine bug battlecheck knows
    /// (`--engine-fault` names: bugs real engines have shipped) differs
    /// from the rules in this configuration: a lockstep check per bug.
    #[arg(long)]
    known_bugs: bool,
}

pub fn run(args: SuiteArgs, out: &mut Out) -> Outcome {
    let config = args.game.config()?;
    super::out::output_dir(&args.out, "--out")?;
    super::args::stop_on_interrupt();
    let Written {
        files,
        missing,
        stopped,
    } = write(&config, &args.out, args.known_bugs)?;
    let mut text = String::new();
    for f in &files {
        text += &format!("{}\n", f.display());
    }
    text += &format!(
        "{} scenario files for preset '{}' in {}: every kind of decision the configuration offers and every witness it reaches{}, each by the fewest decisions\n",
        files.len(),
        config.name,
        args.out.display(),
        if args.known_bugs {
            ", and where each known engine bug shows"
        } else {
            ""
        }
    );
    if !missing.is_empty() {
        let names: Vec<String> = missing.iter().map(|g| format!("{g:?}")).collect();
        text += &format!(
            "not reachable in this configuration: {}\n",
            names.join(", ")
        );
    }
    text += &format!(
        "run them: battlecheck replay {}   (or on an engine process: battlecheck replay --engine-cmd CMD {})\n",
        args.out.display(),
        args.out.display()
    );
    if stopped {
        text += "PARTIAL: the suite was stopped (interrupted): the files above are those of the goals found before it; the rest of the configuration was not searched\n";
    }
    out.print(&text);
    Ok(ExitCode::from(if stopped { 3 } else { 0 }))
}
