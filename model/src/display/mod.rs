//! States and decisions shown in game terms: the text that the Explorer,
//! reports and counterexamples print ([`text`]) and the picture of the
//! table ([`svg`]).
//!
//! Depends on [`crate::rules`] only.

pub mod svg;
pub mod text;

/// Escape text for XML attributes and content.
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}
