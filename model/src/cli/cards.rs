//! `battlecheck cards`: the engine's card catalogue and how much of each
//! card's rules text the engine plays. Each of the 36 March of the Machine
//! Sieges (item C05) is listed with both faces; a face not fully played
//! names each line of text the engine does not play yet. The listing ends
//! with the count of Sieges whose every line, on both faces, is played.

use super::out::Out;
use super::{Failure, Outcome};
use battlecheck_engine::cards::oracle::{face_text, fully_playable, FaceText};
use battlecheck_engine::{
    cards::card::{Card, Face},
    cards::catalogue::Catalogue,
};
use std::fmt::Write;
use std::process::ExitCode;

pub fn run(out: &mut Out) -> Outcome {
    let catalogue = Catalogue::bundled().map_err(|e| Failure::BadInput(e.to_string()))?;
    out.print(&report(&catalogue));
    Ok(ExitCode::SUCCESS)
}

/// A real (printed) Siege: one of the March of the Machine Sieges.
fn real_siege(card: &Card) -> bool {
    card.front.is_siege() && !card.synthetic
}

/// The listing `battlecheck cards` prints.
pub fn report(catalogue: &Catalogue) -> String {
    let mut s = String::new();
    let sieges: Vec<&Card> = catalogue
        .iter()
        .map(|c| c.as_ref())
        .filter(|c| real_siege(c))
        .collect();
    let playable = sieges.iter().filter(|c| fully_playable(c)).count();
    let _ = writeln!(s, "Sieges ({}):", sieges.len());
    for card in &sieges {
        let verdict = if fully_playable(card) {
            "fully playable"
        } else {
            "not fully playable"
        };
        let _ = writeln!(
            s,
            "  {} (defense {}) // {}: {verdict}",
            card.name(),
            card.front.defense.unwrap_or(0),
            card.back
                .as_ref()
                .map_or("no back face", |b| b.name.as_str()),
        );
        for (side, face) in
            std::iter::once(("front", &card.front)).chain(card.back.as_ref().map(|b| ("back", b)))
        {
            face_lines(&mut s, side, face);
        }
    }
    let _ = writeln!(s, "Other cards:");
    for card in catalogue.iter().filter(|c| !real_siege(c)) {
        let kind = if card.synthetic { "synthetic" } else { "real" };
        let text = match face_text(&card.front) {
            FaceText::NotWritten => "text not written",
            FaceText::Played => "text played",
            FaceText::Missing(_) => "text partly played",
        };
        let _ = writeln!(s, "  {} ({kind}): {text}", card.name());
    }
    let _ = writeln!(s, "Sieges fully playable: {playable}/{}", sieges.len());
    s
}

/// What is missing from one face, if anything.
fn face_lines(s: &mut String, side: &str, face: &Face) {
    match face_text(face) {
        FaceText::Played => {}
        FaceText::NotWritten => {
            let _ = writeln!(s, "    {side} ({}): rules text not written", face.name);
        }
        FaceText::Missing(lines) => {
            for line in lines {
                let _ = writeln!(s, "    {side} ({}): not played: {line:?}", face.name);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The listing names all 36 Sieges, says what each face lacks, and
    /// ends with the count; the count agrees with the card data.
    #[test]
    fn lists_the_sieges_and_what_they_lack() {
        let catalogue = Catalogue::bundled().unwrap();
        let text = report(&catalogue);
        assert!(text.starts_with("Sieges (36):\n"), "{text}");
        let last = text.lines().last().unwrap();
        let n = catalogue
            .iter()
            .filter(|c| real_siege(c) && fully_playable(c))
            .count();
        assert_eq!(last, format!("Sieges fully playable: {n}/36"));
        assert!(text.contains(
            "  Invasion of Dominaria (defense 5) // Serra Faithkeeper: fully playable\n"
        ));
        // Synthetic cards are marked.
        assert!(text.contains("  Pool Siege 3 (synthetic): "), "{text}");
    }

    /// A Siege with a line the engine does not play says which line of
    /// which face, and is not counted as playable.
    #[test]
    fn names_each_line_not_played() {
        let mut catalogue = Catalogue::default();
        let text = r#"{"cards": [
            {"name": "Invasion of Nowhere", "cost": "{2}{W}", "layout": "transform", "types": ["battle"], "subtypes": ["Siege"], "defense": 3,
             "text": [{"text": "When this Siege enters, scry 9 twice."}],
             "back": {"name": "Nowhere Angel", "colors": ["white"], "types": ["creature"], "subtypes": ["Angel"], "power": 2, "toughness": 2,
               "text": [{"text": "Flying", "keywords": ["flying"]}]}}
        ]}"#;
        catalogue
            .add_text(std::path::Path::new("nowhere.json"), text)
            .unwrap();
        assert_eq!(
            report(&catalogue),
            "Sieges (1):\n  Invasion of Nowhere (defense 3) // Nowhere Angel: not fully playable\n    \
             front (Invasion of Nowhere): not played: \"When this Siege enters, scry 9 twice.\"\n\
             Other cards:\nSieges fully playable: 0/1\n"
        );
    }
}
