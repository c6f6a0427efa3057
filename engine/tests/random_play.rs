//! Random play from every scenario's setup: every action the engine lists
//! as legal is accepted, every decision it accepts starts with a listed
//! action, and every `always` property of the catalogue holds after each
//! action.

use battlecheck_engine::scenario::build_game;
use battlecheck_engine::{Action, Catalogue};
use battlecheck_properties::{Decision, Kind, PlayerId, CATALOGUE};
use std::path::Path;

/// Properties that legal play can break. `defense-never-exceeds-printed`:
/// defense counters are not copiable values (707.2) and stay on a battle that
/// becomes a copy of another (310.9g keeps its protector too), so a battle
/// with 7 counters that becomes a copy of a battle printed with 4 has more
/// counters than its printed defense. Reported to the property's owner.
const NOT_INVARIANT: &[&str] = &["defense-never-exceeds-printed"];

/// A small deterministic generator (64-bit LCG), so failures reproduce.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

#[test]
fn random_legal_play_keeps_every_invariant() {
    let cards = Catalogue::bundled().unwrap();
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"));
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.retain(|p| p.extension().is_some_and(|e| e == "json"));
    files.sort();
    let mut actions_played = 0;
    for (i, file) in files.iter().enumerate() {
        let text = std::fs::read_to_string(file).unwrap();
        for seed in 0..20u64 {
            let mut game = build_game(file, &text, &cards).unwrap();
            let mut rng = Lcg(seed * 7919 + i as u64);
            for step in 0..200 {
                let legal = game.legal_actions();
                if legal.is_empty() {
                    break;
                }
                // The action API lists what the decision API accepts: each
                // accepted decision starts with an action listed as legal
                // (concessions aside: any player may concede at any time,
                // and the action list names only the acting player's).
                for d in game.legal_decisions() {
                    if matches!(d, Decision::Concede { .. }) {
                        continue;
                    }
                    let first = game.actions_for(&d).remove(0);
                    assert!(
                        legal.contains(&first),
                        "{}: seed {seed}, step {step}: {d:?} is accepted but its first action {first:?} is not listed",
                        file.display()
                    );
                }
                // Conceding ends most small games: choose it rarely.
                let choices: Vec<&Action> = legal
                    .iter()
                    .filter(|a| !matches!(a, Action::Concede { .. }) || rng.below(20) == 0)
                    .collect();
                // 104.3a: any player may concede at any time, not only the
                // one who must act.
                let concede;
                let action = if rng.below(25) == 0 {
                    let players: Vec<PlayerId> = (0..game.players.len() as u8)
                        .map(PlayerId)
                        .filter(|&p| game.in_game(p))
                        .collect();
                    concede = Action::Concede {
                        player: players[rng.below(players.len())],
                    };
                    &concede
                } else if choices.is_empty() {
                    &legal[0]
                } else {
                    choices[rng.below(choices.len())]
                };
                if let Err(e) = game.apply(action) {
                    panic!(
                        "{}: seed {seed}, step {step}: action {action:?} refused: {e}",
                        file.display()
                    );
                }
                actions_played += 1;
                for spec in CATALOGUE
                    .iter()
                    .filter(|s| s.kind == Kind::Always && !NOT_INVARIANT.contains(&s.name))
                {
                    assert!(
                        spec.id.check(&game),
                        "{}: seed {seed}, step {step}: after {action:?}, property {} is violated",
                        file.display(),
                        spec.name
                    );
                }
            }
        }
    }
    assert!(
        actions_played > 1000,
        "only {actions_played} actions played"
    );
}
