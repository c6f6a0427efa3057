//! The configurations CI holds the engine to in lockstep. A green `conform`
//! is worth what these would catch, so they vary what the presets alone do
//! not: every small preset at printed defenses 1 to 4, so that attackers of
//! power 1, 2 and 3 and two-counter spells meet battles they defeat with
//! damage to spare, exactly, or not at all (a counter too many or too few
//! shows, and so does lifelink or deathtouch damage treated as more than it
//! is, a damage bonus not applied to a battle, or combat damage to one
//! not prevented); the four-seat `table`
//! (which opponents may protect, and who may attack whom, differ from three
//! seats up); `tiny` at four seats; the presets of the multiplayer options
//! (attack left and right, a range of influence of one seat, each at a
//! defense and life of its own); the Two-Headed Giant preset (810) and
//! `hexproof` and `ward` in it (a teammate's spell may target a creature
//! with hexproof, an opponent's may not; an opponent's spell triggers
//! ward, a teammate's does not: 702.11b, 702.21a, 102.3); the
//! `planeswalker` preset (planeswalkers attacked beside players and a
//! battle, 506.2, 508.1b, 120.3c, 704.5i); the `reselect` preset (Portal
//! Mage reselecting an attack, 508.7); the
//! `gobakhan` preset (a card its owner casts from exile, C02); Invasion of
//! Ikoria cast from a hand and cast transformed ([`ikoria`]); `reselect`
//! with attack left and with a range of influence
//! ([`reselect_with_options`]); and the `default` preset, which `.ci/run`
//! runs through the command line. `tests/conform.rs` runs the others and
//! shows that every card of the model's pool, every kind of decision and
//! every witness is among them.

use crate::rules::cards::CardName;
use crate::rules::config::{Config, ConfigError};

/// The small presets CI varies over printed defenses.
const VARIED: [&str; 11] = [
    "tiny",
    "duel",
    "copies",
    "mimic",
    "zilortha",
    "evasion",
    "deathtouch",
    "double-strike",
    "damage-bonus",
    "prevention",
    "equipment",
];

/// The presets of the multiplayer options (801, 803), of Two-Headed Giant
/// (810) and hexproof and ward in it (702.11b, 702.21a, 102.3), of
/// planeswalkers beside battles (506.2, 508.1b), of reselecting an attack
/// (508.7) and of a card cast from exile by its owner (Invasion of
/// Gobakhan, C02).
const VARIANTS: [&str; 9] = [
    "attack-left",
    "attack-right",
    "range-1",
    "two-headed-giant",
    "hexproof",
    "ward",
    "planeswalker",
    "reselect",
    "gobakhan",
];

/// The printed defenses they are checked at.
pub const DEFENSES: std::ops::RangeInclusive<u8> = 1..=4;

/// `config` for a full round of turns at least: every side (a player, or
/// with Two-Headed Giant a team, 805.4) takes a turn, so that every seat
/// is once the active player and otherwise a player the active one may
/// attack (the opponents of Zilortha's controller attack into it, say),
/// roles the one-turn configurations never give them. Named
/// `<name>-full-round`.
pub fn full_round(config: &Config) -> Result<Config, ConfigError> {
    let sides = if config.variant.two_headed_giant {
        config.players() / 2
    } else {
        config.players()
    };
    let mut c = config.clone();
    c.turns = c.turns.max(sides as u8);
    c.name = format!("{}-full-round", config.name);
    c.validate()?;
    Ok(c)
}

/// `config` with its seats turned by one: the first seat's cards go to
/// the second, the last seat's to the first, so that the cards whose
/// abilities say "you" (Zilortha's "non-Human creature you control",
/// Invasion of Gobakhan's, a Clone's) belong to a player who does not take
/// the first turn. Named `<name>-turned`. Its full round
/// ([`full_round`]) has that player cast and attack with them.
pub fn turned(config: &Config) -> Result<Config, ConfigError> {
    let mut c = config.clone();
    c.seats.rotate_right(1);
    c.name = format!("{}-turned", config.name);
    c.validate()?;
    Ok(c)
}

/// Invasion of Ikoria (defense 6) cast from a hand, against a trampler, a
/// first striker and a two-counter erode, which defeat it with damage to
/// spare, exactly (first strike, then erode) or not at all, and cast
/// transformed: Zilortha, a creature back face, enters (712.14a). The
/// `zilortha` preset starts with it on the battlefield; random games found
/// the model putting the cast Zilortha into the graveyard, as a sorcery.
fn ikoria() -> Result<Config, ConfigError> {
    let mut c = Config::preset("tiny")?;
    c.seats[0].hand = vec![CardName::Zilortha, CardName::Erode];
    c.seats[0].battlefield = vec![CardName::Trampler, CardName::Striker];
    c.name = "tiny-ikoria".into();
    c.validate()?;
    Ok(c)
}

/// Every configuration of the CI suite, `default` last.
pub fn ci() -> Result<Vec<Config>, ConfigError> {
    let mut configs = Vec::new();
    for preset in VARIED {
        for defense in DEFENSES {
            let mut c = Config::preset(preset)?;
            c.defense = defense;
            c.name = format!("{preset}-defense-{defense}");
            configs.push(c);
        }
    }
    configs.push(Config::preset("table")?);
    for preset in VARIANTS {
        configs.push(Config::preset(preset)?);
    }
    let mut four = Config::preset("tiny")?;
    four.set_players(4)?;
    four.name = "tiny-4-seats".into();
    configs.push(four);
    configs.push(ikoria()?);
    configs.extend(reselect_with_options()?);
    configs.push(Config::preset("default")?);
    Ok(configs)
}

/// The `reselect` preset with attack left (a reselection only onto the
/// defending player chosen, 508.7d) and, at four seats, with a range of
/// influence of one seat (only within range, 508.7e; at three seats every
/// player is within one seat): the refusals of Portal Mage's reselection
/// that the plain preset, whose attacks go anywhere, never makes.
fn reselect_with_options() -> Result<[Config; 2], ConfigError> {
    let mut left = Config::preset("reselect")?;
    left.variant.attack = battlecheck_properties::seating::AttackOption::Left;
    left.name = "reselect-attack-left".into();
    left.validate()?;
    let mut range = Config::preset("reselect")?;
    range.set_players(4)?;
    // The fourth seat, across from the third, holds nothing: it adds a
    // player within range of the first and keeps the state space small.
    range.seats[3] = Default::default();
    range.variant.range = Some(1);
    range.name = "reselect-range-1-4-seats".into();
    range.validate()?;
    Ok([left, range])
}
