//! The layering checker both crates' `tests/layering.rs` use: a crate's
//! `src/` is cut into layers, each a folder or a single file, listed lowest
//! first; a source file may name (`crate::LAYER`, also inside
//! `crate::{…}`) only its own layer and those below it, and only the layers
//! given leave to may name another crate. Read from the source text with
//! comments and unit tests (what follows `#[cfg(test)]`) left out: a unit
//! test may build its fixture with any layer.

use std::path::{Path, PathBuf};

/// A crate's layers and who may use which other crates.
pub struct Layering {
    /// The layers, lowest first: `"rules"` is `src/rules/`, `"fault.rs"`
    /// is `src/fault.rs`.
    pub layers: &'static [&'static str],
    /// Other crates by the name code uses (`battlecheck_engine`), each with
    /// the only layers that may use it.
    pub crates: &'static [(&'static str, &'static [&'static str])],
    /// Top-level entries of `src/` outside every layer (`lib.rs`, `bin`).
    pub roots: &'static [&'static str],
}

/// A layer's name as code writes it after `crate::`.
fn module(layer: &str) -> &str {
    layer.strip_suffix(".rs").unwrap_or(layer)
}

/// The code of a source file: comment lines and unit tests left out.
fn code(text: &str) -> String {
    let text = text.split("#[cfg(test)]").next().unwrap_or("");
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every module that `text` names right after `crate::`, including each
/// path in a `crate::{a::…, b::…}` group.
pub fn uses(text: &str) -> Vec<String> {
    let code = code(text);
    let mut named = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue; // `battlecheck_engine::`'s tail, or another crate
        }
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // The group's top-level paths, each up to its first `::`.
            let mut depth = 0;
            let mut part = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => named.push(ident(&std::mem::take(&mut part))),
                    c => part.push(c),
                }
            }
            named.push(ident(&part));
        } else {
            named.push(ident(rest));
        }
    }
    named.retain(|n| !n.is_empty());
    named
}

/// The identifier `text` starts with, after white space.
fn ident(text: &str) -> String {
    text.trim_start()
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

fn sources(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_file() {
        out.push(path.to_path_buf());
        return;
    }
    for entry in std::fs::read_dir(path).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() || path.extension().is_some_and(|e| e == "rs") {
            sources(&path, out);
        }
    }
}

impl Layering {
    /// Every use in `src/` of a higher layer, or of a crate a layer may not
    /// use, as "FILE uses crate::LAYER".
    pub fn violations(&self, src: &Path) -> Vec<String> {
        let mut found = Vec::new();
        for (rank, layer) in self.layers.iter().enumerate() {
            let mut files = Vec::new();
            sources(&src.join(layer), &mut files);
            assert!(!files.is_empty(), "src/{layer} has no sources");
            for file in files {
                let text = std::fs::read_to_string(&file).unwrap();
                for used in uses(&text) {
                    let used_rank = self.layers.iter().position(|l| module(l) == used);
                    if used_rank.is_some_and(|r| r > rank) {
                        found.push(format!("{} uses crate::{used}", file.display()));
                    }
                }
                for (name, users) in self.crates {
                    if code(&text).contains(name) && !users.contains(layer) {
                        found.push(format!("{} uses {name}", file.display()));
                    }
                }
            }
        }
        found
    }

    /// Top-level entries of `src/` in no layer.
    pub fn strays(&self, src: &Path) -> Vec<String> {
        let mut stray = Vec::new();
        for entry in std::fs::read_dir(src).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().to_string();
            if !self.layers.contains(&name.as_str()) && !self.roots.contains(&name.as_str()) {
                stray.push(name);
            }
        }
        stray
    }
}
