//! This repository's engine behind the engine protocol ([`super::protocol`]):
//! a [`Session`] answers one request line with one response line, whatever
//! the line holds. `battlecheck serve-engine` feeds it standard input.

use super::protocol::{
    EngineInfo, Observed, Refusal, Request, RequestBody, Response, ResponseBody, FEATURE_ACT,
    FEATURE_ATTACK_LEFT_RIGHT, FEATURE_DEFENDERS, FEATURE_RANGE_OF_INFLUENCE, FEATURE_SNAPSHOT,
    FEATURE_TWO_HEADED_GIANT, VERSION,
};
use battlecheck_engine::{Catalogue, EngineFault, Game};
use std::collections::HashMap;
use std::path::Path;

/// The engine's side of one connection: the game in progress and the
/// remembered ones.
pub struct Session {
    faults: Vec<EngineFault>,
    cards: Option<Catalogue>,
    game: Option<Game>,
    snapshots: HashMap<String, Game>,
    /// Snapshots taken on this connection: tokens are never reused, so a
    /// token from before a setup is unknown rather than another game.
    taken: u64,
    /// The optional feature "snapshot" is served.
    snapshots_served: bool,
}

impl Session {
    /// A session whose games all carry `faults` (injected bugs, for tests).
    pub fn new(faults: Vec<EngineFault>) -> Session {
        Session {
            faults,
            cards: None,
            game: None,
            snapshots: HashMap::new(),
            taken: 0,
            snapshots_served: true,
        }
    }

    /// Serve no snapshots: snapshot and restore requests are
    /// answered with an error, as by an engine without them.
    pub fn without_snapshots(&mut self) {
        self.snapshots_served = false;
    }

    /// The response line (without its newline) to one request line.
    pub fn answer_line(&mut self, line: &str) -> String {
        let response = match serde_json::from_str::<Request>(line) {
            Ok(request) => Response {
                id: Some(request.id),
                body: self.answer_guarded(request.body),
            },
            Err(e) => Response {
                id: readable_id(line),
                body: error(format!("malformed request: {e}")),
            },
        };
        to_line(&response)
    }

    /// The response line to a line that could not be read as text (`why`:
    /// too long, not UTF-8).
    pub fn answer_line_error(&self, why: &str) -> String {
        let response = Response {
            id: None,
            body: error(format!("malformed request: {why}")),
        };
        to_line(&response)
    }

    /// The answer to one request, or an error response if the engine
    /// panics on it (the game in progress is then dropped, as it may be
    /// half-changed; snapshots stay).
    fn answer_guarded(&mut self, request: RequestBody) -> ResponseBody {
        let kind = request.kind();
        let answered =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.answer(request)));
        answered.unwrap_or_else(|_| {
            self.game = None;
            error(format!(
                "the engine failed on this '{kind}' request (an internal error, logged on standard error); the game was dropped: send 'setup' or 'restore'"
            ))
        })
    }

    /// The answer to one request.
    pub fn answer(&mut self, request: RequestBody) -> ResponseBody {
        match request {
            RequestBody::Hello { .. } => ResponseBody::Hello {
                protocol: VERSION,
                engine: EngineInfo {
                    name: "battlecheck-engine".into(),
                    version: env!("CARGO_PKG_VERSION").into(),
                },
                features: {
                    let mut f = vec![
                        FEATURE_ACT.to_string(),
                        FEATURE_DEFENDERS.to_string(),
                        FEATURE_ATTACK_LEFT_RIGHT.to_string(),
                        FEATURE_RANGE_OF_INFLUENCE.to_string(),
                        FEATURE_TWO_HEADED_GIANT.to_string(),
                    ];
                    if self.snapshots_served {
                        f.push(FEATURE_SNAPSHOT.into());
                    }
                    f
                },
            },
            RequestBody::Setup { position } => match self.setup(position) {
                Ok(game) => {
                    let observed = observed(&game);
                    self.game = Some(game);
                    // Tokens are valid until the next setup.
                    self.snapshots.clear();
                    ResponseBody::Observation(observed)
                }
                Err(message) => error(message),
            },
            RequestBody::Legal => self.with_game(|g| ResponseBody::Legal {
                decisions: g.legal_decisions(),
            }),
            RequestBody::Apply { decision } => {
                self.with_game(|g| applied(g, |g| g.apply_decision(&decision)))
            }
            RequestBody::Act { action } => self.with_game(|g| applied(g, |g| g.apply(&action))),
            RequestBody::Observe => self.with_game(|g| ResponseBody::Observation(observed(g))),
            RequestBody::Snapshot | RequestBody::Restore { .. } if !self.snapshots_served => {
                error("this engine serves no snapshots (it announced no 'snapshot' feature)".into())
            }
            RequestBody::Snapshot => match &self.game {
                Some(g) => {
                    self.taken += 1;
                    let token = format!("s{}", self.taken);
                    self.snapshots.insert(token.clone(), g.clone());
                    ResponseBody::Snapshot { token }
                }
                None => no_game(),
            },
            RequestBody::Restore { token } => match self.snapshots.get(&token) {
                Some(g) => {
                    let observed = observed(g);
                    self.game = Some(g.clone());
                    ResponseBody::Observation(observed)
                }
                None => error(format!("unknown snapshot token '{token}'")),
            },
        }
    }

    /// The game of a setup position.
    fn setup(&mut self, mut position: serde_json::Value) -> Result<Game, String> {
        let Some(fields) = position.as_object_mut() else {
            return Err("setup: 'position' must be a JSON object (an engine scenario)".into());
        };
        match fields.get("steps") {
            None => {
                fields.insert("steps".into(), serde_json::json!([]));
            }
            Some(serde_json::Value::Array(steps)) if steps.is_empty() => {}
            Some(_) => {
                return Err("setup: a position has no 'steps' (or an empty list)".into());
            }
        }
        fields
            .entry("name")
            .or_insert_with(|| serde_json::json!("protocol setup"));
        if self.cards.is_none() {
            self.cards =
                Some(Catalogue::bundled().map_err(|e| format!("cannot load the card data: {e}"))?);
        }
        let cards = self.cards.as_ref().ok_or("no card data")?;
        let mut game = battlecheck_engine::scenario::build_game(
            Path::new("setup"),
            &position.to_string(),
            cards,
        )
        .map_err(|e| e.to_string())?;
        for f in &self.faults {
            if !game.faults.contains(f) {
                game.faults.push(*f);
            }
        }
        Ok(game)
    }

    fn with_game(&mut self, f: impl FnOnce(&mut Game) -> ResponseBody) -> ResponseBody {
        match &mut self.game {
            Some(g) => f(g),
            None => no_game(),
        }
    }
}

/// What an observation response says of a game.
fn observed(game: &Game) -> Observed {
    Observed {
        observation: game.observe(),
        turn_step: game.step,
        priority: super::engine::priority_holder(game),
        choosers: Some(game.choosers()),
        happened: None,
    }
}

/// The answer to a decision or an action `take` takes on `game`: the game
/// with what it did, or the refusal with its rule.
fn applied(
    game: &mut Game,
    take: impl FnOnce(
        &mut Game,
    ) -> Result<
        Vec<battlecheck_engine::state::event::Event>,
        battlecheck_engine::EngineError,
    >,
) -> ResponseBody {
    match take(game) {
        Ok(events) => ResponseBody::Applied(Observed {
            happened: Some(battlecheck_engine::state::event::happened(&events)),
            ..observed(game)
        }),
        Err(e) => ResponseBody::Refused(Refusal {
            rule: e.rule().map(str::to_string),
            message: e.to_string(),
        }),
    }
}

/// A response as one line of JSON.
fn to_line(response: &Response) -> String {
    serde_json::to_string(response).unwrap_or_else(|e| {
        format!(
            r#"{{"id":null,"type":"error","message":"cannot write the response: {}"}}"#,
            e.to_string().replace(['"', '\\'], "'")
        )
    })
}

fn error(message: String) -> ResponseBody {
    ResponseBody::Error { message }
}

fn no_game() -> ResponseBody {
    error("no game: send 'setup' first".into())
}

/// The `id` of a line that is not a valid request, if it has one.
fn readable_id(line: &str) -> Option<u64> {
    serde_json::from_str::<serde_json::Value>(line)
        .ok()?
        .get("id")?
        .as_u64()
}
