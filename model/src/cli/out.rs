//! Where reports go: standard output, written with errors handled. A reader
//! that closes the pipe early (`battlecheck check | head -2`) ends the
//! output quietly: the command still ends with its verdict's exit code. Any
//! other failed write (a full disk, `/dev/full`) is an error naming the
//! output, with exit code 4.

use super::Failure;
use std::io::{ErrorKind, Write};

/// Standard output, remembering the first failed write.
pub struct Out {
    sink: Box<dyn Write>,
    name: &'static str,
    closed: bool,
    error: Option<std::io::Error>,
}

impl Out {
    pub fn stdout() -> Out {
        Out::new(Box::new(std::io::stdout()), "standard output")
    }

    pub fn new(sink: Box<dyn Write>, name: &'static str) -> Out {
        Out {
            sink,
            name,
            closed: false,
            error: None,
        }
    }

    /// Write `text` as it is (nothing more once a write has failed).
    pub fn print(&mut self, text: &str) {
        if self.closed || self.error.is_some() {
            return;
        }
        if let Err(e) = self
            .sink
            .write_all(text.as_bytes())
            .and_then(|()| self.sink.flush())
        {
            self.failed(e);
        }
    }

    /// Write `text` and a newline.
    pub fn println(&mut self, text: &str) {
        self.print(&format!("{text}\n"));
    }

    fn failed(&mut self, e: std::io::Error) {
        if e.kind() == ErrorKind::BrokenPipe {
            self.closed = true;
        } else {
            self.error = Some(e);
        }
    }

    /// The first failed write, if any, as the command's failure.
    pub fn finish(mut self) -> Result<(), Failure> {
        if let Err(e) = self.sink.flush() {
            self.failed(e);
        }
        match self.error {
            Some(e) => Err(Failure::Output(format!(
                "could not write the report to {}: {e}",
                self.name
            ))),
            None => Ok(()),
        }
    }
}
