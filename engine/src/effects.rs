//! What an ability's text tells the game to do as it resolves, one
//! instruction after another in the order written (608.2c): the vocabulary
//! card files use for the steps of triggered abilities.

use crate::cards::{Card, CardType, Face, Keyword, Layout};
use crate::event::Event;
use crate::game::{Game, Object};
use battlecheck_properties::{CardId, PlayerId, Target, Zone};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// One instruction of an ability, done by the ability's controller ("you").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Instruction {
    /// "You gain N life" (119.3, 810.9: a team's shared life total).
    GainLife(u8),
    /// "Draw N cards" (121.1, 121.2).
    Draw(u8),
    /// "Create N tokens" of a kind (111.1, 111.2: under the ability
    /// controller's control, owned by them).
    CreateTokens { count: u8, token: TokenSpec },
    /// "It deals N damage to each creature and each planeswalker": the
    /// ability's source deals the damage (120.2) to each permanent of any
    /// of these types, all at once (120.1).
    DamageEach { amount: u8, types: Vec<CardType> },
    /// "Put a +1/+1 counter on each creature you control" (122.1a, 122.6).
    PlusOneCounterOnEachCreatureYouControl,
    /// "It deals N damage to" the target (120.2: the source deals it).
    DamageToTarget(u8),
    /// "Tap target permanent" (701.26a).
    TapTarget,
    /// "Return target permanent to its owner's hand" (400.7).
    ReturnTargetToHand,
    /// "Put N stun counters on it" (122.1d).
    StunCountersOnTarget(u8),
    /// "Target creature gets +P/+T until end of turn" (611.2a, 613.4c;
    /// it ends in the cleanup step, 514.2).
    TargetGetsUntilEndOfTurn { power: i8, toughness: i8 },
}

/// A kind of counter (122.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CounterKind {
    /// A +1/+1 counter (122.1a).
    PlusOne,
    /// A stun counter (122.1d).
    Stun,
}

/// The characteristics a token-making instruction gives its tokens (111.4):
/// its types, subtypes, power and toughness and keywords. Its name is its
/// subtypes plus the word "Token" unless the text names it (111.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TokenSpec {
    #[serde(default)]
    pub name: Option<String>,
    pub types: Vec<CardType>,
    #[serde(default)]
    pub subtypes: Vec<String>,
    #[serde(default)]
    pub power: Option<i8>,
    #[serde(default)]
    pub toughness: Option<i8>,
    #[serde(default)]
    pub keywords: Vec<Keyword>,
}

impl TokenSpec {
    /// The token's name (111.4).
    pub fn name(&self) -> String {
        match &self.name {
            Some(n) => n.clone(),
            None => format!("{} Token", self.subtypes.join(" ")),
        }
    }

    /// The card a token of this kind is, for [`Object::card`].
    fn card(&self) -> Card {
        Card {
            cost: None,
            synthetic: false,
            layout: Layout::Normal,
            front: Face {
                name: self.name(),
                supertypes: Vec::new(),
                types: self.types.clone(),
                subtypes: self.subtypes.clone(),
                power: self.power,
                toughness: self.toughness,
                defense: None,
                keywords: self.keywords.clone(),
                effect: None,
                enters_as_copy_of_battle: false,
                triggers: Vec::new(),
                statics: Vec::new(),
                text: None,
            },
            back: None,
        }
    }
}

impl Game {
    /// `controller` follows the instructions of an ability of `source`, in
    /// order (608.2c); `target` is the ability's target, legal as it
    /// resolves (608.2b), if it has one.
    pub(crate) fn follow(
        &mut self,
        source: CardId,
        controller: PlayerId,
        steps: &[Instruction],
        target: Option<Target>,
    ) {
        let permanent = match target {
            Some(Target::Permanent(c)) => Some(c),
            _ => None,
        };
        for step in steps {
            match step {
                Instruction::DamageToTarget(n) => {
                    if let Some(to) = target {
                        self.deal_damage(&[(source, to, *n)], false);
                    }
                }
                Instruction::ReturnTargetToHand => {
                    if let Some(c) = permanent {
                        self.move_to(c, Zone::Hand);
                    }
                }
                Instruction::TapTarget => {
                    if let Some(c) = permanent {
                        self.obj_mut(c).tapped = true;
                        self.emit(Event::Tapped { card: c });
                    }
                }
                Instruction::StunCountersOnTarget(n) => {
                    if let Some(c) = permanent {
                        let o = self.obj_mut(c);
                        o.stun = o.stun.saturating_add(*n);
                        self.emit(Event::CounterAdded {
                            card: c,
                            kind: CounterKind::Stun,
                        });
                    }
                }
                Instruction::TargetGetsUntilEndOfTurn { power, toughness } => {
                    if let Some(c) = permanent {
                        let o = self.obj_mut(c);
                        o.until_end_of_turn.0 = o.until_end_of_turn.0.saturating_add(*power);
                        o.until_end_of_turn.1 = o.until_end_of_turn.1.saturating_add(*toughness);
                        self.emit(Event::Pumped { card: c });
                    }
                }
                Instruction::DamageEach { amount, types } => {
                    let dealt: Vec<(CardId, Target, u8)> = self
                        .battlefield()
                        .filter(|o| types.iter().any(|&t| o.is(t)))
                        .map(|o| (source, Target::Permanent(o.id), *amount))
                        .collect();
                    self.deal_damage(&dealt, false);
                }
                Instruction::PlusOneCounterOnEachCreatureYouControl => {
                    let mine: Vec<CardId> = self
                        .battlefield()
                        .filter(|o| o.is_creature() && o.controller == controller)
                        .map(|o| o.id)
                        .collect();
                    for c in mine {
                        let o = self.obj_mut(c);
                        o.plus_one = o.plus_one.saturating_add(1);
                        self.emit(Event::CounterAdded {
                            card: c,
                            kind: CounterKind::PlusOne,
                        });
                    }
                }
                Instruction::GainLife(n) => self.gain_life(controller, *n),
                Instruction::Draw(n) => self.draw(controller, *n),
                Instruction::CreateTokens { count, token } => {
                    let card = Arc::new(token.card());
                    for _ in 0..*count {
                        self.create_token(&card, controller);
                    }
                }
            }
        }
    }

    /// A new token of `card` enters the battlefield under `controller`'s
    /// control (111.1, 111.2). The game has room for 256 objects (card
    /// numbers are one byte); a token beyond that is not created and the
    /// event says so.
    fn create_token(&mut self, card: &Arc<Card>, controller: PlayerId) {
        let Ok(n) = u8::try_from(self.objects.len()) else {
            self.emit(Event::NoRoomForToken { controller });
            return;
        };
        let id = CardId(n);
        self.objects.push(Object::new(
            id,
            card.clone(),
            controller,
            true,
            Zone::Outside,
        ));
        self.move_to(id, Zone::Battlefield);
        self.emit(Event::TokenCreated {
            token: id,
            controller,
        });
        self.enters_triggers(id);
    }
}

#[cfg(test)]
mod tests {
    use crate::cards::Catalogue;
    use crate::event::Event;
    use crate::scenario::build_game;
    use battlecheck_properties::PlayerId;
    use std::path::Path;

    /// A game holds at most 256 objects (card numbers are one byte): an
    /// instruction that would make a token beyond that makes none, and says
    /// so, instead of wrapping a number round onto another object.
    #[test]
    fn no_token_is_made_beyond_the_games_256_objects() {
        let text = r#"{"name": "full", "players": 2, "cards": [], "steps": []}"#;
        let cards = Catalogue::bundled().unwrap();
        let mut g = build_game(Path::new("full.json"), text, &cards).unwrap();
        let belenon = cards.get("Invasion of Belenon").unwrap();
        let steps = match &belenon.front.triggers[0].effect {
            crate::cards::TriggerEffect::Do { steps, .. } => steps.clone(),
            other => panic!("{other:?}"),
        };
        let source = battlecheck_properties::CardId(0);
        for _ in 0..256 {
            g.follow(source, PlayerId(0), &steps, None);
        }
        assert_eq!(g.objects.len(), 256);
        assert!(!g.take_events().contains(&Event::NoRoomForToken {
            controller: PlayerId(0)
        }));
        g.follow(source, PlayerId(0), &steps, None);
        assert_eq!(g.objects.len(), 256);
        assert_eq!(
            g.take_events(),
            vec![Event::NoRoomForToken {
                controller: PlayerId(0)
            }]
        );
    }
}
