//! battlecheck-engine: a rules engine for Magic: The Gathering battles
//! (rule 310 of the Comprehensive Rules, edition effective 2026-09-25), the
//! kind a game client or an AI would run. It is written independently of
//! the battlecheck model and judged by the same properties through
//! [`battlecheck_properties::GameView`].
//!
//! * [`Game::apply`] performs an [`Action`] and returns the [`Event`]s it
//!   caused, or an [`EngineError`] naming the rule that forbids it;
//!   [`Game::legal_actions`] lists the legal ones; [`Game::apply_decision`]
//!   takes the shared [`battlecheck_properties::Decision`].
//! * [`Game::observe`] gives the shared [`battlecheck_properties::Observation`].
//! * Cards are data: [`Catalogue`] loads `engine/cards/*.json`.
//! * [`scenario::run_file`] replays a hand-written scenario and reports every
//!   failed expectation.
//!
//! The modules are layers; each may use only those above it in this list
//! (`tests/layering.rs` holds every file to it):
//!
//! | module | what lives there | may use |
//! |---|---|---|
//! | [`fault`] | test-only switches that seed bugs real engines shipped | nothing |
//! | [`json`] | reading the files a user names, JSON errors by path | nothing |
//! | [`cards`] | what cards say: the catalogue, faces, printed abilities as data, oracle lines | `json` |
//! | [`state`] | the game's state: `Game`, objects, players, stack, combat, events, errors | `fault`, `cards` |
//! | [`rules`] | the rule areas, one module each, by rule number | the above |
//! | [`abilities`] | what card text does in a game: effects, statics, mana, keyword abilities | the above |
//! | [`api`] | `Action`, `Game::apply`, `legal_actions`, decisions, `observe` | the above |
//! | [`scenario`] | scenario files: their format, setup, expectations, the field reference | everything |
//!
//! Why this order: a card's text is data that a game holds, so `cards` sits
//! below `state`; the rules are what a game does with any card, and the
//! abilities what particular card text does, so the rules name no type of
//! `abilities` (they call the methods it adds to `Game`: a resolving spell
//! follows its instructions). The API is how a caller reaches all of it,
//! and scenarios drive the API. A module's unit tests may build positions
//! with the scenario reader: they are not part of the layering.
//!
//! Where each Tier 1 item of the checklist is implemented:
//!
//! | item | where | rules |
//! |---|---|---|
//! | B01 | `rules::stack`: casting, sorcery timing | 310.1, 117.1a |
//! | B02 | `rules::stack`: a permanent spell enters | 310.2, 608.3a |
//! | B03 | `rules::copy`: entering battles and copies get counters | 310.4b, 614.1c, 707.5 |
//! | B04, B11 | `rules::combat`: attack declaration | 508.1b, 310.9b |
//! | B05 | `rules::siege`: removing defense counters | 310.6, 120.3h, 120.4a |
//! | B06 | `rules::stack`: "any target" | 115.4 |
//! | B07, B08 | `rules::sba`: battles at defense 0 | 704.5v, 704.5w |
//! | B09, B10, B14 | `rules::protector`: who may protect, the choice | 310.9a, 310.12a, 310.9f |
//! | B12, B13 | `rules::combat`: who may block | 310.9c, 310.9d, 802.4a |
//! | B15, B22, B25 | `rules::copy`: becoming a copy | 310.9g, 707.2 |
//! | B16 | `rules::sba` (704.5p) and `abilities::equip` | 310.10 |
//! | B17, B18, B26 | `rules::protector`: state-based protector changes | 704.5x, 704.5y |
//! | B19, B21, B23, B24, B31 | `rules::siege`: the defeat trigger | 310.12b, 400.7 |
//! | B20 | `rules::siege` (cast transformed) and `rules::stack` (resolution) | 712.8c, 712.11a, 608.2n |
//! | B27, B28, B29 | `rules::combat`: removal from combat | 506.4, 506.4c, 508.1a, 509.1a |
//! | B30 | `rules::sba` (704.5v) and `rules::stack` (countering) | 310.7, 701.6b |
//! | B32, B33, B34 | `rules::combat`: combat damage | 510.2, 702.7b, 702.19b |
//! | B35 | `rules::leave` | 800.4a |
//!
//! Mana ([`abilities::mana`]: lands played, mana abilities, costs with X
//! and cost increases) is paid only in positions that say so, since the
//! model has none. Activated abilities ([`abilities::activate`]) pay {T},
//! sacrifice, discard and mana costs, and crew ([`abilities::crew`]);
//! spells may have convoke ([`abilities::convoke`]); both tap creatures
//! ([`abilities::tap_creatures`]). Cards may be played from exile for a
//! while ([`abilities::exile_play`]); spells may be copied
//! ([`abilities::spell_copy`]) and cast without paying their mana cost as
//! something resolves ([`abilities::free_cast`]). Objects have colors
//! ([`cards::color`]: mana costs, color indicators, tokens, "is all
//! colors"). Planeswalkers ([`rules::planeswalker`]) have loyalty, loyalty
//! abilities and emblems. Not modelled: effects that change colors;
//! `battlecheck cards` lists every line of card text not played.

pub mod abilities;
pub mod api;
pub mod cards;
pub mod fault;
pub mod json;
pub mod rules;
pub mod scenario;
pub mod state;

pub use api::action::Action;
pub use cards::card::Card;
pub use cards::catalogue::{CardError, Catalogue};
pub use fault::EngineFault;
pub use scenario::{run_file, run_path, ScenarioError, ScenarioReport};
pub use state::error::EngineError;
pub use state::event::Event;
pub use state::game::Game;
