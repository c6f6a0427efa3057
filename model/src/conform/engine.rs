//! The engine under test, as the harness drives it: one trait, [`Engine`],
//! over this repository's engine linked in process ([`InProcess`], the fast
//! path) and any engine behind the engine protocol ([`Process`], a child
//! process written in any language). The harness ([`super::bridge`],
//! [`super::lockstep`], [`super::scenario`]) sees only the trait.

use super::process::{EngineProcess, Exchange, Problem, ProcessError};
use super::protocol::{Observed, Refusal};
use battlecheck_engine::api::action::Action;
use battlecheck_engine::scenario::{Refused, Subject};
use battlecheck_engine::state::event::Event;
use battlecheck_engine::state::game::TurnStep;
use battlecheck_engine::{Catalogue, EngineFault, Game};
use battlecheck_properties::step::Happened;
use battlecheck_properties::{Decision, Observation, Pending, PlayerId};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// Where the engine stands: what the harness needs to drive it through the
/// steps the model does not explore.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    pub turn: u32,
    pub active: PlayerId,
    /// The step of the turn, in full (500.1).
    pub turn_step: TurnStep,
    pub pending: Pending,
    pub stack_empty: bool,
    /// Who holds priority, when the game waits for priority and the engine
    /// tells (117.3).
    pub priority: Option<PlayerId>,
    /// Who makes the choice the game waits for where the decision does
    /// not name them (protectors, a trampler's or a divided assignment), in
    /// player order, when the engine tells (310.9a, 704.5x–y, 702.19b,
    /// 510.1c).
    pub choosers: Option<Vec<PlayerId>>,
}

/// An engine holding one game at a time, which it can remember and go
/// back to. A [`ProcessError`] is a failure of the engine process itself
/// (it crashed, hung, broke the protocol); the engine in process never
/// fails so.
pub trait Engine {
    /// A game remembered by [`Engine::save`].
    type Saved;
    /// Start the game at the engine's starting position again.
    fn reset(&mut self) -> Result<(), ProcessError>;
    fn status(&self) -> Status;
    fn observe(&mut self) -> Result<Observation, ProcessError>;
    /// The decisions the engine accepts now, in its own order.
    fn legal(&mut self) -> Result<Vec<Decision>, ProcessError>;
    /// The decisions the engine accepts now that `wanted` keeps: what the
    /// harness compares. An engine that can skip judging the others (the
    /// engine in process may judge a candidate by taking it on a copy of
    /// the game) may say so; by default, every decision is asked for.
    fn legal_wanted(
        &mut self,
        wanted: &dyn Fn(&Decision) -> bool,
    ) -> Result<Vec<Decision>, ProcessError> {
        let mut all = self.legal()?;
        all.retain(|d| wanted(d));
        Ok(all)
    }
    /// Take a decision, or say why the rules forbid it (the game unchanged,
    /// except for the engine in process made [`InProcess::part_way`]).
    fn apply(&mut self, d: &Decision) -> Result<Result<(), Refusal>, ProcessError>;
    fn save(&mut self) -> Result<Self::Saved, ProcessError>;
    fn restore(&mut self, saved: &Self::Saved) -> Result<(), ProcessError>;
    /// A failure of this engine that the harness found (`problem`, in
    /// words), with what is known of the exchange.
    fn failure(&self, problem: Problem, message: String) -> ProcessError;
    /// The events of each decision taken since the last call, reset or
    /// restore, if the engine tells: what `battlecheck coverage` counts
    /// ([`Event::branch`]). This repository's engine in process only.
    fn events(&mut self) -> Vec<Vec<Event>> {
        Vec::new()
    }
    /// What each decision taken since the last call, reset or restore did,
    /// as the facts the rules of one decision judge
    /// ([`battlecheck_properties::step`]), if the engine tells: an engine
    /// process with `happened` in its `applied` answers.
    fn happened(&mut self) -> Vec<Vec<Happened>> {
        Vec::new()
    }
    /// Its observations name each attacking creature's defending player
    /// (`defender`, 508.5): an engine process that announces the feature
    /// "defenders". Otherwise the harness does not compare them.
    fn tells_defenders(&self) -> bool {
        true
    }
}

/// Who holds priority, when the game waits for it.
pub(super) fn priority_holder(game: &Game) -> Option<PlayerId> {
    match battlecheck_properties::GameView::pending(game) {
        Pending::Priority => game.to_act(),
        _ => None,
    }
}

/// This repository's engine, linked in: a game per position, copied to
/// save and restore.
#[derive(Clone)]
pub struct InProcess {
    /// The starting position (shared by the copies for other threads);
    /// none for a game taken in play ([`InProcess::playing`]).
    start: Option<Arc<Game>>,
    pub game: Game,
    /// The events of the decisions taken since they were last read or the
    /// game was reset or restored ([`Engine::events`]), so that what a
    /// long-lived engine keeps stays bounded: in one list, kept from one
    /// game to the next, that `ends` divides.
    events: Vec<Event>,
    /// Where each of those decisions' events end in `events`.
    ends: Vec<usize>,
    /// The facts of the same decisions ([`Engine::happened`]), read from
    /// their events only when asked for (see [`InProcess::judge_events`]):
    /// a harness that never asks does not pay for them.
    happened: Vec<Vec<Happened>>,
    /// How many of the last decisions in `events` have no facts in
    /// `happened` yet.
    unjudged: usize,
    /// A refused decision may leave the game part-way (see
    /// [`InProcess::part_way`]).
    part_way: bool,
}

impl InProcess {
    /// The engine at `position` (an engine scenario without steps), with
    /// `faults` injected.
    pub fn new(position: &serde_json::Value, faults: &[EngineFault]) -> Result<Self, String> {
        let cards = Catalogue::bundled().map_err(|e| format!("cannot load the card data: {e}"))?;
        let mut game = battlecheck_engine::scenario::build_game(
            Path::new("position"),
            &position.to_string(),
            &cards,
        )
        .map_err(|e| e.to_string())?;
        for f in faults {
            if !game.faults.contains(f) {
                game.faults.push(*f);
            }
        }
        Ok(InProcess::of(game))
    }

    /// The engine holding `game`, which is also its starting position.
    pub fn of(game: Game) -> Self {
        InProcess {
            start: Some(Arc::new(game.clone())),
            game,
            events: Vec::new(),
            ends: Vec::new(),
            happened: Vec::new(),
            unjudged: 0,
            part_way: false,
        }
    }

    /// This engine, taking each decision on its game without a copy to
    /// fall back on (`Game::apply_decision_part_way`): a decision refused
    /// part-way through its actions leaves the game part-way. For a
    /// harness that restores a saved game, or drops the game, after every
    /// refusal: the lockstep search, the random games, the engine as a
    /// model. Most decisions are then taken without copying the game.
    pub fn part_way(self) -> Self {
        InProcess {
            part_way: true,
            ..self
        }
    }

    /// Read the facts of the decisions whose events are not yet judged
    /// ([`Engine::happened`]), before either list is taken.
    fn judge_events(&mut self) {
        let first = self.ends.len() - self.unjudged;
        for i in first..self.ends.len() {
            let facts = battlecheck_engine::state::event::happened(self.decision_events(i));
            self.happened.push(facts);
        }
        self.unjudged = 0;
    }

    /// The events of the `i`-th decision in `events`.
    fn decision_events(&self, i: usize) -> &[Event] {
        let from = i.checked_sub(1).map_or(0, |j| self.ends[j]);
        &self.events[from..self.ends[i]]
    }

    /// Forget the events recorded, keeping the room they took.
    fn forget(&mut self) {
        self.events.clear();
        self.ends.clear();
        self.unjudged = 0;
    }

    /// The engine holding a game in play, without a starting position to
    /// reset to (a reset leaves the game as it is).
    pub fn playing(game: Game) -> Self {
        InProcess {
            start: None,
            game,
            events: Vec::new(),
            ends: Vec::new(),
            happened: Vec::new(),
            unjudged: 0,
            part_way: false,
        }
    }
}

impl Engine for InProcess {
    type Saved = Game;

    fn reset(&mut self) -> Result<(), ProcessError> {
        if let Some(start) = &self.start {
            self.game.clone_from(start);
        }
        self.forget();
        self.happened.clear();
        Ok(())
    }

    fn status(&self) -> Status {
        let g = &self.game;
        Status {
            turn: g.turn,
            active: g.active,
            turn_step: g.step,
            pending: battlecheck_properties::GameView::pending(g),
            stack_empty: g.stack.is_empty(),
            priority: priority_holder(g),
            choosers: Some(g.choosers()),
        }
    }

    fn observe(&mut self) -> Result<Observation, ProcessError> {
        Ok(self.game.observe())
    }

    fn legal(&mut self) -> Result<Vec<Decision>, ProcessError> {
        Ok(self.game.legal_decisions())
    }

    fn legal_wanted(
        &mut self,
        wanted: &dyn Fn(&Decision) -> bool,
    ) -> Result<Vec<Decision>, ProcessError> {
        Ok(self.game.legal_decisions_among(wanted))
    }

    fn apply(&mut self, d: &Decision) -> Result<Result<(), Refusal>, ProcessError> {
        let taken = if self.part_way {
            self.game.apply_decision_part_way(d, &mut self.events)
        } else {
            self.game.apply_decision(d).map(|e| self.events.extend(e))
        };
        Ok(match taken {
            Ok(()) => {
                self.ends.push(self.events.len());
                self.unjudged += 1;
                Ok(())
            }
            Err(e) => Err(Refusal {
                rule: e.rule().map(str::to_string),
                message: e.to_string(),
            }),
        })
    }

    fn events(&mut self) -> Vec<Vec<Event>> {
        self.judge_events();
        let each = (0..self.ends.len())
            .map(|i| self.decision_events(i).to_vec())
            .collect();
        self.forget();
        each
    }

    fn happened(&mut self) -> Vec<Vec<Happened>> {
        self.judge_events();
        std::mem::take(&mut self.happened)
    }

    fn save(&mut self) -> Result<Game, ProcessError> {
        Ok(self.game.clone())
    }

    fn restore(&mut self, saved: &Game) -> Result<(), ProcessError> {
        self.game.clone_from(saved);
        self.forget();
        self.happened.clear();
        Ok(())
    }

    fn failure(&self, problem: Problem, message: String) -> ProcessError {
        ProcessError {
            problem,
            message,
            exchange: Box::new(Exchange {
                command: "battlecheck's engine (in process)".into(),
                ..Exchange::default()
            }),
        }
    }
}

/// An engine behind the engine protocol, started as a child process, at a
/// position battlecheck sends it.
pub struct Process {
    engine: EngineProcess,
    position: serde_json::Value,
    /// The engine's last observation.
    last: Observed,
    /// The decisions taken since the position was set up (to save a game
    /// by its path when the engine has no snapshots).
    path: Vec<Decision>,
    snapshots: bool,
    /// What the decisions taken since it was last read, or the game was
    /// set up or restored, did, as the engine told ([`Engine::happened`]).
    happened: Vec<Vec<Happened>>,
}

/// A game of an engine process: its snapshot token, or (for an engine
/// without the `snapshot` feature) the decisions that reach it from the
/// starting position.
#[derive(Clone, Debug)]
pub enum ProcessSaved {
    /// The token, and the observation it restores (known, so the restore
    /// is sent with the next request).
    Token(String, Box<Observed>),
    Path(Vec<Decision>),
}

impl Process {
    /// Start `command`, shake hands and set up `position`; every answer is
    /// awaited at most `timeout`.
    pub fn start(
        command: &str,
        timeout: Duration,
        position: serde_json::Value,
    ) -> Result<Process, ProcessError> {
        let mut engine = EngineProcess::spawn(command, timeout)?;
        let snapshots = engine
            .features()
            .iter()
            .any(|f| f == super::protocol::FEATURE_SNAPSHOT);
        let last = engine.setup(position.clone())?;
        Ok(Process {
            engine,
            position,
            last,
            path: Vec::new(),
            snapshots,
            happened: Vec::new(),
        })
    }

    /// The engine's hello.
    pub fn engine(&self) -> &EngineProcess {
        &self.engine
    }
}

impl Engine for Process {
    type Saved = ProcessSaved;

    fn tells_defenders(&self) -> bool {
        self.engine
            .features()
            .iter()
            .any(|f| f == super::protocol::FEATURE_DEFENDERS)
    }

    fn reset(&mut self) -> Result<(), ProcessError> {
        self.last = self.engine.setup(self.position.clone())?;
        self.path.clear();
        self.happened.clear();
        Ok(())
    }

    fn status(&self) -> Status {
        let o = &self.last.observation;
        Status {
            turn: o.turn,
            active: o.active,
            turn_step: self.last.turn_step,
            pending: o.pending,
            stack_empty: o.stack.is_empty(),
            priority: self.last.priority,
            choosers: self.last.choosers.clone(),
        }
    }

    fn observe(&mut self) -> Result<Observation, ProcessError> {
        Ok(self.last.observation.clone())
    }

    fn legal(&mut self) -> Result<Vec<Decision>, ProcessError> {
        self.engine.legal()
    }

    fn apply(&mut self, d: &Decision) -> Result<Result<(), Refusal>, ProcessError> {
        Ok(match self.engine.apply(d)? {
            Ok(mut observed) => {
                if let Some(facts) = observed.happened.take() {
                    self.happened.push(facts);
                }
                self.last = observed;
                self.path.push(d.clone());
                Ok(())
            }
            Err(refusal) => Err(refusal),
        })
    }

    fn save(&mut self) -> Result<ProcessSaved, ProcessError> {
        Ok(if self.snapshots {
            ProcessSaved::Token(self.engine.snapshot()?, Box::new(self.last.clone()))
        } else {
            ProcessSaved::Path(self.path.clone())
        })
    }

    fn restore(&mut self, saved: &ProcessSaved) -> Result<(), ProcessError> {
        match saved {
            ProcessSaved::Token(token, observed) => {
                self.engine.restore_later(token)?;
                self.last.clone_from(observed);
            }
            ProcessSaved::Path(path) => {
                self.reset()?;
                for d in path {
                    if let Err(refusal) = self.apply(d)? {
                        return Err(self.failure(
                            Problem::NotDeterministic,
                            format!(
                                "replaying the decisions to a game it reached before, the engine refused {} ({}): the engine is not deterministic",
                                super::probe::json(d),
                                refusal.message
                            ),
                        ));
                    }
                }
            }
        }
        self.happened.clear();
        Ok(())
    }

    fn happened(&mut self) -> Vec<Vec<Happened>> {
        std::mem::take(&mut self.happened)
    }

    fn failure(&self, problem: Problem, message: String) -> ProcessError {
        self.engine.fail(problem, message)
    }
}

/// An engine process runs scenarios seen from outside: decisions,
/// observations and legal decisions only.
impl Subject for Process {
    type Failure = ProcessError;
    const ENGINE_SPECIFIC: bool = false;

    fn observe(&mut self) -> Result<Observation, ProcessError> {
        Ok(self.last.observation.clone())
    }

    fn turn_step(&mut self) -> Result<TurnStep, ProcessError> {
        Ok(self.last.turn_step)
    }

    fn legal(&mut self) -> Result<Vec<Decision>, ProcessError> {
        self.engine.legal()
    }

    fn decide(&mut self, d: &Decision) -> Result<Result<(), Refused>, ProcessError> {
        Ok(Engine::apply(self, d)?.map_err(|r| Refused {
            rule: r.rule,
            text: r.message,
        }))
    }

    fn act(&mut self, a: &Action) -> Result<Result<(), Refused>, ProcessError> {
        Ok(match self.engine.act(a)? {
            Ok(mut observed) => {
                if let Some(facts) = observed.happened.take() {
                    self.happened.push(facts);
                }
                self.last = observed;
                Ok(())
            }
            Err(r) => Err(Refused {
                rule: r.rule,
                text: r.message,
            }),
        })
    }

    fn tells_defenders(&self) -> bool {
        Engine::tells_defenders(self)
    }

    fn takes_actions(&self) -> bool {
        self.engine
            .features()
            .iter()
            .any(|f| f == super::protocol::FEATURE_ACT)
    }

    fn priority(&self) -> Option<PlayerId> {
        self.last.priority
    }

    fn to_act(&self) -> Option<PlayerId> {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::{Decision, Engine, InProcess};
    use crate::conform::bridge::in_process;
    use crate::rules::config::Config;

    /// The engine in process reports each decision's events, and their
    /// facts, as taking that decision alone on a copy of the game reports
    /// them, however the reads fall between decisions, taken part-way or
    /// not; a restore forgets those not yet read.
    #[test]
    fn each_decision_s_events_and_facts_are_reported_apart() {
        for part_way in [false, true] {
            let config = Config::preset("default").expect("a preset");
            let mut engine: InProcess = in_process(&config, &[]);
            if part_way {
                engine = engine.part_way();
            }
            let start = engine.save().expect("in process");
            let (mut want_events, mut want_facts) = (Vec::new(), Vec::new());
            let (mut events, mut facts) = (Vec::new(), Vec::new());
            for step in 0..60 {
                // No concession: the game goes on.
                let mut legal = engine.legal().expect("in process");
                legal.retain(|d| !matches!(d, Decision::Concede { .. }));
                let Some(d) = legal.get(step * 7 % legal.len().max(1)) else {
                    break;
                };
                let alone = engine.game.clone().apply_decision(d).expect("legal");
                want_facts.push(battlecheck_engine::state::event::happened(&alone));
                want_events.push(alone);
                engine.apply(d).expect("in process").expect("legal");
                // The facts read every third decision, the events every
                // fifth.
                if step % 3 == 2 {
                    facts.extend(engine.happened());
                }
                if step % 5 == 4 {
                    events.extend(engine.events());
                }
            }
            facts.extend(engine.happened());
            events.extend(engine.events());
            assert_eq!(events, want_events, "part-way: {part_way}");
            assert_eq!(facts, want_facts, "part-way: {part_way}");
            // Many decisions, of which several have facts to judge.
            assert!(want_events.len() > 30, "{}", want_events.len());
            assert!(want_facts.iter().filter(|f| !f.is_empty()).count() > 3);
            // Decisions taken and not read are forgotten by a restore.
            let legal = engine.legal().expect("in process");
            if let Some(d) = legal.first() {
                engine.apply(d).expect("in process").expect("legal");
            }
            engine.restore(&start).expect("in process");
            assert!(engine.events().is_empty() && engine.happened().is_empty());
        }
    }
}
