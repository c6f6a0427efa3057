//! `check --shard K/N`: the shards of one configuration's states, merged by
//! `merge-reports`, give the verdict of the unsplit check (the same
//! statuses and the same shortest counterexamples), and a merge of the
//! wrong set of shards fails naming the report at fault.

mod common;

use battlecheck::check::split::{merge, ShardReport};
use battlecheck::check::sweep::Shard;
use battlecheck::check::visited::VisitedSet;
use battlecheck::check::{check, CheckOptions, Status, SymmetryUse};
use battlecheck::report::junit_report;
use battlecheck::rules::config::Config;
use battlecheck::rules::faults::Fault;
use common::verdicts;

fn options(shard: Option<Shard>) -> CheckOptions {
    CheckOptions {
        threads: 2,
        shard,
        ..CheckOptions::default()
    }
}

/// The JSON reports of the N shards of `config`, each with its file name.
fn shard_json(config: &Config, count: usize) -> Vec<(String, String)> {
    (1..=count)
        .map(|index| {
            let shard = Shard { index, count };
            let report = check(config.clone(), &options(Some(shard))).expect("valid");
            assert!(report.complete);
            let json = serde_json::to_string(&report).expect("serialisable");
            (format!("shard-{index}.json"), json)
        })
        .collect()
}

/// Shard reports read back as `merge-reports` reads them.
fn read(json: &[(String, String)]) -> Vec<(String, ShardReport)> {
    json.iter()
        .map(|(name, json)| {
            let read: ShardReport = serde_json::from_str(json).expect("a shard's report");
            (name.clone(), read)
        })
        .collect()
}

/// The reports of the N shards of `config`, read back.
fn shards(config: &Config, count: usize) -> Vec<(String, ShardReport)> {
    read(&shard_json(config, count))
}

#[test]
fn merged_shards_give_the_unsplit_verdict() {
    // Each splits (the frontier is reached) in 2 and in 3.
    let default = Config::preset("default").expect("a preset");
    let mut broken = default.clone();
    broken.faults = vec![Fault::AnyoneMayBlock];
    let mut defense_3 = default.clone();
    defense_3.defense = 3;
    // Two turns: cut where the second begins.
    let duel = Config::preset("duel").expect("a preset");
    let mut broken_duel = duel.clone();
    broken_duel.faults = vec![Fault::BattleDamageTwice];
    for config in [default, broken, defense_3, duel, broken_duel] {
        let whole = check(config.clone(), &options(None)).expect("valid");
        for count in [2, 3] {
            let parts = shards(&config, count);
            assert!(parts.iter().all(|(_, r)| r.shard.owned_frontier_states > 0));
            let merged = merge(parts).expect("every shard once");
            assert_eq!(
                verdicts(&merged),
                verdicts(&whole),
                "{} in {count}",
                config.name
            );
            assert_eq!(merged.passed(), whole.passed());
            assert_eq!(merged.merged_shards, Some(count));
            // States reached by several shards count in each.
            assert!(merged.unique_states >= whole.unique_states);
        }
    }
}

#[test]
fn a_merge_of_the_wrong_shards_names_the_report_at_fault() {
    let config = Config::preset("tiny").expect("a preset");
    let error = |parts: Vec<(String, ShardReport)>| merge(parts).expect_err("must fail").0;
    let mut parts = shards(&config, 3);
    parts.remove(1);
    assert!(error(parts).contains("miss shards [2] of 3"));
    let mut parts = shards(&config, 2);
    parts.extend(
        shards(&config, 2)
            .into_iter()
            .take(1)
            .map(|(_, r)| ("again.json".to_string(), r)),
    );
    assert!(error(parts).contains("again.json: shard 1/2 again (also shard-1.json)"));
    let mut parts = shards(&config, 2);
    parts.extend(
        shards(&Config::preset("duel").expect("a preset"), 3)
            .into_iter()
            .take(1)
            .map(|(_, r)| ("other.json".to_string(), r)),
    );
    assert!(error(parts).contains("other.json: a different configuration than shard-1.json"));
    // A shard numbered outside the split, beside every shard of it.
    for index in [0, 3] {
        let mut parts = shards(&config, 2);
        let (_, mut stray) = shards(&config, 2).remove(1);
        stray.shard.index = index;
        parts.push(("stray.json".to_string(), stray));
        let message = error(parts);
        assert!(
            message.contains(&format!("stray.json: shard {index}/2 is not a shard")),
            "{message}"
        );
    }
}

/// Shards whose states were keyed otherwise (reports of different builds)
/// would each pass while frontier states went to no shard: the merge checks
/// that the shards found one frontier and split it between them.
#[test]
fn shards_that_split_their_frontier_otherwise_do_not_merge() {
    let config = Config::preset("default").expect("a preset");
    let error = |parts: Vec<(String, ShardReport)>| merge(parts).expect_err("must fail").0;
    // The shards are checked once; each case below tampers with a fresh
    // reading of their reports.
    let json = shard_json(&config, 2);
    let parts = read(&json);
    let frontier = parts[0].1.shard.frontier_states;
    assert!(frontier > 0 && parts.iter().all(|(_, r)| r.shard.frontier_keys.is_some()));
    assert!(merge(parts).is_ok());
    // Shard 2's frontier keyed otherwise.
    let mut parts = read(&json);
    if let Some(k) = parts[1].1.shard.frontier_keys.as_mut() {
        k.all ^= 1;
        k.owned ^= 1;
    }
    let e = error(parts);
    assert!(
        e.starts_with("shard-2.json: its frontier's states") && e.contains("keyed otherwise"),
        "{e}"
    );
    // One frontier, but owned by keys that are not its own.
    let mut parts = read(&json);
    if let Some(k) = parts[1].1.shard.frontier_keys.as_mut() {
        k.owned ^= 1;
    }
    let e = error(parts);
    assert!(
        e.contains(&format!("do not split their frontier of {frontier} states")),
        "{e}"
    );
    // A frontier state left to no shard.
    let mut parts = read(&json);
    parts[0].1.shard.owned_frontier_states -= 1;
    let e = error(parts);
    assert!(
        e.contains(&format!("({} owned in all)", frontier - 1)),
        "{e}"
    );
    // A shard cut at a turn beside shards cut at a level.
    let mut parts = read(&json);
    parts[1].1.shard.frontier_turn = Some(2);
    let e = error(parts);
    assert!(
        e.starts_with("shard-2.json: its frontier (the first states of turn 2,")
            && e.contains("is not shard-1.json's (level"),
        "{e}"
    );
    // Reports from before the keys were summed merge as before.
    let mut parts = read(&json);
    for (_, r) in &mut parts {
        r.shard.frontier_keys = None;
    }
    assert!(merge(parts).is_ok());
}

/// Shards that kept their visited states in bit arrays merge into the
/// misses of either; shards that kept them differently do not merge; a
/// report from before the visited set was reported counts as whole
/// fingerprints.
#[test]
fn shards_merge_what_their_visited_sets_may_have_missed() {
    let config = Config::preset("tiny").expect("a preset");
    let bitstate = |index| {
        let opts = CheckOptions {
            bitstate: Some(1 << 20),
            ..options(Some(Shard { index, count: 2 }))
        };
        let report = check(config.clone(), &opts).expect("valid");
        let json = serde_json::to_string(&report).expect("serialisable");
        let read: ShardReport = serde_json::from_str(&json).expect("a shard's report");
        (format!("bits-{index}.json"), read)
    };
    let merged = merge(vec![bitstate(1), bitstate(2)]).expect("alike shards");
    let VisitedSet::Bitstate {
        bits,
        expected_missed,
        ..
    } = merged.visited
    else {
        panic!("bit arrays merge into a bit array's summary");
    };
    assert_eq!(bits, 1 << 23);
    assert!(expected_missed < 1e-6, "{expected_missed}");
    let mut mixed = shards(&config, 2);
    mixed[1] = bitstate(2);
    let error = merge(mixed).expect_err("unlike shards").0;
    assert!(
        error.contains("kept their visited states differently"),
        "{error}"
    );
    let mut old = shards(&config, 2);
    for (_, r) in &mut old {
        r.visited = None;
    }
    let each: Vec<VisitedSet> = old
        .iter()
        .map(|(_, r)| VisitedSet::fingerprints(r.unique_states))
        .collect();
    let merged = merge(old).expect("old reports");
    assert_eq!(Some(merged.visited), VisitedSet::combined(&each));
}

/// A shard's JUnit report skips a witness the shard does not reach (the
/// merge judges witnesses), where an unsplit check's fails it.
#[test]
fn a_shard_junit_report_skips_the_witnesses_it_misses() {
    let config = Config::preset("default").expect("a preset");
    let shard = Shard { index: 1, count: 2 };
    let mut report = check(config, &options(Some(shard))).expect("valid");
    assert!(report.shard.is_some());
    let witness = report
        .properties
        .iter_mut()
        .find(|p| p.status == Status::Witnessed)
        .expect("a witness reached");
    witness.status = Status::NotWitnessed;
    assert!(report.passed());
    assert!(!junit_report(&report).contains("<failure"));
    report.shard = None;
    assert!(!report.passed());
    assert!(junit_report(&report).contains("<failure message=\"not witnessed"));
}

/// The merged report sums the shards' counts, takes the longest shard's
/// time and the deepest state, uses the symmetry reduction exactly only if
/// every shard did, and is complete only if every shard is. A
/// shard stopped above the frontier (it has no frontier states) merges
/// with the others, and makes the merge incomplete.
#[test]
fn the_merged_report_adds_up_the_shards() {
    let config = Config::preset("default").expect("a preset");
    let parts = shards(&config, 3);
    let sum = |f: fn(&ShardReport) -> usize| parts.iter().map(|(_, r)| f(r)).sum::<usize>();
    let (unique, generated) = (sum(|r| r.unique_states), sum(|r| r.generated_states));
    let deepest = parts.iter().map(|(_, r)| r.max_depth).max();
    let longest = parts.iter().map(|(_, r)| r.seconds).fold(0.0, f64::max);
    let merged = merge(parts).expect("every shard once");
    assert_eq!(merged.unique_states, unique);
    assert_eq!(merged.generated_states, generated);
    assert_eq!(Some(merged.max_depth), deepest);
    assert_eq!(merged.seconds, longest);
    let rate = unique as f64 / longest;
    assert!((merged.states_per_second - rate).abs() <= rate * 1e-9);
    assert!(merged.complete && merged.stopped_by.is_none());
    assert_eq!(merged.symmetry, SymmetryUse::Exact);
    // One shard that had to repeat its run without the reduction makes
    // the merge's use of it inexact.
    let mut parts = shards(&config, 3);
    parts[2].1.symmetry = SymmetryUse::NotExactRerun;
    assert_eq!(
        merge(parts).expect("every shard once").symmetry,
        SymmetryUse::NotExactRerun
    );
    let mut parts = shards(&config, 3);
    let stopped = &mut parts[1].1;
    stopped.complete = false;
    stopped.shard.frontier_states = 0;
    stopped.shard.owned_frontier_states = 0;
    stopped.shard.frontier_keys = None;
    let merged = merge(parts).expect("a stopped shard merges");
    assert!(!merged.complete);
    assert_eq!(merged.stopped_by, Some("a shard was stopped"));
}
