//! The client of the engine protocol ([`super::protocol`]): an engine
//! running as a child process, driven request by request. Every call is
//! bounded by a time limit, and every way an engine can misbehave (it
//! cannot be started, exits, hangs, prints something that is not a
//! response, answers the wrong request or with the wrong type, speaks
//! another protocol version) is a [`ProcessError`] naming the command, the
//! problem and the last lines exchanged. The child is killed on drop.

use super::protocol::{
    EngineInfo, Observed, Refusal, Request, RequestBody, Response, ResponseBody, FEATURE_ACT,
    FEATURE_ATTACK_LEFT_RIGHT, FEATURE_RANGE_OF_INFLUENCE, FEATURE_SNAPSHOT,
    FEATURE_TWO_HEADED_GIANT, OLDEST_VERSION, VERSION,
};
use battlecheck_engine::api::action::Action;
use battlecheck_properties::{Decision, PlayerId};
use std::collections::VecDeque;
use std::fmt;
use std::io::{self, Read, Write};
use std::os::fd::{AsRawFd, RawFd};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The longest response line read (a longer one is a protocol failure).
pub const MAX_LINE_BYTES: usize = 64 << 20;

/// How much of the engine's standard error is kept for error reports.
const STDERR_TAIL_BYTES: usize = 4096;

/// What went wrong with an engine process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The command could not be split or started.
    Start,
    /// The engine exited, or closed its standard output or input.
    Exited,
    /// No response within the time limit.
    Timeout,
    /// A line that is not a response: not JSON, or not a message of the
    /// protocol.
    Garbage,
    /// A response to another request, or of a type the request does not
    /// allow.
    Unexpected,
    /// The engine speaks another protocol version.
    Version,
    /// The engine answered with an error response.
    EngineError,
    /// The request needs an optional feature the engine did not announce.
    Unsupported,
    /// The engine refused, or ended elsewhere after, decisions it took
    /// before from the same game.
    NotDeterministic,
}

/// A failure of the engine process, with what is known of the exchange.
#[derive(Clone, Debug)]
pub struct ProcessError {
    pub problem: Problem,
    /// What happened, in words.
    pub message: String,
    pub exchange: Box<Exchange>,
}

/// The engine and the lines last exchanged with it, for a report.
#[derive(Clone, Debug, Default)]
pub struct Exchange {
    /// The engine command as given.
    pub command: String,
    /// The last request line sent, if any.
    pub last_request: Option<String>,
    /// The last line received, if any.
    pub last_response: Option<String>,
    /// The end of what the engine wrote to its standard error.
    pub stderr_tail: String,
}

impl fmt::Display for ProcessError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = &self.exchange;
        writeln!(f, "engine `{}`: {}", x.command, self.message)?;
        let shown = |line: &Option<String>| match line {
            Some(l) => clip(l, 2000),
            None => "(none)".into(),
        };
        writeln!(f, "  last request sent: {}", shown(&x.last_request))?;
        write!(f, "  last line received: {}", shown(&x.last_response))?;
        if !x.stderr_tail.trim().is_empty() {
            write!(
                f,
                "\n  end of its standard error:\n    {}",
                x.stderr_tail.trim_end().replace('\n', "\n    ")
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for ProcessError {}

/// A line longer than `max` characters, shortened.
fn clip(line: &str, max: usize) -> String {
    match line.char_indices().nth(max) {
        Some((i, _)) => format!("{}… ({} bytes in all)", &line[..i], line.len()),
        None => line.to_string(),
    }
}

/// An engine process speaking the protocol, after the `hello` handshake.
pub struct EngineProcess {
    command: String,
    timeout: Duration,
    child: Child,
    /// The engine's standard input; `None` once it is closed.
    requests: Option<ChildStdin>,
    lines: LineReader,
    stderr: Arc<Mutex<VecDeque<u8>>>,
    next_id: u64,
    last_request: Option<String>,
    last_response: Option<String>,
    hello: (EngineInfo, Vec<String>),
    /// A restore to send with the next request.
    restore_later: Option<String>,
}

impl EngineProcess {
    /// Start `command` (split into words as a POSIX shell would, without
    /// running a shell) and shake hands: every later call, and the
    /// handshake itself, must be answered within `timeout`.
    pub fn spawn(command: &str, timeout: Duration) -> Result<EngineProcess, ProcessError> {
        let start_error = |message: String| ProcessError {
            problem: Problem::Start,
            message,
            exchange: Box::new(Exchange {
                command: command.to_string(),
                ..Exchange::default()
            }),
        };
        let words = shlex::split(command).ok_or_else(|| {
            start_error("cannot split the command into words (an unclosed quote?)".into())
        })?;
        let (program, args) = words
            .split_first()
            .ok_or_else(|| start_error("the command is empty".into()))?;
        // In a process group of its own, so that what the engine starts (a
        // shell's children) ends with it.
        let mut child = Command::new(program)
            .args(args)
            .process_group(0)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| start_error(format!("cannot start '{program}': {e}")))?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            end_group(&mut child);
            return Err(start_error(
                "cannot connect to the process's standard streams".into(),
            ));
        };
        let tail = Arc::new(Mutex::new(VecDeque::new()));
        keep_tail(stderr, Arc::clone(&tail));
        let mut engine = EngineProcess {
            command: command.to_string(),
            timeout,
            child,
            requests: Some({
                set_nonblocking(stdin.as_raw_fd());
                stdin
            }),
            lines: LineReader::new(stdout),
            stderr: tail,
            next_id: 1,
            last_request: None,
            last_response: None,
            restore_later: None,
            hello: (
                EngineInfo {
                    name: String::new(),
                    version: String::new(),
                },
                Vec::new(),
            ),
        };
        match engine.call(RequestBody::Hello { protocol: VERSION }, &["hello"])? {
            ResponseBody::Hello {
                protocol,
                engine: info,
                features,
            } => {
                if !(OLDEST_VERSION..=VERSION).contains(&protocol) {
                    return Err(engine.fail(
                        Problem::Version,
                        format!(
                            "the engine speaks protocol version {protocol}; this battlecheck speaks versions {OLDEST_VERSION} to {VERSION}"
                        ),
                    ));
                }
                engine.hello = (info, features);
                Ok(engine)
            }
            other => Err(engine.unexpected("hello", &other)),
        }
    }

    /// The engine's name and version, from its `hello`.
    pub fn info(&self) -> &EngineInfo {
        &self.hello.0
    }

    /// The optional features the engine announced.
    pub fn features(&self) -> &[String] {
        &self.hello.1
    }

    /// Start a game at `position` (an engine scenario without steps); the
    /// engine's observation of it.
    pub fn setup(&mut self, position: serde_json::Value) -> Result<Observed, ProcessError> {
        // A game with multiplayer options is set up only on an engine that
        // announced them: one that ignored the position's `variant` would
        // play free-for-all and be judged against rules it never played.
        let variant = position.get("variant");
        let attack = variant
            .and_then(|v| v.get("attack"))
            .and_then(|a| a.as_str())
            .is_some_and(|a| a != "multiple");
        if attack {
            self.require(FEATURE_ATTACK_LEFT_RIGHT, "setup of attack left or right")?;
        }
        if variant.and_then(|v| v.get("range")).is_some() {
            self.require(FEATURE_RANGE_OF_INFLUENCE, "setup of a range of influence")?;
        }
        if variant
            .and_then(|v| v.get("two_headed_giant"))
            .and_then(|t| t.as_bool())
            == Some(true)
        {
            self.require(FEATURE_TWO_HEADED_GIANT, "setup of a Two-Headed Giant game")?;
        }
        match self.call(RequestBody::Setup { position }, &["observation"])? {
            ResponseBody::Observation(observed) => Ok(observed),
            other => Err(self.unexpected("setup", &other)),
        }
    }

    /// The decisions the engine accepts now.
    pub fn legal(&mut self) -> Result<Vec<Decision>, ProcessError> {
        match self.call(RequestBody::Legal, &["legal"])? {
            ResponseBody::Legal { decisions } => Ok(decisions),
            other => Err(self.unexpected("legal", &other)),
        }
    }

    /// Take `decision`: the new observation, or the engine's refusal.
    pub fn apply(
        &mut self,
        decision: &Decision,
    ) -> Result<Result<Observed, Refusal>, ProcessError> {
        let request = RequestBody::Apply {
            decision: decision.clone(),
        };
        match self.call(request, &["applied", "refused"])? {
            ResponseBody::Applied(observed) => Ok(Ok(observed)),
            ResponseBody::Refused(refusal) => Ok(Err(refusal)),
            other => Err(self.unexpected("apply", &other)),
        }
    }

    /// Take one player's action (feature "act"): the game as it then
    /// stands, or the engine's refusal.
    pub fn act(&mut self, action: &Action) -> Result<Result<Observed, Refusal>, ProcessError> {
        self.require(FEATURE_ACT, "act")?;
        let request = RequestBody::Act {
            action: action.clone(),
        };
        match self.call(request, &["applied", "refused"])? {
            ResponseBody::Applied(observed) => Ok(Ok(observed)),
            ResponseBody::Refused(refusal) => Ok(Err(refusal)),
            other => Err(self.unexpected("act", &other)),
        }
    }

    /// The game as it stands.
    pub fn observe(&mut self) -> Result<Observed, ProcessError> {
        match self.call(RequestBody::Observe, &["observation"])? {
            ResponseBody::Observation(observed) => Ok(observed),
            other => Err(self.unexpected("observe", &other)),
        }
    }

    /// Remember the game as it stands; the token that restores it.
    pub fn snapshot(&mut self) -> Result<String, ProcessError> {
        self.require(FEATURE_SNAPSHOT, "snapshot")?;
        match self.call(RequestBody::Snapshot, &["snapshot"])? {
            ResponseBody::Snapshot { token } => Ok(token),
            other => Err(self.unexpected("snapshot", &other)),
        }
    }

    /// Go back to the game remembered under `token` with the next request,
    /// sent in the same write (its response is checked then): one round
    /// trip fewer when the game's observation is known already.
    pub fn restore_later(&mut self, token: &str) -> Result<(), ProcessError> {
        self.require(FEATURE_SNAPSHOT, "restore")?;
        self.restore_later = Some(token.to_string());
        Ok(())
    }

    /// Go back to the game remembered under `token`; its observation.
    pub fn restore(&mut self, token: &str) -> Result<Observed, ProcessError> {
        self.require(FEATURE_SNAPSHOT, "restore")?;
        let request = RequestBody::Restore {
            token: token.to_string(),
        };
        match self.call(request, &["observation"])? {
            ResponseBody::Observation(observed) => Ok(observed),
            other => Err(self.unexpected("restore", &other)),
        }
    }

    fn require(&self, feature: &str, request: &str) -> Result<(), ProcessError> {
        if self.hello.1.iter().any(|f| f == feature) {
            Ok(())
        } else {
            Err(self.fail(
                Problem::Unsupported,
                format!(
                    "'{request}' needs the optional feature '{feature}', which the engine did not announce in its hello (it announced: {})",
                    if self.hello.1.is_empty() { "none".into() } else { self.hello.1.join(", ") }
                ),
            ))
        }
    }

    /// Send one request and read its response: of one of the `expected`
    /// types, with the request's id. An error response is a failure. A
    /// restore put off ([`EngineProcess::restore_later`]) is sent first, in
    /// the same write, and its response read first; each response must come
    /// within the time limit of the one before.
    fn call(&mut self, body: RequestBody, expected: &[&str]) -> Result<ResponseBody, ProcessError> {
        let deadline = Instant::now() + self.timeout;
        let restore = self.restore_later.take().map(|token| {
            let id = self.next_id;
            self.next_id += 1;
            (id, RequestBody::Restore { token })
        });
        let id = self.next_id;
        self.next_id += 1;
        let kind = body.kind();
        let mut text = String::new();
        for (id, body) in restore
            .iter()
            .map(|(i, b)| (*i, b.clone()))
            .chain([(id, body)])
        {
            let k = body.kind();
            let line = serde_json::to_string(&Request { id, body }).map_err(|e| {
                self.fail(
                    Problem::Start,
                    format!("cannot write the '{k}' request: {e}"),
                )
            })?;
            text.push_str(&line);
            text.push('\n');
            self.last_request = Some(line);
        }
        let sent = match self.requests.as_mut() {
            Some(stdin) => write_line(stdin, &text, deadline),
            None => Err(Written::Closed),
        };
        match sent {
            Ok(()) => {}
            Err(Written::Closed) => return Err(self.exited(kind, deadline)),
            Err(Written::Timeout) => {
                return Err(self.fail(
                    Problem::Timeout,
                    format!(
                    "the engine did not read the '{kind}' request within the time limit of {:.1} s",
                    self.timeout.as_secs_f64()
                ),
                ))
            }
        }
        // Each answer has the whole time limit: the request's is counted
        // from the restore's.
        let deadline = match restore {
            Some((restore_id, _)) => {
                self.receive("restore", restore_id, &["observation"], deadline)?;
                Instant::now() + self.timeout
            }
            None => deadline,
        };
        self.receive(kind, id, expected, deadline)
    }

    /// Read the response to request `id` (a `kind` request), of one of the
    /// `expected` types.
    fn receive(
        &mut self,
        kind: &str,
        id: u64,
        expected: &[&str],
        deadline: Instant,
    ) -> Result<ResponseBody, ProcessError> {
        let line = match self.lines.next(deadline) {
            Got::Line(line) => line,
            Got::Bad(why) => {
                return Err(self.fail(
                    Problem::Garbage,
                    format!("answering '{kind}', the engine wrote {why}"),
                ))
            }
            Got::Timeout => {
                return Err(self.fail(
                    Problem::Timeout,
                    format!(
                        "no response to '{kind}' within the time limit of {:.1} s",
                        self.timeout.as_secs_f64()
                    ),
                ))
            }
            Got::End => return Err(self.exited(kind, deadline)),
        };
        self.last_response = Some(line.clone());
        let response = Response::from_line(&line).map_err(|e| {
            let what = if serde_json::from_str::<serde_json::Value>(&line).is_ok() {
                "a JSON line that is not a response of the protocol"
            } else {
                "a line that is not JSON"
            };
            self.fail(
                Problem::Garbage,
                format!("answering '{kind}', the engine wrote {what} ({e})"),
            )
        })?;
        if let ResponseBody::Error { message } = &response.body {
            if response.id.is_none_or(|r| r == id) {
                return Err(self.fail(
                    Problem::EngineError,
                    format!("the engine answered '{kind}' with an error: {message}"),
                ));
            }
        }
        if response.id != Some(id) {
            return Err(self.fail(
                Problem::Unexpected,
                format!(
                    "the engine answered request {}, but the request sent was '{kind}' with id {id}",
                    response.id.map_or("without an id".into(), |r| r.to_string())
                ),
            ));
        }
        if !expected.contains(&response.body.kind()) {
            return Err(self.unexpected(kind, &response.body));
        }
        if let ResponseBody::Observation(o) | ResponseBody::Applied(o) = &response.body {
            let players = o.observation.players.len();
            let beyond = |p: &PlayerId| usize::from(p.0) >= players;
            let holder = o.priority.filter(beyond);
            let chooser = o.choosers.iter().flatten().find(|p| beyond(p));
            let checked = match (holder, chooser) {
                (Some(p), _) => Err(format!(
                    "priority names player {}, but there are {players} players",
                    p.0
                )),
                (None, Some(p)) => Err(format!(
                    "choosers names player {}, but there are {players} players",
                    p.0
                )),
                (None, None) => o.observation.check_references(),
            };
            if let Err(why) = checked {
                return Err(self.fail(
                    Problem::Garbage,
                    format!("answering '{kind}', the engine wrote an observation that cannot be read: {why}"),
                ));
            }
        }
        Ok(response.body)
    }

    fn unexpected(&self, kind: &str, got: &ResponseBody) -> ProcessError {
        let allowed = match kind {
            "apply" => "'applied' or 'refused'",
            "legal" => "'legal'",
            "hello" => "'hello'",
            "snapshot" => "'snapshot'",
            _ => "'observation'",
        };
        self.fail(
            Problem::Unexpected,
            format!(
                "the engine answered '{kind}' with a '{}' response; the protocol answers it with {allowed}",
                got.kind()
            ),
        )
    }

    /// The engine's output ended: how the process ended, if it did within
    /// the time limit.
    fn exited(&mut self, kind: &str, deadline: Instant) -> ProcessError {
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break Some(status.to_string()),
                Ok(None) if Instant::now() < deadline => {
                    std::thread::sleep(Duration::from_millis(10))
                }
                Ok(None) | Err(_) => break None,
            }
        };
        // Give the standard error reader a moment to collect the last words.
        std::thread::sleep(Duration::from_millis(50));
        let message = match status {
            Some(status) => format!("the engine exited ({status}) before answering '{kind}'"),
            None => format!(
                "the engine closed its standard output (or input) before answering '{kind}', and is still running"
            ),
        };
        self.fail(Problem::Exited, message)
    }

    /// A failure of this engine: `problem`, in words, with the last
    /// exchange.
    pub fn fail(&self, problem: Problem, message: String) -> ProcessError {
        let stderr_tail = match self.stderr.lock() {
            Ok(tail) => {
                String::from_utf8_lossy(&tail.iter().copied().collect::<Vec<u8>>()).into_owned()
            }
            Err(_) => String::new(),
        };
        ProcessError {
            problem,
            message,
            exchange: Box::new(Exchange {
                command: self.command.clone(),
                last_request: self.last_request.clone(),
                last_response: self.last_response.clone(),
                stderr_tail,
            }),
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.requests = None;
        end_group(&mut self.child);
    }
}

/// Kill the engine and every process of its group (it leads one, see
/// [`EngineProcess::spawn`]), and reap the engine. Run on every way out:
/// a finished check, a divergence, a timeout, Ctrl-C, a panicking worker.
fn end_group(child: &mut Child) {
    if let Ok(pid) = libc::pid_t::try_from(child.id()) {
        // SAFETY: signals the process group the engine leads; no memory is
        // touched.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// Why a request could not be written.
enum Written {
    /// The engine closed its standard input (or exited).
    Closed,
    /// The engine did not read it before the deadline.
    Timeout,
}

/// Write `line` to the engine's standard input (non-blocking, so that an
/// engine that stops reading cannot hold battlecheck past `deadline`).
fn write_line(stdin: &mut ChildStdin, line: &str, deadline: Instant) -> Result<(), Written> {
    let mut rest = line.as_bytes();
    while !rest.is_empty() {
        match stdin.write(rest) {
            Ok(0) => return Err(Written::Closed),
            Ok(n) => rest = &rest[n..],
            Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                if !wait_for(stdin.as_raw_fd(), libc::POLLOUT, deadline) {
                    return Err(Written::Timeout);
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return Err(Written::Closed),
        }
    }
    Ok(())
}

/// What reading the engine's next line gave.
enum Got {
    /// A line, without its line ending.
    Line(String),
    /// Output that is not a line of text (why, in words); the reader gives
    /// nothing more after it.
    Bad(String),
    Timeout,
    /// The end of the output.
    End,
}

/// The engine's standard output, read line by line without blocking past
/// a deadline.
struct LineReader {
    stdout: ChildStdout,
    buf: Vec<u8>,
    /// Where the next line starts in `buf`.
    start: usize,
    /// How far `buf[start..]` is known to hold no line ending.
    scanned: usize,
    done: bool,
}

impl LineReader {
    fn new(stdout: ChildStdout) -> Self {
        set_nonblocking(stdout.as_raw_fd());
        LineReader {
            stdout,
            buf: Vec::new(),
            start: 0,
            scanned: 0,
            done: false,
        }
    }

    fn next(&mut self, deadline: Instant) -> Got {
        if self.done {
            return Got::End;
        }
        loop {
            if let Some(i) = self.buf[self.start + self.scanned..]
                .iter()
                .position(|b| *b == b'\n')
            {
                let end = self.start + self.scanned + i;
                let mut bytes = &self.buf[self.start..end];
                while let [rest @ .., b'\r'] = bytes {
                    bytes = rest;
                }
                let line = std::str::from_utf8(bytes).map(str::to_string);
                self.start = end + 1;
                self.scanned = 0;
                if self.start == self.buf.len() {
                    self.buf.clear();
                    self.start = 0;
                }
                return match line {
                    Ok(line) => Got::Line(line),
                    Err(_) => self.bad("a line that is not UTF-8 text".into()),
                };
            }
            self.scanned = self.buf.len() - self.start;
            if self.scanned > MAX_LINE_BYTES {
                return self.bad(format!("a line longer than {MAX_LINE_BYTES} bytes"));
            }
            if self.start > 0 {
                self.buf.drain(..self.start);
                self.start = 0;
            }
            let mut chunk = [0u8; 1 << 16];
            match self.stdout.read(&mut chunk) {
                Ok(0) => {
                    self.done = true;
                    return Got::End;
                }
                Ok(n) => self.buf.extend_from_slice(&chunk[..n]),
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                    if !wait_for(self.stdout.as_raw_fd(), libc::POLLIN, deadline) {
                        return Got::Timeout;
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return self.bad(format!("output that cannot be read ({e})")),
            }
        }
    }

    fn bad(&mut self, why: String) -> Got {
        self.done = true;
        Got::Bad(why)
    }
}

/// Put a pipe in non-blocking mode.
fn set_nonblocking(fd: RawFd) {
    // SAFETY: fcntl on a file descriptor this process owns, with flags read
    // from it; no memory is passed.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        if flags >= 0 {
            libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
        }
    }
}

/// Wait until `fd` is ready for `events` (or closed), at most until
/// `deadline`; false if the deadline passed first.
fn wait_for(fd: RawFd, events: libc::c_short, deadline: Instant) -> bool {
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return false;
        }
        let millis = left.as_millis().clamp(1, i32::MAX as u128) as i32;
        let mut p = libc::pollfd {
            fd,
            events,
            revents: 0,
        };
        // SAFETY: one valid pollfd, for the duration of the call.
        match unsafe { libc::poll(&mut p, 1, millis) } {
            n if n > 0 => return true,
            0 => {}
            _ if io::Error::last_os_error().kind() == io::ErrorKind::Interrupted => {}
            // A poll failure cannot be waited out: let the read or write
            // report the stream's state.
            _ => return true,
        }
    }
}

/// A thread keeping the last bytes of the engine's standard error.
fn keep_tail(mut stderr: impl Read + Send + 'static, tail: Arc<Mutex<VecDeque<u8>>>) {
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = stderr.read(&mut buf) {
            if n == 0 {
                break;
            }
            let Ok(mut tail) = tail.lock() else { break };
            tail.extend(&buf[..n]);
            let excess = tail.len().saturating_sub(STDERR_TAIL_BYTES);
            tail.drain(..excess);
        }
    });
}
