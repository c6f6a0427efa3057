//! Sweeps: a matrix of configurations checked in parallel (rayon), sharded
//! deterministically so that N CI machines cover it together, and reports
//! that merge back into the unsharded report.
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

impl std::str::FromStr for Shard {
    type Err = String;
    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("--shard '{s}': expected K/N with 1 <= K <= N, e.g. 1/2");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (index, count): (usize, usize) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if count == 0 || index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
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
        self.entries.iter().all(|e| e.passed)
    }
}

/// Check the matrix's configurations (only `shard`'s, if given) in parallel.
pub fn sweep(matrix: &Matrix, shard: Option<Shard>) -> Result<SweepReport, ConfigError> {
    use rayon::prelude::*;
    let configs: Vec<(usize, Config)> = matrix
        .configurations()?
        .into_iter()
        .filter(|(i, _)| shard.is_none_or(|s| i % s.count + 1 == s.index))
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
/// whole sweep. `names` label the reports in errors.
pub fn merge(reports: Vec<(String, SweepReport)>) -> Result<SweepReport, ConfigError> {
    let Some((first_name, first)) = reports.first() else {
        return Err(ConfigError(
            "merge-reports needs at least one report".into(),
        ));
    };
    let expected = first.matrix.configurations()?.len();
    let mut entries: Vec<Entry> = Vec::new();
    for (name, r) in &reports {
        if r.matrix != first.matrix {
            return Err(ConfigError(format!(
                "{name}: a different sweep matrix than {first_name}"
            )));
        }
        for e in &r.entries {
            if entries.iter().any(|x| x.index == e.index) {
                return Err(ConfigError(format!(
                    "{name}: configuration {} appears in more than one report",
                    e.index
                )));
            }
            entries.push(e.clone());
        }
    }
    entries.sort_by_key(|e| e.index);
    if entries.len() != expected {
        let missing: Vec<usize> = (0..expected)
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
