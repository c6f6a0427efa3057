//! Mana costs (202.1, 107.4) and their mana value (202.3), X (107.3), mana
//! pools (106.4) and paying a cost from one (601.2h), and mana abilities as
//! printed (605.1a). Mana abilities in a game, and playing lands, are
//! [`crate::abilities::mana`].

use battlecheck_properties::Mana;
use serde::{Deserialize, Serialize};

/// A mana cost (202.1, 107.4): its generic part, its mana symbols by kind
/// (in [`Mana::ALL`] order) and how many {X} it has (107.3). Written in
/// card files as printed: `"{2}{B}"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ManaCost {
    pub generic: u8,
    pub symbols: [u8; 6],
    pub xs: u8,
}

/// Where `m` is counted in a [`Pool`] or [`ManaCost::symbols`].
pub fn index(m: Mana) -> usize {
    Mana::ALL
        .iter()
        .position(|&k| k == m)
        .expect("every mana is in Mana::ALL")
}

impl ManaCost {
    /// Read a printed mana cost: `{X}{G}{G}`, `{2}{R}`, `{C}`, `{0}`.
    pub fn parse(text: &str) -> Result<ManaCost, String> {
        let mut cost = ManaCost::default();
        let mut rest = text;
        while !rest.is_empty() {
            let Some(inner) = rest.strip_prefix('{') else {
                return Err(format!("mana cost {text:?}: expected `{{` at {rest:?}"));
            };
            let Some(end) = inner.find('}') else {
                return Err(format!("mana cost {text:?}: a symbol is not closed"));
            };
            let symbol = &inner[..end];
            rest = &inner[end + 1..];
            if symbol == "X" {
                cost.xs += 1;
            } else if let Ok(n) = symbol.parse::<u8>() {
                cost.generic = cost.generic.saturating_add(n);
            } else if let Some(m) = Mana::ALL
                .into_iter()
                .find(|m| symbol.len() == 1 && symbol.starts_with(m.symbol()))
            {
                cost.symbols[index(m)] += 1;
            } else {
                return Err(format!(
                    "mana cost {text:?}: unknown symbol {{{symbol}}} (107.4: numbers, X, W, U, B, R, G, C)"
                ));
            }
        }
        Ok(cost)
    }

    /// Its mana value (202.3): the total amount of mana in it, each {X}
    /// counted as `x` (202.3e: 0 except on the stack).
    pub fn mana_value(&self, x: u8) -> u8 {
        self.symbols
            .iter()
            .fold(self.generic, |n, &s| n.saturating_add(s))
            .saturating_add(self.xs.saturating_mul(x))
    }

    /// The total cost to pay (601.2f): this cost with X = `x` and `more`
    /// generic mana added by a cost increase.
    pub fn total(&self, x: u8, more: u8) -> ManaCost {
        ManaCost {
            generic: self
                .generic
                .saturating_add(self.xs.saturating_mul(x))
                .saturating_add(more),
            symbols: self.symbols,
            xs: 0,
        }
    }

    /// In words, as printed: `{2}{G}{G}`.
    pub fn text(&self) -> String {
        let mut s = String::new();
        for _ in 0..self.xs {
            s.push_str("{X}");
        }
        if self.generic > 0 || self.symbols.iter().all(|&n| n == 0) && self.xs == 0 {
            s.push_str(&format!("{{{}}}", self.generic));
        }
        for (m, &n) in Mana::ALL.iter().zip(&self.symbols) {
            for _ in 0..n {
                s.push_str(&format!("{{{}}}", m.symbol()));
            }
        }
        s
    }
}

impl TryFrom<String> for ManaCost {
    type Error = String;
    fn try_from(text: String) -> Result<ManaCost, String> {
        ManaCost::parse(&text)
    }
}

impl From<ManaCost> for String {
    fn from(cost: ManaCost) -> String {
        cost.text()
    }
}

/// A player's mana pool (106.4): how much mana of each kind, in
/// [`Mana::ALL`] order.
pub type Pool = [u8; 6];

/// The mana in a pool as symbols in WUBRGC order: `{G}{G}`, `""` for none.
pub fn pool_text(pool: Pool) -> String {
    Mana::ALL
        .iter()
        .zip(pool)
        .flat_map(|(m, n)| std::iter::repeat_n(format!("{{{}}}", m.symbol()), n.into()))
        .collect()
}

/// The pool left after paying `cost` from `pool` (601.2h: in full or not
/// at all), or `None` if it can't be paid. Each mana symbol is paid with
/// mana of its kind; the generic part with what is left, colorless first,
/// then the colors in WUBRG order. Which mana pays a generic cost is the
/// player's choice (601.2h), which the engine makes this way: a player who
/// wants another adds only the mana they mean to spend.
pub fn pay(pool: Pool, cost: &ManaCost) -> Option<Pool> {
    let mut left = pool;
    for (have, &need) in left.iter_mut().zip(&cost.symbols) {
        *have = have.checked_sub(need)?;
    }
    let mut generic = cost.generic;
    for i in [5, 0, 1, 2, 3, 4] {
        let spent = left[i].min(generic);
        left[i] -= spent;
        generic -= spent;
    }
    (generic == 0).then_some(left)
}

/// A mana ability (605.1a): "{T}: Add one mana of any of `add`" ("{T}:
/// Add {G}", "{T}: Add one mana of any color"), with "Sacrifice this" in
/// its cost too if `sacrifice` (a Treasure's, 111.10a).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ManaAbility {
    pub add: Vec<Mana>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub sacrifice: bool,
}

#[cfg(test)]
mod tests {
    use super::{pay, ManaCost};

    #[test]
    fn costs_are_read_valued_and_paid() {
        let ikoria = ManaCost::parse("{X}{G}{G}").unwrap();
        assert_eq!(ikoria.xs, 1);
        assert_eq!(ikoria.mana_value(0), 2);
        assert_eq!(ikoria.mana_value(3), 5);
        assert_eq!(ikoria.total(2, 0).text(), "{2}{G}{G}");
        assert_eq!(ManaCost::parse("{0}").unwrap().text(), "{0}");
        // As printed (202.1): no {0} beside colored symbols or X, and a
        // cost reads back as the text it was read from.
        for printed in ["{X}{G}{G}", "{G}", "{X}", "{2}{U}", "{W}{U}{B}{R}{G}"] {
            let cost = ManaCost::parse(printed).unwrap();
            assert_eq!(cost.text(), printed);
            assert_eq!(String::from(cost), printed);
        }
        assert!(ManaCost::parse("{G/W}").is_err());
        assert!(ManaCost::parse("G").is_err());
        // W U B R G C
        let pool = [1, 0, 0, 0, 3, 1];
        assert_eq!(pay(pool, &ikoria.total(2, 0)), Some([0, 0, 0, 0, 1, 0]));
        assert_eq!(pay(pool, &ikoria.total(3, 0)), Some([0, 0, 0, 0, 0, 0]));
        assert_eq!(pay(pool, &ikoria.total(4, 0)), None);
        assert_eq!(pay([0, 0, 0, 0, 1, 5], &ikoria.total(0, 0)), None);
    }
}
