//! The checklist coverage table (`battlecheck rules`): each checklist item
//! and the properties that cover it.

use battlecheck_properties::checklist::{Tier, ITEMS};
use battlecheck_properties::{Kind, CATALOGUE};
use std::fmt::Write;

/// The checklist coverage table: each item and what covers it.
pub fn rules_report() -> String {
    let mut s = String::new();
    for item in ITEMS {
        let covering: Vec<String> = CATALOGUE
            .iter()
            .filter(|p| p.checklist.contains(&item.id))
            .map(|p| {
                format!(
                    "{} ({})",
                    p.name,
                    if p.kind == Kind::Always {
                        "always"
                    } else {
                        "sometimes"
                    }
                )
            })
            .collect();
        let cover = if covering.is_empty() {
            match item.tier {
                Tier::One => "NOT COVERED".to_string(),
                Tier::Two => "not covered by the model (Tier 2: engine first)".to_string(),
            }
        } else {
            covering.join(", ")
        };
        let _ = writeln!(
            s,
            "{} [{}] {}\n    {}",
            item.id, item.source, item.summary, cover
        );
    }
    s
}
