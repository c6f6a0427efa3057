//! Sharded sweeps: the shards of a sweep cover exactly its configurations,
//! and merging their reports gives the unsharded report.

use battlecheck::check::sweep::{merge, sweep, Matrix, Shard};

fn matrix() -> Matrix {
    Matrix {
        presets: vec!["tiny".into(), "duel".into()],
        players: vec![2, 3],
        defenses: vec![1, 2],
        turns: vec![1],
        concede: vec![true, false],
    }
}

#[test]
fn shards_cover_the_sweep_and_merge_into_it() {
    let m = matrix();
    let whole = sweep(&m, None).unwrap();
    assert_eq!(whole.entries.len(), 16);
    let one = sweep(&m, Some(Shard { index: 1, count: 2 })).unwrap();
    let two = sweep(&m, Some(Shard { index: 2, count: 2 })).unwrap();
    let mut covered: Vec<usize> = one
        .entries
        .iter()
        .chain(&two.entries)
        .map(|e| e.index)
        .collect();
    covered.sort();
    assert_eq!(
        covered,
        (0..16).collect::<Vec<_>>(),
        "together, exactly once each"
    );
    assert!(!one.entries.is_empty() && !two.entries.is_empty());
    let merged = merge(vec![
        ("one".into(), one.clone()),
        ("two".into(), two.clone()),
    ])
    .unwrap();
    assert_eq!(merged, whole);
    // Reports survive JSON, as CI passes them between machines.
    let json = serde_json::to_string(&one).unwrap();
    assert_eq!(
        serde_json::from_str::<battlecheck::check::sweep::SweepReport>(&json).unwrap(),
        one
    );

    let missing = merge(vec![("one".into(), one.clone())]).unwrap_err();
    assert!(missing.0.contains("miss configurations"), "{missing}");
    let twice = merge(vec![("one".into(), one.clone()), ("again".into(), one)]).unwrap_err();
    assert!(
        twice
            .0
            .contains("again: configuration 0 appears in more than one report"),
        "{twice}"
    );
    let mut other = two;
    other.matrix.defenses = vec![3];
    let mismatched = merge(vec![("whole".into(), whole), ("other".into(), other)]).unwrap_err();
    assert!(
        mismatched.0.contains("other: a different sweep matrix"),
        "{mismatched}"
    );
}

#[test]
fn bad_shards_are_rejected() {
    for bad in ["0/2", "3/2", "1/0", "x", "1/2/3"] {
        assert!(bad.parse::<Shard>().is_err(), "{bad}");
    }
    assert_eq!("2/3".parse::<Shard>(), Ok(Shard { index: 2, count: 3 }));
}
