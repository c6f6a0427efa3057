//! Options shared by the subcommands: how a configuration is named on the
//! command line, how a search runs, and which report format is printed.

use crate::check::random::Games;
use crate::rules::cards::CardName;
use crate::rules::config::{Config, ConfigError};
use crate::rules::faults::Fault;
use battlecheck_properties::seating::AttackOption;
use clap::{Args, ValueEnum};

/// How a report is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Text for people.
    Human,
    /// One JSON document.
    Json,
    /// JUnit XML: one test case per property or scenario.
    Junit,
}

/// The game configuration: a preset, optionally changed by flags.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// Preset to start from (docs/check.md describes each; an unknown name
    /// is answered with the list of them all).
    #[arg(long, default_value = "default")]
    pub preset: String,
    /// Number of players, 2 to 6 (extra seats copy the last seat).
    #[arg(long)]
    pub players: Option<usize>,
    /// Number of turns before the game ends, 1 to 6.
    #[arg(long)]
    pub turns: Option<u8>,
    /// Printed defense of the battles, 1 to 9.
    #[arg(long)]
    pub defense: Option<u8>,
    /// Starting life total, 1 to 40.
    #[arg(long)]
    pub life: Option<i8>,
    /// Players may not concede.
    #[arg(long)]
    pub no_concede: bool,
    /// Whom players may attack: multiple (every opponent, 802), left or
    /// right (the nearest opponent on that side, 803).
    #[arg(long, value_name = "OPTION")]
    pub attack: Option<String>,
    /// A limited range of influence, in seats (801); 0 removes the
    /// preset's limit.
    #[arg(long, value_name = "SEATS")]
    pub range: Option<u8>,
    /// Two-Headed Giant (810): seats 1–2 and 3–4 are teams sharing turns
    /// and life (4 players; `--life` is each team's).
    #[arg(long)]
    pub two_headed_giant: bool,
    /// A seat's starting hand, as SEAT=CARD,CARD,… (seat 1 takes the first
    /// turn; an empty list empties the hand). Repeatable.
    #[arg(long, value_name = "SEAT=CARDS")]
    pub hand: Vec<String>,
    /// A seat's starting creatures on the battlefield, as SEAT=CARD,… . Repeatable.
    #[arg(long, value_name = "SEAT=CARDS")]
    pub battlefield: Vec<String>,
    /// Seed a deliberately broken rule (for testing the checker). Repeatable.
    #[arg(long, value_name = "FAULT")]
    pub fault: Vec<String>,
}

/// Parse `SEAT=card,card` for flag `flag`.
fn seat_cards(
    flag: &str,
    value: &str,
    players: usize,
) -> Result<(usize, Vec<CardName>), ConfigError> {
    let (seat, cards) = value.split_once('=').ok_or_else(|| {
        ConfigError(format!(
            "--{flag} '{value}': expected SEAT=CARD,CARD,… (e.g. 1=siege,bolt)"
        ))
    })?;
    let seat: usize = seat
        .trim()
        .parse()
        .ok()
        .filter(|s| (1..=players).contains(s))
        .ok_or_else(|| ConfigError(format!("--{flag} '{value}': seat must be 1 to {players}")))?;
    let names: Vec<&str> = cards.split(',').map(str::trim).collect();
    if names.len() > 1 && names.iter().any(|c| c.is_empty()) {
        return Err(ConfigError(format!(
            "--{flag} '{value}': an empty card name (two commas in a row, or one at an end)"
        )));
    }
    let cards = names
        .into_iter()
        .filter(|c| !c.is_empty())
        .map(|c| {
            c.parse::<CardName>()
                .map_err(|e| ConfigError(format!("--{flag} '{value}': {e}")))
        })
        .collect::<Result<_, _>>()?;
    Ok((seat - 1, cards))
}

impl GameArgs {
    /// No game flag was given (the default preset, unchanged).
    pub fn is_default(&self) -> bool {
        self.preset == "default"
            && self.players.is_none()
            && self.turns.is_none()
            && self.defense.is_none()
            && self.life.is_none()
            && !self.no_concede
            && self.attack.is_none()
            && self.range.is_none()
            && !self.two_headed_giant
            && self.hand.is_empty()
            && self.battlefield.is_empty()
            && self.fault.is_empty()
    }

    /// The configuration these flags name, validated.
    pub fn config(&self) -> Result<Config, ConfigError> {
        let mut c =
            Config::preset(&self.preset).map_err(|e| ConfigError(format!("--preset: {e}")))?;
        if let Some(n) = self.players {
            c.set_players(n)?;
        }
        if let Some(t) = self.turns {
            c.turns = t;
        }
        if let Some(d) = self.defense {
            c.defense = d;
        }
        if let Some(l) = self.life {
            c.life = l;
        }
        if self.no_concede {
            c.concede = false;
        }
        if let Some(a) = &self.attack {
            c.variant.attack = a
                .parse::<AttackOption>()
                .map_err(|e| ConfigError(format!("--attack: {e}")))?;
        }
        if let Some(r) = self.range {
            c.variant.range = (r > 0).then_some(r);
        }
        if self.two_headed_giant {
            c.variant.two_headed_giant = true;
        }
        let mut given = Vec::new();
        for (flag, values) in [("hand", &self.hand), ("battlefield", &self.battlefield)] {
            for value in values {
                let (seat, cards) = seat_cards(flag, value, c.players())?;
                if given.contains(&(flag, seat)) {
                    return Err(ConfigError(format!(
                        "--{flag} '{value}': seat {} is given twice; list all its cards in one flag",
                        seat + 1
                    )));
                }
                given.push((flag, seat));
                match flag {
                    "hand" => c.seats[seat].hand = cards,
                    _ => c.seats[seat].battlefield = cards,
                }
            }
        }
        for f in &self.fault {
            c.faults.push(
                f.parse::<Fault>()
                    .map_err(|e| ConfigError(format!("--fault: {e}")))?,
            );
        }
        c.validate()
            .map_err(|e| ConfigError(format!("configuration '{}': {e}", c.name)))?;
        Ok(c)
    }
}

/// How the states are explored (`check` and `conform`).
#[derive(Args)]
pub struct SearchArgs {
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Explore without the symmetry reduction.
    #[arg(long)]
    pub no_symmetry: bool,
}

impl SearchArgs {
    /// The thread count: as given, or every core. More threads than the
    /// machine has cores cannot make a search faster (the workers only
    /// compete for them): a larger count is capped, with a note on stderr.
    pub fn threads(&self) -> Result<usize, String> {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        match self.threads {
            Some(0) => Err("--threads must be at least 1".into()),
            Some(t) if t > cores => {
                super::out::note(&format!(
                    "note: --threads {t}: this machine has {cores} core(s); using {cores}"
                ));
                Ok(cores)
            }
            Some(t) => Ok(t),
            None => Ok(cores),
        }
    }
}

/// Random games instead of every reachable state.
#[derive(Args)]
pub struct RandomGamesArgs {
    /// Play N random games instead of exploring every reachable state: for
    /// configurations too large to explore (a 4-player full round). Each
    /// game takes random decisions, leaning toward battle play, to its
    /// end; game i of a seed is the same game in `check` and in `conform`.
    /// Passing is evidence, not proof, and a counterexample is the
    /// lowest-numbered game's (shrunk by `conform`), not always the
    /// shortest.
    #[arg(long, value_name = "N", conflicts_with = "no_symmetry")]
    random_games: Option<usize>,
    /// The seed of the random games: the same seed plays the same games on
    /// every run and at any thread count.
    #[arg(
        long,
        value_name = "SEED",
        requires = "random_games",
        default_value_t = 1
    )]
    seed: u64,
}

impl RandomGamesArgs {
    /// The games asked for, if any.
    pub fn games(&self) -> Result<Option<Games>, String> {
        games(self.random_games, self.seed)
    }
}

/// The games of `--random-games COUNT --seed SEED`, if any: at least one.
pub fn games(count: Option<usize>, seed: u64) -> Result<Option<Games>, String> {
    match count {
        Some(0) => Err("--random-games must be at least 1".into()),
        Some(count) => Ok(Some(Games { count, seed })),
        None => Ok(None),
    }
}

/// The engine checked, when it is not this repository's engine in process.
#[derive(Args)]
pub struct EngineCmdArgs {
    /// Check an engine that speaks the engine protocol (engine/PROTOCOL.md),
    /// started by this command line (split into words as a shell would; no
    /// shell runs it); one process per thread.
    #[arg(long, value_name = "CMD")]
    pub engine_cmd: Option<String>,
    /// Time limit for each answer of the engine process, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub engine_timeout: f64,
}

impl EngineCmdArgs {
    /// The time limit for each answer.
    pub fn timeout(&self) -> Result<std::time::Duration, String> {
        seconds("--engine-timeout", self.engine_timeout)
    }
}

/// A time limit given to `flag` in seconds: positive, finite and no more
/// than a `Duration` holds. The number is written short in the message
/// (`1e300`, not its 301 digits).
pub fn seconds(flag: &str, t: f64) -> Result<std::time::Duration, String> {
    let shown = if t.abs() < 1e9 {
        format!("{t}")
    } else {
        format!("{t:e}")
    };
    if !(t > 0.0 && t.is_finite()) {
        return Err(format!(
            "{flag} must be a positive number of seconds, got {shown}"
        ));
    }
    std::time::Duration::try_from_secs_f64(t)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| format!("{flag} {shown}: too many seconds to wait for, or too few to count"))
}

/// Parse engine fault names: kebab-case like every flag value here (the
/// snake_case of scenario files is accepted too).
pub fn engine_faults(names: &[String]) -> Result<Vec<battlecheck_engine::EngineFault>, String> {
    names
        .iter()
        .map(|n| {
            serde_json::from_value(serde_json::Value::String(n.replace('-', "_"))).map_err(|_| {
                let known: Vec<String> = battlecheck_engine::EngineFault::ALL
                    .iter()
                    .filter_map(|f| serde_json::to_value(f).ok())
                    .filter_map(|v| v.as_str().map(|s| s.replace('_', "-")))
                    .collect();
                format!(
                    "--engine-fault '{n}': unknown (known: {})",
                    known.join(", ")
                )
            })
        })
        .collect()
}

/// A report serialised as one pretty-printed JSON document.
pub fn json<T: serde::Serialize>(report: &T) -> String {
    serde_json::to_string_pretty(report).expect("reports serialise")
}

/// The limits of a run: it stops early with a partial report (exit code 3)
/// at the first one reached, or on Ctrl-C or SIGTERM.
#[derive(Args)]
pub struct LimitArgs {
    /// Stop after this many seconds with a partial report (exit code 3).
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<f64>,
    /// Stop after this many states (visited by `check`, compared with the
    /// engine by `conform`) with a partial report (exit code 3).
    #[arg(long, value_name = "N")]
    pub max_states: Option<usize>,
    /// Stop when the process's peak memory passes this many MiB, with a
    /// partial report (exit code 3). Default: 90% of the memory available
    /// as the run starts.
    #[arg(long, value_name = "MIB")]
    pub max_memory: Option<u64>,
}

impl LimitArgs {
    /// The time limit and the state limit, checked; and from now on an
    /// interrupt stops the run with its partial report.
    pub fn limits(&self) -> Result<(Option<std::time::Duration>, Option<usize>), super::Failure> {
        use super::Failure::BadInput;
        let timeout = self
            .timeout
            .map(|t| seconds("--timeout", t))
            .transpose()
            .map_err(BadInput)?;
        if self.max_states == Some(0) {
            return Err(BadInput("--max-states must be at least 1".into()));
        }
        memory_limit(self.max_memory)?;
        stop_on_interrupt();
        Ok((timeout, self.max_states))
    }
}

/// Set the memory limit of every run from now on: `mib` MiB, or by default
/// 90% of the memory available now (none where the machine does not say).
pub fn memory_limit(mib: Option<u64>) -> Result<(), super::Failure> {
    let bytes = match mib {
        Some(0) => {
            return Err(super::Failure::BadInput(
                "--max-memory must be at least 1 MiB".into(),
            ))
        }
        Some(m) => m.checked_mul(1 << 20).ok_or_else(|| {
            super::Failure::BadInput(format!("--max-memory {m}: too many MiB to count"))
        })?,
        None => available_memory().map_or(0, |a| a / 10 * 9),
    };
    crate::check::stop::MAX_MEMORY.store(bytes, std::sync::atomic::Ordering::Relaxed);
    Ok(())
}

/// The memory available for new allocations now, in bytes, from
/// `/proc/meminfo` (Linux); `None` where the system does not say.
pub fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// Set once a run that can stop with a partial report has begun
/// ([`stop_on_interrupt`]).
static ARMED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Install the handler of Ctrl-C and SIGTERM, first thing in `main`: until
/// a run begins (or in a subcommand without one, such as `serve-engine`)
/// either signal ends the process at once (exit code 130), as it would by
/// default; once [`stop_on_interrupt`] has been called it stops the run
/// with its partial report instead, and a second one ends the process at
/// once. If the handler cannot be installed the signals keep their default
/// action.
pub fn catch_interrupts() {
    use std::sync::atomic::Ordering::Relaxed;
    let _ = ctrlc::set_handler(|| {
        if !ARMED.load(Relaxed) || crate::check::stop::INTERRUPTED.swap(true, Relaxed) {
            std::process::exit(130);
        }
    });
}

/// From now on Ctrl-C or SIGTERM stops the run with its partial report
/// (exit code 3, as `--timeout` does).
pub fn stop_on_interrupt() {
    ARMED.store(true, std::sync::atomic::Ordering::Relaxed);
}
