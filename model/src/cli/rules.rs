//! `battlecheck rules`: the checklist items and the properties covering each.

use super::out::Out;
use super::Outcome;
use crate::report::rules_report;
use std::process::ExitCode;

pub fn run(out: &mut Out) -> Outcome {
    out.print(&rules_report());
    Ok(ExitCode::SUCCESS)
}
