//! Random play from every scenario's setup: every action the engine lists
//! as legal is accepted, every decision it accepts starts with a listed
//! action, and every `always` property of the catalogue holds after each
//! action.

use battlecheck_engine::scenario::build_game;
use battlecheck_engine::state::event::Event;
use battlecheck_engine::state::game::Waiting;
use battlecheck_engine::{Action, Catalogue};
use battlecheck_properties::{
    AttackTarget, CardId, Decision, Kind, PlayerId, Target, Zone, CATALOGUE,
};
use std::path::{Path, PathBuf};

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

/// Every scenario file, in name order.
fn scenario_files() -> Vec<PathBuf> {
    let dir = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios"));
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.retain(|p| p.extension().is_some_and(|e| e == "json"));
    files.sort();
    files
}

#[test]
fn random_legal_play_keeps_every_invariant() {
    let cards = Catalogue::bundled().unwrap();
    let files = scenario_files();
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

/// Candidate casts, activations, attack and block declarations, protector
/// choices and damage assignments are judged without a copy of
/// the game each where the rules allow, and the passes that begin casts
/// and a pass by everyone are taken once for all of them
/// (`Game::accepted`, `Game::accepts`):
/// the verdicts are the ones taking each on a copy gives, for the casts the
/// engine lists, every card in a hand cast by its owner (with no target,
/// and with each target a listed cast names or a player), variants of them
/// that the rules may refuse (another caster, other targets, one target
/// fewer or more, another X), the activations, equips, land plays and
/// mana abilities listed with variants (another player, another target or
/// none, another ability, another creature equipped), the attack declarations listed with
/// variants (another attacker, another player or permanent attacked, an
/// attacker twice), the block declarations listed with variants (another
/// blocker, another permanent blocked, a blocker twice), every protector
/// choice for each battle awaiting one, the trample assignments and
/// divisions of combat damage listed with variants (other amounts, another
/// attacker, a blocker twice or left out), every decision listed, and a pass
/// by everyone, along
/// random games from every scenario's setup, some of them in windows where
/// players have passed alone; a decision refused leaves the
/// game as it was, and one taken part-way (`Game::apply_decision_part_way`)
/// is accepted alike and leads to the same game.
#[test]
fn a_decision_is_judged_as_taking_it_would_judge_it() {
    let cards = Catalogue::bundled().unwrap();
    let files = scenario_files();
    let (mut judged, mut refused, mut attacks, mut blocks, mut protectors) = (0, 0, 0, 0, 0);
    let (mut damage, mut abilities_refused) = (0, 0);
    for (file, seed) in files.iter().flat_map(|f| (1..=3).map(move |s| (f, s))) {
        let text = std::fs::read_to_string(file).unwrap();
        let mut game = build_game(file, &text, &cards).unwrap();
        // Three games a file, seeded by the file's name, so that a
        // scenario added elsewhere leaves every other file's games as
        // they were.
        let mut rng = Lcg(file
            .file_name()
            .unwrap()
            .as_encoded_bytes()
            .iter()
            .fold(0xcbf2_9ce4_8422_2325_u64 ^ seed, |h, &b| {
                (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
            }));
        for step in 0..40 {
            // Now and then the priority holder passes alone (an action
            // through `Game::apply`, not a decision), so that decisions are
            // also judged in a window some players have passed in.
            if game.waiting == Waiting::Priority && rng.below(4) == 0 {
                let player = game.priority;
                game.apply(&Action::Pass { player }).unwrap();
            }
            let legal = game.legal_decisions();
            if legal.is_empty() {
                break;
            }
            let targets: Vec<Target> = legal
                .iter()
                .filter_map(|d| match d {
                    Decision::Cast { targets, .. } => Some(targets.clone()),
                    _ => None,
                })
                .flatten()
                .chain((0..game.players.len() as u8).map(|p| Target::Player(PlayerId(p))))
                .collect();
            // The casts listed, and every card in a hand cast by its owner
            // with no target and with each target seen.
            let mut casts = legal.clone();
            for o in game.objects.iter().filter(|o| o.zone == Zone::Hand) {
                let cast = |targets| Decision::Cast {
                    player: o.owner,
                    card: o.id,
                    targets,
                    x: None,
                    convoke: None,
                };
                casts.push(cast(Vec::new()));
                casts.extend(targets.iter().map(|&t| cast(vec![t])));
            }
            let mut variants = Vec::new();
            for d in &casts {
                let Decision::Cast {
                    player,
                    card,
                    targets: chosen,
                    x,
                    convoke,
                } = d
                else {
                    continue;
                };
                let cast = |player, targets: Vec<Target>, x| Decision::Cast {
                    player,
                    card: *card,
                    targets,
                    x,
                    convoke: convoke.clone(),
                };
                variants.push(d.clone());
                for p in 0..game.players.len() as u8 {
                    variants.push(cast(PlayerId(p), chosen.clone(), *x));
                }
                for &t in &targets {
                    let mut other = chosen.clone();
                    match other.first_mut() {
                        Some(first) => *first = t,
                        None => other.push(t),
                    }
                    variants.push(cast(*player, other, *x));
                }
                let mut more = chosen.clone();
                more.push(targets[rng.below(targets.len())]);
                variants.push(cast(*player, more, *x));
                let mut fewer = chosen.clone();
                fewer.pop();
                variants.push(cast(*player, fewer, *x));
                variants.push(cast(*player, chosen.clone(), Some(x.unwrap_or(0) + 1)));
            }
            // Activations, equips, land plays and mana abilities listed,
            // and variants the rules refuse (602.2, 702.6a, 305.2, 605.3a):
            // by another player, at another target or none, another ability
            // number, an Equipment onto each permanent; refused, each leaves
            // the game as it was, whatever cost it would pay (732.1).
            let everyone = (0..game.players.len() as u8).map(PlayerId);
            for d in &legal {
                match d {
                    Decision::Activate {
                        player,
                        source,
                        ability,
                        target,
                        discard,
                        crew,
                    } => {
                        let activate = |player, ability, target| Decision::Activate {
                            player,
                            source: *source,
                            ability,
                            target,
                            discard: *discard,
                            crew: crew.clone(),
                        };
                        variants.extend(everyone.clone().map(|p| activate(p, *ability, *target)));
                        variants.extend(
                            targets
                                .iter()
                                .map(|&t| activate(*player, *ability, Some(t))),
                        );
                        variants.push(activate(*player, *ability, None));
                        variants.push(activate(*player, ability + 1, *target));
                    }
                    Decision::Equip {
                        player, equipment, ..
                    } => {
                        variants.extend(game.objects.iter().map(|o| Decision::Equip {
                            player: *player,
                            equipment: *equipment,
                            creature: o.id,
                        }));
                        variants.extend(everyone.clone().map(|p| Decision::Equip {
                            player: p,
                            equipment: *equipment,
                            creature: *equipment,
                        }));
                    }
                    Decision::PlayLand {
                        card, back_face, ..
                    } => {
                        variants.extend(everyone.clone().map(|player| Decision::PlayLand {
                            player,
                            card: *card,
                            back_face: !back_face,
                        }));
                    }
                    Decision::ActivateMana { source, mana, .. } => {
                        variants.extend(everyone.clone().map(|player| Decision::ActivateMana {
                            player,
                            source: *source,
                            mana: *mana,
                        }));
                    }
                    _ => {}
                }
            }
            // Attack declarations listed, and variants: each attack by
            // another permanent or at another player or permanent, and an
            // attacker declared twice.
            let permanents: Vec<_> = game
                .objects
                .iter()
                .filter(|o| o.zone == Zone::Battlefield)
                .map(|o| o.id)
                .collect();
            for d in &legal {
                let Decision::DeclareAttackers { attacks } = d else {
                    continue;
                };
                let declare = |attacks| Decision::DeclareAttackers { attacks };
                variants.push(d.clone());
                for (i, &(attacker, target)) in attacks.iter().enumerate() {
                    for &c in &permanents {
                        let mut other = attacks.clone();
                        other[i] = (c, target);
                        variants.push(declare(other));
                        let mut other = attacks.clone();
                        other[i] = (attacker, AttackTarget::Battle(c));
                        variants.push(declare(other));
                    }
                    for p in 0..game.players.len() as u8 {
                        let mut other = attacks.clone();
                        other[i] = (attacker, AttackTarget::Player(PlayerId(p)));
                        variants.push(declare(other));
                    }
                    let mut twice = attacks.clone();
                    twice.push((attacker, target));
                    variants.push(declare(twice));
                }
            }
            // Block declarations listed and, where blockers are declared,
            // every permanent blocking every attacker alone, with variants:
            // each block by another permanent or of another permanent, and
            // a blocker declared twice.
            let attackers: Vec<_> = game
                .objects
                .iter()
                .filter(|o| {
                    matches!(
                        o.combat,
                        battlecheck_engine::state::game::Combat::Attacking { .. }
                    )
                })
                .map(|o| o.id)
                .collect();
            let mut declarations: Vec<Vec<(CardId, CardId)>> = Vec::new();
            if matches!(game.waiting, Waiting::DeclareBlockers(_)) {
                for &b in &permanents {
                    for &a in &attackers {
                        declarations.push(vec![(b, a)]);
                    }
                }
            }
            declarations.extend(legal.iter().filter_map(|d| match d {
                Decision::DeclareBlockers { blocks } => Some(blocks.clone()),
                _ => None,
            }));
            for blocks in &declarations {
                let declare = |blocks| Decision::DeclareBlockers { blocks };
                for (i, &(blocker, attacker)) in blocks.iter().enumerate() {
                    for &c in &permanents {
                        let mut other = blocks.clone();
                        other[i] = (c, attacker);
                        variants.push(declare(other));
                        let mut other = blocks.clone();
                        other[i] = (blocker, c);
                        variants.push(declare(other));
                    }
                    let mut twice = blocks.clone();
                    twice.push((blocker, attacker));
                    variants.push(declare(twice));
                }
            }
            // Protector choices: each awaited battle's protector chosen
            // alone, as every player (or a player not seated), and each
            // choice of a listed decision made another way.
            let seats = game.players.len() as u8;
            for c in &game.protector_choices {
                for p in 0..=seats {
                    variants.push(Decision::ChooseProtectors {
                        choices: vec![(c.battle, PlayerId(p))],
                    });
                }
            }
            for d in &legal {
                let Decision::ChooseProtectors { choices } = d else {
                    continue;
                };
                for i in 0..choices.len() {
                    for p in 0..seats {
                        let mut other = choices.clone();
                        other[i].1 = PlayerId(p);
                        variants.push(Decision::ChooseProtectors { choices: other });
                    }
                }
            }
            // Trample assignments and divisions of combat damage listed,
            // with variants: one more or less to what the attacker
            // attacks, all of it, another attacker; each blocker's share
            // one more or less, a blocker named twice or left out.
            for d in &legal {
                match d {
                    Decision::AssignTrample {
                        attacker,
                        to_attacked,
                    } => {
                        let assign = |attacker, to_attacked| Decision::AssignTrample {
                            attacker,
                            to_attacked,
                        };
                        for n in [to_attacked.saturating_sub(1), to_attacked + 1, u32::MAX] {
                            variants.push(assign(*attacker, n));
                        }
                        for &c in &permanents {
                            variants.push(assign(c, *to_attacked));
                        }
                    }
                    Decision::DivideDamage { attacker, division } => {
                        let divide =
                            |attacker, division| Decision::DivideDamage { attacker, division };
                        for i in 0..division.len() {
                            for n in [division[i].1.saturating_sub(1), division[i].1 + 1] {
                                let mut other = division.clone();
                                other[i].1 = n;
                                variants.push(divide(*attacker, other));
                            }
                        }
                        let mut twice = division.clone();
                        twice.extend(division.first().copied());
                        variants.push(divide(*attacker, twice));
                        let mut fewer = division.clone();
                        fewer.pop();
                        variants.push(divide(*attacker, fewer));
                        for &c in &permanents {
                            variants.push(divide(c, division.clone()));
                        }
                    }
                    _ => {}
                }
            }
            // Every decision listed (a pass by everyone among them), and a
            // pass by everyone where none is listed.
            variants.extend(legal.iter().cloned());
            variants.push(Decision::PassAll);
            let verdicts = game.accepted(&variants);
            for (d, verdict) in variants.iter().zip(verdicts) {
                let mut copy = game.clone();
                let copy_events = copy.apply_decision(d);
                let on_a_copy = copy_events.is_ok();
                // A refusal leaves the game as it was, also for the
                // decisions taken in place (`Game::apply_all`).
                if !on_a_copy {
                    assert_eq!(copy.observe(), game.observe(), "{d:?} refused");
                    assert_eq!(copy.legal_decisions(), legal, "{d:?} refused");
                }
                // Taken without a copy to fall back on, it is judged alike
                // and, accepted, leads to the same game with the same
                // events, added after those already in the list.
                let mut part_way = game.clone();
                let mut events = vec![Event::Passed {
                    player: PlayerId(0),
                }];
                let taken = part_way.apply_decision_part_way(d, &mut events).is_ok();
                assert_eq!(taken, on_a_copy, "{d:?} taken part-way");
                if let Ok(copy_events) = copy_events {
                    assert_eq!(part_way.observe(), copy.observe(), "{d:?} taken part-way");
                    assert_eq!(
                        events[0],
                        Event::Passed {
                            player: PlayerId(0)
                        }
                    );
                    assert_eq!(events[1..], copy_events, "{d:?} taken part-way");
                }
                assert_eq!(verdict, on_a_copy, "{}: step {step}: {d:?}", file.display());
                assert_eq!(game.accepts(d), on_a_copy);
                judged += 1;
                refused += usize::from(!on_a_copy);
                attacks += usize::from(matches!(d, Decision::DeclareAttackers { .. }));
                blocks += usize::from(matches!(d, Decision::DeclareBlockers { .. }));
                protectors += usize::from(matches!(d, Decision::ChooseProtectors { .. }));
                damage += usize::from(matches!(
                    d,
                    Decision::AssignTrample { .. } | Decision::DivideDamage { .. }
                ));
                abilities_refused += usize::from(
                    !on_a_copy
                        && matches!(
                            d,
                            Decision::Activate { .. }
                                | Decision::Equip { .. }
                                | Decision::PlayLand { .. }
                                | Decision::ActivateMana { .. }
                        ),
                );
            }
            let d = &legal[rng.below(legal.len())];
            game.apply_decision(d).unwrap();
        }
    }
    assert!(
        judged > 50_000
            && refused > 20_000
            && judged - refused > 20_000
            && attacks > 2_000
            && blocks > 50
            && protectors > 50
            && damage > 50
            && abilities_refused > 1_000,
        "{judged} decisions judged ({attacks} attack and {blocks} block declarations, {protectors} protector choices, {damage} damage assignments), {refused} refused ({abilities_refused} activations, equips, land plays and mana abilities)"
    );
}
