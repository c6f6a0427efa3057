//! The engine protocol (`engine/PROTOCOL.md`): this repository's engine
//! served by `battlecheck serve-engine` and driven by the client
//! (`conform::process`), `battlecheck probe-engine`, and engines that
//! misbehave in each way the client must report (small `sh` scripts).

use battlecheck::conform::bridge::scenario;
use battlecheck::conform::process::{EngineProcess, Problem, ProcessError};
use battlecheck::Config;
use battlecheck_properties::{Decision, PlayerId};
use serde_json::json;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_battlecheck");

fn serve_cmd() -> String {
    format!("'{BIN}' serve-engine")
}

fn tiny() -> serde_json::Value {
    scenario(&Config::preset("tiny").unwrap(), &[])
}

#[test]
fn a_game_through_serve_engine() {
    let mut e = EngineProcess::spawn(&serve_cmd(), Duration::from_secs(20)).unwrap();
    assert_eq!(e.info().name, "battlecheck-engine");
    assert!(e.features().iter().any(|f| f == "snapshot"));
    let start = e.setup(tiny()).unwrap();
    let legal = e.legal().unwrap();
    assert!(legal.contains(&Decision::PassAll), "{legal:?}");
    let cast = legal
        .iter()
        .find(|d| matches!(d, Decision::Cast { .. }))
        .expect("tiny's first player can cast the Siege")
        .clone();
    let token = e.snapshot().unwrap();
    let mut after_cast = e.apply(&cast).unwrap().expect("a legal decision is taken");
    // What the cast did is told with the answer to `apply` only.
    assert_eq!(after_cast.happened.take(), Some(Vec::new()));
    assert_ne!(after_cast, start);
    assert_eq!(e.observe().unwrap(), after_cast);
    let after_pass = e.apply(&Decision::PassAll).unwrap().unwrap();
    assert_ne!(after_pass, after_cast);
    assert_eq!(e.restore(&token).unwrap(), start);
    assert_eq!(e.observe().unwrap(), start);
    assert_eq!(e.legal().unwrap(), legal);
    // A decision the rules forbid is refused citing the rule; the game stays.
    let refused = e
        .apply(&Decision::DeclareAttackers {
            attacks: Vec::new(),
        })
        .unwrap()
        .expect_err("no attackers are declared in a main phase");
    assert_eq!(refused.rule.as_deref(), Some("508.1"), "{refused:?}");
    assert_eq!(e.observe().unwrap(), start);
    // Something not in the game is refused without a rule.
    let unknown = e
        .apply(&Decision::Concede {
            player: PlayerId(7),
        })
        .unwrap()
        .unwrap_err();
    assert_eq!(unknown.rule, None);
}

#[test]
fn an_unknown_snapshot_token_is_an_engine_error() {
    let mut e = EngineProcess::spawn(&serve_cmd(), Duration::from_secs(20)).unwrap();
    e.setup(tiny()).unwrap();
    let err = e.restore("nope").unwrap_err();
    assert_eq!(err.problem, Problem::EngineError, "{err}");
    assert!(err.to_string().contains("unknown snapshot token"), "{err}");
}

fn battlecheck(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(BIN).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn probe_engine_agrees_with_serve_engine() {
    for preset in ["tiny", "default"] {
        let (code, out, err) = battlecheck(&[
            "probe-engine",
            "--engine-cmd",
            &serve_cmd(),
            "--preset",
            preset,
        ]);
        assert_eq!(code, 0, "{preset}: {out}{err}");
        assert!(out.contains("engine: battlecheck-engine"), "{out}");
        assert!(out.contains(r#"{"decision":"pass_all"}"#), "{out}");
        assert!(out.contains("result: the engine agrees"), "{out}");
    }
}

#[test]
fn probe_engine_reports_a_protocol_failure_with_exit_2() {
    let dir = scripts_dir("probe");
    let cmd = script(&dir, "garbage", "read line\necho 'this is not JSON'\n");
    let start = Instant::now();
    let (code, out, err) = battlecheck(&[
        "probe-engine",
        "--engine-cmd",
        &cmd,
        "--preset",
        "tiny",
        "--timeout",
        "2",
    ]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.contains("protocol failure"), "{err}");
    assert!(err.contains("this is not JSON"), "{err}");
    assert!(start.elapsed() < Duration::from_secs(10));
    let (code, _, err) = battlecheck(&[
        "probe-engine",
        "--engine-cmd",
        &serve_cmd(),
        "--timeout",
        "-1",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--timeout"), "{err}");
}

#[test]
fn serve_engine_answers_a_garbage_line_and_keeps_serving() {
    let mut child = Command::new(BIN)
        .arg("serve-engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let lines = [
        "this is not JSON",
        r#"{"id":5,"type":"no_such_request"}"#,
        r#"{"id":6,"type":"legal"}"#,
        r#"{"id":7,"type":"setup","position":[1,2]}"#,
        r#"{"id":8,"type":"hello","protocol":5}"#,
    ];
    for l in lines {
        writeln!(stdin, "{l}").unwrap();
    }
    stdin.write_all(&[0xff, 0xfe, b'\n']).unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let responses: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(responses.len(), 6, "{responses:?}");
    let ids: Vec<&serde_json::Value> = responses.iter().map(|r| &r["id"]).collect();
    assert_eq!(
        ids,
        [
            &serde_json::Value::Null,
            &serde_json::json!(5),
            &serde_json::json!(6),
            &serde_json::json!(7),
            &serde_json::json!(8),
            &serde_json::Value::Null,
        ]
    );
    for (i, want) in [
        (0, "malformed request"),
        (1, "unknown variant `no_such_request`"),
        (2, "no game"),
        (3, "must be a JSON object"),
        (5, "not UTF-8"),
    ] {
        assert_eq!(responses[i]["type"], "error", "{}", responses[i]);
        let message = responses[i]["message"].as_str().unwrap();
        assert!(message.contains(want), "{message}");
    }
    assert_eq!(responses[4]["type"], "hello");
    assert_eq!(responses[4]["protocol"], 6);
}

#[test]
fn serve_engine_refuses_an_unknown_fault() {
    let (code, _, err) = battlecheck(&["serve-engine", "--engine-fault", "no-such-bug"]);
    assert_eq!(code, 2);
    assert!(err.contains("no-such-bug"), "{err}");
}

/// A fresh directory for this test's scripts.
fn scripts_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "battlecheck-protocol-{name}-{}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The command running `body` with `sh`, written to DIR/NAME.sh.
fn script(dir: &std::path::Path, name: &str, body: &str) -> String {
    let path = dir.join(format!("{name}.sh"));
    std::fs::write(&path, body).unwrap();
    format!("sh '{}'", path.display())
}

const HELLO: &str =
    r#"{"id":1,"type":"hello","protocol":5,"engine":{"name":"fake","version":"0"},"features":[]}"#;

/// Start the engine `body` with a time limit of `limit`, set up tiny, and
/// ask for its legal decisions: the error, checked to come within the
/// limit and with some room.
fn misbehaving(name: &str, body: &str, limit: Duration) -> ProcessError {
    let dir = scripts_dir(name);
    let cmd = script(&dir, name, body);
    let start = Instant::now();
    let result = EngineProcess::spawn(&cmd, limit).and_then(|mut e| {
        e.setup(tiny())?;
        e.legal()
    });
    let elapsed = start.elapsed();
    let err = result.expect_err("a misbehaving engine is an error");
    assert!(
        elapsed < limit * 2 + Duration::from_secs(1),
        "{name}: {elapsed:?}"
    );
    let text = err.to_string();
    assert!(text.contains(&cmd), "{text}");
    assert!(text.contains("last request sent: "), "{text}");
    assert!(text.contains("last line received: "), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
    err
}

#[test]
fn an_engine_that_exits_is_reported_with_its_status_and_stderr() {
    let err = misbehaving(
        "exits",
        "echo 'cannot load my cards' >&2\nexit 3\n",
        Duration::from_secs(5),
    );
    assert_eq!(err.problem, Problem::Exited, "{err}");
    let text = err.to_string();
    assert!(text.contains("exit status: 3"), "{text}");
    assert!(text.contains("cannot load my cards"), "{text}");
    assert!(err
        .exchange
        .last_request
        .as_deref()
        .unwrap()
        .contains("hello"));
}

#[test]
fn an_engine_that_hangs_is_reported_at_the_time_limit() {
    let start = Instant::now();
    let err = misbehaving("hangs", "exec sleep 1000\n", Duration::from_secs(1));
    assert!(start.elapsed() >= Duration::from_secs(1));
    assert_eq!(err.problem, Problem::Timeout, "{err}");
    assert!(err.to_string().contains("within the time limit of 1.0 s"));
    assert!(err
        .exchange
        .last_request
        .as_deref()
        .unwrap()
        .contains("hello"));
    assert_eq!(err.exchange.last_response, None);
}

#[test]
fn an_engine_that_hangs_later_is_reported_at_the_time_limit() {
    let body = format!("read line\necho '{HELLO}'\nexec sleep 1000\n");
    let err = misbehaving("hangs-later", &body, Duration::from_secs(1));
    assert_eq!(err.problem, Problem::Timeout, "{err}");
    assert!(err
        .exchange
        .last_request
        .as_deref()
        .unwrap()
        .contains("setup"));
    assert_eq!(err.exchange.last_response.as_deref(), Some(HELLO));
}

#[test]
fn an_engine_that_prints_garbage_is_reported() {
    let err = misbehaving(
        "garbage",
        "read line\necho 'Engine v2 ready!'\n",
        Duration::from_secs(5),
    );
    assert_eq!(err.problem, Problem::Garbage, "{err}");
    assert!(err.to_string().contains("not JSON"), "{err}");
    assert_eq!(
        err.exchange.last_response.as_deref(),
        Some("Engine v2 ready!")
    );
    let err = misbehaving(
        "not-a-message",
        "read line\necho '{\"id\":1,\"type\":\"welcome\"}'\n",
        Duration::from_secs(5),
    );
    assert_eq!(err.problem, Problem::Garbage, "{err}");
    assert!(err.to_string().contains("not a response of the protocol"));
    let err = misbehaving(
        "not-utf8",
        "read line\nprintf '\\377\\n'\n",
        Duration::from_secs(5),
    );
    assert_eq!(err.problem, Problem::Garbage, "{err}");
    assert!(err.to_string().contains("not UTF-8"), "{err}");
}

#[test]
fn an_engine_of_another_protocol_version_is_refused() {
    let hello = HELLO.replace("\"protocol\":5", "\"protocol\":999");
    let err = misbehaving(
        "version",
        &format!("read line\necho '{hello}'\nexec sleep 1000\n"),
        Duration::from_secs(5),
    );
    assert_eq!(err.problem, Problem::Version, "{err}");
    let text = err.to_string();
    assert!(text.contains("protocol version 999"), "{text}");
    assert!(text.contains("speaks versions 5 to 6"), "{text}");
    assert_eq!(err.exchange.last_response.as_deref(), Some(hello.as_str()));
}

#[test]
fn an_answer_of_the_wrong_type_is_reported() {
    let body = format!(
        "read line\necho '{HELLO}'\nread line\necho '{{\"id\":2,\"type\":\"legal\",\"decisions\":[]}}'\n"
    );
    let err = misbehaving("wrong-type", &body, Duration::from_secs(5));
    assert_eq!(err.problem, Problem::Unexpected, "{err}");
    let text = err.to_string();
    assert!(
        text.contains("answered 'setup' with a 'legal' response"),
        "{text}"
    );
    assert!(err
        .exchange
        .last_request
        .as_deref()
        .unwrap()
        .contains("\"setup\""));
}

#[test]
fn an_answer_to_a_request_not_sent_is_reported() {
    let hello = HELLO.replace("\"id\":1", "\"id\":42");
    let err = misbehaving(
        "wrong-id",
        &format!("read line\necho '{hello}'\n"),
        Duration::from_secs(5),
    );
    assert_eq!(err.problem, Problem::Unexpected, "{err}");
    assert!(
        err.to_string()
            .contains("answered request 42, but the request sent was 'hello' with id 1"),
        "{err}"
    );
}

#[test]
fn an_engine_without_snapshots_is_not_asked_for_one() {
    let dir = scripts_dir("no-snapshot");
    let cmd = script(
        &dir,
        "no-snapshot",
        &format!("read line\necho '{HELLO}'\nexec sleep 1000\n"),
    );
    let mut e = EngineProcess::spawn(&cmd, Duration::from_secs(5)).unwrap();
    let err = e.snapshot().unwrap_err();
    assert_eq!(err.problem, Problem::Unsupported, "{err}");
    assert!(err.to_string().contains("'snapshot'"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A position with multiplayer options is not set up on an engine that
/// did not announce them: it would play a free-for-all game instead. The
/// error names the feature, before any setup is sent.
#[test]
fn an_engine_without_the_options_is_not_given_them() {
    let dir = scripts_dir("no-options");
    let cmd = script(
        &dir,
        "no-options",
        &format!("read line\necho '{HELLO}'\nexec sleep 1000\n"),
    );
    for (variant, feature) in [
        (json!({"attack": "left"}), "'attack-left-right'"),
        (json!({"range": 1}), "'range-of-influence'"),
    ] {
        let mut e = EngineProcess::spawn(&cmd, Duration::from_secs(5)).unwrap();
        let mut position = tiny();
        position["variant"] = variant;
        let err = e.setup(position).unwrap_err();
        assert_eq!(err.problem, Problem::Unsupported, "{err}");
        assert!(err.to_string().contains(feature), "{err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_command_that_cannot_start_is_reported() {
    for (cmd, want) in [
        ("", "the command is empty"),
        ("'unclosed", "cannot split"),
        ("/no/such/engine --flag", "cannot start '/no/such/engine'"),
    ] {
        let err = EngineProcess::spawn(cmd, Duration::from_secs(1))
            .err()
            .expect("no engine");
        assert_eq!(err.problem, Problem::Start, "{err}");
        assert!(err.to_string().contains(want), "{cmd}: {err}");
    }
}

/// The requests (`> `) and responses (`< `) of the worked transcript in
/// `engine/PROTOCOL.md`.
fn documented_transcript() -> Vec<(String, String)> {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../engine/PROTOCOL.md"
    ))
    .unwrap();
    let begin = doc.find("<!-- transcript:begin -->").unwrap();
    let end = doc.find("<!-- transcript:end -->").unwrap();
    let lines: Vec<&str> = doc[begin..end]
        .lines()
        .filter(|l| l.starts_with("> ") || l.starts_with("< "))
        .collect();
    assert!(lines.len() >= 10, "{lines:?}");
    lines
        .chunks(2)
        .map(|pair| {
            assert!(pair[0].starts_with("> ") && pair[1].starts_with("< "));
            (pair[0][2..].to_string(), pair[1][2..].to_string())
        })
        .collect()
}

/// A response with the engine's version left out (it changes with releases).
fn without_version(line: &str) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
    if let Some(engine) = v.get_mut("engine").and_then(|e| e.as_object_mut()) {
        engine.remove("version");
    }
    v
}

#[test]
fn the_documented_transcript_is_what_serve_engine_answers() {
    use battlecheck::conform::protocol::{Request, Response};
    let transcript = documented_transcript();
    let mut child = Command::new(BIN)
        .arg("serve-engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut kinds = Vec::new();
    for (request, response) in &transcript {
        let r: Request = serde_json::from_str(request).unwrap();
        kinds.push(r.body.kind());
        let _: Response = serde_json::from_str(response).unwrap();
        writeln!(stdin, "{request}").unwrap();
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let answers: Vec<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(answers.len(), transcript.len());
    for ((request, documented), answer) in transcript.iter().zip(&answers) {
        assert_eq!(
            without_version(documented),
            without_version(answer),
            "the answer to {request}"
        );
    }
    for kind in [
        "hello", "setup", "legal", "apply", "observe", "snapshot", "restore",
    ] {
        assert!(kinds.contains(&kind), "the transcript shows no '{kind}'");
    }
}

/// Validators of requests and responses, from the generated schemas.
fn validators() -> (jsonschema::Validator, jsonschema::Validator) {
    let schemas = battlecheck::conform::schema::schemas();
    (
        jsonschema::validator_for(&schemas["request"]).unwrap(),
        jsonschema::validator_for(&schemas["response"]).unwrap(),
    )
}

fn assert_valid(validator: &jsonschema::Validator, line: &str) {
    let value: serde_json::Value = serde_json::from_str(line).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(&value)
        .map(|e| format!("{} at {}", e, e.instance_path))
        .collect();
    assert!(errors.is_empty(), "{line}\n{}", errors.join("\n"));
}

#[test]
fn the_published_schemas_are_the_generated_ones() {
    let published = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../engine/protocol-schema.json"
    ))
    .unwrap();
    let published: serde_json::Value = serde_json::from_str(&published).unwrap();
    assert_eq!(
        published,
        battlecheck::conform::schema::schemas(),
        "engine/protocol-schema.json is stale: write it with `battlecheck serve-engine --schema`"
    );
    let (code, out, _) = battlecheck(&["serve-engine", "--schema"]);
    assert_eq!(code, 0);
    let printed: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(printed, published);
}

#[test]
fn the_documented_transcript_fits_the_schemas() {
    let (requests, responses) = validators();
    for (request, response) in documented_transcript() {
        assert_valid(&requests, &request);
        assert_valid(&responses, &response);
    }
    // Messages of the wrong shape do not.
    for bad in [
        r#"{"id":1,"type":"legal","decisions":[{"decision":"fly"}]}"#,
        r#"{"id":1,"type":"hello","protocol":"one","engine":{"name":"x","version":"1"}}"#,
        r#"{"id":1,"type":"welcome"}"#,
    ] {
        let value: serde_json::Value = serde_json::from_str(bad).unwrap();
        assert!(!responses.is_valid(&value), "{bad}");
    }
}

/// Games of every preset played through the protocol (a fixed walk through
/// each one's decisions): every request and response line fits the
/// schemas, so the schemas of the shared vocabulary keep up with it, and
/// `Response::from_line` reads every response as the derived reading does.
#[test]
fn real_messages_of_every_preset_fit_the_schemas() {
    use battlecheck::conform::protocol::{Request, RequestBody, Response};
    use battlecheck::conform::serve::Session;
    let (requests, responses) = validators();
    let mut id = 0;
    let mut exchange = |session: &mut Session, body: RequestBody| {
        id += 1;
        let request = serde_json::to_string(&Request { id, body }).unwrap();
        assert_valid(&requests, &request);
        let response = session.answer_line(&request);
        assert_valid(&responses, &response);
        assert_eq!(
            Response::from_line(&response).unwrap(),
            serde_json::from_str::<Response>(&response).unwrap(),
            "{response}"
        );
        serde_json::from_str::<serde_json::Value>(&response).unwrap()
    };
    for (preset, _) in battlecheck::rules::config::PRESETS {
        let config = Config::preset(preset).unwrap();
        for walk in 0..3 {
            let mut session = Session::new(Vec::new());
            exchange(&mut session, RequestBody::Hello { protocol: 1 });
            let position = scenario(&config, &[]);
            let setup = exchange(&mut session, RequestBody::Setup { position });
            assert_eq!(setup["type"], "observation", "{preset}: {setup}");
            exchange(&mut session, RequestBody::Snapshot);
            for step in 0..40 {
                let legal = exchange(&mut session, RequestBody::Legal);
                let decisions = legal["decisions"].as_array().unwrap();
                if decisions.is_empty() {
                    break;
                }
                let pick = &decisions[(step * 7 + walk * 3) % decisions.len()];
                let decision: Decision = serde_json::from_value(pick.clone()).unwrap();
                let applied = exchange(&mut session, RequestBody::Apply { decision });
                assert_eq!(applied["type"], "applied", "{preset}: {applied}");
            }
            exchange(&mut session, RequestBody::Observe);
            exchange(&mut session, RequestBody::Restore { token: "s1".into() });
            let refused = exchange(
                &mut session,
                RequestBody::Apply {
                    decision: Decision::DeclareBlockers { blocks: Vec::new() },
                },
            );
            assert_eq!(refused["type"], "refused");
        }
    }
}

/// serve-engine's refusals say what was wrong once, in the protocol's
/// terms: a player by its protocol number and the game's players, a
/// setup problem without "setup: setup:".
#[test]
fn serve_engine_names_a_bad_player_and_a_bad_setup_plainly() {
    let mut child = Command::new(BIN)
        .arg("serve-engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let bear = r#"{"id":"bear","card":"Grizzly Bears","owner":"P1","zone":"battlefield","protector":"P2"}"#;
    let lines = [
        r#"{"id":1,"type":"hello","protocol":5}"#.to_string(),
        format!(r#"{{"id":2,"type":"setup","position":{{"players":2,"cards":[{bear}]}}}}"#),
        r#"{"id":3,"type":"setup","position":{"players":2,"cards":[]}}"#.to_string(),
        r#"{"id":4,"type":"apply","decision":{"decision":"concede","player":7}}"#.to_string(),
    ];
    for l in &lines {
        writeln!(stdin, "{l}").unwrap();
    }
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let responses: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let message = |i: usize| {
        responses[i]["message"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(responses[1]["type"], "error", "{}", responses[1]);
    assert!(
        message(1).starts_with("setup: cards[0].protector: Grizzly Bears is not a battle"),
        "{}",
        message(1)
    );
    assert!(!message(1).contains("setup: setup:"), "{}", message(1));
    let refusal = responses[3].to_string();
    assert!(
        refusal
            .contains("player P8 (protocol number 7): the game has 2 players, P1 to P2 (0 to 1)"),
        "{refusal}"
    );
}

/// Life is an `i32` everywhere (119): a scenario at life 200 and -10
/// replays exactly on the engine in process and through the protocol, and
/// a protocol session reports those totals as set up (no byte to wrap or
/// clamp them, as life gain and Commander totals pass 127).
#[test]
fn life_beyond_a_byte_round_trips() {
    let scenario = json!({
        "name": "life 200 and -10",
        "players": [{"life": 200}, {"life": -10}, {"life": 20}],
        "cards": [{"id": "shock", "card": "Shock", "owner": "P1", "zone": "hand"}],
        "steps": [
            {"expect": [
                {"player": "P1", "life": 200},
                {"player": "P2", "life": -10, "in_game": false},
            ]},
            {"do": {"cast": {"player": "P1", "card": "shock", "targets": ["P1"]}}},
            {"do": "pass_all", "expect": [{"player": "P1", "life": 198}]},
        ],
    });
    let file = std::env::temp_dir().join(format!("battlecheck-life-{}.json", std::process::id()));
    std::fs::write(&file, scenario.to_string()).unwrap();
    let serve = serve_cmd();
    for args in [
        vec!["replay", file.to_str().unwrap()],
        vec!["replay", "--engine-cmd", &serve, file.to_str().unwrap()],
    ] {
        let (code, out, err) = battlecheck(&args);
        assert_eq!(code, 0, "{args:?}: {out}{err}");
        assert!(out.contains("1 passed"), "{args:?}: {out}");
    }
    std::fs::remove_file(&file).unwrap();
    let mut e = EngineProcess::spawn(&serve, Duration::from_secs(20)).unwrap();
    let start = e
        .setup(json!({"players": [{"life": 1000}, {"life": -10}, {"life": 20}], "cards": []}))
        .unwrap();
    let lives: Vec<i32> = start.observation.players.iter().map(|p| p.life).collect();
    assert_eq!(lives, [1000, -10, 20]);
}

/// Every JSON example in `engine/PROTOCOL.md` is a message of the protocol
/// as published: each line of a ```json block fits the request or the
/// response schema (a two-line block is a request, then its response), a
/// block that is one value is a position that the scenario schema takes
/// and serve-engine sets up, and each decision written out inline in the
/// decisions table fits the request schema as the decision of an `apply`.
#[test]
fn every_json_example_in_the_protocol_doc_fits_the_schemas() {
    let doc = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../engine/PROTOCOL.md"
    ))
    .unwrap();
    let (requests, responses) = validators();
    let scenario_schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../engine/scenario-schema.json"
        ))
        .unwrap(),
    )
    .unwrap();
    let positions = jsonschema::validator_for(&scenario_schema).unwrap();
    let errors = |v: &jsonschema::Validator, value: &serde_json::Value| -> Vec<String> {
        v.iter_errors(value)
            .map(|e| format!("{e} at {}", e.instance_path))
            .collect()
    };
    let (mut messages, mut setups, mut inline) = (0, 0, 0);
    for block in doc.split("```json\n").skip(1) {
        let block = &block[..block.find("```").unwrap()];
        if let Ok(position) = serde_json::from_str::<serde_json::Value>(block) {
            if position.get("type").is_none() {
                // A position is a scenario without its name and steps.
                let mut scenario = position.clone();
                scenario["name"] = json!("a position");
                scenario["steps"] = json!([]);
                let wrong = errors(&positions, &scenario);
                assert!(wrong.is_empty(), "{block}\n{}", wrong.join("\n"));
                let mut e = EngineProcess::spawn(&serve_cmd(), Duration::from_secs(20)).unwrap();
                if let Err(err) = e.setup(position) {
                    panic!("{block}\nserve-engine does not set it up: {err}");
                }
                setups += 1;
                continue;
            }
        }
        let lines: Vec<&str> = block.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let value: serde_json::Value =
                serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
            let as_request = errors(&requests, &value);
            let as_response = errors(&responses, &value);
            match (lines.len(), i) {
                (2, 0) => assert!(as_request.is_empty(), "{line}\n{}", as_request.join("\n")),
                (2, 1) => assert!(as_response.is_empty(), "{line}\n{}", as_response.join("\n")),
                _ => assert!(
                    as_request.is_empty() || as_response.is_empty(),
                    "{line}\nas a request: {}\nas a response: {}",
                    as_request.join("; "),
                    as_response.join("; ")
                ),
            }
            messages += 1;
        }
    }
    for span in doc.split('`').skip(1).step_by(2) {
        if span.starts_with(r#"{"decision":"#) {
            let decision: serde_json::Value =
                serde_json::from_str(span).unwrap_or_else(|e| panic!("not JSON ({e}): {span}"));
            let apply = json!({"id": 1, "type": "apply", "decision": decision});
            let wrong = errors(&requests, &apply);
            assert!(wrong.is_empty(), "{span}\n{}", wrong.join("\n"));
            inline += 1;
        }
    }
    assert!(
        messages >= 15 && setups >= 1 && inline >= 1,
        "{messages} {setups} {inline}"
    );
}

/// `Response::from_line` reads what the derived reading reads, and refuses
/// what it refuses: a head out of order, an unknown or missing type, a body
/// with a field missing or of the wrong kind, a repeated key.
#[test]
fn a_response_line_is_read_as_the_derived_reading_reads_it() {
    use battlecheck::conform::protocol::Response;
    let lines = [
        r#"{"type":"legal","decisions":[{"decision":"pass_all"},{"decision":"concede","player":0}],"id":3}"#,
        r#"{"id":3,"type":"legal","decisions":[]}"#,
        r#"{"id":3,"type":"legal"}"#,
        r#"{"id":3,"type":"legal","decisions":[{"decision":"no_such"}]}"#,
        r#"{"id":"3","type":"legal","decisions":[]}"#,
        r#"{"id":3,"id":4,"type":"legal","decisions":[]}"#,
        r#"{"id":3,"type":"refused","rule":"117.1","message":"not yours"}"#,
        r#"{"id":3,"type":"refused"}"#,
        r#"{"id":null,"type":"error","message":"what"}"#,
        r#"{"type":"error","message":"what"}"#,
        r#"{"id":3,"type":"snapshot","token":"s1"}"#,
        r#"{"id":3,"type":"observation"}"#,
        r#"{"id":3,"type":"applied","observation":{}}"#,
        r#"{"id":3,"type":"nothing"}"#,
        r#"{"id":3}"#,
        r#"{"id":3,"type":"legal","decisions":[]"#,
        "",
    ];
    for line in lines {
        let derived = serde_json::from_str::<Response>(line);
        let read = Response::from_line(line);
        assert_eq!(
            read.is_ok(),
            derived.is_ok(),
            "{line}: {read:?} {derived:?}"
        );
        if let (Ok(a), Ok(b)) = (read, derived) {
            assert_eq!(a, b, "{line}");
        }
    }
    // Read, not only refused alike: the two legal lists, the refusal with
    // its rule, both errors and the snapshot.
    let read = lines.iter().filter(|l| Response::from_line(l).is_ok());
    assert_eq!(read.count(), 6);
}
