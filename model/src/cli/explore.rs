//! `battlecheck explore`: the stateright Explorer for a configuration, or
//! for the configuration of a counterexample file, opened on its path.

use super::args::GameArgs;
use super::out::Out;
use super::{Failure, Outcome};
use crate::check::record::{explorer_url, Record};
use crate::report::config_line;
use crate::BattleModel;
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
        Some(r) => r.config.clone(),
        None => args.game.config()?,
    };
    let line = config_line(&config);
    let model = BattleModel::new(config)?;
    let address = ("127.0.0.1", args.port);
    // stateright's server panics on a taken port: check it first.
    if let Err(e) = TcpListener::bind(address) {
        return Err(Failure::BadInput(format!(
            "--port {}: cannot listen on 127.0.0.1:{}: {e}",
            args.port, args.port
        )));
    }
    out.println(&line);
    out.println(&format!("Explorer: http://127.0.0.1:{}/", args.port));
    if let (Some(r), Some(file)) = (&record, &args.trace) {
        let indices = r
            .action_indices(&model)
            .map_err(|e| format!("{}: {e}", file.display()))?;
        out.println(&format!(
            "Path of {}: {}",
            file.display(),
            explorer_url(args.port, &indices)
        ));
    }
    model.checker().serve(address);
    Ok(ExitCode::SUCCESS)
}

/// The model's record in a scenario file.
fn read_record(file: &Path) -> Result<Record, String> {
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
