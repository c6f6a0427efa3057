//! Identities shared by the model and the engine, and how they are written.
//!
//! On the wire of the engine protocol and in reports a player is its seat
//! number and a card its number in the setup. In a scenario file both are
//! names (see [`crate::naming`]): the serialisations below write and read
//! names while a [`Names`](crate::naming::Names) scope is active.

use crate::naming;
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;

/// A player, by seat. Seat 0 takes the first turn; turn order is seat order
/// (rule 101.4 "turn order", rule 800.1 seating). Written `P1`, `P2`, … in
/// scenario files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, schemars::JsonSchema)]
#[schemars(transparent)]
pub struct PlayerId(pub u8);

/// A card or token of the game setup, by its number in the setup.
///
/// Cards are numbered in the order the setup lists them; a token is numbered
/// after all cards, one number per token-making card (each such card can make
/// at most one token in a bounded game). The number identifies the physical
/// card across zones: rule 400.7 (a new object after each zone change) is
/// tracked separately by the model and engine. Written by its label (or
/// `#n`) in scenario files.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, schemars::JsonSchema)]
#[schemars(transparent)]
pub struct CardId(pub u8);

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "P{}", self.0 + 1)
    }
}

impl fmt::Display for CardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

// A binary format (not human-readable, as a frontier file's) takes an id
// as its number, and reads it back as one: it cannot tell a number from a
// name as JSON can.
impl Serialize for PlayerId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if !s.is_human_readable() {
            return s.serialize_u8(self.0);
        }
        match naming::current(|n| n.is_some()) {
            true => s.collect_str(self),
            false => s.serialize_u8(self.0),
        }
    }
}

impl Serialize for CardId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if !s.is_human_readable() {
            return s.serialize_u8(self.0);
        }
        match naming::current(|n| n.map(|n| n.card(*self))) {
            Some(name) => s.serialize_str(&name),
            None => s.serialize_u8(self.0),
        }
    }
}

impl<'de> Deserialize<'de> for PlayerId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        if !d.is_human_readable() {
            return d.deserialize_u8(IdVisitor::<PlayerId>::new());
        }
        d.deserialize_any(IdVisitor::<PlayerId>::new())
    }
}

impl<'de> Deserialize<'de> for CardId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        if !d.is_human_readable() {
            return d.deserialize_u8(IdVisitor::<CardId>::new());
        }
        d.deserialize_any(IdVisitor::<CardId>::new())
    }
}

/// What the two ids share for reading: a number on the wire, a name in a
/// scenario file.
trait Id: Sized {
    /// "a player" / "a card", for errors.
    const WHAT: &'static str;
    fn of_number(n: u8) -> Self;
    fn of_name(names: &naming::Names, name: &str) -> Result<Self, String>;
    /// How the id is written in a scenario file, for errors.
    fn named_as(names: &naming::Names) -> String;
}

impl Id for PlayerId {
    const WHAT: &'static str = "a player";
    fn of_number(n: u8) -> Self {
        PlayerId(n)
    }
    fn of_name(names: &naming::Names, name: &str) -> Result<Self, String> {
        names.player(name)
    }
    fn named_as(names: &naming::Names) -> String {
        format!("written P1…P{}", names.players())
    }
}

impl Id for CardId {
    const WHAT: &'static str = "a card";
    fn of_number(n: u8) -> Self {
        CardId(n)
    }
    fn of_name(names: &naming::Names, name: &str) -> Result<Self, String> {
        names.card_named(name)
    }
    fn named_as(_: &naming::Names) -> String {
        "written as its label (its `id` in `cards`) or as `#n` (its position there, from 0)".into()
    }
}

struct IdVisitor<T>(std::marker::PhantomData<T>);

impl<T> IdVisitor<T> {
    fn new() -> Self {
        IdVisitor(std::marker::PhantomData)
    }
}

impl<'de, T: Id> Visitor<'de> for IdVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match naming::current(|n| n.map(T::named_as)) {
            Some(how) => write!(f, "{}: {how}", T::WHAT),
            None => write!(f, "{} as a number from 0 to 255", T::WHAT),
        }
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<T, E> {
        match naming::current(|n| n.map(T::named_as)) {
            Some(how) => Err(E::custom(format!(
                "{n}: in a scenario file {} is {how}, not as a number",
                T::WHAT
            ))),
            None => u8::try_from(n)
                .map(T::of_number)
                .map_err(|_| E::invalid_value(de::Unexpected::Unsigned(n), &self)),
        }
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<T, E> {
        match naming::current(|n| n.map(|n| T::of_name(n, s))) {
            Some(found) => found.map_err(E::custom),
            None => Err(E::invalid_type(de::Unexpected::Str(s), &self)),
        }
    }
}
