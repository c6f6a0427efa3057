//! `battlecheck serve-engine`: this repository's engine served over the
//! engine protocol (`engine/PROTOCOL.md`) on standard input and output, one
//! JSON object per line, until the end of the input. A line that is not a
//! request gets an error response and the engine keeps serving.

use super::args::{engine_faults, json};
use super::out::Out;
use super::{Failure, Outcome};
use crate::conform::schema::schemas;
use crate::conform::serve::Session;
use clap::Args;
use std::io::{BufRead, ErrorKind, Read, Write};
use std::process::ExitCode;

/// The longest request line read; a longer one is answered with an error.
const MAX_LINE_BYTES: usize = 64 << 20;

#[derive(Args)]
pub struct ServeEngineArgs {
    /// Inject a known engine bug into every game (for testing clients). Repeatable.
    #[arg(long, value_name = "BUG")]
    engine_fault: Vec<String>,
    /// Serve no snapshots: an engine that clients must drive by replaying
    /// decisions (the multiplayer options are still served).
    #[arg(long)]
    no_snapshots: bool,
    /// Print the JSON Schemas of the protocol's requests and responses
    /// (`{"request": …, "response": …}`) and exit.
    #[arg(long)]
    schema: bool,
}

pub fn run(args: ServeEngineArgs, out: &mut Out) -> Outcome {
    if args.schema {
        out.println(&json(&schemas()));
        return Ok(ExitCode::SUCCESS);
    }
    let mut session = Session::new(engine_faults(&args.engine_fault)?);
    if args.no_snapshots {
        session.without_snapshots();
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut output = stdout.lock();
    loop {
        let answer = match read_line(&mut input) {
            Ok(None) => return Ok(ExitCode::SUCCESS),
            Ok(Some(Ok(line))) => session.answer_line(&line),
            Ok(Some(Err(why))) => session.answer_line_error(&why),
            Err(e) => {
                return Err(Failure::BadInput(format!(
                    "cannot read standard input: {e}"
                )))
            }
        };
        let written = output
            .write_all(answer.as_bytes())
            .and_then(|()| output.write_all(b"\n"))
            .and_then(|()| output.flush());
        match written {
            Ok(()) => {}
            // The client went away: nobody is left to answer.
            Err(e) if e.kind() == ErrorKind::BrokenPipe => return Ok(ExitCode::SUCCESS),
            Err(e) => {
                return Err(Failure::Output(format!(
                    "cannot write to standard output: {e}"
                )))
            }
        }
    }
}

/// The next line of `input` without its line ending: `None` at the end,
/// or why the line is not one (too long, not UTF-8).
fn read_line(input: &mut impl BufRead) -> std::io::Result<Option<Result<String, String>>> {
    let mut bytes = Vec::new();
    let n = input
        .by_ref()
        .take(MAX_LINE_BYTES as u64 + 1)
        .read_until(b'\n', &mut bytes)?;
    if n == 0 {
        return Ok(None);
    }
    if bytes.len() > MAX_LINE_BYTES && bytes.last() != Some(&b'\n') {
        skip_line(input)?;
        return Ok(Some(Err(format!(
            "a request line longer than {MAX_LINE_BYTES} bytes"
        ))));
    }
    while bytes.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
        bytes.pop();
    }
    Ok(Some(String::from_utf8(bytes).map_err(|_| {
        "a request line that is not UTF-8 text".into()
    })))
}

/// Skip the rest of an overlong line, without keeping it.
fn skip_line(input: &mut impl BufRead) -> std::io::Result<()> {
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        match buf.iter().position(|b| *b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = buf.len();
                input.consume(n);
            }
        }
    }
}
