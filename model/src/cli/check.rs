//! `battlecheck check`: the exhaustive check of the model (or of the
//! engine, `--target engine`) against the property catalogue, or the
//! model's random games judged by it (`--random-games`).

use super::args::{
    engine_faults, json, EngineCmdArgs, Format, GameArgs, LimitArgs, RandomGamesArgs, SearchArgs,
};
use super::out::Out;
use super::{Failure, Outcome};
use crate::check::sweep::Shard;
use crate::check::{check, frontier, CheckOptions, CheckReport, Status};
use crate::conform::scenario::save_counterexamples;
use crate::report::{human_report, junit_report};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// What `check` checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Target {
    /// The model (the specification).
    Model,
    /// The engine (the implementation), wrapped as a stateright model.
    Engine,
}

#[derive(Args)]
pub struct CheckArgs {
    #[command(flatten)]
    game: GameArgs,
    #[command(flatten)]
    search: SearchArgs,
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    #[command(flatten)]
    limits: LimitArgs,
    /// Write each counterexample as a scenario file in DIR (replayable on the
    /// engine with `replay`, and openable with `explore --trace`).
    #[arg(long, value_name = "DIR")]
    save_counterexample: Option<PathBuf>,
    /// Check the model (the specification) or the engine (the implementation).
    #[arg(long, value_enum, default_value_t = Target::Model)]
    target: Target,
    /// Explore only shard K of N (1-based) of the configuration's states,
    /// for N machines to check it together: the JSON reports of all N
    /// merge with `merge-reports` into the configuration's verdict. A
    /// shard fails only on a violated invariant (another shard may reach
    /// a witness it does not).
    #[arg(long, value_name = "K/N", allow_hyphen_values = true)]
    shard: Option<Shard>,
    /// In a game of several turns: explore and judge the first turn only,
    /// and write every state that begins the second into FILE, for the
    /// shards of a split to start from (`--frontier-in`) instead of each
    /// exploring the first turn again. Its JSON report merges with theirs.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["shard", "frontier_in"])]
    frontier_out: Option<PathBuf>,
    /// With --shard K/N: start from this shard's part of the frontier that
    /// `check --frontier-out` wrote into FILE, exploring nothing above it.
    /// A file of another configuration, version or build is refused.
    #[arg(long, value_name = "FILE", requires = "shard")]
    frontier_in: Option<PathBuf>,
    /// Keep the visited states in a bit array of this many MiB (bitstate
    /// hashing, as SPIN's -DBITSTATE) instead of one 64-bit fingerprint
    /// each: memory stays fixed however many states there are, but a state
    /// may be taken for one already visited and missed. The report gives
    /// the chance of that and the states expected missed.
    #[arg(long, value_name = "MIB")]
    bitstate: Option<u64>,
    /// Judge the states of random games with the catalogue: the model's
    /// invariants on a configuration too large to explore.
    #[command(flatten)]
    random: RandomGamesArgs,
    /// With --target engine: inject a known engine bug. Repeatable.
    #[arg(long, value_name = "BUG")]
    engine_fault: Vec<String>,
    /// With --target engine: the engine checked is not this repository's
    /// but one behind the engine protocol.
    #[command(flatten)]
    engine: EngineCmdArgs,
}

pub fn run(args: CheckArgs, out: &mut Out) -> Outcome {
    let config = args.game.config()?;
    let threads = args.search.threads()?;
    let faults = engine_faults(&args.engine_fault)?;
    match args.target {
        Target::Model if !faults.is_empty() => {
            return Err(Failure::BadInput(
                "--engine-fault applies to --target engine only".into(),
            ))
        }
        Target::Engine if !config.faults.is_empty() => {
            return Err(Failure::BadInput(
                "--fault seeds a bug in the model; with --target engine use --engine-fault".into(),
            ))
        }
        Target::Model if args.engine.engine_cmd.is_some() => {
            return Err(Failure::BadInput(
                "--engine-cmd applies to --target engine only".into(),
            ))
        }
        Target::Engine if args.bitstate.is_some() => {
            return Err(Failure::BadInput(
                "--bitstate keeps the model's visited states: it applies to --target model only"
                    .into(),
            ))
        }
        Target::Engine if args.shard.is_some() => {
            return Err(Failure::BadInput(
                "--shard splits the model's states: it applies to --target model only".into(),
            ))
        }
        Target::Engine if args.random.games()?.is_some() => {
            return Err(Failure::BadInput(
                "--random-games with --target engine: random games of an engine are `conform --random-games`".into(),
            ))
        }
        Target::Model if args.random.games()?.is_some() && (args.shard.is_some() || args.bitstate.is_some()) => {
            return Err(Failure::BadInput(
                "--random-games plays games instead of the exhaustive search: --shard and --bitstate apply to the exhaustive search only".into(),
            ))
        }
        Target::Engine if args.frontier_out.is_some() || args.frontier_in.is_some() => {
            return Err(Failure::BadInput(
                "--frontier-out and --frontier-in split the model's states: they apply to --target model only".into(),
            ))
        }
        Target::Model
            if (args.frontier_out.is_some() || args.frontier_in.is_some())
                && (args.bitstate.is_some() || args.random.games()?.is_some()) =>
        {
            return Err(Failure::BadInput(
                "--frontier-out and --frontier-in keep whole fingerprints of an exhaustive search: not with --bitstate or --random-games".into(),
            ))
        }
        Target::Engine if args.engine.engine_cmd.is_some() && !faults.is_empty() => {
            return Err(Failure::BadInput(
                "--engine-fault injects bugs into the engine in process; for an engine process give them to it (`battlecheck serve-engine --engine-fault BUG`)".into(),
            ))
        }
        _ => {}
    }
    if let Some(dir) = &args.save_counterexample {
        super::out::output_dir(dir, "--save-counterexample")?;
    }
    let bitstate = args.bitstate.map(bitstate_bytes).transpose()?;
    let (timeout, max_states) = args.limits.limits()?;
    let progress =
        args.format == Format::Human && std::io::IsTerminal::is_terminal(&std::io::stderr());
    let opts = CheckOptions {
        threads,
        symmetry: !args.search.no_symmetry,
        timeout,
        max_states,
        progress,
        shard: args.shard,
        bitstate,
        random_games: args.random.games()?,
    };
    if let Some(path) = &args.frontier_out {
        return frontier_out(config, &opts, path, args.format, out);
    }
    let engine_timeout = args.engine.timeout()?;
    let engine_cmd = args.engine.engine_cmd.as_deref();
    let report = match (args.target, engine_cmd, &args.frontier_in, args.shard) {
        (Target::Model, _, Some(path), Some(shard)) => {
            // Read (and checked) before anything is explored.
            let loaded = frontier::read(path, shard)
                .map_err(|e| Failure::BadInput(format!("--frontier-in {e}")))?;
            frontier::check_from_frontier(
                config,
                &opts,
                shard,
                loaded,
                &path.display().to_string(),
            )?
        }
        (Target::Model, ..) => check(config, &opts)?,
        (Target::Engine, None, ..) => crate::conform::check_engine(config, &opts, &faults)?,
        (Target::Engine, Some(command), ..) => crate::conform::engine_walk::check_engine_process(
            config,
            &opts,
            command,
            engine_timeout,
        )?,
    };
    let code = print(&report, args.format, out);
    if let Some(dir) = &args.save_counterexample {
        // The report is out first: a file that cannot be written loses
        // nothing else (exit code 4).
        let engine = engine_cmd.map(|c| (c, engine_timeout));
        let files = save_counterexamples(&report, dir, &faults, engine).map_err(Failure::Output)?;
        for file in files {
            super::out::note(&format!("counterexample written to {}", file.display()));
        }
    }
    Ok(code)
}

/// `check --frontier-out FILE`: the first turn judged, its report printed,
/// then the frontier written (a file that cannot be written is exit code
/// 4, after the report). A run stopped before the frontier was all known
/// writes none.
fn frontier_out(
    config: crate::rules::config::Config,
    opts: &CheckOptions,
    path: &std::path::Path,
    format: Format,
    out: &mut Out,
) -> Outcome {
    // Refused before the search if it cannot be written (a file there is
    // left as it is until the frontier replaces it).
    let existed = path.exists();
    std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .map_err(|e| Failure::BadInput(format!("--frontier-out {}: {e}", path.display())))?;
    let (report, frontier) = match frontier::check_frontier_out(config, opts) {
        Ok(found) => found,
        Err(e) => {
            if !existed {
                let _ = std::fs::remove_file(path);
            }
            return Err(e.into());
        }
    };
    let code = print(&report, format, out);
    match frontier {
        Some(f) => {
            f.write(path)
                .map_err(|e| Failure::Output(format!("--frontier-out {}: {e}", path.display())))?;
            super::out::note(&format!(
                "frontier written to {}: {} states beginning turn {} ({} bytes, checksum {:08x})",
                path.display(),
                f.header.frontier.states,
                f.header.frontier.turn,
                f.header.frontier.bytes,
                f.header.frontier.checksum
            ));
        }
        None => {
            // Nor is an older file left there to be taken for this one.
            let _ = std::fs::remove_file(path);
            super::out::note(&format!(
                "no frontier written to {}: the run stopped before the frontier was all known",
                path.display()
            ));
        }
    }
    Ok(code)
}

/// The bytes of a `--bitstate` bit array of `mib` MiB: at least one, and
/// no more than the memory this machine has free now (where it says).
fn bitstate_bytes(mib: u64) -> Result<u64, Failure> {
    if mib == 0 {
        return Err(Failure::BadInput(
            "--bitstate must be at least 1 MiB".into(),
        ));
    }
    let bytes = mib.checked_mul(1 << 20);
    let free = super::args::available_memory();
    match (bytes, free) {
        (Some(b), Some(free)) if b <= free => Ok(b),
        (Some(b), None) => Ok(b),
        (_, Some(free)) => Err(Failure::BadInput(format!(
            "--bitstate {mib}: {mib} MiB is more than the {} MiB of memory available on this machine",
            free >> 20
        ))),
        (None, None) => Err(Failure::BadInput(format!(
            "--bitstate {mib}: too many MiB to allocate"
        ))),
    }
}

/// Print a check's report; its exit code: 0 passed, 1 failed, 3 stopped
/// early with no violation found.
pub(super) fn print(report: &CheckReport, format: Format, out: &mut Out) -> ExitCode {
    match format {
        Format::Human => out.print(&human_report(report)),
        Format::Json => out.println(&json(report)),
        Format::Junit => out.print(&junit_report(report)),
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
