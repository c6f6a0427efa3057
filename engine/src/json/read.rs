//! Reading the files a user names (scenarios, card files, reports), bounded
//! so that no input can hang the reader or exhaust memory.

use std::fs::{File, FileType};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// The largest file [`read_bounded`] reads: 16 MiB (the largest generated
/// scenario is a few hundred kilobytes).
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// ELOOP, which stable `std` does not name: 40 on Linux, 62 on macOS and
/// the BSDs.
const ELOOP: i32 = if cfg!(target_os = "linux") { 40 } else { 62 };

/// Read a file a user names as UTF-8 text, without hanging or growing
/// without bound:
/// * only a regular file (after following symbolic links) is opened: a
///   named pipe, a device, a socket or a directory is refused, naming what
///   it is, so `/dev/zero` or a FIFO is never read;
/// * a file of more than [`MAX_FILE_BYTES`] is refused, by its size and by
///   reading at most one byte more (files under `/proc` claim size 0);
/// * a UTF-8 byte-order mark at the start is dropped;
/// * text that is not UTF-8 is refused, naming the line of the first bad
///   byte;
/// * a symbolic link loop is reported as such.
///
/// The error is the bare I/O error; callers name the file in their own
/// error type (`ScenarioError::Io`, `CardError::Io`).
pub fn read_bounded(path: &Path) -> io::Result<String> {
    let meta = std::fs::metadata(path).map_err(name_loop)?;
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{}, not a regular file", kind(meta.file_type())),
        ));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_large(Some(meta.len())));
    }
    let mut bytes = read_capped(File::open(path).map_err(name_loop)?)?;
    if bytes.starts_with(b"\xEF\xBB\xBF") {
        bytes.drain(..3);
    }
    String::from_utf8(bytes).map_err(|e| {
        let bad = e.utf8_error().valid_up_to();
        let line = 1 + e.as_bytes()[..bad].iter().filter(|&&b| b == b'\n').count();
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("not UTF-8 text: invalid byte at line {line}"),
        )
    })
}

/// The `*.json` files of a directory, in name order. Nothing is opened:
/// an entry that is not a regular file is refused when it is read.
pub fn json_files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(name_loop)? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "json") {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// Everything `reader` gives, if it is at most [`MAX_FILE_BYTES`]: one byte
/// more is read, no further, to tell a file that claims a size it does not
/// have (a file under `/proc` claims 0; another may grow after its size was
/// read).
fn read_capped(reader: impl Read) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    reader.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(too_large(None));
    }
    Ok(bytes)
}

/// A file over the limit, with its size when its metadata tells it.
fn too_large(size: Option<u64>) -> io::Error {
    let size = size.map_or("it reads as".to_string(), |n| format!("{n} bytes,"));
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("{size} more than the limit of {MAX_FILE_BYTES} bytes (16 MiB)"),
    )
}

/// Call ELOOP what it is for a path a user gives: a symbolic link loop.
fn name_loop(e: io::Error) -> io::Error {
    if e.raw_os_error() == Some(ELOOP) {
        io::Error::new(
            e.kind(),
            "symbolic link loop (too many levels of symbolic links)",
        )
    } else {
        e
    }
}

/// What a file that is not a regular file is.
fn kind(t: FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a directory"
    } else {
        "a special file"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A source longer than it claimed (a `/proc` file, a file growing as
    /// it is read) is refused one byte past the limit; one of exactly the
    /// limit is read whole.
    #[test]
    fn a_source_beyond_the_limit_is_refused() {
        let source = |n: u64| io::repeat(b'a').take(n);
        let err = read_capped(source(MAX_FILE_BYTES + 1)).unwrap_err();
        assert!(
            err.to_string().contains("it reads as more than the limit"),
            "{err}"
        );
        let err = read_capped(source(u64::MAX)).unwrap_err();
        assert!(err.to_string().contains("more than the limit"), "{err}");
        assert_eq!(
            read_capped(source(MAX_FILE_BYTES)).unwrap().len() as u64,
            MAX_FILE_BYTES
        );
    }
}
