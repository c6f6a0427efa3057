//! Command-line options shared by the subcommands: how a configuration is
//! named on the command line, and how reports are printed.

use crate::cards::CardName;
use crate::checker::{CheckReport, Status};
use crate::config::{Config, ConfigError};
use crate::faults::Fault;
use battlecheck_properties::checklist::{Tier, ITEMS};
use battlecheck_properties::{Kind, CATALOGUE};
use clap::{Args, ValueEnum};
use std::fmt::Write;

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

/// Escape text for XML attributes and content.
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// The outcome of one JUnit test case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Case {
    Passed,
    Failed { message: String, details: String },
    Skipped(String),
}

/// A JUnit XML document with one suite of named cases.
pub fn junit(suite: &str, seconds: f64, cases: &[(String, Case)]) -> String {
    let failures = cases
        .iter()
        .filter(|c| matches!(c.1, Case::Failed { .. }))
        .count();
    let skipped = cases
        .iter()
        .filter(|c| matches!(c.1, Case::Skipped(_)))
        .count();
    let mut s = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(s, "<testsuites name=\"battlecheck\" tests=\"{}\" failures=\"{failures}\" skipped=\"{skipped}\">", cases.len());
    let _ = writeln!(
        s,
        "  <testsuite name=\"{}\" tests=\"{}\" failures=\"{failures}\" skipped=\"{skipped}\" time=\"{seconds:.3}\">",
        xml_escape(suite),
        cases.len()
    );
    for (name, outcome) in cases {
        let name = xml_escape(name);
        match outcome {
            Case::Passed => {
                let _ = writeln!(
                    s,
                    "    <testcase classname=\"battlecheck\" name=\"{name}\"/>"
                );
            }
            Case::Failed { message, details } => {
                let _ = writeln!(
                    s,
                    "    <testcase classname=\"battlecheck\" name=\"{name}\">"
                );
                let _ = writeln!(
                    s,
                    "      <failure message=\"{}\">{}</failure>",
                    xml_escape(message),
                    xml_escape(details)
                );
                let _ = writeln!(s, "    </testcase>");
            }
            Case::Skipped(reason) => {
                let _ = writeln!(s, "    <testcase classname=\"battlecheck\" name=\"{name}\"><skipped message=\"{}\"/></testcase>", xml_escape(reason));
            }
        }
    }
    s.push_str("  </testsuite>\n</testsuites>\n");
    s
}

/// The JUnit report of a check: one test case per property.
pub fn junit_report(r: &CheckReport) -> String {
    let full = human_report(r);
    let cases: Vec<_> = r
        .properties
        .iter()
        .map(|p| {
            let outcome = match p.status {
                Status::Holds | Status::Witnessed => Case::Passed,
                Status::NotApplicable => {
                    Case::Skipped(format!("configuration lacks {:?}", p.missing_features))
                }
                Status::Violated => {
                    let details = full
                        .split(&format!("counterexample to {} (", p.name))
                        .nth(1)
                        .map(|rest| {
                            rest.split("\ncounterexample to ")
                                .next()
                                .unwrap_or(rest)
                                .to_string()
                        })
                        .unwrap_or_default();
                    Case::Failed {
                        message: format!("violated: {}", p.statement),
                        details,
                    }
                }
                Status::NotWitnessed => Case::Failed {
                    message: format!(
                        "not witnessed{}: {}",
                        if r.complete { "" } else { " (partial run)" },
                        p.statement
                    ),
                    details: String::new(),
                },
            };
            (format!("{} ({})", p.name, p.checklist.join(" ")), outcome)
        })
        .collect();
    junit(
        &format!("battlecheck check: {}", config_line(&r.config)),
        r.seconds,
        &cases,
    )
}

/// The game configuration: a preset, optionally changed by flags.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// Preset to start from (default, deep, duel, copies, mimic, tiny).
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
    let cards = cards
        .split(',')
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(|c| {
            c.parse::<CardName>()
                .map_err(|e| ConfigError(format!("--{flag} '{value}': {e}")))
        })
        .collect::<Result<_, _>>()?;
    Ok((seat - 1, cards))
}

impl GameArgs {
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
        for h in &self.hand {
            let (seat, cards) = seat_cards("hand", h, c.players())?;
            c.seats[seat].hand = cards;
        }
        for b in &self.battlefield {
            let (seat, cards) = seat_cards("battlefield", b, c.players())?;
            c.seats[seat].battlefield = cards;
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

/// One line describing a configuration.
pub fn config_line(c: &Config) -> String {
    let seats: Vec<String> = c
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let names = |v: &[CardName]| v.iter().map(|c| c.as_str()).collect::<Vec<_>>().join(",");
            format!(
                "P{}: hand [{}] battlefield [{}]",
                i + 1,
                names(&s.hand),
                names(&s.battlefield)
            )
        })
        .collect();
    let faults: Vec<&str> = c.faults.iter().map(|f| f.as_str()).collect();
    let mut line = format!(
        "preset {}: {} players, {} turn(s), life {}, defense {}, concede {}; {}",
        c.name,
        c.players(),
        c.turns,
        c.life,
        c.defense,
        if c.concede { "on" } else { "off" },
        seats.join("; ")
    );
    if !faults.is_empty() {
        let _ = write!(line, "; SEEDED FAULTS: {}", faults.join(", "));
    }
    line
}

fn thousands(n: usize) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// The human-readable report of a check.
pub fn human_report(r: &CheckReport) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "{}", config_line(&r.config));
    let _ = writeln!(
        s,
        "explored {} unique states ({} generated), max depth {}, in {:.2} s: {} states/s on {} thread(s); symmetry reduction: {:?}",
        thousands(r.unique_states),
        thousands(r.generated_states),
        r.max_depth,
        r.seconds,
        thousands(r.states_per_second as usize),
        r.threads,
        r.symmetry
    );
    if !r.complete {
        let _ = writeln!(s, "PARTIAL: the run was stopped by --timeout or --max-states; unexplored states may hold violations");
    }
    for (title, kind) in [("invariants", Kind::Always), ("witnesses", Kind::Sometimes)] {
        let _ = writeln!(s, "{title}:");
        for p in r.properties.iter().filter(|p| p.kind == kind) {
            let status = match p.status {
                Status::Holds => "holds",
                Status::Violated => "VIOLATED",
                Status::Witnessed => "witnessed",
                Status::NotWitnessed => "NOT WITNESSED",
                Status::NotApplicable => "n/a",
            };
            let mut line = format!("  {status:<13} {:<40} {}", p.name, p.checklist.join(" "));
            if !p.missing_features.is_empty() {
                let _ = write!(line, " (configuration lacks: {:?})", p.missing_features);
            }
            let _ = writeln!(s, "{line}");
        }
    }
    for p in r.properties.iter().filter(|p| p.status == Status::Violated) {
        let _ = writeln!(s, "\ncounterexample to {} ({}):", p.name, p.statement);
        let _ = writeln!(s, "  rules: {}", p.rules.join(", "));
        match &p.counterexample {
            Some(t) => {
                let _ = writeln!(
                    s,
                    "  {} decisions{}:",
                    t.steps.len(),
                    if t.shortest { " (shortest)" } else { "" }
                );
                for (i, step) in t.steps.iter().enumerate() {
                    let _ = writeln!(s, "  {:>3}. {}", i + 1, step.text);
                }
                let _ = writeln!(s, "  final state:");
                for line in t.final_state.lines() {
                    let _ = writeln!(s, "    {line}");
                }
            }
            None => {
                let _ = writeln!(s, "  (no path found by the shortest-path search)");
            }
        }
    }
    let verdict = match (r.passed(), r.complete) {
        (true, _) => "PASS",
        (false, false) if !r.properties.iter().any(|p| p.status == Status::Violated) => "PARTIAL",
        (false, _) => "FAIL",
    };
    let _ = writeln!(s, "\nresult: {verdict}");
    s
}

/// The checklist coverage table: each item and what covers it.
pub fn rules_report() -> String {
    let mut s = String::new();
    for item in ITEMS {
        let covering: Vec<String> = CATALOGUE
            .iter()
            .filter(|p| p.checklist.contains(&item.id))
            .map(|p| {
                format!(
                    "{} ({})",
                    p.name,
                    if p.kind == Kind::Always {
                        "always"
                    } else {
                        "sometimes"
                    }
                )
            })
            .collect();
        let cover = if covering.is_empty() {
            match item.tier {
                Tier::One => "NOT COVERED".to_string(),
                Tier::Two => "not covered by the model (Tier 2: engine first)".to_string(),
            }
        } else {
            covering.join(", ")
        };
        let _ = writeln!(
            s,
            "{} [{}] {}\n    {}",
            item.id, item.source, item.summary, cover
        );
    }
    s
}
