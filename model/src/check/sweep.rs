//! Sweeps: a matrix of configurations checked in parallel (rayon), sharded
//! deterministically so that N CI machines cover it together, and reports
//! that merge back into the unsharded report. A merge proves from the
//! reports that every configuration of the matrix was checked exactly once,
//! or fails naming the report that does not fit.
//!
//! A sweep fails when an invariant is violated. Witnesses are judged by
//! `check` on the presets, which are built to reach them; a configuration of
//! the matrix may legitimately not reach one (a one-turn game where the
//! second player's Siege is never cast), so unfound witnesses are listed,
//! not failed.

use crate::check::{check, CheckOptions, Status};
use crate::rules::config::{Config, ConfigError};
use serde::{Deserialize, Serialize};

/// The axes of a sweep. Configurations are the product, in this order:
/// preset, players, defense, turns, concede.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Matrix {
    pub presets: Vec<String>,
    pub players: Vec<usize>,
    pub defenses: Vec<u8>,
    pub turns: Vec<u8>,
    pub concede: Vec<bool>,
}

impl Default for Matrix {
    fn default() -> Self {
        Matrix {
            presets: ["tiny", "duel", "copies", "mimic"]
                .map(String::from)
                .to_vec(),
            players: vec![2, 3],
            defenses: vec![1, 2, 3],
            turns: vec![1],
            concede: vec![true, false],
        }
    }
}

/// Shard `index` (1-based) of `count`: configuration i belongs to shard
/// `i % count + 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// Does configuration `i` of the matrix belong to this shard?
    pub fn contains(self, i: usize) -> bool {
        i % self.count + 1 == self.index
    }

    /// Is this one shard of a split in `count` (1 <= index <= count)?
    fn check_index(self) -> Result<(), String> {
        if self.count == 0 || self.index == 0 || self.index > self.count {
            return Err(format!(
                "shard {self} is not a shard: expected K/N with 1 <= K <= N"
            ));
        }
        Ok(())
    }

    /// Does every shard of this split hold a configuration of a matrix of
    /// `configurations`? A split in more shards than configurations leaves
    /// some shards empty, so no set of reports could show it was checked.
    fn check_split(self, configurations: usize) -> Result<(), String> {
        self.check_index()?;
        if self.count > configurations {
            return Err(format!(
                "shard {self}: the matrix has {configurations} configurations, so a split in {} \
                 shards leaves {} of them empty: use at most {configurations} shards",
                self.count,
                self.count - configurations
            ));
        }
        Ok(())
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl std::str::FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("--shard '{s}': expected K/N with 1 <= K <= N, e.g. 1/2");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let shard = Shard {
            index: k.trim().parse().map_err(|_| bad())?,
            count: n.trim().parse().map_err(|_| bad())?,
        };
        shard.check_index().map_err(|_| bad())?;
        Ok(shard)
    }
}

impl Matrix {
    /// Every configuration of the matrix with its index, or the first axis
    /// value that names no valid configuration.
    pub fn configurations(&self) -> Result<Vec<(usize, Config)>, ConfigError> {
        let mut out = Vec::new();
        for preset in &self.presets {
            for &players in &self.players {
                for &defense in &self.defenses {
                    for &turns in &self.turns {
                        for &concede in &self.concede {
                            let mut c = Config::preset(preset)
                                .map_err(|e| ConfigError(format!("--presets: {e}")))?;
                            c.set_players(players)?;
                            c.defense = defense;
                            c.turns = turns;
                            c.concede = concede;
                            c.validate().map_err(|e| {
                                ConfigError(format!("sweep configuration {}: {e}", out.len()))
                            })?;
                            out.push((out.len(), c));
                        }
                    }
                }
            }
        }
        Ok(out)
    }
}

/// One configuration's outcome. Deterministic: no timings, so that reports
/// of the same sweep are equal whatever the machine or sharding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub index: usize,
    pub config: Config,
    pub unique_states: usize,
    pub max_depth: usize,
    /// No invariant is violated.
    pub passed: bool,
    pub violated: Vec<String>,
    pub not_witnessed: Vec<String>,
    /// Why its check stopped before the end (an interrupt, `--max-memory`):
    /// its states are not all checked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped_by: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SweepReport {
    pub matrix: Matrix,
    /// `None` for a whole sweep (or a merge of all its shards).
    pub shard: Option<Shard>,
    pub entries: Vec<Entry>,
}

impl SweepReport {
    pub fn passed(&self) -> bool {
        self.entries
            .iter()
            .all(|e| e.passed && e.stopped_by.is_none())
    }

    /// Some configuration's check stopped before the end.
    pub fn partial(&self) -> bool {
        self.entries.iter().any(|e| e.stopped_by.is_some())
    }

    /// No configuration violates an invariant.
    pub fn violated(&self) -> bool {
        self.entries.iter().any(|e| !e.passed)
    }
}

/// Check the matrix's configurations (only `shard`'s, if given) in parallel.
/// A shard must be one of a split in no more shards than the matrix has
/// configurations, so that no shard of it is empty.
pub fn sweep(matrix: &Matrix, shard: Option<Shard>) -> Result<SweepReport, ConfigError> {
    use rayon::prelude::*;
    let all = matrix.configurations()?;
    if let Some(s) = shard {
        s.check_split(all.len())
            .map_err(|e| ConfigError(format!("--{e}")))?;
    }
    let configs: Vec<(usize, Config)> = all
        .into_iter()
        .filter(|(i, _)| shard.is_none_or(|s| s.contains(*i)))
        .collect();
    let entries = configs
        .into_par_iter()
        .map(|(index, config)| {
            let report = check(
                config.clone(),
                &CheckOptions {
                    threads: 1,
                    ..CheckOptions::default()
                },
            )?;
            let named = |status: Status| {
                report
                    .properties
                    .iter()
                    .filter(|p| p.status == status)
                    .map(|p| p.name.to_string())
                    .collect()
            };
            Ok(Entry {
                index,
                config,
                unique_states: report.unique_states,
                max_depth: report.max_depth,
                passed: report
                    .properties
                    .iter()
                    .all(|p| p.status != Status::Violated),
                violated: named(Status::Violated),
                not_witnessed: named(Status::NotWitnessed),
                stopped_by: report.stopped_by.map(String::from),
            })
        })
        .collect::<Result<Vec<_>, ConfigError>>()?;
    Ok(SweepReport {
        matrix: matrix.clone(),
        shard,
        entries,
    })
}

/// Merge the reports of every shard of one sweep into the report of the
/// whole sweep, proving that every configuration of the matrix was checked
/// exactly once: the reports are of one matrix; they are the shards 1..=N of
/// one split in N, each once (or one unsharded report alone); each entry is
/// the matrix's configuration at its index, in its report's shard, and no
/// index appears twice; together they cover the matrix. `reports` are
/// (name, report) pairs; every error names the report at fault.
pub fn merge(reports: Vec<(String, SweepReport)>) -> Result<SweepReport, ConfigError> {
    let Some((first_name, first)) = reports.first() else {
        return Err(ConfigError(
            "merge-reports needs at least one report".into(),
        ));
    };
    let configs = first
        .matrix
        .configurations()
        .map_err(|e| ConfigError(format!("{first_name}: {e}")))?;
    for (name, r) in &reports {
        if r.matrix != first.matrix {
            return Err(ConfigError(format!(
                "{name}: a different sweep matrix than {first_name}"
            )));
        }
    }
    check_shards(&reports, configs.len())?;
    let mut entries: Vec<Entry> = Vec::new();
    for (name, r) in &reports {
        for e in &r.entries {
            check_entry(name, r.shard, e, &configs, &entries)?;
            entries.push(e.clone());
        }
    }
    entries.sort_by_key(|e| e.index);
    if entries.len() != configs.len() {
        let missing: Vec<usize> = (0..configs.len())
            .filter(|i| !entries.iter().any(|e| e.index == *i))
            .collect();
        return Err(ConfigError(format!(
            "the reports miss configurations {missing:?} of the sweep: merge every shard"
        )));
    }
    Ok(SweepReport {
        matrix: first.matrix.clone(),
        shard: None,
        entries,
    })
}

/// The reports' shards are one split of the matrix's `configurations`, each
/// shard exactly once; a whole sweep's report (no shard) is merged alone.
fn check_shards(
    reports: &[(String, SweepReport)],
    configurations: usize,
) -> Result<(), ConfigError> {
    let err = |name: &str, what: String| Err(ConfigError(format!("{name}: {what}")));
    let mut shards: Vec<(&str, Shard)> = Vec::new();
    for (name, r) in reports {
        match r.shard {
            Some(shard) => shards.push((name, shard)),
            None if reports.len() == 1 => return Ok(()),
            None => return err(
                name,
                "a whole sweep (no shard) merged with other reports: merge the reports of every shard, or the whole sweep alone".into(),
            ),
        }
    }
    let (first_name, split) = shards[0];
    for (i, &(name, shard)) in shards.iter().enumerate() {
        if let Err(e) = shard.check_split(configurations) {
            return err(name, e);
        }
        if shard.count != split.count {
            return err(
                name,
                format!(
                    "shard {shard} is of a split in {}, {first_name} of a split in {}",
                    shard.count, split.count
                ),
            );
        }
        if let Some((other, _)) = shards[..i].iter().find(|(_, s)| s.index == shard.index) {
            return err(name, format!("shard {shard} again (also {other})"));
        }
    }
    let missing: Vec<usize> = (1..=split.count)
        .filter(|k| !shards.iter().any(|(_, s)| s.index == *k))
        .collect();
    if !missing.is_empty() {
        return Err(ConfigError(format!(
            "the reports miss shards {missing:?} of {}: merge every shard",
            split.count
        )));
    }
    Ok(())
}

/// An entry of report `name` (of `shard`) is the matrix's configuration at
/// its index, belongs to the shard, and is not among the entries `merged`
/// so far.
fn check_entry(
    name: &str,
    shard: Option<Shard>,
    e: &Entry,
    configs: &[(usize, Config)],
    merged: &[Entry],
) -> Result<(), ConfigError> {
    let err = |what: String| {
        Err(ConfigError(format!(
            "{name}: configuration {} {what}",
            e.index
        )))
    };
    let Some((_, config)) = configs.get(e.index) else {
        return err(format!(
            "is not in the matrix, which has {} configurations (indices from 0)",
            configs.len()
        ));
    };
    if let Some(s) = shard.filter(|s| !s.contains(e.index)) {
        return err(format!(
            "belongs to shard {}/{}, not to this report's shard {s}",
            e.index % s.count + 1,
            s.count
        ));
    }
    if merged.iter().any(|x| x.index == e.index) {
        return err("appears more than once in the reports".into());
    }
    if e.config != *config {
        return err(format!(
            "is not the matrix's configuration at that index (preset {}, players {}, defense {}, turns {}, concede {})",
            config.name,
            config.players(),
            config.defense,
            config.turns,
            config.concede
        ));
    }
    Ok(())
}
