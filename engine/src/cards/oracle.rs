//! A card's rules text, line by line (208.1, 207.1), and how the engine
//! reads each line. A line the engine reads carries its reading next to its
//! words: keywords (702), a spell effect (608.2), a triggered ability (603)
//! or a static ability (604). Reminder text (207.2) is read by the rules it
//! summarises. A line with no reading is text the engine does not play yet:
//! [`missing`] lists those lines, and `battlecheck cards` shows them.
//!
//! In a card file:
//!
//! ```json
//! "text": [
//!   {"text": "Flying, vigilance", "keywords": ["flying", "vigilance"]},
//!   {"text": "When this creature enters, you gain 4 life.",
//!    "trigger": {"when": "enters", "effect": {"steps": [{"gain_life": 4}]}}},
//!   {"text": "Whenever you cast a spell, scry 1."}
//! ]
//! ```

use crate::cards::card::{Card, Effect, Face, Keyword, PrintedTrigger};
use crate::cards::static_ability::StaticAbility;
use serde::{Deserialize, Serialize};

/// One line of a face's rules text and how the engine reads it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OracleLine {
    /// The words, as the card's current Oracle text has them.
    pub text: String,
    /// Reminder text (207.2): it has no rules meaning of its own.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reminder: bool,
    /// Keyword abilities (702).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<Keyword>,
    /// A triggered ability (603).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trigger: Option<PrintedTrigger>,
    /// What the spell does as it resolves (608.2).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spell: Option<Effect>,
    /// What a spell without targets does as it resolves, as instructions
    /// followed in order (608.2c): "Create two 3/2 tokens".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spell_steps: Option<Vec<crate::cards::instruction::Instruction>>,
    /// The targets of a spell written as instructions, one per instance of
    /// the word "target" (115.3), in order: on its `spell_steps` line.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub spell_targets: Vec<crate::cards::card::TargetKind>,
    /// "\[This\] is all colors": a characteristic-defining ability (604.3)
    /// that makes the object each of the five colors (105.1) in every zone.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub all_colors: bool,
    /// A static ability (604).
    #[serde(default, rename = "static", skip_serializing_if = "Option::is_none")]
    pub static_ability: Option<StaticAbility>,
    /// A mana ability (605.1a): `{"add": ["G"]}`, `{"add": ["W", "U",
    /// "B", "R", "G"], "sacrifice": true}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mana: Option<crate::cards::mana_cost::ManaAbility>,
    /// Ward (702.21) with its cost, `{"mana": "{2}"}` or `{"life": 2}`:
    /// a keyword, on a line of keywords or alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ward: Option<crate::cards::ability::WardCost>,
    /// Another activated ability (602): its `cost` and its `effect`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub activated: Option<crate::cards::ability::ActivatedAbility>,
    /// "You may have this enter as a copy of a battle on the battlefield"
    /// (707.5, 614.1c).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub enters_as_copy_of_battle: bool,
    /// "You may have this creature enter as a copy of any creature card in
    /// a graveyard, except ..." (707.9b): the exceptions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enters_as_copy_of_creature_card: Option<crate::cards::card::CopyExceptions>,
    /// The part of the line the engine does not play, when it plays the
    /// rest (a keyword line with a keyword it lacks).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub missing: Option<String>,
}

impl OracleLine {
    /// How many readings the line carries (a line has at most one).
    fn readings(&self) -> usize {
        usize::from(self.reminder)
            + usize::from(!self.keywords.is_empty() || self.ward.is_some())
            + usize::from(self.trigger.is_some())
            + usize::from(self.spell.is_some())
            + usize::from(self.spell_steps.is_some())
            + usize::from(self.all_colors)
            + usize::from(self.static_ability.is_some())
            + usize::from(self.mana.is_some())
            + usize::from(self.activated.is_some())
            + usize::from(self.enters_as_copy_of_battle)
            + usize::from(self.enters_as_copy_of_creature_card.is_some())
    }

    /// What of the line the engine does not play, if anything.
    pub fn unplayed(&self) -> Option<&str> {
        match (&self.missing, self.readings()) {
            (Some(part), _) => Some(part),
            (None, 0) => Some(&self.text),
            (None, _) => None,
        }
    }
}

/// Fill each face's keywords, effect, triggers and static abilities from
/// its lines of text. A face with text must say everything on its lines:
/// the top-level `keywords`, `effect` and `triggers` are for cards whose
/// text is not written out.
pub(crate) fn read_card(card: &mut Card) -> Result<(), String> {
    read_face(&mut card.front)?;
    if let Some(back) = &mut card.back {
        read_face(back)?;
    }
    Ok(())
}

fn read_face(face: &mut Face) -> Result<(), String> {
    let Some(text) = face.text.clone() else {
        return Ok(());
    };
    let field = |f: &str| format!("face {:?}: field `{f}`", face.name);
    if !face.keywords.is_empty()
        || face.effect.is_some()
        || !face.triggers.is_empty()
        || face.enters_as_copy_of_battle
    {
        return Err(format!(
            "{}: a face with `text` gives its keywords, effect, triggers and copy ability on their lines of text",
            field("text")
        ));
    }
    for (i, line) in text.iter().enumerate() {
        if line.text.trim().is_empty() {
            return Err(format!("{}: line {} has no words", field("text"), i + 1));
        }
        if line.readings() > 1 {
            return Err(format!(
                "{}: line {} ({:?}) has more than one reading: one ability per line",
                field("text"),
                i + 1,
                line.text
            ));
        }
        if line.missing.is_some() && line.readings() == 0 {
            return Err(format!(
                "{}: line {} says what of it is missing but plays nothing of it: leave `missing` out",
                field("text"),
                i + 1
            ));
        }
        face.enters_as_copy_of_battle |= line.enters_as_copy_of_battle;
        if line.enters_as_copy_of_creature_card.is_some() {
            face.enters_as_copy_of_creature_card = line.enters_as_copy_of_creature_card.clone();
        }
        if line.keywords.contains(&Keyword::Equip) {
            let cost = line.text.strip_prefix("Equip ").ok_or_else(|| {
                format!(
                    "{}: line {} ({:?}) reads as equip but does not say \"Equip {{cost}}\"",
                    field("text"),
                    i + 1,
                    line.text
                )
            })?;
            face.equip_cost = crate::cards::mana_cost::ManaCost::parse(cost)
                .map_err(|e| format!("{}: line {}: {e}", field("text"), i + 1))?;
        }
        face.keywords.extend(line.keywords.iter().copied());
        face.triggers.extend(line.trigger.iter().cloned());
        face.statics.extend(line.static_ability.iter().cloned());
        face.activated.extend(line.activated.iter().cloned());
        if line.ward.is_some() {
            face.ward = line.ward;
        }
        if let Some(m) = &line.mana {
            if face.mana.replace(m.clone()).is_some() {
                return Err(format!(
                    "{}: line {}: a face has one mana ability here",
                    field("text"),
                    i + 1
                ));
            }
        }
        if !line.spell_targets.is_empty() && line.spell_steps.is_none() {
            return Err(format!(
                "{}: line {}: `spell_targets` are the targets of the `spell_steps` on the same line",
                field("text"),
                i + 1
            ));
        }
        if line.all_colors {
            if !face.colors.is_empty() {
                return Err(format!(
                    "{}: line {}: the face is all colors by this ability (604.3): leave its `colors` out",
                    field("text"),
                    i + 1
                ));
            }
            face.colors = crate::cards::color::Color::ALL.to_vec();
            face.all_colors = true;
        }
        if let Some(steps) = &line.spell_steps {
            if !face.spell_steps.is_empty() {
                return Err(format!(
                    "{}: line {}: a spell has one list of instructions here",
                    field("text"),
                    i + 1
                ));
            }
            face.spell_steps = steps.clone();
            face.spell_targets = line.spell_targets.clone();
        }
        if let Some(effect) = line.spell {
            if face.effect.replace(effect).is_some() {
                return Err(format!(
                    "{}: line {}: a spell has one effect here",
                    field("text"),
                    i + 1
                ));
            }
        }
    }
    Ok(())
}

/// What `battlecheck cards` says of a face's text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FaceText<'a> {
    /// Its text is not written in the card files.
    NotWritten,
    /// Every line is played.
    Played,
    /// These lines are not played yet.
    Missing(Vec<&'a str>),
}

/// The state of a face's text.
pub fn face_text(face: &Face) -> FaceText<'_> {
    if face.text.is_none() {
        return FaceText::NotWritten;
    }
    let missing = missing(face);
    if missing.is_empty() {
        FaceText::Played
    } else {
        FaceText::Missing(missing)
    }
}

/// The lines of `face`'s text the engine does not play.
pub fn missing(face: &Face) -> Vec<&str> {
    face.text
        .iter()
        .flatten()
        .filter_map(OracleLine::unplayed)
        .collect()
}

/// Is every line of every face of `card` written and played?
pub fn fully_playable(card: &Card) -> bool {
    std::iter::once(&card.front)
        .chain(card.back.as_ref())
        .all(|f| face_text(f) == FaceText::Played)
}
