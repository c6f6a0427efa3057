//! Colors (105): the five colors, an object's colors and how many it has
//! (105.2). A card's front face has the colors of the mana symbols in its
//! mana cost (202.2); a back face has those of its color indicator (204),
//! and a face with neither is colorless (105.2c); a token has the colors
//! the effect that made it names (111.4). Copies take them with the rest of
//! the copiable values (707.2).

use crate::cards::mana_cost::ManaCost;
use battlecheck_properties::Mana;
use serde::{Deserialize, Serialize};

/// One of the five colors (105.1).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Color {
    White,
    Blue,
    Black,
    Red,
    Green,
}

impl Color {
    /// WUBRG order (105.1).
    pub const ALL: [Color; 5] = [
        Color::White,
        Color::Blue,
        Color::Black,
        Color::Red,
        Color::Green,
    ];

    /// The mana of this color (106.1b).
    pub fn mana(self) -> Mana {
        match self {
            Color::White => Mana::White,
            Color::Blue => Mana::Blue,
            Color::Black => Mana::Black,
            Color::Red => Mana::Red,
            Color::Green => Mana::Green,
        }
    }
}

impl ManaCost {
    /// The colors of its mana symbols (202.2), in WUBRG order: `{2}{R}{W}`
    /// is red and white; `{5}` is colorless (202.2b), and so is {X}.
    pub fn colors(&self) -> Vec<Color> {
        Color::ALL
            .into_iter()
            .filter(|c| self.symbols[crate::cards::mana_cost::index(c.mana())] > 0)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn colors(cost: &str) -> Vec<Color> {
        ManaCost::parse(cost).unwrap().colors()
    }

    #[test]
    fn a_mana_cost_has_the_colors_of_its_symbols() {
        assert_eq!(colors("{5}"), Vec::<Color>::new());
        assert_eq!(colors("{X}{G}{G}"), vec![Color::Green]);
        assert_eq!(colors("{2}{R}{W}"), vec![Color::White, Color::Red]);
        assert_eq!(colors("{C}"), Vec::<Color>::new());
        assert_eq!(colors("{W}{U}{B}{R}{G}"), Color::ALL.to_vec());
    }
}
