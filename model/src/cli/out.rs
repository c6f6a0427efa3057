//! Where reports go: standard output (or the file of `--output`), written
//! with errors handled. A reader
//! that closes the pipe early (`battlecheck check | head -2`) ends the
//! output quietly: the command still ends with its verdict's exit code. Any
//! other failed write (a full disk, `/dev/full`) is an error naming the
//! output, with exit code 4. Notes and errors go to standard error through
//! [`note`], which never fails: a full or closed standard error loses the
//! note, never the report or the exit code.

use super::Failure;
use std::io::{ErrorKind, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

/// Descriptor 1 was closed when the process started. Rust's runtime opens
/// `/dev/null` on a closed standard descriptor before `main`, so this is
/// read earlier, as the program is loaded.
static STDOUT_CLOSED: AtomicBool = AtomicBool::new(false);

#[ctor::ctor(unsafe)]
fn note_a_closed_stdout() {
    // SAFETY: F_GETFD only reads the flags of descriptor 1.
    if unsafe { libc::fcntl(1, libc::F_GETFD) } == -1 {
        STDOUT_CLOSED.store(true, Ordering::Relaxed);
    }
}

/// Standard output, remembering the first failed write.
pub struct Out {
    sink: Box<dyn Write>,
    name: String,
    closed: bool,
    error: Option<std::io::Error>,
}

impl Out {
    /// Standard output, or the failure of a run whose report could not be
    /// written: a closed standard output (`>&-`), which Rust's `stdout`
    /// would take every write to without a word, is refused before the run.
    pub fn stdout() -> Result<Out, Failure> {
        if STDOUT_CLOSED.load(Ordering::Relaxed) {
            return Err(Failure::Output(
                "standard output is closed: the report could not be written".into(),
            ));
        }
        Ok(Out::new(Box::new(std::io::stdout()), "standard output"))
    }

    /// The file `path` (`--output`), created or emptied before the run so
    /// that a finished report is never lost to it: a directory or a file
    /// that cannot be written is refused (bad input).
    pub fn file(path: &Path) -> Result<Out, Failure> {
        let name = path.display();
        if path.is_dir() {
            return Err(Failure::BadInput(format!(
                "--output {name}: {name} is a directory; --output takes a file"
            )));
        }
        let file = std::fs::File::create(path)
            .map_err(|e| Failure::BadInput(format!("--output {name}: cannot write it: {e}")))?;
        Ok(Out::new(
            Box::new(std::io::BufWriter::new(file)),
            name.to_string(),
        ))
    }

    pub fn new(sink: Box<dyn Write>, name: impl Into<String>) -> Out {
        Out {
            sink,
            name: name.into(),
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

/// Write `text` and a newline to standard error, ignoring a failed write
/// (`eprintln!` panics on one, losing the report and the exit code).
pub fn note(text: &str) {
    let _ = writeln!(std::io::stderr(), "{text}");
}

/// A directory a run will write files into (`flag`'s value), checked
/// before the run so that a finished report is never lost to it: created if
/// missing, refused (bad input) if it is a file or cannot be written.
pub fn output_dir(dir: &Path, flag: &str) -> Result<(), Failure> {
    let name = dir.display();
    if dir.exists() && !dir.is_dir() {
        return Err(Failure::BadInput(format!(
            "{flag} {name}: {name} is a file; {flag} takes a directory"
        )));
    }
    std::fs::create_dir_all(dir)
        .map_err(|e| Failure::BadInput(format!("{flag} {name}: cannot make the directory: {e}")))?;
    let probe = dir.join(format!(".battlecheck-write-test-{}", std::process::id()));
    std::fs::write(&probe, b"")
        .and_then(|()| std::fs::remove_file(&probe))
        .map_err(|e| Failure::BadInput(format!("{flag} {name}: cannot write there: {e}")))
}
