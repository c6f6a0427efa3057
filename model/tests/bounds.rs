//! The bound: every configuration's state graph is acyclic and every path
//! ends in a finished game, so depth-first memory stays small and any
//! `eventually` reasoning would be sound (stateright's FIXMEs on cycles).

use battlecheck::check::model::BattleModel;
use battlecheck::rules::config::Config;
use battlecheck::rules::state::Pending;
use battlecheck::GameState;
use stateright::Model;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};

#[derive(Clone, Copy, PartialEq)]
enum Mark {
    OnPath,
    Done,
}

fn fp(s: &GameState) -> u64 {
    let mut h = DefaultHasher::new();
    s.hash(&mut h);
    h.finish()
}

/// Iterative depth-first search with an on-path mark: a successor already on
/// the path is a cycle.
fn assert_acyclic_with_real_ends(model: &BattleModel) -> usize {
    let mut marks: HashMap<u64, Mark> = HashMap::new();
    let init = model.init_states().remove(0);
    let mut stack: Vec<(GameState, Vec<GameState>)> = Vec::new();
    let successors = |s: &GameState| -> Vec<GameState> { model.next_states(s) };
    marks.insert(fp(&init), Mark::OnPath);
    let first = successors(&init);
    stack.push((init, first));
    while let Some((state, children)) = stack.last_mut() {
        match children.pop() {
            Some(child) => {
                let key = fp(&child);
                match marks.get(&key) {
                    Some(Mark::OnPath) => panic!("cycle through:\n{}", child.describe()),
                    Some(Mark::Done) => {}
                    None => {
                        let next = successors(&child);
                        if next.is_empty() {
                            assert_eq!(
                                child.pending,
                                Pending::GameOver,
                                "a dead end that is not the end:\n{}",
                                child.describe()
                            );
                            marks.insert(key, Mark::Done);
                        } else {
                            marks.insert(key, Mark::OnPath);
                            stack.push((child, next));
                        }
                    }
                }
            }
            None => {
                marks.insert(fp(state), Mark::Done);
                stack.pop();
            }
        }
    }
    marks.len()
}

#[test]
fn small_presets_are_acyclic_and_end() {
    for name in ["tiny", "duel", "copies", "mimic"] {
        let model = BattleModel::new(Config::preset(name).unwrap()).unwrap();
        let states = assert_acyclic_with_real_ends(&model);
        assert!(states > 100, "{name}: {states}");
    }
}
