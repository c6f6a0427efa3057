//! How players and cards are named in scenario files: a player as `P1`,
//! `P2`, … (its seat, from 1) and a card by its label (the `id` it is given
//! in the setup's `cards`) or, without one, as `#n` (its position there,
//! from 0; a token made during the game is numbered after the cards).
//!
//! The engine protocol and the reports write the same ids as numbers. A
//! scenario file is read and written with the same serde types; while a
//! [`Names`] scope is active on a thread ([`Names::scope`]),
//! [`PlayerId`] and [`CardId`] are written and read as names instead.
//! That keeps one naming in every part of a scenario file (named actions,
//! shared decisions, `legal`/`illegal`, whole observations) without a second
//! copy of each type.

use crate::ids::{CardId, PlayerId};
use std::cell::RefCell;
use std::rc::Rc;

/// The names of one scenario's players and cards.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names {
    players: usize,
    /// Each setup card's label, if it has one, by position.
    labels: Vec<Option<String>>,
}

thread_local! {
    static CURRENT: RefCell<Option<Rc<Names>>> = const { RefCell::new(None) };
}

/// `f` of the names in scope on this thread (none outside a scope).
pub(crate) fn current<R>(f: impl FnOnce(Option<&Names>) -> R) -> R {
    let names = CURRENT.with(|c| c.borrow().clone());
    f(names.as_deref())
}

/// Restores the scope that was active before, also on unwinding.
struct Restore(Option<Rc<Names>>);

impl Drop for Restore {
    fn drop(&mut self) {
        let previous = self.0.take();
        CURRENT.with(|c| *c.borrow_mut() = previous);
    }
}

impl Names {
    pub fn new(players: usize, labels: Vec<Option<String>>) -> Names {
        Names { players, labels }
    }

    /// The names a scenario's JSON gives: its player count (a number or a
    /// list) and its cards' labels. Anything malformed is left for the
    /// reader of the file to report.
    pub fn of_scenario(v: &serde_json::Value) -> Names {
        let players = match &v["players"] {
            serde_json::Value::Array(a) => a.len(),
            p => p.as_u64().map_or(0, |n| n as usize),
        };
        let labels = v["cards"]
            .as_array()
            .map(|cards| {
                cards
                    .iter()
                    .map(|c| c["id"].as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default();
        Names::new(players, labels)
    }

    /// Run `f` with these names in scope on this thread: [`PlayerId`] and
    /// [`CardId`] serialise and deserialise as names.
    pub fn scope<R>(&self, f: impl FnOnce() -> R) -> R {
        let previous = CURRENT.with(|c| c.borrow_mut().replace(Rc::new(self.clone())));
        let _restore = Restore(previous);
        f()
    }

    pub fn players(&self) -> usize {
        self.players
    }

    /// "players are P1…P3".
    pub fn players_are(&self) -> String {
        format!("players are P1…P{}", self.players)
    }

    /// The player named `name`.
    pub fn player(&self, name: &str) -> Result<PlayerId, String> {
        let n = name.strip_prefix('P').and_then(|n| n.parse::<usize>().ok());
        match n {
            Some(n) if n >= 1 && n <= self.players => Ok(PlayerId((n - 1) as u8)),
            _ => Err(format!("no player {name:?} ({})", self.players_are())),
        }
    }

    /// How card `c` is named: its label, or `#n`.
    pub fn card(&self, c: CardId) -> String {
        match self.labels.get(usize::from(c.0)) {
            Some(Some(label)) => label.clone(),
            _ => c.to_string(),
        }
    }

    /// The card named `name`: a label, or `#n` for any number (a token made
    /// during the game is numbered after the setup's cards).
    pub fn card_named(&self, name: &str) -> Result<CardId, String> {
        if let Some(n) = name.strip_prefix('#').and_then(|n| n.parse::<u8>().ok()) {
            return Ok(CardId(n));
        }
        self.labels
            .iter()
            .position(|l| l.as_deref() == Some(name))
            .map(|i| CardId(i as u8))
            .ok_or_else(|| format!("no card labelled {name:?}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AttackTarget, Decision};

    fn names() -> Names {
        Names::new(3, vec![Some("siege".into()), None, Some("bear".into())])
    }

    #[test]
    fn decisions_are_written_with_names_in_scope_and_numbers_outside() {
        let d = Decision::DeclareAttackers {
            attacks: vec![
                (CardId(2), AttackTarget::Battle(CardId(0))),
                (CardId(1), AttackTarget::Player(PlayerId(2))),
            ],
        };
        let named = names().scope(|| serde_json::to_string(&d).unwrap());
        assert_eq!(
            named,
            r##"{"decision":"declare_attackers","attacks":[["bear",{"battle":"siege"}],["#1",{"player":"P3"}]]}"##
        );
        let back: Decision = names().scope(|| serde_json::from_str(&named).unwrap());
        assert_eq!(back, d);
        let numbered = serde_json::to_string(&d).unwrap();
        assert!(numbered.contains(r#"[[2,{"battle":0}]"#), "{numbered}");
    }

    #[test]
    fn a_number_in_scope_and_a_name_outside_are_refused_with_the_rule() {
        let e = names()
            .scope(|| serde_json::from_str::<PlayerId>("0"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("a player is written P1…P3, not as a number"),
            "{e}"
        );
        let e = names()
            .scope(|| serde_json::from_str::<PlayerId>(r#""P4""#))
            .unwrap_err()
            .to_string();
        assert!(e.contains(r#"no player "P4""#), "{e}");
        let e = names()
            .scope(|| serde_json::from_str::<CardId>(r#""wall""#))
            .unwrap_err()
            .to_string();
        assert!(e.contains(r#"no card labelled "wall""#), "{e}");
        assert!(serde_json::from_str::<CardId>(r#""siege""#).is_err());
        assert_eq!(serde_json::from_str::<CardId>("7").unwrap(), CardId(7));
    }

    #[test]
    fn the_scope_ends_with_its_closure() {
        names().scope(|| ());
        assert_eq!(serde_json::to_string(&PlayerId(1)).unwrap(), "1");
        let nested = names().scope(|| {
            Names::new(2, vec![]).scope(|| serde_json::to_string(&CardId(0)).unwrap())
                + &serde_json::to_string(&CardId(0)).unwrap()
        });
        assert_eq!(nested, r##""#0""siege""##);
    }
}
