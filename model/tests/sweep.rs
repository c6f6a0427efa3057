//! Sharded sweeps: the shards of a sweep cover exactly its configurations,
//! and merging their reports gives the unsharded report; a merge that
//! cannot prove every configuration was checked exactly once fails, and so
//! does a shard that holds no configuration.

use battlecheck::check::sweep::{merge, sweep, Matrix, Shard, SweepReport};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn matrix() -> Matrix {
    Matrix {
        presets: vec!["tiny".into(), "duel".into()],
        players: vec![2, 3],
        defenses: vec![1, 2],
        turns: vec![1],
        concede: vec![true, false],
    }
}

#[test]
fn shards_cover_the_sweep_and_merge_into_it() {
    let m = matrix();
    let whole = sweep(&m, None).unwrap();
    assert_eq!(whole.entries.len(), 16);
    let one = sweep(&m, Some(Shard { index: 1, count: 2 })).unwrap();
    let two = sweep(&m, Some(Shard { index: 2, count: 2 })).unwrap();
    let mut covered: Vec<usize> = one
        .entries
        .iter()
        .chain(&two.entries)
        .map(|e| e.index)
        .collect();
    covered.sort();
    assert_eq!(
        covered,
        (0..16).collect::<Vec<_>>(),
        "together, exactly once each"
    );
    assert!(!one.entries.is_empty() && !two.entries.is_empty());
    let merged = merge(vec![
        ("one".into(), one.clone()),
        ("two".into(), two.clone()),
    ])
    .unwrap();
    assert_eq!(merged, whole);
    // Reports survive JSON, as CI passes them between machines.
    let json = serde_json::to_string(&one).unwrap();
    assert_eq!(
        serde_json::from_str::<battlecheck::check::sweep::SweepReport>(&json).unwrap(),
        one
    );

    let missing = merge(vec![("one".into(), one.clone())]).unwrap_err();
    assert!(missing.0.contains("miss shards [2] of 2"), "{missing}");
    let twice = merge(vec![("one".into(), one.clone()), ("again".into(), one)]).unwrap_err();
    assert!(
        twice.0.contains("again: shard 1/2 again (also one)"),
        "{twice}"
    );
    let mut other = two;
    other.matrix.defenses = vec![3];
    let mismatched = merge(vec![("whole".into(), whole), ("other".into(), other)]).unwrap_err();
    assert!(
        mismatched.0.contains("other: a different sweep matrix"),
        "{mismatched}"
    );
}

#[test]
fn bad_shards_are_rejected() {
    for bad in ["0/2", "3/2", "1/0", "x", "1/2/3"] {
        assert!(bad.parse::<Shard>().is_err(), "{bad}");
    }
    assert_eq!("2/3".parse::<Shard>(), Ok(Shard { index: 2, count: 3 }));
}

/// Three configurations of the `tiny` preset: sweeps of it take
/// milliseconds.
fn small() -> Matrix {
    Matrix {
        presets: vec!["tiny".into()],
        players: vec![2],
        defenses: vec![1, 2, 3],
        turns: vec![1],
        concede: vec![true],
    }
}

/// The reports of the two shards of the small matrix: configurations 0
/// and 2, and configuration 1.
fn shards() -> (SweepReport, SweepReport) {
    let m = small();
    (
        sweep(&m, Some(Shard { index: 1, count: 2 })).unwrap(),
        sweep(&m, Some(Shard { index: 2, count: 2 })).unwrap(),
    )
}

/// The error of merging `reports` (named `a.json`, `b.json`, …).
fn merge_error(reports: Vec<SweepReport>) -> String {
    let named = reports
        .into_iter()
        .zip(["a.json", "b.json", "c.json"])
        .map(|(r, n)| (n.to_string(), r))
        .collect();
    merge(named).expect_err("the merge must fail").0
}

#[test]
fn merge_refuses_shard_metadata_that_contradicts_the_split() {
    let (one, two) = shards();
    let with_shard = |r: &SweepReport, shard: Option<Shard>| SweepReport { shard, ..r.clone() };
    let cases = [
        (
            Some(Shard { index: 1, count: 3 }),
            "b.json: shard 2/2 is of a split in 2, a.json of a split in 3",
        ),
        (
            Some(Shard { index: 1, count: 4 }),
            "a.json: shard 1/4: the matrix has 3 configurations",
        ),
        (
            Some(Shard { index: 0, count: 2 }),
            "a.json: shard 0/2 is not a shard",
        ),
        (
            Some(Shard { index: 1, count: 0 }),
            "a.json: shard 1/0 is not a shard",
        ),
        (
            None,
            "a.json: a whole sweep (no shard) merged with other reports",
        ),
    ];
    for (shard, message) in cases {
        let e = merge_error(vec![with_shard(&one, shard), two.clone()]);
        assert!(e.contains(message), "{shard:?}: {e}");
    }
    let whole = sweep(&small(), None).unwrap();
    assert_eq!(
        merge(vec![("w.json".into(), whole.clone())]).unwrap(),
        whole,
        "a whole sweep alone merges"
    );
    let e = merge_error(vec![one.clone(), two.clone(), whole]);
    assert!(e.contains("c.json: a whole sweep (no shard) merged"), "{e}");
    let e = merge_error(vec![two.clone(), two.clone()]);
    assert!(e.contains("b.json: shard 2/2 again (also a.json)"), "{e}");
    let e = merge_error(vec![two]);
    assert!(e.contains("the reports miss shards [1] of 2"), "{e}");
}

#[test]
fn merge_refuses_entries_that_are_not_the_shards_configurations() {
    let (one, two) = shards();
    let tampered = |change: &dyn Fn(&mut SweepReport)| {
        let mut r = one.clone();
        change(&mut r);
        merge_error(vec![r, two.clone()])
    };
    let e = tampered(&|r| r.entries[0].index = 999);
    assert!(
        e.contains("a.json: configuration 999 is not in the matrix, which has 3 configurations"),
        "{e}"
    );
    let e = tampered(&|r| r.entries[0].index = 1);
    assert!(
        e.contains("a.json: configuration 1 belongs to shard 2/2, not to this report's shard 1/2"),
        "{e}"
    );
    let e = tampered(&|r| r.entries[0].config.defense = 7);
    assert!(
        e.contains("a.json: configuration 0 is not the matrix's configuration at that index"),
        "{e}"
    );
    let e = tampered(&|r| r.entries.push(r.entries[0].clone()));
    assert!(
        e.contains("a.json: configuration 0 appears more than once"),
        "{e}"
    );
    let e = tampered(&|r| r.entries.clear());
    assert!(e.contains("the reports miss configurations [0, 2]"), "{e}");
}

#[test]
fn sweep_refuses_shards_that_are_not_one_of_a_split_of_the_matrix() {
    let refused = |index, count| {
        let e = sweep(&small(), Some(Shard { index, count })).expect_err("refused");
        assert!(e.0.starts_with(&format!("--shard {index}/{count}")), "{e}");
        e.0
    };
    for (index, count) in [(0, 2), (3, 2), (1, 0)] {
        assert!(refused(index, count).contains("is not a shard"));
    }
    for (index, count) in [(49, 1000), (1, 4)] {
        let e = refused(index, count);
        assert!(e.contains("the matrix has 3 configurations"), "{e}");
    }
}

fn battlecheck(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_battlecheck"))
        .args(args)
        .output()
        .expect("battlecheck runs")
}

/// Write a report as a JSON file in `dir`.
fn write(dir: &Path, name: &str, r: &SweepReport) -> PathBuf {
    let file = dir.join(name);
    std::fs::write(&file, serde_json::to_string(r).unwrap()).unwrap();
    file
}

#[test]
fn the_command_fails_on_a_tampered_report_and_an_empty_shard() {
    let dir = std::env::temp_dir().join(format!("battlecheck-sweep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (one, two) = shards();
    let mut moved = one.clone();
    moved.entries[0].index = 999;
    let two = write(&dir, "two.json", &two);
    // JUnit of merged reports: they keep no timings, so the suite states no
    // time (rather than time="0.000")
    let one_file = write(&dir, "one.json", &one);
    let out = battlecheck(&[
        "merge-reports",
        "--format",
        "junit",
        one_file.to_str().unwrap(),
        two.to_str().unwrap(),
    ]);
    let xml = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{xml}");
    assert!(
        xml.contains("<testsuite name=\"battlecheck sweep\"") && !xml.contains("time="),
        "{xml}"
    );
    for (name, report, code) in [("one.json", &one, 0), ("moved.json", &moved, 2)] {
        let file = write(&dir, name, report);
        let out = battlecheck(&[
            "merge-reports",
            file.to_str().unwrap(),
            two.to_str().unwrap(),
        ]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{name}: {stderr}");
        if code != 0 {
            assert!(
                stderr.contains("moved.json: configuration 999 is not in the matrix"),
                "{stderr}"
            );
        }
    }
    let out = battlecheck(&[
        "sweep",
        "--presets",
        "tiny",
        "--players",
        "2",
        "--defenses",
        "1,2,3",
        "--concede",
        "true",
        "--shard",
        "49/1000",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("the matrix has 3 configurations"),
        "{stderr}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
