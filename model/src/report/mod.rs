//! Reports for people and machines: the text reports of each command, JSON
//! (the report types serialise themselves), JUnit XML for CI, and the
//! checklist coverage table.
//!
//! Depends on [`crate::rules`], [`crate::display`], [`crate::check`] and
//! [`crate::conform`]; the command line ([`crate::cli`]) decides which
//! report to print.

pub mod bench;
pub mod check;
pub mod conform;
pub mod coverage;
pub mod junit;
pub mod rules;
pub mod sweep;

pub use check::{config_line, human_report};
pub use junit::{junit, junit_report, Case};
pub use rules::rules_report;
