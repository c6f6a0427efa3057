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
//! * Cards are data: [`cards::Catalogue`] loads `engine/cards/*.json`.
//! * [`scenario::run_file`] replays a hand-written scenario and reports every
//!   failed expectation.
//!
//! Rule areas, one module each: [`zones`] (400), [`turn`] (500–514),
//! [`priority`] (117, 704.3, 603.3b), [`stack`] (601, 608), [`combat`]
//! (506–511, 702.7, 702.19, 802.4), [`sba`] (704), [`protector`] (310.9,
//! 310.11, 704.5x–y), [`siege`] (310.12b, 712), [`copy`] (707), [`equip`]
//! (702.6, 310.10), [`leave`] (800.4a), [`legend`] (704.5j), [`triggers`] (603), [`effects`]
//! (608.2c: what abilities do), [`choice`] (608.2d: cards chosen as an
//! ability resolves), [`library`] (121, 401, 701.17, 701.24), [`statics`]
//! (604, 613), [`as_unblocked`] (510.1b–c: Zilortha's assignment as
//! though not blocked, C04).
//!
//! Where each Tier 1 item of the checklist is implemented:
//!
//! | item | where | rules |
//! |---|---|---|
//! | B01 | `stack`: casting, sorcery timing | 310.1, 117.1a |
//! | B02 | `stack`: a permanent spell enters | 310.2, 608.3a |
//! | B03 | `copy`: entering battles and copies get counters | 310.4b, 614.1c, 707.5 |
//! | B04, B11 | `combat`: attack declaration | 508.1b, 310.9b |
//! | B05 | `siege`: removing defense counters | 310.6, 120.3h, 120.4a |
//! | B06 | `stack`: "any target" | 115.4 |
//! | B07, B08 | `sba`: battles at defense 0 | 704.5v, 704.5w |
//! | B09, B10, B14 | `protector`: who may protect, the choice | 310.9a, 310.12a, 310.9f |
//! | B12, B13 | `combat`: who may block | 310.9c, 310.9d, 802.4a |
//! | B15, B22, B25 | `copy`: becoming a copy | 310.9g, 707.2 |
//! | B16 | `sba` (704.5p) and `equip` | 310.10 |
//! | B17, B18, B26 | `protector`: state-based protector changes | 704.5x, 704.5y |
//! | B19, B21, B23, B24, B31 | `siege`: the defeat trigger | 310.12b, 400.7 |
//! | B20 | `siege` (cast transformed) and `stack` (resolution) | 712.8c, 712.11a, 608.2n |
//! | B27, B28, B29 | `combat`: removal from combat | 506.4, 506.4c, 508.1a, 509.1a |
//! | B30 | `sba` (704.5v) and `stack` (countering) | 310.7, 701.6b |
//! | B32, B33, B34 | `combat`: combat damage | 510.2, 702.7b, 702.19b |
//! | B35 | `leave` | 800.4a |
//!
//! Mana ([`mana`]: lands played, mana abilities, costs with X and cost
//! increases) is paid only in positions that say so, since the model has
//! none. Activated abilities ([`activate`]) pay {T}, sacrifice, discard and
//! mana costs, and crew ([`crew`]); spells may have convoke ([`convoke`]);
//! both tap creatures ([`tap_creatures`]). Cards may be played from exile
//! for a while ([`exile_play`]); spells may be copied ([`spell_copy`]) and
//! cast without paying their mana cost as something resolves
//! ([`free_cast`]). Objects have colors ([`color`]: mana costs, color
//! indicators, tokens, "is all colors"). Planeswalkers ([`planeswalker`])
//! have loyalty, loyalty abilities and emblems. Not modelled: effects that
//! change colors; `battlecheck cards` lists every line of card text not
//! played.

pub mod action;
pub mod activate;
pub mod apply;
pub mod as_unblocked;
pub mod cards;
pub mod choice;
pub mod color;
pub mod combat;
pub mod convoke;
pub mod copy;
pub mod crew;
pub mod decide;
pub mod effects;
pub mod equip;
pub mod error;
pub mod event;
pub mod exile_play;
pub mod fault;
pub mod free_cast;
pub mod game;
pub mod jsonpos;
pub mod leave;
pub mod legend;
pub mod library;
pub mod mana;
pub mod observe;
pub mod oracle;
pub mod planeswalker;
pub mod priority;
pub mod protector;
pub mod reselect;
pub mod sba;
pub mod scenario;
pub mod siege;
pub mod spell_copy;
pub mod stack;
pub mod statics;
pub mod tap_creatures;
pub mod triggers;
pub mod turn;
pub mod ward;
pub mod zones;

pub use action::Action;
pub use cards::{Card, CardError, Catalogue};
pub use error::EngineError;
pub use event::Event;
pub use fault::EngineFault;
pub use game::Game;
pub use scenario::{run_file, run_path, ScenarioError, ScenarioReport};
