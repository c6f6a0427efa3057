//! The documentation runs: every command the Markdown pages show in a
//! `console` block is run by trycmd from the repository's root, with its
//! exit code and the output the text relies on (times and other varying
//! parts elided with `[..]` and `...`). A command block that is not run
//! (`sh`) says why on its first line. Every relative link resolves, and
//! the README stays short.
//!
//! `TRYCMD=overwrite cargo test --release --test docs` rewrites the
//! outputs from a run (then put the elisions back).

use std::path::{Path, PathBuf};

const BIN: &str = env!("CARGO_BIN_EXE_battlecheck");

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .canonicalize()
        .unwrap()
}

/// The pages whose commands run: the README, docs/, the engine's pages and
/// the phase adapter's README.
const PAGES: &[&str] = &[
    "README.md",
    "docs/*.md",
    "engine/README.md",
    "engine/PROTOCOL.md",
    "scripts/adapters/phase/README.md",
];

/// Every Markdown page of the repository that links to others.
fn linked_pages() -> Vec<PathBuf> {
    let root = root();
    let mut pages = vec![root.join("README.md")];
    for dir in [
        "docs",
        "engine",
        "scripts/adapters/phase",
        "scripts/matrix",
        "scripts/bench",
    ] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else {
            continue;
        };
        let mut found: Vec<PathBuf> = entries
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "md"))
            .collect();
        found.sort();
        pages.extend(found);
    }
    pages
}

#[test]
fn every_documented_command_runs_as_shown() {
    let root = root();
    std::env::set_current_dir(&root).unwrap();
    // `--engine-cmd "battlecheck serve-engine"` finds this build's binary
    let bin_dir = Path::new(BIN).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    std::fs::create_dir_all(root.join("target/docs")).unwrap();
    let cases = trycmd::TestCases::new();
    cases
        .register_bin("battlecheck", Path::new(BIN))
        .env("PATH", path);
    for page in PAGES {
        cases.case(root.join(page));
    }
    cases.run();
}

/// The blocks of commands that are not run say why, visibly: their first
/// line is a comment `# not run by the tests: …`. Counts what runs and
/// what does not.
#[test]
fn every_command_block_runs_or_says_why_not() {
    let root = root();
    let (mut run, mut not_run) = (0, 0);
    let mut bad = Vec::new();
    for page in PAGES {
        let files: Vec<PathBuf> = if let Some(dir) = page.strip_suffix("/*.md") {
            let mut v: Vec<PathBuf> = std::fs::read_dir(root.join(dir))
                .unwrap()
                .map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|x| x == "md"))
                .collect();
            v.sort();
            v
        } else {
            vec![root.join(page)]
        };
        for file in files {
            let text = std::fs::read_to_string(&file).unwrap();
            let mut lines = text.lines().enumerate();
            while let Some((n, line)) = lines.next() {
                let Some(info) = line.strip_prefix("```") else {
                    continue;
                };
                let body: Vec<&str> = lines
                    .by_ref()
                    .map(|(_, l)| l)
                    .take_while(|l| !l.starts_with("```"))
                    .collect();
                match info.split(',').next().unwrap_or("") {
                    "console" => run += body.iter().filter(|l| l.starts_with("$ ")).count(),
                    "sh" | "bash" => {
                        if body
                            .first()
                            .is_some_and(|l| l.starts_with("# not run by the tests: "))
                        {
                            not_run += body
                                .iter()
                                .filter(|l| {
                                    !l.trim_start().starts_with('#') && !l.trim().is_empty()
                                })
                                .count();
                        } else {
                            bad.push(format!(
                                "{}:{}: a `sh` block whose first line is not `# not run by the tests: <why>` \
                                 (make it a `console` block that runs)",
                                file.strip_prefix(&root).unwrap().display(),
                                n + 1
                            ));
                        }
                    }
                    "" => bad.push(format!(
                        "{}:{}: a code block with no language (trycmd would run it as commands)",
                        file.strip_prefix(&root).unwrap().display(),
                        n + 1
                    )),
                    _ => {}
                }
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
    println!("documented commands: {run} run by the tests, {not_run} lines not run (each block says why)");
    assert!(run >= 30, "only {run} documented commands run");
}

#[test]
fn every_relative_link_resolves() {
    let root = root();
    let mut broken = Vec::new();
    for page in linked_pages() {
        let text = std::fs::read_to_string(&page).unwrap();
        for (i, _) in text.match_indices("](") {
            let rest = &text[i + 2..];
            let Some(end) = rest.find(')') else { continue };
            let target = &rest[..end];
            if target.contains("://") || target.starts_with('#') || target.starts_with("mailto:") {
                continue;
            }
            let file = target.split('#').next().unwrap();
            if !page.parent().unwrap().join(file).exists() {
                broken.push(format!(
                    "{}: ({target})",
                    page.strip_prefix(&root).unwrap().display()
                ));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "links that lead nowhere:\n{}",
        broken.join("\n")
    );
}

/// The README is for the two people who come (an engine author, a CI
/// maintainer); the reference is in docs/.
#[test]
fn the_readme_is_short() {
    let size = std::fs::metadata(root().join("README.md")).unwrap().len();
    assert!(
        size < 12 * 1024,
        "README.md is {size} bytes; move reference material to docs/"
    );
}
