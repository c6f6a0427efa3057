//! The search itself: shortest counterexamples, determinism across runs and
//! thread counts, and the soundness of the symmetry reduction.

mod common;

use battlecheck::check::model::BattleModel;
use battlecheck::check::stop::Stop;
use battlecheck::check::{check, shortest_path, CheckOptions, Status, SymmetryUse};
use battlecheck::rules::cards::CardName::{self, *};
use battlecheck::rules::config::Config;
use battlecheck::Fault;
use battlecheck_properties::{CardId, Decision, PlayerId, PropertyId};
use common::{config, run, with_fault};

const NONE: &[CardName] = &[];

/// A case whose minimum is known by hand: with 704.5x ignored, a protector
/// who leaves the game keeps protecting. The fewest decisions: cast the
/// Siege, let it resolve, choose one of the two opponents as protector, and
/// that opponent concedes.
#[test]
fn shortest_counterexample_has_the_known_minimum() {
    let c = with_fault(
        config(1, 3, &[(&[Siege], NONE), (NONE, NONE), (NONE, NONE)]),
        Fault::ProtectorLeftIgnored,
    );
    let report = run(c.clone());
    let p = report
        .properties
        .iter()
        .find(|p| p.name == PropertyId::BattleHasLegalProtector.name())
        .unwrap();
    let trace = p.counterexample.as_ref().unwrap();
    let decisions: Vec<Decision> = trace.steps.iter().map(|s| s.decision.clone()).collect();
    assert_eq!(
        decisions,
        vec![
            Decision::Cast {
                player: PlayerId(0),
                card: CardId(0),
                targets: vec![],
                x: None,
                convoke: None,
            },
            Decision::PassAll,
            Decision::ChooseProtectors {
                choices: vec![(CardId(0), PlayerId(1))]
            },
            Decision::Concede {
                player: PlayerId(1)
            },
        ]
    );
    // The same minimum with and without the symmetry reduction.
    let model = BattleModel::new(c).unwrap();
    let plain = shortest_path(
        &model,
        PropertyId::BattleHasLegalProtector,
        false,
        &Stop::new(None, None),
    )
    .unwrap();
    assert_eq!(plain.len(), 4);
}

/// A longer known minimum: one defeat trigger per damage source. Cast the
/// Siege (1), it resolves (2), the main phase ends (3), both bears attack it
/// (4), the declare attackers step ends (5), no blocks (6), the declare
/// blockers step ends and combat damage makes two triggers (7).
#[test]
fn shortest_counterexample_through_combat() {
    let c = with_fault(Config::preset("tiny").unwrap(), Fault::TriggerPerSource);
    let model = BattleModel::new(c).unwrap();
    let path = shortest_path(
        &model,
        PropertyId::DefeatTriggersOnce,
        true,
        &Stop::new(None, None),
    )
    .unwrap();
    assert_eq!(path.len(), 7, "{path:?}");
}

fn mid_config() -> Config {
    config(
        1,
        2,
        &[
            (&[Siege], &[Bear, Trampler]),
            (&[Steal], &[Bear]),
            (&[Steal], &[Bear]),
        ],
    )
}

#[test]
fn same_counts_and_counterexamples_on_every_run_and_thread_count() {
    let c = with_fault(mid_config(), Fault::AnyoneMayBlock);
    let reports: Vec<_> = [1, 2, 2, 1]
        .into_iter()
        .map(|threads| {
            check(
                c.clone(),
                &CheckOptions {
                    threads,
                    symmetry: true,
                    ..CheckOptions::default()
                },
            )
            .unwrap()
        })
        .collect();
    for r in &reports[1..] {
        assert_eq!(r.unique_states, reports[0].unique_states);
        let paths = |r: &battlecheck::check::CheckReport| {
            r.properties
                .iter()
                .map(|p| {
                    (
                        p.status,
                        p.counterexample
                            .as_ref()
                            .map(|t| t.steps.iter().map(|s| s.text.clone()).collect::<Vec<_>>()),
                    )
                })
                .collect::<Vec<_>>()
        };
        assert_eq!(paths(r), paths(&reports[0]));
    }
}

/// The middle configuration with burn instead of gain control: no creature
/// blocks beside one of another owner, so its symmetry is exact.
fn mid_config_burn() -> Config {
    config(
        1,
        2,
        &[
            (&[Siege], &[Bear, Trampler]),
            (&[Bolt], &[Bear]),
            (&[Bolt], &[Bear]),
        ],
    )
}

/// Symmetry changes how many states are stored, never what is found; where
/// it is not exact (a stolen creature blocking beside its owner's divides
/// damage in card order, which depends on seating) the run is repeated
/// without it.
#[test]
fn symmetry_reduction_is_sound() {
    let configs = vec![
        mid_config_burn(),
        mid_config(),
        with_fault(mid_config_burn(), Fault::AnyoneMayBlock),
        with_fault(mid_config_burn(), Fault::ControllerKeepsProtecting),
        with_fault(
            config(1, 3, &[(&[Siege], NONE), (NONE, NONE), (NONE, NONE)]),
            Fault::ProtectorLeftIgnored,
        ),
    ];
    let mut exact = 0;
    for c in configs {
        let with = check(
            c.clone(),
            &CheckOptions {
                threads: 2,
                symmetry: true,
                ..CheckOptions::default()
            },
        )
        .unwrap();
        let without = check(
            c,
            &CheckOptions {
                threads: 2,
                symmetry: false,
                ..CheckOptions::default()
            },
        )
        .unwrap();
        match with.symmetry {
            SymmetryUse::Exact => {
                exact += 1;
                assert!(
                    with.unique_states < without.unique_states,
                    "{} < {}",
                    with.unique_states,
                    without.unique_states
                );
            }
            other => {
                assert_eq!(other, SymmetryUse::NotExactRerun);
                assert_eq!(with.unique_states, without.unique_states);
            }
        }
        let statuses = |r: &battlecheck::check::CheckReport| {
            r.properties
                .iter()
                .map(|p| p.status)
                .collect::<Vec<Status>>()
        };
        assert_eq!(statuses(&with), statuses(&without));
    }
    assert!(exact >= 3, "only {exact} configurations reduced exactly");
}

/// When triggers of two nonactive players go on the stack together their
/// order depends on seating (603.3b): renaming players is not exact, and
/// the check is repeated without symmetry.
#[test]
fn seat_order_dependence_disables_symmetry() {
    let c = config(
        1,
        2,
        &[
            (&[Siege, Siege], &[Bear, Bear]),
            (&[Steal], NONE),
            (&[Steal], NONE),
        ],
    );
    let report = run(c);
    assert_eq!(report.symmetry, SymmetryUse::NotExactRerun);
}
