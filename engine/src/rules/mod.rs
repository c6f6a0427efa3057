//! The rule areas, one module each, named by their rule: each adds the
//! methods of [`crate::state::game::Game`] that carry out its rules.
//!
//! | module | rules |
//! |---|---|
//! | [`zones`] | 400: zones, moving objects between them (400.7) |
//! | [`library`] | 121, 401, 701.17, 701.24: drawing, the library, milling, shuffling |
//! | [`turn`] | 500–514: turns, steps, untap and cleanup |
//! | [`priority`] | 117, 704.3, 603.3b: who may act, passing |
//! | [`stack`] | 601, 608, 115: casting, targets, resolving |
//! | [`triggers`] | 603: triggered abilities, put on the stack |
//! | [`combat`] | 506–511, 702.7, 702.19, 802.4: attacks, blocks, combat damage |
//! | [`reselect`] | 508.7: an attack's target chosen again (Portal Mage) |
//! | [`as_unblocked`] | 510.1b–c: damage as though not blocked (Zilortha, C04) |
//! | [`prevention`] | 615: prevention effects (Fog) |
//! | [`sba`] | 704: state-based actions |
//! | [`protector`] | 310.9, 310.11, 704.5x–y: a battle's protector |
//! | [`siege`] | 310.6, 310.12b, 712: defense counters, the defeat trigger, casting transformed |
//! | [`planeswalker`] | 306, 606: loyalty, loyalty abilities |
//! | [`copy`] | 707: copy effects |
//! | [`legend`] | 704.5j: the legend rule |
//! | [`leave`] | 800.4a: a player leaving the game |
//!
//! Rule areas call one another's methods (combat damage removes defense
//! counters, state-based actions move objects between zones): that circle
//! is the rules' own and stays inside this folder. Names come only from the
//! layers below: [`crate::state`], [`crate::cards`], [`crate::fault`].

pub mod as_unblocked;
pub mod combat;
pub mod copy;
pub mod leave;
pub mod legend;
pub mod library;
pub mod planeswalker;
pub mod prevention;
pub mod priority;
pub mod protector;
pub mod reselect;
pub mod sba;
pub mod siege;
pub mod stack;
pub mod triggers;
pub mod turn;
pub mod zones;
