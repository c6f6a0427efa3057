//! `battlecheck probe-engine`: start an engine that speaks the engine
//! protocol (`engine/PROTOCOL.md`), set up a configuration's starting
//! position, print what the engine says, and compare it with this
//! repository's engine. Exit codes: 0 the same, 1 different (the
//! differences listed), 2 bad input or a protocol failure (the message
//! names the problem and the last exchange).

use super::args::GameArgs;
use super::out::Out;
use super::{Failure, Outcome};
use crate::conform::probe::{json, probe};
use clap::Args;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Args)]
pub struct ProbeEngineArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The engine's command line (split into words as a shell would; no
    /// shell runs it).
    #[arg(long, value_name = "CMD")]
    engine_cmd: String,
    /// Time limit for each answer of the engine, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    timeout: f64,
}

pub fn run(args: ProbeEngineArgs, out: &mut Out) -> Outcome {
    let config = args.game.config()?;
    let timeout = Duration::try_from_secs_f64(args.timeout)
        .ok()
        .filter(|t| !t.is_zero())
        .ok_or_else(|| {
            Failure::BadInput(format!(
                "--timeout {}: expected a positive number of seconds",
                args.timeout
            ))
        })?;
    let p = probe(&config, &args.engine_cmd, timeout)
        .map_err(|e| Failure::BadInput(format!("protocol failure: {e}")))?;
    let mut text = format!(
        "engine: {} {} (features: {})\nposition: the starting position of preset '{}'\n",
        p.engine.name,
        p.engine.version,
        if p.features.is_empty() {
            "none".into()
        } else {
            p.features.join(", ")
        },
        config.name
    );
    text += &format!("legal decisions ({}):\n", p.legal.len());
    for d in &p.legal {
        text += &format!("  {}\n", json(d));
    }
    let observation = serde_json::to_string(&p.observation).unwrap_or_default();
    text += &format!("observation: {observation}\n");
    if p.agrees() {
        text += "result: the engine agrees with battlecheck's engine\n";
    } else {
        text += &format!(
            "result: the engine differs from battlecheck's engine in {} way(s):\n",
            p.differences.len()
        );
        for d in &p.differences {
            text += &format!("  {d}\n");
        }
    }
    out.print(&text);
    Ok(if p.agrees() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
