//! `battlecheck explore`: the stateright Explorer for a configuration, or
//! for the configuration of a counterexample file, opened on its path.

use super::args::GameArgs;
use super::out::Out;
use super::{Failure, Outcome};
use crate::check::record::{explorer_url, Record};
use crate::report::config_line;
use crate::BattleModel;
use battlecheck_engine::scenario::read_text;
use clap::Args;
use stateright::Model;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(Args)]
pub struct ExploreArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Port on 127.0.0.1.
    #[arg(long, default_value_t = 3000)]
    port: u16,
    /// A scenario file written by `check --save-counterexample` or `conform`:
    /// explore its configuration and print the URL that opens on its path.
    #[arg(long, value_name = "FILE")]
    trace: Option<PathBuf>,
}

pub fn run(args: ExploreArgs, out: &mut Out) -> Outcome {
    let record = args.trace.as_deref().map(read_record).transpose()?;
    let config = match &record {
        Some(_) if !args.game.is_default() => {
            return Err(Failure::BadInput(
                "--trace explores the file's own configuration: drop the game flags (--preset, --players, ...)".into(),
            ))
        }
        Some(r) => r.config.clone(),
        None => args.game.config()?,
    };
    let line = config_line(&config);
    let model = BattleModel::new(config)?;
    let path = match (&record, &args.trace) {
        (Some(r), Some(file)) => Some((
            file,
            r.action_indices(&model)
                .map_err(|e| format!("{}: {e}", file.display()))?,
        )),
        _ => None,
    };
    let port = free_port(args.port)?;
    out.println(&line);
    out.println(&format!("Explorer: http://127.0.0.1:{port}/"));
    if let Some((file, indices)) = path {
        out.println(&format!(
            "Path of {}: {}",
            file.display(),
            explorer_url(port, &indices)
        ));
    }
    model.checker().serve(("127.0.0.1", port));
    Ok(ExitCode::SUCCESS)
}

/// The port to serve on: `port`, or for 0 one the system picks. stateright's
/// server panics on a port it cannot take, so the port is tried first.
fn free_port(port: u16) -> Result<u16, Failure> {
    TcpListener::bind(("127.0.0.1", port))
        .and_then(|listener| listener.local_addr())
        .map(|address| address.port())
        .map_err(|e| {
            Failure::BadInput(format!(
                "--port {port}: cannot listen on 127.0.0.1:{port}: {e}"
            ))
        })
}

/// The model's record in a scenario file.
fn read_record(file: &Path) -> Result<Record, String> {
    let text = read_text(file).map_err(|e| format!("--trace {e}"))?;
    let value: serde_json::Value = serde_json::from_str(&text)
        .map_err(|e| format!("--trace {}: not JSON: {e}", file.display()))?;
    Record::of_scenario(&value).map_err(|e| format!("--trace {}: {e}", file.display()))
}
