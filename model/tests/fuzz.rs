//! A bounded, deterministic structured fuzz of everything the binary reads:
//! its command line, scenario files (in process, through the engine's
//! scenario runner, and through `replay`), sweep reports (`merge-reports`)
//! and counterexample records (`explore --trace`). Every input must end
//! with an exit code the README documents (0–3) or an error, never a panic
//! or a hang. The budget is fixed (`BATTLECHECK_FUZZ_CASES` scales it) and
//! the seed too (`BATTLECHECK_FUZZ_SEED`), so CI tries the same inputs on
//! every run; each test prints how many inputs it tried.

use battlecheck_engine::scenario::run_text;
use battlecheck_engine::Catalogue;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

mod rng;
use rng::Rng;

/// The generator of test `salt`, from `BATTLECHECK_FUZZ_SEED` if set.
fn seeded(salt: u64) -> Rng {
    let seed = std::env::var("BATTLECHECK_FUZZ_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x05ee_dba7_71e5_u64);
    Rng::new(seed ^ salt.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// One of `items`, at random.
fn pick<'a>(rng: &mut Rng, items: &[&'a str]) -> &'a str {
    items[rng.below(items.len())]
}

/// Print a test's count line and add it to `target/fuzz-counts.txt`, which
/// CI shows after the tests (the test harness hides what passing tests
/// print).
fn tell(line: &str) {
    use std::io::Write;
    println!("{line}");
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/fuzz-counts.txt");
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(file)
    {
        let _ = writeln!(f, "{line}");
    }
}

fn cases(default: usize) -> usize {
    let scale: f64 = std::env::var("BATTLECHECK_FUZZ_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1.0);
    ((default as f64) * scale).max(1.0) as usize
}

/// Where a run's standard streams go: both read (`Read`), or one of them
/// full (`/dev/full`) or closed, as a CI job's may be.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Streams {
    Read,
    FullStderr,
    FullStdout,
    ClosedStdout,
}

const STREAMS: [Streams; 4] = [
    Streams::Read,
    Streams::FullStderr,
    Streams::FullStdout,
    Streams::ClosedStdout,
];

fn dev_full() -> Stdio {
    std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap()
        .into()
}

/// Run the binary with a watchdog; `None` if it had to be killed.
fn run(args: &[String], limit: Duration) -> Option<Output> {
    run_with(args, limit, Streams::Read)
}

/// [`run`] with the standard streams `streams` says.
fn run_with(args: &[String], limit: Duration, streams: Streams) -> Option<Output> {
    let bin = env!("CARGO_BIN_EXE_battlecheck");
    let mut command = if streams == Streams::ClosedStdout {
        let mut c = Command::new("sh");
        c.args(["-c", "exec \"$0\" \"$@\" >&-", bin]).args(args);
        c
    } else {
        let mut c = Command::new(bin);
        c.args(args);
        c
    };
    command.stdin(Stdio::null());
    command.stdout(if streams == Streams::FullStdout {
        dev_full()
    } else {
        Stdio::piped()
    });
    command.stderr(if streams == Streams::FullStderr {
        dev_full()
    } else {
        Stdio::piped()
    });
    let mut child = command.spawn().unwrap();
    let start = Instant::now();
    // Drain the pipes on other threads so that a large report cannot block.
    let drain = |pipe: Option<Box<dyn std::io::Read + Send>>| {
        std::thread::spawn(move || {
            let mut v = Vec::new();
            if let Some(mut p) = pipe {
                p.read_to_end(&mut v).ok();
            }
            v
        })
    };
    let out = drain(child.stdout.take().map(|p| Box::new(p) as _));
    let err = drain(child.stderr.take().map(|p| Box::new(p) as _));
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(Output {
                status,
                stdout: out.join().unwrap(),
                stderr: err.join().unwrap(),
            });
        }
        if start.elapsed() > limit {
            child.kill().ok();
            child.wait().ok();
            return None;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The problem with one run, if any: a panic, an undocumented exit code or
/// a hang.
fn judge(args: &[String], o: Option<Output>) -> Option<String> {
    judge_with(args, o, Streams::Read)
}

/// [`judge`] for a run with `streams`: with a full or closed standard
/// output the report may be lost, and says so (exit code 4); with a full
/// standard error nothing but the notes is (no panic, whose exit code is
/// 101, and never 4 for a report that was written).
fn judge_with(args: &[String], o: Option<Output>, streams: Streams) -> Option<String> {
    let Some(o) = o else {
        return Some(format!("{args:?} ({streams:?}): did not end"));
    };
    let stderr = String::from_utf8_lossy(&o.stderr);
    let code = o.status.code();
    let allowed = match streams {
        Streams::Read | Streams::FullStderr => matches!(code, Some(0..=3)),
        Streams::FullStdout | Streams::ClosedStdout => matches!(code, Some(0..=4)),
    };
    if stderr.contains("panicked") || !allowed {
        return Some(format!("{args:?} ({streams:?}): exit {code:?}\n{stderr}"));
    }
    None
}

const VALUES: &[&str] = &[
    "",
    "0",
    "1",
    "2",
    "3",
    "6",
    "7",
    "-1",
    "-0",
    "255",
    "256",
    "65536",
    "1e308",
    "NaN",
    "inf",
    "0.5",
    "99999999999999999999",
    "x",
    "é",
    "1=",
    "1=bolt",
    "1=bolt,,bolt",
    "9=bear",
    "2=siege,siege,siege,siege,siege,siege,siege,siege,siege,siege,siege,siege,siege",
    "1=dragon",
    "0/2",
    "3/2",
    "1/0",
    "2/2",
    "tiny",
    "duel",
    "default",
    "nope",
    "json",
    "junit",
    "human",
    "true,false",
    "tiny,duel",
    "1,2",
    "a,b",
    "extra-defense-counter",
    "optional-trigger",
    "/dev/null",
    "/dev/zero",
    "/nonexistent",
    ".",
];

const FLAGS: &[&str] = &[
    "--preset",
    "--players",
    "--turns",
    "--defense",
    "--life",
    "--hand",
    "--battlefield",
    "--fault",
    "--threads",
    "--format",
    "--timeout",
    "--max-states",
    "--target",
    "--engine-fault",
    "--presets",
    "--defenses",
    "--concede",
    "--shard",
    "--budget",
    "--runs",
    "--save-counterexample",
    "--no-concede",
    "--no-symmetry",
    "--frobnicate",
];

/// A random command line for a command whose cost is bounded whatever its
/// flags (`explore` serves forever, so only its refusals are fuzzed, below).
fn command_line(rng: &mut Rng, scratch: &Path) -> Vec<String> {
    let command = pick(
        rng,
        &[
            "check",
            "sweep",
            "bench",
            "conform",
            "coverage",
            "replay",
            "merge-reports",
            "rules",
            "serve-engine",
            "scenario",
            "frob",
        ],
    );
    let mut args = vec![command.to_string()];
    for _ in 0..rng.below(5) {
        let flag = pick(rng, FLAGS);
        args.push(flag.to_string());
        if flag == "--save-counterexample" {
            args.push(scratch.display().to_string());
        } else if !flag.starts_with("--no-") || rng.below(4) == 0 {
            args.push(pick(rng, VALUES).to_string());
        }
    }
    // Bound the work of the commands that run a search (the last flag given
    // wins where a flag may appear once: clap refuses it given twice, which
    // is fuzzed too).
    let bound: &[&str] = match command {
        "check" => &["--max-states", "3000"],
        "sweep" => &["--presets", "tiny"],
        "conform" | "coverage" => &["--preset", "tiny"],
        "bench" => &["--budget", "500", "--runs", "1", "--preset", "tiny"],
        _ => &[],
    };
    args.extend(bound.iter().map(|s| s.to_string()));
    args
}

#[test]
fn the_command_line_never_panics_or_hangs() {
    let scratch = std::env::temp_dir().join(format!("battlecheck-fuzz-cli-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let mut rng = seeded(1);
    let n = cases(150);
    let mut problems = Vec::new();
    let mut streams = [0; 4];
    for _ in 0..n {
        let args = command_line(&mut rng, &scratch);
        let s = STREAMS[rng.below(STREAMS.len())];
        streams[STREAMS.iter().position(|x| *x == s).unwrap()] += 1;
        problems.extend(judge_with(
            &args,
            run_with(&args, Duration::from_secs(60), s),
            s,
        ));
    }
    std::fs::remove_dir_all(&scratch).ok();
    tell(&format!(
        "fuzz: {n} command lines tried ({} with standard error full, {} with standard output full, {} with it closed), {} problems",
        streams[1],
        streams[2],
        streams[3],
        problems.len()
    ));
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

fn scenario_files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/scenarios");
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

/// One structural mutation of a JSON text: a byte flipped, cut, doubled or
/// replaced by an extreme token.
fn mutate(rng: &mut Rng, text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..1 + rng.below(3) {
        if bytes.is_empty() {
            break;
        }
        let at = rng.below(bytes.len());
        match rng.below(6) {
            0 => bytes[at] = rng.next() as u8,
            1 => bytes.truncate(at),
            2 => {
                let end = (at + 1 + rng.below(40)).min(bytes.len());
                let piece = bytes[at..end].to_vec();
                bytes.splice(at..at, piece);
            }
            3 => {
                let token = pick(
                    rng,
                    &[
                        "-1", "1e30", "99999", "null", "\"\"", "[]", "{}", "\"two\"", "255", "256",
                        "\"P9\"", "\"#999\"", "true", "0",
                    ],
                );
                let end = (at + 1 + rng.below(6)).min(bytes.len());
                bytes.splice(at..end, token.bytes());
            }
            4 => {
                bytes.insert(0, 0xBF);
                bytes.insert(0, 0xBB);
                bytes.insert(0, 0xEF);
            }
            _ => {
                let end = (at + rng.below(20)).min(bytes.len());
                bytes.drain(at..end);
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn scenario_files_never_panic_the_engine() {
    let cards = Catalogue::bundled().unwrap();
    let files = scenario_files();
    let mut rng = seeded(2);
    let n = cases(2000);
    let mut panics = Vec::new();
    for i in 0..n {
        let file = &files[i % files.len()];
        let text = mutate(&mut rng, &std::fs::read_to_string(file).unwrap());
        let result = std::panic::catch_unwind(|| {
            let _ = run_text(file, &text, &cards);
        });
        if result.is_err() {
            panics.push(format!("{}:\n{text}", file.display()));
        }
    }
    tell(&format!(
        "fuzz: {n} scenario files tried in process, {} panics",
        panics.len()
    ));
    assert!(panics.is_empty(), "{}", panics.join("\n\n"));
}

#[test]
fn files_given_to_the_binary_never_panic_it() {
    let scratch =
        std::env::temp_dir().join(format!("battlecheck-fuzz-files-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    // A counterexample record and a sweep report to mutate beside the scenarios.
    let cx = scratch.join("cx");
    let o = run(
        &[
            "check",
            "--preset",
            "tiny",
            "--fault",
            "extra-defense-counter",
            "--save-counterexample",
        ]
        .map(String::from)
        .into_iter()
        .chain([cx.display().to_string()])
        .collect::<Vec<_>>(),
        Duration::from_secs(60),
    )
    .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let record =
        std::fs::read_to_string(cx.join("tiny-defense-never-exceeds-printed.json")).unwrap();
    let sweep = run(
        &[
            "sweep",
            "--presets",
            "tiny",
            "--players",
            "2",
            "--format",
            "json",
        ]
        .map(String::from),
        Duration::from_secs(60),
    )
    .unwrap();
    let sweep = String::from_utf8(sweep.stdout).unwrap();
    let files = scenario_files();
    let mut rng = seeded(3);
    let n = cases(120);
    let mut problems = Vec::new();
    for i in 0..n {
        let (command, original) = match i % 3 {
            0 => (
                "replay",
                std::fs::read_to_string(&files[rng.below(files.len())]).unwrap(),
            ),
            1 => ("merge-reports", sweep.clone()),
            _ => ("explore", record.clone()),
        };
        let file = scratch.join(format!("input-{i}.json"));
        std::fs::write(&file, mutate(&mut rng, &original)).unwrap();
        let path = file.display().to_string();
        let args: Vec<String> = match command {
            // A valid record would be served: a port that cannot be taken
            // (one this test holds) makes explore stop after reading it.
            "explore" => vec![
                "explore".into(),
                "--port".into(),
                held_port().to_string(),
                "--trace".into(),
                path,
            ],
            _ => vec![command.into(), path],
        };
        problems.extend(judge(&args, run(&args, Duration::from_secs(60))));
    }
    std::fs::remove_dir_all(&scratch).ok();
    tell(&format!(
        "fuzz: {n} files tried through the binary, {} problems",
        problems.len()
    ));
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

/// A port on 127.0.0.1 that this process holds for its whole life.
fn held_port() -> u16 {
    static HELD: std::sync::OnceLock<std::net::TcpListener> = std::sync::OnceLock::new();
    HELD.get_or_init(|| std::net::TcpListener::bind("127.0.0.1:0").unwrap())
        .local_addr()
        .unwrap()
        .port()
}

/// The environment variable that marks the processes of one interrupted
/// run: the binary and every process it starts inherit it.
const MARK: &str = "BATTLECHECK_FUZZ_RUN";

/// The processes whose environment holds `MARK=marker`.
fn processes_with(marker: &str) -> usize {
    let mark = format!("{MARK}={marker}");
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| std::fs::read(e.ok()?.path().join("environ")).ok())
        .filter(|environ| environ.split(|b| *b == 0).any(|v| v == mark.as_bytes()))
        .count()
}

/// Run the binary and send it Ctrl-C (SIGINT) after `after`; `None` if it
/// had not ended 60 s later.
fn run_interrupted(args: &[String], after: Duration, marker: &str) -> Option<Output> {
    let child = Command::new(env!("CARGO_BIN_EXE_battlecheck"))
        .args(args)
        .env(MARK, marker)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id() as libc::pid_t;
    let waiting = std::thread::spawn(move || child.wait_with_output());
    std::thread::sleep(after);
    // SAFETY: kill sends a signal; the child is not reaped before the
    // thread above joins, so `pid` is still the child's.
    unsafe { libc::kill(pid, libc::SIGINT) };
    let start = Instant::now();
    while !waiting.is_finished() {
        if start.elapsed() > Duration::from_secs(60) {
            // SAFETY: as above.
            unsafe { libc::kill(pid, libc::SIGKILL) };
            waiting.join().ok();
            return None;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    waiting.join().unwrap().ok()
}

/// How an interrupted run ended, if it ended as the README says: stopped
/// with its partial report (exit code 3), finished before the signal came
/// (0 or 1, its report printed), or ended by a signal that came before its
/// run began (130, nothing printed, in its first half second).
#[derive(Clone, Copy, PartialEq)]
enum Ending {
    Partial,
    Finished,
    BeforeRun,
}

fn ending(o: &Output, json: bool, after: Duration) -> Result<Ending, String> {
    let out = String::from_utf8_lossy(&o.stdout);
    let stderr = String::from_utf8_lossy(&o.stderr);
    if stderr.contains("panicked") {
        return Err(format!("panicked: {stderr}"));
    }
    let report = if json {
        serde_json::from_str::<serde_json::Value>(&out).is_ok()
    } else {
        !out.trim().is_empty()
    };
    match o.status.code() {
        Some(3) if report && (json || out.contains("PARTIAL")) => Ok(Ending::Partial),
        Some(0 | 1) if report => Ok(Ending::Finished),
        Some(130) if out.is_empty() && after < Duration::from_millis(500) => Ok(Ending::BeforeRun),
        code => Err(format!("exit {code:?} with report {out:?}\n{stderr}")),
    }
}

/// Ctrl-C at a random moment of every long-running subcommand, with every
/// report format: the run stops with its partial report (exit code 3) or
/// had already finished with its whole report; no panic, no lost report,
/// and no engine process left behind.
#[test]
fn an_interrupt_at_any_moment_loses_no_report_and_leaves_no_process() {
    let scratch = std::env::temp_dir().join(format!("battlecheck-fuzz-int-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let marker = format!("fuzz-int-{}", std::process::id());
    // Through a shell that stays, as PROTOCOL.md suggests for pipes: the
    // engine is the shell's child.
    let serve = format!(
        "sh -c '\"{}\" serve-engine; true'",
        env!("CARGO_BIN_EXE_battlecheck")
    );
    let scenarios = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../engine/scenarios")
        .display()
        .to_string();
    let sweep = scratch.join("sweep.json");
    let o = run(
        &["sweep", "--presets", "tiny,default", "--format", "json"].map(String::from),
        Duration::from_secs(120),
    )
    .unwrap();
    std::fs::write(&sweep, &o.stdout).unwrap();
    let sweep = sweep.display().to_string();
    let out_dir = scratch.join("suite").display().to_string();
    // Each command with the report formats it takes.
    const ALL: &[&str] = &["human", "json", "junit"];
    const NO_JUNIT: &[&str] = &["human", "json"];
    let commands: Vec<(Vec<&str>, &[&str])> = vec![
        (vec!["check", "--players", "4", "--threads", "1"], ALL),
        (vec!["check", "--players", "4", "--threads", "2"], ALL),
        (
            vec!["check", "--players", "4", "--random-games", "10000000"],
            ALL,
        ),
        (vec!["conform", "--players", "4"], ALL),
        (
            vec!["conform", "--preset", "default", "--engine-cmd", &serve],
            ALL,
        ),
        (vec!["sweep", "--presets", "default,table,duel"], ALL),
        (vec!["coverage"], NO_JUNIT),
        (vec!["bench", "--preset", "default"], NO_JUNIT),
        (
            vec!["suite", "--players", "4", "--out", &out_dir],
            &["human"],
        ),
        (vec!["replay", &scenarios], ALL),
        (vec!["replay", "--engine-cmd", &serve, &scenarios], ALL),
        (vec!["merge-reports", &sweep], ALL),
    ];
    let mut rng = seeded(4);
    let n = cases(24);
    let mut problems = Vec::new();
    let mut counts = [0; 3];
    for i in 0..n {
        let (command, formats) = &commands[i % commands.len()];
        let mut args: Vec<String> = command.iter().map(|s| s.to_string()).collect();
        let format = pick(&mut rng, formats);
        if format != "human" {
            args.extend(["--format".to_string(), format.to_string()]);
        }
        let after = Duration::from_millis(50 + rng.below(2500) as u64);
        let _ = std::fs::remove_dir_all(&out_dir);
        match run_interrupted(&args, after, &marker) {
            None => problems.push(format!("{args:?} at {after:?}: did not end")),
            Some(o) => match ending(&o, format == "json", after) {
                Ok(e) => counts[e as usize] += 1,
                Err(e) => problems.push(format!("{args:?} at {after:?}: {e}")),
            },
        }
        std::thread::sleep(Duration::from_millis(100));
        if processes_with(&marker) != 0 {
            problems.push(format!("{args:?} at {after:?}: left its engine running"));
        }
    }
    std::fs::remove_dir_all(&scratch).ok();
    tell(&format!(
        "fuzz: {n} runs interrupted at a random moment ({} stopped with a partial report, {} finished first, {} before their run began), {} problems",
        counts[0],
        counts[1],
        counts[2],
        problems.len()
    ));
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}

/// A shipped scenario with one impossible thing added to its position: a
/// new non-battle card holding what only a battle, an attacker in combat,
/// a Siege's trigger or another object may hold. The file's text, the
/// JSON path of what is impossible, and the position as a protocol setup.
fn impossible(rng: &mut Rng, file: &Path) -> Option<(String, String, serde_json::Value)> {
    let mut s: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(file).ok()?).ok()?;
    let card = pick(
        rng,
        &[
            "Grizzly Bears",
            "Hill Giant",
            "Wall of Wood",
            "Bonesplitter",
            "Forest",
        ],
    );
    let owner = format!("P{}", 1 + rng.below(2));
    let id = "fuzz-impossible";
    let in_combat = matches!(
        s["step"].as_str(),
        Some("declare_attackers" | "declare_blockers" | "first_strike_damage" | "combat_damage")
    );
    let mut object =
        serde_json::json!({"id": id, "card": card, "owner": owner, "zone": "battlefield"});
    let cards = s["cards"].as_array_mut()?;
    let at = rng.below(cards.len() + 1);
    let path = match rng.below(5) {
        0 => {
            object["protector"] = "P2".into();
            format!("cards[{at}].protector")
        }
        1 if !in_combat => {
            object["attacking"] = "P2".into();
            format!("cards[{at}].attacking")
        }
        2 => {
            object["attached_to"] = id.into();
            format!("cards[{at}].attached_to")
        }
        3 => {
            let waiting = s
                .as_object_mut()?
                .entry("waiting_triggers")
                .or_insert_with(|| serde_json::json!([]));
            let list = waiting.as_array_mut()?;
            list.push(id.into());
            format!("waiting_triggers[{}]", list.len() - 1)
        }
        _ => {
            let stack = s
                .as_object_mut()?
                .entry("stack")
                .or_insert_with(|| serde_json::json!([]));
            let list = stack.as_array_mut()?;
            list.push(serde_json::json!({"trigger": id}));
            format!("stack[{}]", list.len() - 1)
        }
    };
    s["cards"].as_array_mut()?.insert(at, object);
    let text = serde_json::to_string_pretty(&s).ok()?;
    let mut position = s;
    for key in ["$schema", "name", "covers", "description", "steps"] {
        position.as_object_mut()?.remove(key);
    }
    Some((text, path, position))
}

/// Impossible positions are refused by every reader of positions (`replay`,
/// `scenario check` and `serve-engine`'s setup) naming the JSON path of
/// what is impossible, never accepted, never a panic.
#[test]
fn impossible_positions_are_refused_by_every_reader() {
    use std::io::Write;
    let scratch = std::env::temp_dir().join(format!("battlecheck-fuzz-pos-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    let files = scenario_files();
    let mut rng = seeded(5);
    let n = cases(60);
    let mut problems = Vec::new();
    let mut setups = Vec::new();
    for i in 0..n {
        let original = &files[rng.below(files.len())];
        let Some((text, path, position)) = impossible(&mut rng, original) else {
            continue;
        };
        let file = scratch.join(format!("impossible-{i}.json"));
        std::fs::write(&file, &text).unwrap();
        for command in [&["replay"][..], &["scenario", "check"]] {
            let mut args: Vec<String> = command.iter().map(|s| s.to_string()).collect();
            args.push(file.display().to_string());
            let o = run(&args, Duration::from_secs(60));
            let said = o.as_ref().map(|o| {
                format!(
                    "{}{}",
                    String::from_utf8_lossy(&o.stdout),
                    String::from_utf8_lossy(&o.stderr)
                )
            });
            let refused = o.as_ref().is_some_and(|o| o.status.code() == Some(2))
                && said
                    .as_ref()
                    .is_some_and(|s| s.contains(&format!("{path}: ")) && !s.contains("panicked"));
            if !refused {
                problems.push(format!(
                    "{args:?} ({} with {path}): {:?} {said:?}",
                    original.display(),
                    o.map(|o| o.status.code())
                ));
            }
        }
        setups.push((path, position));
    }
    // Every position as a setup to one serve-engine.
    let mut engine = Command::new(env!("CARGO_BIN_EXE_battlecheck"))
        .arg("serve-engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = engine.stdin.take().unwrap();
    writeln!(stdin, r#"{{"id":0,"type":"hello","protocol":6}}"#).unwrap();
    for (i, (_, position)) in setups.iter().enumerate() {
        let setup = serde_json::json!({"id": i + 1, "type": "setup", "position": position});
        writeln!(stdin, "{setup}").unwrap();
    }
    drop(stdin);
    let out = engine.wait_with_output().unwrap();
    let answers: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for (i, (path, position)) in setups.iter().enumerate() {
        let answer = &answers[i + 1];
        let message = answer["message"].as_str().unwrap_or_default();
        if answer["type"] != "error" || !message.contains(&format!("{path}: ")) {
            problems.push(format!(
                "serve-engine setup with {path}: {answer}\n{position}"
            ));
        }
    }
    std::fs::remove_dir_all(&scratch).ok();
    tell(&format!(
        "fuzz: {} impossible positions tried through replay, scenario check and serve-engine, {} problems",
        setups.len(),
        problems.len()
    ));
    assert!(problems.is_empty(), "{}", problems.join("\n\n"));
}
