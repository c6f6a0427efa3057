//! Frontier files (`check --frontier-out`, `check --shard K/N
//! --frontier-in`): the frontier run and the shards started from its file,
//! merged, give the unsplit check's verdict; each such shard explores what
//! a shard without the file explores below the frontier, and nothing
//! above; and a file or a set of reports that does not fit is refused,
//! naming what is wrong.

mod common;

use battlecheck::check::frontier::{self, check_from_frontier, check_frontier_out};
use battlecheck::check::split::{merge, ShardReport};
use battlecheck::check::sweep::Shard;
use battlecheck::check::{check, CheckOptions, CheckReport};
use battlecheck::rules::config::Config;
use battlecheck::rules::faults::Fault;
use common::verdicts;
use std::path::{Path, PathBuf};

fn options(shard: Option<Shard>, symmetry: bool) -> CheckOptions {
    CheckOptions {
        threads: 2,
        shard,
        symmetry,
        ..CheckOptions::default()
    }
}

/// A fresh directory for this test's files.
fn dir(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("frontier-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("a directory");
    d
}

/// A report read back as `merge-reports` reads it.
fn as_read(name: &str, r: &CheckReport) -> (String, ShardReport) {
    let json = serde_json::to_string(r).expect("serialisable");
    (
        name.to_string(),
        serde_json::from_str(&json).expect("a report merge-reports reads"),
    )
}

/// The frontier run of `config`, its file written to `path`.
fn frontier_run(config: &Config, path: &Path, symmetry: bool) -> CheckReport {
    let (report, frontier) =
        check_frontier_out(config.clone(), &options(None, symmetry)).expect("valid");
    let frontier = frontier.expect("a complete run writes its frontier");
    frontier.write(path).expect("written");
    assert_eq!(report.frontier_out, Some(frontier.summary()));
    report
}

/// Shard `shard` of `config` started from the frontier file `path`.
fn from_file(
    config: &Config,
    path: &Path,
    shard: Shard,
    symmetry: bool,
) -> Result<CheckReport, String> {
    let loaded = frontier::read(path, shard)?;
    check_from_frontier(
        config.clone(),
        &options(Some(shard), symmetry),
        shard,
        loaded,
        "frontier.bin",
    )
    .map_err(|e| e.0)
}

/// Games of two turns (2 players, one with a seeded fault whose violation
/// lies in the second turn), of three players and of four: the merge of
/// the frontier run and its shards has the unsplit verdicts and shortest
/// counterexamples, each shard explores exactly the states a shard
/// without the file explores minus the prefix, and the merged count is
/// the prefix once plus the shards'.
#[test]
fn shards_from_a_frontier_file_give_the_unsplit_verdict() {
    let duel = Config::preset("duel").expect("a preset");
    let mut broken = duel.clone();
    broken.faults = vec![Fault::BattleDamageTwice];
    let gobakhan = Config::preset("gobakhan").expect("a preset");
    let attack_right = Config::preset("attack-right").expect("a preset");
    let d = dir("verdict");
    for (config, symmetry) in [
        (duel, true),
        (broken, true),
        (gobakhan, true),
        (attack_right.clone(), true),
        (attack_right, false),
    ] {
        let whole = check(config.clone(), &options(None, symmetry)).expect("valid");
        let path = d.join(format!("{}-{symmetry}.frontier", config.name));
        let run = frontier_run(&config, &path, symmetry);
        let f = run.frontier_out.expect("a frontier");
        assert!(f.states > 0, "{}", config.name);
        assert_eq!(f.prefix_states + f.states, run.unique_states);
        for count in [1, 2, 3] {
            let mut parts = vec![as_read("frontier.json", &run)];
            let mut below = 0;
            for index in 1..=count {
                let shard = Shard { index, count };
                let started = from_file(&config, &path, shard, symmetry).expect("fits");
                let own = check(config.clone(), &options(Some(shard), symmetry)).expect("valid");
                let info = started.shard.expect("a shard");
                assert_eq!(info.frontier_file, Some(f.checksum));
                assert_eq!(
                    (
                        info.prefix_states,
                        info.frontier_states,
                        info.owned_frontier_states
                    ),
                    {
                        let o = own.shard.expect("a shard");
                        (o.prefix_states, o.frontier_states, o.owned_frontier_states)
                    },
                    "{} shard {shard}",
                    config.name
                );
                assert_eq!(
                    started.unique_states,
                    own.unique_states - f.prefix_states,
                    "{} shard {shard}: not what the shard explores below its frontier",
                    config.name
                );
                below += started.unique_states;
                parts.push(as_read(&format!("shard-{index}.json"), &started));
            }
            let merged = merge(parts).expect("one run and every shard once");
            assert_eq!(
                verdicts(&merged),
                verdicts(&whole),
                "{} in {count}",
                config.name
            );
            assert_eq!(merged.passed(), whole.passed());
            assert!(merged.merged_frontier_run);
            assert_eq!(merged.unique_states, f.prefix_states + below);
        }
    }
}

/// A file that does not fit the shard is refused before anything is
/// explored, naming the file and what is wrong with it.
#[test]
fn a_frontier_file_that_does_not_fit_is_refused() {
    let config = Config::preset("duel").expect("a preset");
    let d = dir("refused");
    let path = d.join("duel.frontier");
    frontier_run(&config, &path, true);
    let bytes = std::fs::read(&path).expect("written");
    let header_end = bytes
        .iter()
        .position(|b| *b == b'\n')
        .expect("a header line");
    let shard = Shard { index: 1, count: 2 };
    let refused = |name: &str, content: &[u8], config: &Config, symmetry: bool| {
        let p = d.join(name);
        std::fs::write(&p, content).expect("written");
        from_file(config, &p, shard, symmetry).expect_err("must be refused")
    };
    let header = String::from_utf8(bytes[..header_end].to_vec()).expect("text");
    let body = &bytes[header_end..];
    let with_header = |h: String| [h.as_bytes(), body].concat();

    let mut damaged = bytes.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 0x40;
    let e = refused("damaged", &damaged, &config, true);
    assert!(
        e.contains("damaged: its checksum is") && e.contains("the file is damaged"),
        "{e}"
    );

    let e = refused("cut", &bytes[..bytes.len() - 100], &config, true);
    assert!(
        e.contains("cut: ends inside record") && e.contains("cut short"),
        "{e}"
    );

    let e = refused(
        "whole-record-missing",
        &bytes[..header_end + 1],
        &config,
        true,
    );
    assert!(
        e.contains("holds 0 states in 0 bytes, its header says"),
        "{e}"
    );

    let e = refused("scenario.json", b"{\"cards\": []}\n", &config, true);
    assert!(
        e.contains("scenario.json: not a frontier file (`check --frontier-out`)"),
        "{e}"
    );

    let e = refused("binary", &[0u8, 1, 2, 3], &config, true);
    assert!(e.contains("binary: not a frontier file"), "{e}");

    let e = refused(
        "version",
        &with_header(header.replace("\"version\":2,", "\"version\":1,")),
        &config,
        true,
    );
    assert!(
        e.contains("version: frontier format version 1; this battlecheck reads version 2"),
        "{e}"
    );

    let e = refused(
        "older",
        &with_header(header.replace(
            &format!("\"battlecheck\":\"{}\"", env!("CARGO_PKG_VERSION")),
            "\"battlecheck\":\"0.0.1\"",
        )),
        &config,
        true,
    );
    assert!(e.contains("older: written by battlecheck 0.0.1"), "{e}");

    let mut other = config.clone();
    other.life = 19;
    let e = from_file(&other, &path, shard, true).expect_err("another configuration");
    assert!(
        e.contains("the frontier is of another configuration"),
        "{e}"
    );

    let e = from_file(&config, &path, shard, false).expect_err("another reduction");
    assert!(
        e.contains("written with the symmetry reduction") || e.contains("--no-symmetry"),
        "{e}"
    );

    // A record whose state this build keys otherwise: the key of the
    // first record changed, and the header's sums and checksum with it.
    let mut rekeyed = body[1..].to_vec();
    rekeyed[0] ^= 1;
    let sum_before: u64 = header_number(&header, "keys");
    let h = header
        .replace(
            &format!("\"keys\":{sum_before}"),
            &format!(
                "\"keys\":{}",
                sum_before.wrapping_add(if body[1] & 1 == 0 { 1 } else { u64::MAX })
            ),
        )
        .replace(
            &format!("\"checksum\":{}", header_number(&header, "checksum")),
            &format!("\"checksum\":{}", crc32fast::hash(&rekeyed)),
        );
    let p = d.join("rekeyed");
    std::fs::write(&p, [h.as_bytes(), b"\n", &rekeyed].concat()).expect("written");
    let errors: Vec<String> = [1, 2]
        .into_iter()
        .filter_map(|index| from_file(&config, &p, Shard { index, count: 2 }, true).err())
        .collect();
    assert!(
        errors
            .iter()
            .any(|e| e.contains("keys state") && e.contains("otherwise")),
        "{errors:?}"
    );
}

fn header_number(header: &str, field: &str) -> u64 {
    let v: serde_json::Value = serde_json::from_str(header).expect("JSON");
    v[field].as_u64().expect("a number")
}

/// The merge takes one frontier run with the shards that started from its
/// file, all of them from that file; anything else is refused.
#[test]
fn a_merge_needs_the_frontier_run_whose_file_its_shards_read() {
    let config = Config::preset("duel").expect("a preset");
    let d = dir("merge");
    let (a, b) = (d.join("a.frontier"), d.join("b.frontier"));
    let run_a = frontier_run(&config, &a, true);
    let mut other = config.clone();
    other.life = 19;
    let run_b = frontier_run(&other, &b, true);
    let shards = |path: &Path, config: &Config| -> Vec<(String, ShardReport)> {
        (1..=2)
            .map(|index| {
                let r = from_file(config, path, Shard { index, count: 2 }, true).expect("fits");
                as_read(&format!("shard-{index}.json"), &r)
            })
            .collect()
    };
    let error = |parts: Vec<(String, ShardReport)>| merge(parts).expect_err("must fail").0;

    let e = error(shards(&a, &config));
    assert!(
        e.contains("the report of the run that wrote it is missing"),
        "{e}"
    );

    let mut parts = shards(&a, &config);
    parts.push(as_read("a.json", &run_a));
    parts.push(as_read("a-again.json", &run_a));
    assert!(error(parts).contains("a-again.json: the report of a second frontier run"));

    let e = error(vec![as_read("a.json", &run_a)]);
    assert!(
        e.contains("a.json is the frontier run's report: merge it with the reports of its shards"),
        "{e}"
    );

    let mut parts = shards(&a, &config);
    parts.push(as_read("b.json", &run_b));
    assert!(error(parts).contains("b.json: a different configuration"));

    // Shards that explored the first turn themselves, with a frontier run.
    let own = || -> Vec<(String, ShardReport)> {
        (1..=2)
            .map(|index| {
                let shard = Shard { index, count: 2 };
                let r = check(config.clone(), &options(Some(shard), true)).expect("valid");
                as_read(&format!("own-{index}.json"), &r)
            })
            .collect()
    };
    let mut parts = own();
    parts.push(as_read("a.json", &run_a));
    assert!(error(parts)
        .contains("a.json is a frontier run's report, but no shard started from its file"));

    // One shard from the file, one on its own.
    let mut parts = own();
    parts[0] = shards(&a, &config).remove(0);
    parts.push(as_read("a.json", &run_a));
    assert!(error(parts).contains("explored the first turn itself"));
}

/// A frontier run stopped by a limit before the frontier was all known
/// writes no frontier; a game of one turn has no frontier file.
#[test]
fn a_stopped_or_one_turn_frontier_run_writes_no_file() {
    let config = Config::preset("duel").expect("a preset");
    let opts = CheckOptions {
        max_states: Some(500),
        ..options(None, true)
    };
    let (report, frontier) = check_frontier_out(config, &opts).expect("valid");
    assert!(!report.complete);
    assert!(frontier.is_none());
    assert!(report.frontier_out.is_none());
    let e = check_frontier_out(
        Config::preset("tiny").expect("a preset"),
        &options(None, true),
    )
    .err()
    .expect("one turn");
    assert!(
        e.0.contains("a frontier file is for games of several turns"),
        "{}",
        e.0
    );
}
