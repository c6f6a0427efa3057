//! `check --shard K/N`: the shards of one configuration's states, merged by
//! `merge-reports`, give the verdict of the unsplit check (the same
//! statuses and the same shortest counterexamples), and a merge of the
//! wrong set of shards fails naming the report at fault.

use battlecheck::check::split::{merge, ShardReport};
use battlecheck::check::sweep::Shard;
use battlecheck::check::{check, CheckOptions, CheckReport, Status};
use battlecheck::report::junit_report;
use battlecheck::rules::config::Config;
use battlecheck::rules::faults::Fault;

fn options(shard: Option<Shard>) -> CheckOptions {
    CheckOptions {
        threads: 2,
        shard,
        ..CheckOptions::default()
    }
}

/// The JSON reports of the N shards of `config`, read back as
/// `merge-reports` reads them.
fn shards(config: &Config, count: usize) -> Vec<(String, ShardReport)> {
    (1..=count)
        .map(|index| {
            let shard = Shard { index, count };
            let report = check(config.clone(), &options(Some(shard))).expect("valid");
            assert!(report.complete);
            let json = serde_json::to_string(&report).expect("serialisable");
            let read: ShardReport = serde_json::from_str(&json).expect("a shard's report");
            (format!("shard-{index}.json"), read)
        })
        .collect()
}

fn verdicts(r: &CheckReport) -> Vec<(&'static str, Status, Option<Vec<String>>)> {
    r.properties
        .iter()
        .map(|p| {
            let path = p.counterexample.as_ref().map(|t| {
                t.steps
                    .iter()
                    .map(|s| format!("{:?}", s.decision))
                    .collect()
            });
            (p.name, p.status, path)
        })
        .collect()
}

#[test]
fn merged_shards_give_the_unsplit_verdict() {
    // Each splits (the frontier is reached) in 2 and in 3.
    let default = Config::preset("default").expect("a preset");
    let mut broken = default.clone();
    broken.faults = vec![Fault::AnyoneMayBlock];
    let mut defense_3 = default.clone();
    defense_3.defense = 3;
    for config in [default, broken, defense_3] {
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
