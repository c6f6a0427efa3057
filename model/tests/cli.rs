//! The command line: exit codes (0 pass, 1 a property failed, 2 bad input),
//! error messages that name the bad flag or value, and the JSON report.

mod process;

use process::{battlecheck, text};

#[test]
fn passing_check_exits_0() {
    let o = battlecheck(&["check", "--preset", "tiny", "--threads", "1"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(text(&o).contains("result: PASS"));
}

#[test]
fn violated_property_exits_1_with_a_counterexample_in_game_terms() {
    let o = battlecheck(&[
        "check",
        "--preset",
        "tiny",
        "--fault",
        "extra-defense-counter",
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    let out = text(&o);
    assert!(
        out.contains("VIOLATED      defense-never-exceeds-printed"),
        "{out}"
    );
    assert!(out.contains("2 decisions (shortest)"), "{out}");
    assert!(out.contains("1. P1 casts Pool Siege 2 #2"), "{out}");
    assert!(
        out.contains("Pool Siege 2 #2 [Siege, 3 defense, protected by P2]"),
        "{out}"
    );
}

/// The header of every report says which multiplayer option was checked.
#[test]
fn the_header_names_the_multiplayer_option() {
    let args = [
        "check", "--preset", "tiny", "--attack", "left", "--range", "1",
    ];
    for format in ["human", "junit"] {
        let mut a = args.to_vec();
        a.extend(["--format", format]);
        let out = text(&battlecheck(&a));
        assert!(
            out.contains("defense 2, concede on, attack left, range of influence 1; P1:"),
            "{format}: {out}"
        );
    }
    let out = text(&battlecheck(&[
        "check",
        "--preset",
        "two-headed-giant",
        "--max-states",
        "10",
    ]));
    assert!(
        out.contains("concede on, Two-Headed Giant, teams P1+P2 and P3+P4; P1:"),
        "{out}"
    );
}

#[test]
fn json_report_is_machine_readable() {
    let o = battlecheck(&["check", "--preset", "tiny", "--format", "json"]);
    assert_eq!(o.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("valid JSON");
    assert!(v["unique_states"].as_u64().unwrap() > 0);
    assert_eq!(v["config"]["name"], "tiny");
    let props = v["properties"].as_array().unwrap();
    assert!(props
        .iter()
        .any(|p| p["name"] == "defeat-triggers-once" && p["status"] == "holds"));
}

#[test]
fn bad_input_exits_2_naming_what_was_wrong() {
    let cases: &[(&[&str], &str)] = &[
        (
            &["check", "--players", "7"],
            "--players must be 2 to 6, got 7",
        ),
        (&["check", "--preset", "nope"], "unknown preset 'nope'"),
        (
            &["check", "--hand", "9=bear"],
            "--hand '9=bear': seat must be 1 to 3",
        ),
        (&["check", "--hand", "1=dragon"], "unknown card 'dragon'"),
        (&["check", "--hand", "1"], "expected SEAT=CARD"),
        (
            &["check", "--battlefield", "1=bolt"],
            "'bolt' can't start on the battlefield",
        ),
        (&["check", "--threads", "0"], "--threads must be at least 1"),
        (&["check", "--turns", "0"], "turns must be 1 to 6"),
        (&["check", "--fault", "nope"], "unknown fault 'nope'"),
        (&["check", "--frobnicate"], "--frobnicate"),
        (&["check", "--format", "xml"], "--format"),
        (
            &["check", "--timeout", "0"],
            "--timeout must be a positive number",
        ),
        (
            &["check", "--max-states", "0"],
            "--max-states must be at least 1",
        ),
        (
            &["check", "--bitstate", "0"],
            "--bitstate must be at least 1 MiB",
        ),
        (
            &["check", "--bitstate", "999999999999"],
            "MiB of memory available on this machine",
        ),
        (&["check", "--bitstate", "-1"], "--bitstate"),
        (&["replay", "no/such/file.json"], "no/such/file.json"),
    ];
    for (args, message) in cases {
        let o = battlecheck(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o));
        assert!(
            text(&o).contains(message),
            "{args:?} should say {message:?}: {}",
            text(&o)
        );
    }
}

#[test]
fn explore_on_a_taken_port_is_a_clear_error() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port().to_string();
    let o = battlecheck(&["explore", "--preset", "tiny", "--port", &port]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains(&format!("--port {port}")), "{}", text(&o));
}

#[test]
fn rules_lists_every_tier_one_item_as_covered() {
    let o = battlecheck(&["rules"]);
    assert_eq!(o.status.code(), Some(0));
    let out = text(&o);
    for i in 1..=35 {
        assert!(out.contains(&format!("B{i:02} [")), "B{i:02} missing");
    }
    assert!(!out.contains("NOT COVERED"), "{out}");
}

#[test]
fn replay_runs_the_engine_scenarios() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../engine/scenarios");
    let o = battlecheck(&["replay", dir]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let bad = std::env::temp_dir().join(format!("battlecheck-bad-{}.json", std::process::id()));
    std::fs::write(&bad, "{ \"name\": 3 }").unwrap();
    let o = battlecheck(&["replay", bad.to_str().unwrap()]);
    std::fs::remove_file(&bad).unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(text(&o).contains("battlecheck-bad-"), "{}", text(&o));
}

#[test]
fn junit_report_has_one_case_per_property_and_the_counterexample() {
    let o = battlecheck(&[
        "check",
        "--preset",
        "tiny",
        "--fault",
        "extra-defense-counter",
        "--format",
        "junit",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let xml = String::from_utf8(o.stdout).unwrap();
    assert!(xml.starts_with("<?xml"), "{xml}");
    assert_eq!(
        xml.matches("<testcase ").count(),
        battlecheck_properties::CATALOGUE.len(),
        "{xml}"
    );
    assert!(xml.contains("failures=\"1\""), "{xml}");
    assert!(
        xml.contains("<failure message=\"violated: no battle has more defense counters"),
        "{xml}"
    );
    assert!(xml.contains("P1 casts Pool Siege 2 #2"), "{xml}");
}

#[test]
fn a_stopped_run_is_partial_with_exit_code_3() {
    let o = battlecheck(&[
        "check",
        "--preset",
        "duel",
        "--max-states",
        "500",
        "--threads",
        "1",
    ]);
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
    assert!(text(&o).contains("PARTIAL"), "{}", text(&o));
    let o = battlecheck(&[
        "check",
        "--preset",
        "duel",
        "--max-states",
        "500",
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["complete"], false);
}

/// `bench` reports every variant and the random games (as many as
/// `--games` asks); the numbers are wall-clock rates and not asserted, the
/// state and game counts are.
#[test]
fn bench_reports_every_variant_and_the_random_games() {
    let o = battlecheck(&[
        "bench", "--preset", "tiny", "--budget", "100", "--runs", "1", "--games", "300",
        "--format", "json",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let r: serde_json::Value = serde_json::from_slice(&o.stdout).expect("a JSON report");
    assert_eq!(r["unique_with_symmetry"], 214);
    assert_eq!(r["unique_without_symmetry"], 214);
    let variants = r["variants"].as_array().expect("variants");
    assert_eq!(
        variants.len(),
        10,
        "the check's dfs and stateright's dfs with/without symmetry, bfs; 1 and 2 threads"
    );
    for search in ["dfs", "stateright-dfs", "bfs"] {
        assert!(variants.iter().any(|v| v["search"] == search), "{search}");
    }
    let games = &r["random_games"];
    assert_eq!(games["games"], 300);
    assert_eq!(games["rounds"], 1);
    assert!(games["ratio"].as_f64().unwrap() > 0.0);
    assert!(games["engine_decisions"].as_u64().unwrap() >= 300);
    assert!(games["model_decisions"].as_u64().unwrap() >= 300);
    for zero in ["--runs", "--games", "--budget"] {
        let o = battlecheck(&["bench", "--preset", "tiny", zero, "0"]);
        assert_eq!(o.status.code(), Some(2), "{zero} 0: {}", text(&o));
        assert!(
            text(&o).contains("--games must be at least 1"),
            "{}",
            text(&o)
        );
    }
}

/// `coverage` on one small preset: every listed branch in the table, the
/// branches the preset never reaches listed as gaps (exit 1), those no
/// model game reaches explained; JSON for machines; JUnit refused.
#[test]
fn coverage_lists_the_branches_and_the_gaps() {
    let o = battlecheck(&["coverage", "--preset", "tiny"]);
    let said = text(&o);
    assert_eq!(o.status.code(), Some(1), "{said}");
    assert!(said.contains("passed                   117.3d"), "{said}");
    assert!(
        said.contains("GAPS: ") && said.contains("trample_assigned (702.19b)"),
        "{said}"
    );
    assert!(
        said.contains("emblem_created (114.2): the model's planeswalker has no loyalty abilities"),
        "{said}"
    );
    let o = battlecheck(&["coverage", "--preset", "tiny", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["configs"], serde_json::json!(["tiny"]));
    assert!(v["gaps"]
        .as_array()
        .unwrap()
        .contains(&serde_json::json!("trample_assigned (702.19b)")));
    let o = battlecheck(&["coverage", "--preset", "tiny", "--format", "junit"]);
    assert_eq!(o.status.code(), Some(2));
}

/// `coverage --random-games N` adds each configuration's full round, as it
/// is and with its seats turned by one, played in N random games with the
/// seed given, named as such; the engine conforms there too. Bad counts, a
/// seed without games and a file as the counterexamples' directory are
/// refused.
#[test]
fn coverage_adds_random_games_of_a_full_round() {
    let args = [
        "coverage",
        "--preset",
        "tiny",
        "--random-games",
        "30",
        "--seed",
        "7",
    ];
    let o = battlecheck(&[&args[..], &["--format", "json"]].concat());
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        v["configs"],
        serde_json::json!([
            "tiny",
            "tiny-full-round (30 random games, seed 7)",
            "tiny-turned-full-round (30 random games, seed 7)"
        ])
    );
    assert!(v["diverged"].as_array().unwrap().is_empty(), "{v}");
    for (bad, says) in [
        (
            vec!["--random-games", "0"],
            "--random-games must be at least 1",
        ),
        (vec!["--random-games", "some"], "--random-games"),
        (vec!["--seed", "3"], "--random-games"),
        (
            vec![
                "--save-counterexample",
                concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"),
            ],
            "--save-counterexample",
        ),
    ] {
        let o = battlecheck(&[&["coverage", "--preset", "tiny"][..], &bad].concat());
        assert_eq!(o.status.code(), Some(2), "{bad:?}");
        assert!(text(&o).contains(says), "{bad:?}: {}", text(&o));
    }
}
