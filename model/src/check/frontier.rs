//! Frontier files: a split's frontier found once for all its shards.
//!
//! Every shard of a game of several turns cut at the second turn
//! ([`crate::check::split`]) explores the whole first turn before its own
//! part. `check --frontier-out FILE` explores and judges the first turn
//! once and writes every state that begins the second into FILE;
//! `check --shard K/N --frontier-in FILE` starts from its own part of
//! them (the states whose key is K modulo N), the others taken as
//! visited, and explores nothing above. `merge-reports` joins the
//! frontier run's report with the shards': it judged the states above the
//! frontier, which no shard then does.
//!
//! The file: one line of JSON, the [`Header`] (format and version, the
//! battlecheck version that wrote it, the configuration and symmetry
//! reduction, the counts, and the CRC-32 of what follows), then one record
//! per frontier state in key order: its key (8 bytes, little-endian), its
//! depth (4), the length of its state (2) and the state ([`Stored`], in
//! postcard). A shard refuses a file of another format version, another
//! battlecheck version, configuration or reduction, one whose counts or
//! checksum do not match what it holds, and one whose states its build
//! keys differently.

use crate::check::model::{BattleModel, Judged, Tally};
use crate::check::split::{first_turn, from_frontier, owner, KeySums, SplitInfo};
use crate::check::stop::Stop;
use crate::check::sweep::Shard;
use crate::check::visited::{Seen, Visited};
use crate::check::{
    canonical_fingerprint, property_results, search, shortest_trace, CheckOptions, CheckReport,
    Exploration, SymmetryUse,
};
use crate::rules::config::{Config, ConfigError};
use crate::rules::config::{MAX_OBJECTS, MAX_PLAYERS, MAX_STACK, MAX_WAITING};
use crate::rules::state::{GameState, Journal, Obj, Pending, Player, SetupRef, StackItem, Waiting};
use battlecheck_properties::step::StepBreak;
use battlecheck_properties::{PlayerId, Step};
use serde::{Deserialize, Serialize};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tinyvec::ArrayVec;

/// What a frontier file's header names its format.
pub const FORMAT: &str = "battlecheck-frontier";
/// The format's version: a file of another is refused. 2: the states
/// carry deathtouch damage (`Obj::deathtouched`).
pub const VERSION: u32 = 2;
/// The longest header read: a file whose first line is longer is not one.
const MAX_HEADER: u64 = 1 << 20;

/// A frontier file's first line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Header {
    pub format: String,
    pub version: u32,
    /// The battlecheck version that wrote it (keys are of one build).
    pub battlecheck: String,
    pub config: Config,
    /// Exact, off, or requested and not exact (so off): the keys are of
    /// representatives or of states.
    pub symmetry: SymmetryUse,
    /// What the file holds.
    #[serde(flatten)]
    pub frontier: FrontierOut,
}

/// What a frontier file holds, in its header and in the report of the run
/// that wrote it (`check --frontier-out`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FrontierOut {
    /// The turn the frontier's states begin.
    pub turn: u8,
    /// The states above the frontier, judged by the run that wrote it.
    pub prefix_states: usize,
    pub states: usize,
    /// The sum (wrapping) of the states' keys.
    pub keys: u64,
    /// The bytes after the header's line.
    pub bytes: u64,
    /// The CRC-32 of those bytes.
    pub checksum: u32,
}

/// A state as a frontier file keeps it: every field but the setup (the
/// configuration in the header rebuilds it) and the journal (empty
/// between decisions).
#[derive(Serialize, Deserialize)]
struct Stored {
    turn: u8,
    active: PlayerId,
    step: Step,
    pending: Pending,
    players: ArrayVec<[Player; MAX_PLAYERS]>,
    objs: ArrayVec<[Obj; MAX_OBJECTS]>,
    stack: ArrayVec<[StackItem; MAX_STACK]>,
    waiting: ArrayVec<[Waiting; MAX_WAITING]>,
    combat_damage_prevented: bool,
    broken: Option<StepBreak>,
}

impl Stored {
    fn of(s: &GameState) -> Stored {
        // Destructured, so that a new field does not compile until it is
        // stored too.
        let GameState {
            setup: _,
            turn,
            active,
            step,
            pending,
            players,
            objs,
            stack,
            waiting,
            combat_damage_prevented,
            broken,
            journal: _,
        } = s;
        Stored {
            turn: *turn,
            active: *active,
            step: *step,
            pending: *pending,
            players: *players,
            objs: *objs,
            stack: *stack,
            waiting: *waiting,
            combat_damage_prevented: *combat_damage_prevented,
            broken: *broken,
        }
    }

    fn state(self, setup: SetupRef) -> GameState {
        GameState {
            setup,
            turn: self.turn,
            active: self.active,
            step: self.step,
            pending: self.pending,
            players: self.players,
            objs: self.objs,
            stack: self.stack,
            waiting: self.waiting,
            combat_damage_prevented: self.combat_damage_prevented,
            broken: self.broken,
            journal: Journal::default(),
        }
    }
}

/// A state as a frontier file's record holds it.
pub fn encode(s: &GameState) -> Vec<u8> {
    postcard::to_stdvec(&Stored::of(s)).expect("a state encodes")
}

/// A state from a frontier record, in the game of `setup`.
pub fn decode(setup: SetupRef, bytes: &[u8]) -> Result<GameState, postcard::Error> {
    postcard::from_bytes::<Stored>(bytes).map(|stored| stored.state(setup))
}

/// A frontier found, ready to be written: its header and the records.
pub struct Frontier {
    pub header: Header,
    pub body: Vec<u8>,
}

impl Frontier {
    /// Write the file (header line, then the records).
    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        let mut f = std::io::BufWriter::new(std::fs::File::create(path)?);
        serde_json::to_writer(&mut f, &self.header)?;
        f.write_all(b"\n")?;
        f.write_all(&self.body)?;
        f.into_inner().map_err(|e| e.into_error())?.sync_all()
    }

    pub fn summary(&self) -> FrontierOut {
        self.header.frontier
    }
}

/// A frontier file read for shard K of N: its header, every state's key,
/// and this shard's states (undecoded) with their depths.
pub struct Loaded {
    pub header: Header,
    pub keys: Vec<u64>,
    pub owned: Vec<(u64, usize, Vec<u8>)>,
    pub owned_keys: u64,
}

/// Read the frontier file at `path` for `shard`, checking its format,
/// version, counts and checksum; every error names the file and what is
/// wrong with it.
pub fn read(path: &Path, shard: Shard) -> Result<Loaded, String> {
    let name = path.display();
    let file = std::fs::File::open(path).map_err(|e| format!("{name}: {e}"))?;
    let mut r = BufReader::new(file);
    let mut line = Vec::new();
    (&mut r)
        .take(MAX_HEADER)
        .read_until(b'\n', &mut line)
        .map_err(|e| format!("{name}: {e}"))?;
    if line.last() != Some(&b'\n') {
        return Err(format!(
            "{name}: not a frontier file (`check --frontier-out`): no header line"
        ));
    }
    let value: serde_json::Value = serde_json::from_slice(&line).map_err(|_| {
        format!("{name}: not a frontier file (`check --frontier-out`): its first line is not JSON")
    })?;
    if value.get("format").and_then(|f| f.as_str()) != Some(FORMAT) {
        return Err(format!(
            "{name}: not a frontier file (`check --frontier-out`): its header names no format {FORMAT:?}"
        ));
    }
    match value.get("version").and_then(|v| v.as_u64()) {
        Some(v) if v == u64::from(VERSION) => {}
        v => {
            return Err(format!(
                "{name}: frontier format version {}; this battlecheck reads version {VERSION}: write the frontier again with this build",
                v.map_or("unknown".into(), |v| v.to_string())
            ))
        }
    }
    let header: Header =
        serde_json::from_value(value).map_err(|e| format!("{name}: its header: {e}"))?;
    let ours = env!("CARGO_PKG_VERSION");
    if header.battlecheck != ours {
        return Err(format!(
            "{name}: written by battlecheck {}, this is {ours}: a frontier's states are keyed by the build that wrote them; write it again with this build",
            header.battlecheck
        ));
    }
    let mut crc = crc32fast::Hasher::new();
    let (mut bytes, mut sum, mut owned_keys) = (0u64, 0u64, 0u64);
    let mut keys = Vec::with_capacity(header.frontier.states.min(1 << 24));
    let mut owned = Vec::new();
    let mut head = [0u8; 14];
    loop {
        match read_full(&mut r, &mut head) {
            Ok(0) => break,
            Ok(14) => {}
            Ok(_) => {
                return Err(format!(
                    "{name}: ends inside record {} of {}: the file is cut short",
                    keys.len() + 1,
                    header.frontier.states
                ))
            }
            Err(e) => return Err(format!("{name}: {e}")),
        }
        crc.update(&head);
        let key = u64::from_le_bytes(head[..8].try_into().expect("8 bytes"));
        let depth = u32::from_le_bytes(head[8..12].try_into().expect("4 bytes")) as usize;
        let len = u16::from_le_bytes(head[12..].try_into().expect("2 bytes")) as usize;
        let mut state = vec![0u8; len];
        r.read_exact(&mut state).map_err(|_| {
            format!(
                "{name}: ends inside record {} of {}: the file is cut short",
                keys.len() + 1,
                header.frontier.states
            )
        })?;
        crc.update(&state);
        bytes += 14 + len as u64;
        sum = sum.wrapping_add(key);
        keys.push(key);
        if owner(key, shard.count) == shard.index {
            owned_keys = owned_keys.wrapping_add(key);
            owned.push((key, depth, state));
        }
    }
    let crc = crc.finalize();
    if keys.len() != header.frontier.states || bytes != header.frontier.bytes {
        return Err(format!(
            "{name}: holds {} states in {bytes} bytes, its header says {} in {}: the file is cut short or damaged",
            keys.len(),
            header.frontier.states,
            header.frontier.bytes
        ));
    }
    if crc != header.frontier.checksum || sum != header.frontier.keys {
        return Err(format!(
            "{name}: its checksum is {crc:08x}, its header says {:08x}: the file is damaged",
            header.frontier.checksum
        ));
    }
    Ok(Loaded {
        header,
        keys,
        owned,
        owned_keys,
    })
}

/// Fill `buf` from `r` as far as it goes: the bytes read (fewer only at
/// the end of the file).
fn read_full(r: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match r.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

/// The symmetry reduction a run uses and reports, and its key.
fn keyed(symmetric: bool) -> Option<fn(&GameState) -> u64> {
    symmetric.then_some(canonical_fingerprint as fn(&GameState) -> u64)
}

/// `check --frontier-out`: the first turn of `config` explored and judged,
/// and its frontier, unless the run stopped before it was all known.
pub fn check_frontier_out(
    config: Config,
    opts: &CheckOptions,
) -> Result<(CheckReport, Option<Frontier>), ConfigError> {
    if BattleModel::new(config.clone())?.turns() < 2 {
        return Err(ConfigError(
            "--frontier-out: a game of one turn is split at a breadth-first level, which every shard reaches in moments; a frontier file is for games of several turns (--turns 2 or more)".into(),
        ));
    }
    let stop = Arc::new(Stop::new(opts.timeout, opts.max_states));
    let mut symmetry = if opts.symmetry {
        SymmetryUse::Exact
    } else {
        SymmetryUse::Off
    };
    let (mut model, mut run, mut records) = frontier_run(&config, opts, &stop, opts.symmetry)?;
    if opts.symmetry && model.setup.seat_order_mattered.load(Ordering::Relaxed) && !stop.stopped() {
        (model, run, records) = frontier_run(&config, opts, &stop, false)?;
        symmetry = SymmetryUse::NotExactRerun;
    }
    let symmetric = symmetry == SymmetryUse::Exact;
    let properties = property_results(&model.not_applicable(), &run.found, |id| {
        shortest_trace(&model, id, symmetric, &stop)
    });
    let frontier = (!stop.stopped()).then(|| {
        records.sort_unstable_by_key(|r| r.0);
        let mut body = Vec::new();
        let mut keys = 0u64;
        for (key, depth, state) in &records {
            keys = keys.wrapping_add(*key);
            body.extend_from_slice(&key.to_le_bytes());
            body.extend_from_slice(&(*depth as u32).to_le_bytes());
            let len = u16::try_from(state.len()).expect("a state is far below 64 KiB");
            body.extend_from_slice(&len.to_le_bytes());
            body.extend_from_slice(state);
        }
        let header = Header {
            format: FORMAT.into(),
            version: VERSION,
            battlecheck: env!("CARGO_PKG_VERSION").into(),
            config: config.clone(),
            symmetry,
            frontier: FrontierOut {
                turn: 2,
                prefix_states: run.unique - records.len(),
                states: records.len(),
                keys,
                bytes: body.len() as u64,
                checksum: crc32fast::hash(&body),
            },
        };
        Frontier { header, body }
    });
    let mut report = CheckReport::of(config, opts, symmetry, &run, &stop, properties);
    report.frontier_out = frontier.as_ref().map(Frontier::summary);
    Ok((report, frontier))
}

/// The frontier run's search, with or without the symmetry reduction:
/// the model it judged with, its exploration and the frontier's records
/// (key, depth, stored state).
#[allow(clippy::type_complexity)]
fn frontier_run(
    config: &Config,
    opts: &CheckOptions,
    stop: &Arc<Stop>,
    symmetric: bool,
) -> Result<(BattleModel, Exploration, Vec<(u64, usize, Vec<u8>)>), ConfigError> {
    let start = Instant::now();
    let model = BattleModel::new(config.clone())?;
    let futile = symmetric.then_some(&model.setup.seat_order_mattered);
    let tally = Arc::new(Tally::new(model.checked(), stop.clone(), futile));
    let judged = BattleModel {
        tally: Some(tally.clone()),
        ..model.clone()
    };
    let records = Mutex::new(Vec::new());
    let visited = Visited::default();
    let run = first_turn(
        &judged,
        opts.threads,
        keyed(symmetric),
        opts.progress,
        &visited,
        |s, depth, key| {
            let state = encode(s);
            let mut r = records.lock().unwrap_or_else(|e| e.into_inner());
            r.push((key, depth, state));
        },
    );
    let exploration = Exploration::of(&run, start, &tally, None, visited.summary());
    let records = records.into_inner().unwrap_or_else(|e| e.into_inner());
    Ok((model, exploration, records))
}

/// `check --shard K/N --frontier-in`: shard `shard` of `config` explored
/// from its part of the frontier `loaded` (read for this shard).
pub fn check_from_frontier(
    config: Config,
    opts: &CheckOptions,
    shard: Shard,
    loaded: Loaded,
    file: &str,
) -> Result<CheckReport, ConfigError> {
    let h = &loaded.header;
    if h.config != config {
        return Err(ConfigError(format!(
            "--frontier-in {file}: the frontier is of another configuration ({}); this check's is {}: give the shard the frontier's configuration",
            serde_json::to_string(&h.config).unwrap_or_default(),
            serde_json::to_string(&config).unwrap_or_default()
        )));
    }
    // A frontier written with the reduction requested but not exact
    // (rerun without it) is keyed without it, and so is the shard.
    let symmetric = h.symmetry == SymmetryUse::Exact;
    if (h.symmetry != SymmetryUse::Off) != opts.symmetry {
        return Err(ConfigError(format!(
            "--frontier-in {file}: the frontier was written {} --no-symmetry, this check runs {} it: run both alike",
            if opts.symmetry { "with" } else { "without" },
            if opts.symmetry { "without" } else { "with" }
        )));
    }
    let start = Instant::now();
    let stop = Arc::new(Stop::new(opts.timeout, opts.max_states));
    let model = BattleModel::new(config.clone())?;
    let setup = SetupRef(model.setup);
    let key = keyed(symmetric);
    let mut states = Vec::with_capacity(loaded.owned.len());
    for (n, (k, depth, bytes)) in loaded.owned.iter().enumerate() {
        let s = decode(setup, bytes).map_err(|e| {
            ConfigError(format!(
                "--frontier-in {file}: state {} of this shard's does not decode ({e}): the file is of another build",
                n + 1
            ))
        })?;
        let again = match key {
            Some(c) => c(&s),
            None => search::fingerprint(&s),
        };
        if again != *k {
            return Err(ConfigError(format!(
                "--frontier-in {file}: this build keys state {} of this shard's otherwise than the build that wrote the file: write the frontier again with this build",
                n + 1
            )));
        }
        states.push((s, *depth));
    }
    let info = SplitInfo {
        index: shard.index,
        count: shard.count,
        frontier_depth: 0,
        frontier_turn: Some(h.frontier.turn),
        prefix_states: h.frontier.prefix_states,
        frontier_states: h.frontier.states,
        owned_frontier_states: states.len(),
        frontier_keys: Some(KeySums {
            all: h.frontier.keys,
            owned: loaded.owned_keys,
        }),
        frontier_file: Some(h.frontier.checksum),
    };
    let tally = Arc::new(Tally::new(model.checked(), stop.clone(), None));
    let judged = BattleModel {
        tally: Some(tally.clone()),
        ..model.clone()
    };
    let visited = Visited::default();
    let run = from_frontier(
        &judged,
        opts.threads,
        key,
        opts.progress,
        states,
        &loaded.keys,
        &visited,
    );
    if symmetric && model.setup.seat_order_mattered.load(Ordering::Relaxed) {
        return Err(ConfigError(format!(
            "--frontier-in {file}: below the frontier this configuration made seat order matter, so the symmetry reduction is not exact for it: write the frontier with --no-symmetry and run the shards with --no-symmetry"
        )));
    }
    let exploration = Exploration::of(&run, start, &tally, Some(info), visited.summary());
    let properties = property_results(&model.not_applicable(), &exploration.found, |id| {
        shortest_trace(&model, id, symmetric, &stop)
    });
    let symmetry = h.symmetry;
    Ok(CheckReport::of(
        config,
        opts,
        symmetry,
        &exploration,
        &stop,
        properties,
    ))
}

#[cfg(test)]
mod tests {
    use super::{decode, encode};
    use crate::check::model::BattleModel;
    use crate::check::search::fingerprint;
    use crate::rules::config::Config;
    use crate::rules::state::SetupRef;
    use stateright::Model;
    use std::collections::HashSet;

    /// Every reachable state of configurations with every kind of object,
    /// stack item and pending choice the model has comes back from its
    /// record equal, with the same fingerprint.
    #[test]
    fn every_reachable_state_comes_back_from_its_record() {
        for preset in [
            "duel",
            "default",
            "copies",
            "reselect",
            "zilortha",
            "two-headed-giant",
        ] {
            let model = BattleModel::new(Config::preset(preset).expect("a preset")).expect("valid");
            let setup = SetupRef(model.setup);
            let mut seen = HashSet::new();
            let mut todo = model.init_states();
            let mut states = 0;
            while let Some(s) = todo.pop() {
                if !seen.insert(fingerprint(&s)) {
                    continue;
                }
                states += 1;
                let back = decode(setup, &encode(&s)).expect("decodes");
                assert!(back == s, "{preset}: {s:?} came back as {back:?}");
                assert_eq!(fingerprint(&back), fingerprint(&s));
                let mut actions = Vec::new();
                model.actions(&s, &mut actions);
                for a in actions {
                    if let Some(n) = model.next_state(&s, a) {
                        if model.within_boundary(&n) {
                            todo.push(n);
                        }
                    }
                }
                if states >= 200_000 {
                    break;
                }
            }
            assert!(states > 100, "{preset}: {states} states");
        }
    }
}
