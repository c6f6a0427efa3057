//! The card catalogue (item C05): cards by name, loaded with serde from the
//! JSON files under `engine/cards/` (built into the library) or from a
//! directory, each entry checked beyond its JSON shape as it loads.

use crate::cards::card::CardType;
use crate::cards::card::Layout;
use crate::cards::card::TargetGroup;
use crate::cards::card::{Card, TriggerEffect};
use crate::json::position::JsonFault;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use thiserror::Error;

/// The contents of one card file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CardFile {
    /// Free text for the reader of the file.
    #[serde(default, rename = "note")]
    _note: Option<String>,
    cards: Vec<Card>,
}

/// A card file that could not be used.
#[derive(Debug, Error)]
pub enum CardError {
    #[error("{file}: cannot read: {source}")]
    Io {
        file: PathBuf,
        source: std::io::Error,
    },
    #[error("{file}: {fault}")]
    Malformed { file: PathBuf, fault: JsonFault },
    #[error("{file}: card {name:?} is defined twice")]
    Duplicate { file: PathBuf, name: String },
    #[error("{file}: card {name:?}: {problem}")]
    Invalid {
        file: PathBuf,
        name: String,
        problem: String,
    },
}

/// The card catalogue, by name.
#[derive(Clone, Debug, Default)]
pub struct Catalogue {
    cards: BTreeMap<String, Arc<Card>>,
}

/// The card files shipped with the engine, built into the library.
const BUNDLED: &[(&str, &str)] = &[
    ("cards/sieges.json", include_str!("../../cards/sieges.json")),
    (
        "cards/test-cards.json",
        include_str!("../../cards/test-cards.json"),
    ),
    (
        "cards/model-pool.json",
        include_str!("../../cards/model-pool.json"),
    ),
];

impl Catalogue {
    /// The catalogue of `engine/cards/`, as built into the library.
    pub fn bundled() -> Result<Catalogue, CardError> {
        let mut c = Catalogue::default();
        for (file, text) in BUNDLED {
            c.add_text(Path::new(file), text)?;
        }
        Ok(c)
    }

    /// Load every `*.json` file of a directory, in name order.
    pub fn load_dir(dir: &Path) -> Result<Catalogue, CardError> {
        let files = crate::json::read::json_files(dir).map_err(|source| CardError::Io {
            file: dir.to_path_buf(),
            source,
        })?;
        let mut c = Catalogue::default();
        for f in files {
            c.add_file(&f)?;
        }
        Ok(c)
    }

    /// Add the cards of one file, read as [`crate::json::read::read_bounded`]
    /// reads a scenario.
    pub fn add_file(&mut self, file: &Path) -> Result<(), CardError> {
        let text = crate::json::read::read_bounded(file).map_err(|source| CardError::Io {
            file: file.to_path_buf(),
            source,
        })?;
        self.add_text(file, &text)
    }

    /// Add the cards of a file's text; `file` names it in errors.
    pub fn add_text(&mut self, file: &Path, text: &str) -> Result<(), CardError> {
        let parsed: CardFile =
            crate::json::position::parse(text).map_err(|fault| CardError::Malformed {
                file: file.to_path_buf(),
                fault,
            })?;
        for mut card in parsed.cards {
            let name = card.name().to_string();
            crate::cards::oracle::read_card(&mut card)
                .and_then(|()| read_cost(&mut card))
                .and_then(|()| validate(&card))
                .map_err(|problem| CardError::Invalid {
                    file: file.to_path_buf(),
                    name: name.clone(),
                    problem,
                })?;
            if self.cards.contains_key(&name) {
                return Err(CardError::Duplicate {
                    file: file.to_path_buf(),
                    name,
                });
            }
            self.cards.insert(name, Arc::new(card));
        }
        Ok(())
    }

    pub fn get(&self, name: &str) -> Option<&Arc<Card>> {
        self.cards.get(name)
    }

    pub fn len(&self) -> usize {
        self.cards.len()
    }

    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = &Arc<Card>> {
        self.cards.values()
    }
}

/// Read the card's printed mana cost (202.1), and from it its front face's
/// colors (202.2).
fn read_cost(card: &mut Card) -> Result<(), String> {
    if let Some(text) = &card.cost {
        card.mana_cost = crate::cards::mana_cost::ManaCost::parse(text)
            .map_err(|e| format!("field `cost`: {e}"))?;
    }
    // 604.3: a characteristic-defining ability overrides the mana cost.
    if !card.front.all_colors {
        card.front.colors = card.mana_cost.colors();
    }
    Ok(())
}

/// Consistency rules a card entry must satisfy beyond its JSON shape.
/// The target groups of an ability and the instructions that name them
/// agree: "up to" allows at least one, each group named exists, and the
/// steps followed for each target are done at once: no choice of cards,
/// no condition or reflexive trigger, no nested groups.
fn validate_targets(effect: &TriggerEffect) -> Result<(), String> {
    let TriggerEffect::Do { targets, steps, .. } = effect else {
        return Ok(());
    };
    if targets.iter().any(|g| g.up_to == Some(0)) {
        return Err("\"up to 0 targets\" is no target: `up_to` is at least 1".into());
    }
    check_steps(steps, targets.len(), false)
}

/// Instructions that name target groups name ones the ability has
/// (`groups` of them); those followed for each target (`inside`) are done
/// at once.
fn check_steps(
    steps: &[crate::cards::instruction::Instruction],
    groups: usize,
    inside: bool,
) -> Result<(), String> {
    for step in steps {
        let nested = matches!(
            step,
            crate::cards::instruction::Instruction::ForEachTarget { .. }
                | crate::cards::instruction::Instruction::If { .. }
                | crate::cards::instruction::Instruction::IfYouDo(_)
                | crate::cards::instruction::Instruction::WhenYouDo { .. }
        );
        if inside && (nested || step.chooses()) {
            return Err(
                "the steps of `for_each_target` are done at once: no choice of cards, \
                 condition, reflexive trigger or nested `for_each_target`"
                    .into(),
            );
        }
        match step {
            crate::cards::instruction::Instruction::ForEachTarget { group, steps } => {
                if usize::from(*group) >= groups {
                    return Err(format!(
                        "`for_each_target` names group {group}, which the ability does not have"
                    ));
                }
                check_steps(steps, groups, true)?;
            }
            crate::cards::instruction::Instruction::FightTarget { group }
                if usize::from(*group) >= groups =>
            {
                return Err(format!(
                    "`fight_target` names group {group}, which the ability does not have"
                ));
            }
            crate::cards::instruction::Instruction::If { steps, .. }
            | crate::cards::instruction::Instruction::IfYouDo(steps) => {
                check_steps(steps, groups, false)?
            }
            _ => {}
        }
    }
    Ok(())
}

fn validate(card: &Card) -> Result<(), String> {
    let faces = std::iter::once(card.front()).chain(card.back.as_ref());
    for face in faces {
        let field = |f: &str| format!("face {:?}: field `{f}`", face.name);
        if face.types.is_empty() {
            return Err(format!(
                "{}: a face needs at least one card type",
                field("types")
            ));
        }
        if face.is(CardType::Battle) != face.defense.is_some() {
            return Err(format!(
                "{}: a battle has a printed defense and nothing else does (310.4a)",
                field("defense")
            ));
        }
        if face.statics.iter().any(|s| {
            matches!(
                s,
                crate::cards::static_ability::StaticAbility::SubtypeYouControlGet { .. }
            )
        }) {
            return Err(format!(
                "{}: \"[Knights] you control get ...\" is an emblem's ability here (114.4), not a face's",
                field("text")
            ));
        }
        if face.is(CardType::Planeswalker) != face.loyalty.is_some() {
            return Err(format!(
                "{}: a planeswalker has a printed loyalty and nothing else does (306.5a)",
                field("loyalty")
            ));
        }
        if face.is(CardType::Creature) && (face.power.is_none() || face.toughness.is_none()) {
            return Err(format!(
                "{}: a creature has power and toughness (208.1)",
                field("power")
            ));
        }
        if !face.spell_steps.is_empty() {
            if face.is_permanent() || face.effect.is_some() {
                return Err(format!(
                    "{}: instructions of a spell are an instant's or sorcery's, instead of an effect",
                    field("text")
                ));
            }
            check_steps(&face.spell_steps, face.spell_targets.len(), false)
                .map_err(|m| format!("{}: {m}", field("text")))?;
        }
        if face.effect.is_some() && face.is_permanent() {
            return Err(format!(
                "{}: only instants and sorceries have a spell effect here",
                field("effect")
            ));
        }
        for t in &face.triggers {
            validate_targets(&t.effect).map_err(|m| format!("{}: {m}", field("triggers")))?;
        }
        for a in &face.activated {
            validate_targets(&a.effect).map_err(|m| format!("{}: {m}", field("text")))?;
            if !matches!(a.effect.targets(), [] | [TargetGroup { up_to: None, .. }]) {
                return Err(format!(
                    "{}: an activated ability here has at most one target",
                    field("text")
                ));
            }
        }
    }
    if card.layout != Layout::Normal && card.back.is_none() {
        return Err("field `back`: a double-faced layout needs a back face".into());
    }
    if card.layout == Layout::Normal && card.back.is_some() {
        return Err(
            "field `layout`: a card with a back face must say `transform` or `modal_dfc`".into(),
        );
    }
    Ok(())
}
