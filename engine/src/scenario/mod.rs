//! Scenarios: hand-written JSON games — a setup, a sequence of decisions by
//! named players, and expectations at chosen points — replayed by
//! [`run_file`], which reports every failed expectation. After the setup and
//! after every step, each `always` property of the shared catalogue is
//! evaluated on the engine's observation and a violation is reported too.
//!
//! ```json
//! {
//!   "name": "burn defeats a Siege",
//!   "covers": ["B06", "B19"],
//!   "players": 2,
//!   "cards": [
//!     {"id": "siege", "card": "Invasion of Azgol", "owner": "P1", "zone": "battlefield", "defense": 2},
//!     {"id": "shock", "card": "Shock", "owner": "P1", "zone": "hand"}
//!   ],
//!   "steps": [
//!     {"do": {"cast": {"player": "P1", "card": "shock", "targets": ["siege"]}}},
//!     {"do": "pass_all"},
//!     {"expect": [{"card": "siege", "defense": 0}, {"trigger": "siege", "on_stack": true}]}
//!   ]
//! }
//! ```
//!
//! Objects are named by their `id` label or `#n` (their [`CardId`](battlecheck_properties::CardId)); players
//! are `P1`, `P2`, …; a triggered ability on the stack is `trigger:<label>`.

mod expect;
mod format;
mod read;
mod setup;
mod subject;

pub use format::{
    Act, CardSetup, Expect, PlayerSetup, Players, Scenario, StackSetup, StartPending, Step,
    MAX_PLAYERS,
};
pub(crate) use read::{json_files, read_bounded};
pub use read::{read_text, MAX_FILE_BYTES};
pub use subject::{Never, Refused, Subject};

use crate::action::Action;
use crate::cards::{CardError, Catalogue};
use crate::game::{Game, TurnStep};
use crate::jsonpos::JsonFault;
use battlecheck_properties::{Decision, Kind, Observation, Pending, CATALOGUE};
use expect::Seen;
use serde::Serialize;
use setup::Run;
use std::fmt;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// A scenario that could not be run: unreadable, malformed or naming
/// something that does not exist. The CLI's "bad input".
#[derive(Debug, Error)]
pub enum ScenarioError {
    #[error("{file}: cannot read: {source}")]
    Io {
        file: PathBuf,
        source: std::io::Error,
    },
    #[error("{file}: {fault}")]
    Malformed { file: PathBuf, fault: JsonFault },
    #[error("{file}: {at}: {message}")]
    Invalid {
        file: PathBuf,
        at: String,
        message: String,
    },
    #[error("card data: {0}")]
    Cards(#[from] CardError),
    /// The engine the scenario ran on failed (not a refusal: it crashed,
    /// hung or broke its protocol).
    #[error("{file}: the engine failed: {message}")]
    Engine { file: PathBuf, message: String },
}

/// One failed expectation, refused action or violated property.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Failure {
    /// Step number, from 1.
    pub step: usize,
    pub what: String,
    pub expected: String,
    pub actual: String,
}

/// The outcome of one scenario.
#[derive(Clone, Debug, Serialize)]
pub struct ScenarioReport {
    pub file: PathBuf,
    pub name: String,
    pub covers: Vec<String>,
    pub steps: usize,
    /// Expectations and refusals checked.
    pub checks: usize,
    pub failures: Vec<Failure>,
    /// The `sometimes` properties of the catalogue that held after some
    /// step: the situations the scenario reached.
    pub witnessed: Vec<&'static str>,
    /// Why the scenario was not run on this engine: it has a step or an
    /// expectation that only this repository's engine shows (one player's
    /// pass, the player to act), and the engine is seen from outside.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub skipped: Option<String>,
    /// Expectations the engine cannot show and that were not checked: the
    /// player to act, on an engine seen from outside (the engine protocol
    /// does not show who acts).
    #[serde(skip_serializing_if = "is_zero")]
    pub unchecked: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl ScenarioReport {
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

impl fmt::Display for ScenarioReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(why) = &self.skipped {
            return writeln!(
                f,
                "skipped: {} ({}) — {why}",
                self.name,
                self.file.display()
            );
        }
        let verdict = if self.passed() { "ok" } else { "FAILED" };
        let unchecked = if self.unchecked > 0 {
            format!(
                " ({} expectation(s) of the player to act not checked: the engine protocol does not show who acts)",
                self.unchecked
            )
        } else {
            String::new()
        };
        writeln!(
            f,
            "{verdict}: {} ({}) — {} steps, {} checks{unchecked}",
            self.name,
            self.file.display(),
            self.steps,
            self.checks
        )?;
        for x in &self.failures {
            writeln!(
                f,
                "  step {}: {}: expected {}, got {}",
                x.step, x.what, x.expected, x.actual
            )?;
        }
        Ok(())
    }
}

/// The JSON Schema of scenario files, generated from the format's types
/// (`battlecheck scenario schema`; shipped as `engine/scenario-schema.json`).
pub fn schema() -> serde_json::Value {
    serde_json::to_value(schemars::schema_for!(format::Scenario)).unwrap_or_default()
}

/// Run one scenario file (read with [`read_text`]) with the bundled card
/// catalogue.
pub fn run_file(path: &Path) -> Result<ScenarioReport, ScenarioError> {
    let text = read_text(path)?;
    run_text(path, &text, &Catalogue::bundled()?)
}

/// Run a scenario file, or every `*.json` file of a directory (name order).
/// An entry that is not a regular file is reported, never opened.
pub fn run_path(path: &Path) -> Vec<(PathBuf, Result<ScenarioReport, ScenarioError>)> {
    run_path_with(path, run_file)
}

/// [`run_path`] with each file run by `run` (given the file's path).
pub fn run_path_with(
    path: &Path,
    mut run: impl FnMut(&Path) -> Result<ScenarioReport, ScenarioError>,
) -> Vec<(PathBuf, Result<ScenarioReport, ScenarioError>)> {
    if !path.is_dir() {
        return vec![(path.to_path_buf(), run(path))];
    }
    match json_files(path) {
        Ok(files) => files
            .into_iter()
            .map(|f| {
                let r = run(&f);
                (f, r)
            })
            .collect(),
        Err(source) => vec![(
            path.to_path_buf(),
            Err(ScenarioError::Io {
                file: path.to_path_buf(),
                source,
            }),
        )],
    }
}

/// The game of a scenario's setup, without running its steps (for tools
/// that drive the engine from a hand-written position).
pub fn build_game(file: &Path, text: &str, cards: &Catalogue) -> Result<Game, ScenarioError> {
    let scenario = parse(file, text)?;
    Run {
        file: file.to_path_buf(),
        labels: Vec::new(),
        players: 0,
    }
    .build(&scenario, cards)
}

/// Check a scenario given as text without running it: it parses, its
/// position sets up, and every step's action and expectations resolve
/// (`battlecheck scenario check`). The errors are those `run_text` gives
/// before its first step.
pub fn check_text(file: &Path, text: &str, cards: &Catalogue) -> Result<(), ScenarioError> {
    prepare(file, &parse(file, text)?, cards).map(|_| ())
}

fn parse(file: &Path, text: &str) -> Result<Scenario, ScenarioError> {
    crate::jsonpos::parse(text).map_err(|fault| ScenarioError::Malformed {
        file: file.to_path_buf(),
        fault,
    })
}

/// The game of a scenario's position and its steps' actions, resolved
/// before anything runs, so that bad input is reported as such and not as
/// a failed expectation.
fn prepare(
    file: &Path,
    scenario: &Scenario,
    cards: &Catalogue,
) -> Result<(Run, Game, Vec<Option<Resolved>>), ScenarioError> {
    let mut run = Run {
        file: file.to_path_buf(),
        labels: Vec::new(),
        players: 0,
    };
    let game = run.build(scenario, cards)?;
    let acts = scenario
        .steps
        .iter()
        .enumerate()
        .map(|(i, s)| {
            s.act
                .as_ref()
                .map(|a| run.resolve_act(a, &format!("steps[{i}].do")))
                .transpose()
        })
        .collect::<Result<_, ScenarioError>>()?;
    for (i, s) in scenario.steps.iter().enumerate() {
        for (j, e) in s.expect.iter().enumerate() {
            run.validate_expect(e, &format!("steps[{i}].expect[{j}]"))?;
        }
        if s.rejected.is_some() && s.act.is_none() {
            return Err(run.invalid(format!("steps[{i}]"), "`rejected` needs a `do`"));
        }
    }
    Ok((run, game, acts))
}

/// Run a scenario given as text on this repository's engine; `file` names
/// it in the report and errors.
pub fn run_text(
    file: &Path,
    text: &str,
    cards: &Catalogue,
) -> Result<ScenarioReport, ScenarioError> {
    run_on(file, text, cards, |game, _| Ok::<Game, Never>(game))
}

/// Run a scenario given as text on the engine `start` makes of its
/// position: from this repository's game of it, or from the position
/// itself (the scenario's JSON without its steps and notes), for an engine
/// seen from outside. Such an engine cannot take a scenario with
/// engine-specific steps or expectations: the report says it was skipped.
pub fn run_on<S: Subject>(
    file: &Path,
    text: &str,
    cards: &Catalogue,
    start: impl FnOnce(Game, serde_json::Value) -> Result<S, S::Failure>,
) -> Result<ScenarioReport, ScenarioError> {
    let scenario = parse(file, text)?;
    let (run, game, acts) = prepare(file, &scenario, cards)?;
    let mut steps: Vec<(Option<Resolved>, &Step)> = acts.into_iter().zip(&scenario.steps).collect();
    let mut report = ScenarioReport {
        file: file.to_path_buf(),
        name: scenario.name.clone(),
        covers: scenario.covers.clone(),
        steps: steps.len(),
        checks: 0,
        failures: Vec::new(),
        witnessed: Vec::new(),
        skipped: None,
        unchecked: 0,
    };
    if !S::ENGINE_SPECIFIC {
        report.skipped = as_decisions(&mut steps).err();
        if report.skipped.is_some() {
            return Ok(report);
        }
    }
    let failed = |e: S::Failure| ScenarioError::Engine {
        file: file.to_path_buf(),
        message: e.to_string(),
    };
    let mut subject = start(game, position(text)).map_err(failed)?;
    // The setup was settled (see `Run::build`); the properties are checked
    // after every step.
    for (i, (act, step)) in steps.iter().enumerate() {
        let n = i + 1;
        if let Some(act) = act {
            let outcome = perform(&mut subject, act).map_err(failed)?;
            match (&step.rejected, outcome) {
                (None, Ok(())) => {}
                (None, Err(e)) => report.failures.push(Failure {
                    step: n,
                    what: format!("{act}"),
                    expected: "accepted".into(),
                    actual: format!("refused: {e}"),
                }),
                (Some(rule), Ok(())) => report.failures.push(Failure {
                    step: n,
                    what: format!("{act}"),
                    expected: format!("refused by rule {rule}"),
                    actual: "accepted".into(),
                }),
                (Some(rule), Err(e)) => {
                    report.checks += 1;
                    if e.rule.as_deref() != Some(rule.as_str()) {
                        report.failures.push(Failure {
                            step: n,
                            what: format!("{act}"),
                            expected: format!("refused by rule {rule}"),
                            actual: format!("refused: {e}"),
                        });
                    }
                }
            }
        }
        if !S::ENGINE_SPECIFIC {
            report.unchecked += step.expect.iter().filter(|e| e.to_act.is_some()).count();
        }
        let mut seen = Seen::new(&mut subject);
        for e in &step.expect {
            run.check(&mut seen, e, n, &mut report).map_err(failed)?;
        }
        check_properties(seen.observation().map_err(failed)?, n, &mut report);
    }
    Ok(report)
}

/// The steps as shared decisions, for an engine seen from outside: each
/// action taken by the player to act is the decision it stands for. Fails
/// with the first step or expectation that only this repository's engine
/// shows, in words: an action that is no decision by itself (one player's
/// pass, protector choice or blocks), or an action expected to be refused
/// (a decision would make the passes that bring priority to its player).
/// Expectations of the player to act are not checked on such an engine
/// (the report counts them, [`ScenarioReport::unchecked`]).
fn as_decisions(steps: &mut [(Option<Resolved>, &Step)]) -> Result<(), String> {
    for (i, (act, step)) in steps.iter_mut().enumerate() {
        let n = i + 1;
        if let Some(Resolved::Action(a)) = act {
            let text = serde_json::to_string(a).unwrap_or_default();
            match a.as_decision() {
                Some(_) if step.rejected.is_some() => {
                    return Err(format!(
                        "step {n} ({text}) is expected to be refused, which a decision of the engine protocol cannot show"
                    ))
                }
                Some(d) => *act = Some(Resolved::Decision(d)),
                None => {
                    return Err(format!(
                        "step {n} ({text}) is not a decision of the engine protocol"
                    ))
                }
            }
        }
    }
    Ok(())
}

/// A scenario's position: its JSON without steps and notes.
fn position(text: &str) -> serde_json::Value {
    let mut v: serde_json::Value = serde_json::from_str(text).unwrap_or_default();
    if let Some(fields) = v.as_object_mut() {
        for key in ["steps", "name", "covers", "description", "battlecheck"] {
            fields.remove(key);
        }
    }
    v
}

/// Evaluate the catalogue on what the engine shows: every `always` property
/// must hold; `sometimes` properties that hold are recorded as witnessed.
fn check_properties(game: &Observation, step: usize, report: &mut ScenarioReport) {
    for spec in CATALOGUE.iter().filter(|s| s.kind == Kind::Sometimes) {
        if !report.witnessed.contains(&spec.name) && spec.id.check(game) {
            report.witnessed.push(spec.name);
        }
    }
    for spec in CATALOGUE.iter().filter(|s| s.kind == Kind::Always) {
        if !spec.id.check(game) {
            report.failures.push(Failure {
                step,
                what: format!("property {}", spec.name),
                expected: spec.statement.to_string(),
                actual: "violated".into(),
            });
        }
    }
}

/// A step's action with names resolved.
#[derive(Debug)]
enum Resolved {
    Action(Action),
    Decision(Decision),
    PassUntil(TurnStep, Option<u8>),
}

impl fmt::Display for Resolved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Resolved::Action(a) => write!(f, "{}", serde_json::to_string(a).unwrap_or_default()),
            Resolved::Decision(d) => write!(f, "{}", serde_json::to_string(d).unwrap_or_default()),
            Resolved::PassUntil(s, t) => write!(
                f,
                "pass until {s:?}{}",
                t.map(|t| format!(" of turn {t}")).unwrap_or_default()
            ),
        }
    }
}

/// Take a step's action on the engine: the engine's refusal, if it
/// refuses it.
fn perform<S: Subject>(s: &mut S, act: &Resolved) -> Result<Result<(), Refused>, S::Failure> {
    let refusal = |rule: Option<&str>, text: String| {
        Ok(Err(Refused {
            rule: rule.map(str::to_string),
            text,
        }))
    };
    match act {
        Resolved::Action(a) => Ok(s.act(a)),
        Resolved::Decision(d) => {
            // With an empty stack, every player passing ends the step
            // (117.4, 500.2): an engine that stays in it is reported.
            let before = s.observe()?;
            let ends_step = *d == Decision::PassAll
                && before.pending == Pending::Priority
                && before.stack.is_empty();
            let (turn, step) = (before.turn, s.turn_step()?);
            if let Err(e) = s.decide(d)? {
                return Ok(Err(e));
            }
            let now = (s.observe()?.turn, s.turn_step()?);
            if ends_step && now <= (turn, step) {
                return refusal(
                    Some("500.2"),
                    format!(
                        "every player passed with an empty stack in the {step:?} step of turn {turn} and the game is in the {:?} step of turn {}: the step must end",
                        now.1, now.0
                    ),
                );
            }
            Ok(Ok(()))
        }
        Resolved::PassUntil(step, turn) => {
            for _ in 0..500 {
                let o = s.observe()?;
                let at = s.turn_step()?;
                if at == *step && turn.is_none_or(|t| o.turn == t) {
                    return Ok(Ok(()));
                }
                if o.pending != Pending::Priority {
                    return refusal(
                        None,
                        format!("stopped at {at:?}: the game waits for {:?}", o.pending),
                    );
                }
                if let Err(e) = s.decide(&Decision::PassAll)? {
                    return Ok(Err(e));
                }
            }
            refusal(None, format!("{step:?} never began"))
        }
    }
}
