//! Bad input never panics or hangs and is reported naming the file and
//! what is wrong where: files that are not regular files, too large or not
//! UTF-8, symbolic link loops, a byte-order mark, bad player counts and
//! player fields, and a game that reaches the last turn the engine counts.

use battlecheck_engine::cards::catalogue::{CardError, Catalogue};
use battlecheck_engine::json::read::MAX_FILE_BYTES;
use battlecheck_engine::scenario::{build_game, read_text, run_file, run_path, run_text};
use battlecheck_engine::{EngineError, Game};
use battlecheck_properties::Decision;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::mpsc;
use std::time::Duration;

const MINIMAL: &str = r#"{"name": "minimal", "players": 2, "cards": [], "steps": []}"#;

/// A fresh directory of its own for a test.
fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn mkfifo(path: &Path) {
    let ok = Command::new("mkfifo").arg(path).status().unwrap().success();
    assert!(ok, "mkfifo {}", path.display());
}

/// Run `f` on another thread; fail rather than hang if it blocks.
fn within_seconds<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || tx.send(f()));
    rx.recv_timeout(Duration::from_secs(10))
        .expect("the reader blocked")
}

fn read_error(path: &Path) -> String {
    let path = path.to_path_buf();
    within_seconds(move || read_text(&path))
        .unwrap_err()
        .to_string()
}

#[test]
fn only_regular_files_are_read() {
    let dir = scratch("only_regular_files_are_read");
    let fifo = dir.join("pipe.json");
    mkfifo(&fifo);
    let err = read_error(&fifo);
    assert!(
        err.contains("pipe.json") && err.contains("named pipe (FIFO)"),
        "{err}"
    );
    let err = read_error(Path::new("/dev/zero"));
    assert!(
        err.contains("/dev/zero") && err.contains("a character device"),
        "{err}"
    );
    let err = read_error(&dir);
    assert!(err.contains("a directory, not a regular file"), "{err}");
    // run_file reads through read_text.
    let err = within_seconds(move || run_file(&fifo).unwrap_err().to_string());
    assert!(err.contains("named pipe (FIFO)"), "{err}");
}

#[test]
fn a_symbolic_link_loop_is_named() {
    let dir = scratch("a_symbolic_link_loop_is_named");
    std::os::unix::fs::symlink(dir.join("b.json"), dir.join("a.json")).unwrap();
    std::os::unix::fs::symlink(dir.join("a.json"), dir.join("b.json")).unwrap();
    let err = read_error(&dir.join("a.json"));
    assert!(
        err.contains("a.json") && err.contains("symbolic link loop"),
        "{err}"
    );
    // A link to a regular file is followed.
    std::fs::write(dir.join("real.json"), MINIMAL).unwrap();
    std::os::unix::fs::symlink(dir.join("real.json"), dir.join("link.json")).unwrap();
    assert_eq!(read_text(&dir.join("link.json")).unwrap(), MINIMAL);
}

#[test]
fn a_file_over_the_limit_is_refused() {
    let dir = scratch("a_file_over_the_limit_is_refused");
    let big = dir.join("big.json");
    // Sparse: no disk space is used.
    let f = std::fs::File::create(&big).unwrap();
    f.set_len(MAX_FILE_BYTES + 1).unwrap();
    let err = read_error(&big);
    assert!(
        err.contains("big.json") && err.contains("16 MiB") && err.contains("16777217 bytes"),
        "{err}"
    );
    f.set_len(MAX_FILE_BYTES).unwrap();
    assert_eq!(read_text(&big).unwrap().len() as u64, MAX_FILE_BYTES);
    // A /proc file claims size 0 and is read as far as it goes.
    assert!(read_text(Path::new("/proc/self/status"))
        .unwrap()
        .contains("Name:"));
}

#[test]
fn a_byte_order_mark_is_dropped_and_bad_utf8_is_named() {
    let dir = scratch("a_byte_order_mark_is_dropped_and_bad_utf8_is_named");
    let bom = dir.join("bom.json");
    std::fs::write(&bom, format!("\u{feff}{MINIMAL}")).unwrap();
    assert_eq!(read_text(&bom).unwrap(), MINIMAL);
    assert!(run_file(&bom).unwrap().passed());

    let latin1 = dir.join("latin1.json");
    std::fs::write(&latin1, b"{\n\"name\": \"Jos\xe9\"}").unwrap();
    let err = read_error(&latin1);
    assert!(
        err.contains("latin1.json") && err.contains("not UTF-8") && err.contains("line 2"),
        "{err}"
    );
}

#[test]
fn a_directory_walk_reports_special_entries_without_opening_them() {
    let dir = scratch("a_directory_walk_reports_special_entries");
    std::fs::write(dir.join("a-good.json"), MINIMAL).unwrap();
    mkfifo(&dir.join("b-pipe.json"));
    mkfifo(&dir.join("c-pipe.txt"));
    std::fs::create_dir(dir.join("d-dir.json")).unwrap();
    std::os::unix::fs::symlink(dir.join("e-loop.json"), dir.join("e-loop.json")).unwrap();
    let walked = dir.clone();
    let results = within_seconds(move || run_path(&walked));
    let shown: Vec<(String, String)> = results
        .iter()
        .map(|(f, r)| {
            let name = f.file_name().unwrap().to_string_lossy().into_owned();
            let outcome = match r {
                Ok(report) => format!("ok {}", report.passed()),
                Err(e) => e.to_string(),
            };
            (name, outcome)
        })
        .collect();
    assert_eq!(shown.len(), 4, "{shown:?}");
    assert_eq!(shown[0], ("a-good.json".into(), "ok true".into()));
    assert!(shown[1].1.contains("named pipe (FIFO)"), "{shown:?}");
    assert!(shown[2].1.contains("a directory"), "{shown:?}");
    assert!(shown[3].1.contains("symbolic link loop"), "{shown:?}");

    // Card directories are walked the same way.
    std::fs::remove_file(dir.join("a-good.json")).unwrap();
    let err = within_seconds(move || Catalogue::load_dir(&dir).unwrap_err());
    assert!(
        matches!(&err, CardError::Io { file, .. } if file.ends_with("b-pipe.json")),
        "{err}"
    );
}

fn run_error(text: &str) -> String {
    run_text(Path::new("s.json"), text, &Catalogue::bundled().unwrap())
        .unwrap_err()
        .to_string()
}

#[test]
fn a_bad_player_count_names_the_field_the_forms_and_the_range() {
    for (players, shown) in [
        ("10000", "integer `10000`"),
        ("-3", "integer `-3`"),
        ("1e30", "floating point `1e+30`"),
        ("\"two\"", "string \"two\""),
        ("1", "integer `1`"),
        ("256", "integer `256`"),
    ] {
        let err = run_error(&MINIMAL.replace("\"players\": 2", &format!("\"players\": {players}")));
        assert!(
            err.starts_with("s.json: line 1")
                && err.contains("at `players`")
                && err.contains(shown)
                && err.contains("a player count from 2 to 255 or a list of player objects"),
            "{players}: {err}"
        );
    }
    let one = MINIMAL.replace("\"players\": 2", "\"players\": [{}]");
    assert!(run_error(&one).contains("from 2 to 255 players"));
}

#[test]
fn a_bad_life_names_the_player_and_life() {
    for (life, shown) in [
        ("\"x\"", "string \"x\""),
        ("3000000000", "integer `3000000000`"),
    ] {
        let text = MINIMAL.replace(
            "\"players\": 2",
            &format!("\"players\": [{{}}, {{\"life\": {life}, \"in_game\": true}}]"),
        );
        let err = run_error(&text);
        assert!(
            err.contains("at `players[1].life`") && err.contains(shown) && err.contains("i32"),
            "{life}: {err}"
        );
    }
    let text = MINIMAL.replace("\"players\": 2", "\"players\": [{}, {\"lives\": 3}]");
    let err = run_error(&text);
    assert!(
        err.contains("at `players[1].lives`") && err.contains("unknown field"),
        "{err}"
    );
}

#[test]
fn a_bad_stack_entry_is_named() {
    for (entry, shown) in [
        (
            r#"{"spell": 3}"#,
            "at `stack[0].spell`: invalid type: integer `3`",
        ),
        (
            r#"{"trigger": "x", "targets": []}"#,
            "at `stack[0]`: invalid value: map",
        ),
        (r#"{}"#, r#"expected {"spell": label"#),
        (r#"{"spel": "x"}"#, "at `stack[0].spel`: unknown field"),
    ] {
        let text = MINIMAL.replace("\"steps\"", &format!("\"stack\": [{entry}], \"steps\""));
        let err = run_error(&text);
        assert!(err.contains(shown), "{entry}: {err}");
    }
}

fn at_turn(turn: u32) -> Game {
    let text = MINIMAL.replace(
        "\"cards\"",
        &format!("\"turn\": {turn}, \"step\": \"end\", \"cards\""),
    );
    build_game(Path::new("s.json"), &text, &Catalogue::bundled().unwrap()).unwrap()
}

/// Turn numbers are 32 bits wide (the shared observation's): the game
/// plays past turn 255 and up to the end of turn 4,294,967,295, and ending
/// that one is refused, saying why, leaving the game as it was.
#[test]
fn the_last_turn_the_engine_counts_is_refused_to_end() {
    let mut game = at_turn(255);
    game.apply_decision(&Decision::PassAll).unwrap();
    assert_eq!(game.turn, 256);
    assert_eq!(game.observe().turn, 256);

    let mut game = at_turn(u32::MAX);
    let before = game.observe();
    let err = game.apply_decision(&Decision::PassAll).unwrap_err();
    assert!(
        matches!(&err, EngineError::Limit { reason } if reason.contains("turn 4294967295")),
        "{err}"
    );
    assert_eq!(err.rule(), None);
    assert_eq!(game.observe(), before);
    assert!(!game.legal_decisions().contains(&Decision::PassAll));

    // A scenario reports the refusal as such.
    let text = MINIMAL.replace(
        "\"cards\": [], \"steps\": []",
        "\"turn\": 4294967295, \"step\": \"end\", \"cards\": [], \"steps\": [{\"do\": \"pass_all\"}]",
    );
    let report = run_text(Path::new("s.json"), &text, &Catalogue::bundled().unwrap()).unwrap();
    assert_eq!(report.failures.len(), 1, "{report}");
    assert!(
        report.failures[0]
            .actual
            .contains("beyond the engine's limits"),
        "{report}"
    );
    let err = run_error(&MINIMAL.replace("\"cards\"", "\"turn\": 4294967296, \"cards\""));
    assert!(
        err.contains("at `turn`") && err.contains("4294967296"),
        "{err}"
    );
}

/// A position the rules cannot reach is refused, naming where and the rule
/// that makes it impossible, before anything runs.
#[test]
fn an_impossible_position_is_refused_with_its_path_and_rule() {
    let bear = r#"{"id": "bear", "card": "Grizzly Bears", "owner": "P1", "zone": "battlefield"#;
    let siege =
        r#"{"id": "siege", "card": "Invasion of Azgol", "owner": "P1", "zone": "battlefield"}"#;
    for (cards, extra, at, says) in [
        (
            format!("{bear}\"}}"),
            r#""waiting_triggers": ["bear"], "#,
            "waiting_triggers[0]",
            "Grizzly Bears is not a Siege, and its history says it was no copy of one: only a Siege has the defeat trigger (310.12b)",
        ),
        (
            format!("{bear}\"}}"),
            r#""stack": [{"trigger": "bear"}], "#,
            "stack[0]",
            "only a Siege has the defeat trigger (310.12b)",
        ),
        (
            format!("{bear}\", \"protector\": \"P2\"}}"),
            "",
            "cards[0].protector",
            "Grizzly Bears is not a battle: only a battle has a protector (310.9)",
        ),
        (
            format!("{bear}\", \"attacking\": \"P2\"}}"),
            "",
            "cards[0].attacking",
            "no creature is attacking in step \"main1\"",
        ),
        (
            format!("{bear}\", \"attached_to\": \"bear\"}}"),
            "",
            "cards[0].attached_to",
            "can't be attached to itself (301.5c, 303.4d)",
        ),
    ] {
        let text = MINIMAL
            .replace("\"cards\": []", &format!("\"cards\": [{cards}, {siege}]"))
            .replace("\"steps\"", &format!("{extra}\"steps\""));
        let err = run_error(&text);
        assert!(
            err.starts_with(&format!("s.json: {at}: ")) && err.contains(says),
            "{at}: {err}"
        );
    }
    // The same positions with what the rules allow are accepted.
    let fine = MINIMAL.replace("\"cards\": []", &format!("\"cards\": [{siege}]"));
    let fine = fine.replace("\"steps\"", r#""waiting_triggers": ["siege"], "steps""#);
    assert!(run_text(Path::new("s.json"), &fine, &Catalogue::bundled().unwrap()).is_ok());
}

/// A value of the wrong form where serde_json reads through a buffered
/// enum ("expected value"), and nesting past serde_json's limit, are
/// reported with the path of the value, not only a line and column.
#[test]
fn a_wrong_form_and_deep_nesting_name_their_path() {
    let zone = MINIMAL.replace(
        "\"cards\": []",
        r#""cards": [{"id": "b", "card": "Grizzly Bears", "owner": "P1", "zone": 3}]"#,
    );
    let err = run_error(&zone);
    assert!(
        err.contains("at `cards[0].zone`") && err.contains("not of a form this field takes"),
        "{err}"
    );
    let deep = MINIMAL.replace(
        "\"steps\": []",
        &format!("\"steps\": {}{}", "[".repeat(10_000), "]".repeat(10_000)),
    );
    let err = run_error(&deep);
    assert!(err.contains("at `steps[0]"), "{err}");
    assert!(err.len() < 400, "{err}");
}
