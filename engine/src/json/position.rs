//! Readable errors for hand-written JSON (card files and scenarios): the
//! line, column and, where it can be told, the JSON path of the offending
//! value (`cards\[1\].owner`; indices from 0).

use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt;

/// Where and why a JSON text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct JsonFault {
    pub line: usize,
    pub column: usize,
    /// The JSON path of the value the error is in or about (`players\[0\].life`),
    /// when it can be told.
    pub path: Option<String>,
    pub message: String,
}

impl fmt::Display for JsonFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)?;
        if let Some(path) = &self.path {
            write!(f, ", at `{path}`")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Parse `text`, naming the value at fault on error.
pub fn parse<T: DeserializeOwned>(text: &str) -> Result<T, JsonFault> {
    serde_json::from_str(text).map_err(|e| fault(text, &e))
}

fn fault(text: &str, e: &serde_json::Error) -> JsonFault {
    let full = e.to_string();
    // serde_json appends " at line L column C"; keep the message alone.
    let mut message = match full.rfind(" at line ") {
        Some(i) => full[..i].to_string(),
        None => full,
    };
    // serde_json stops at 128 levels of nesting, wherever the nesting is.
    let too_deep = message == "recursion limit exceeded";
    if too_deep {
        message = "nested more than 128 levels deep".into();
    }
    // Well-formed JSON that serde_json still calls a syntax error ("expected
    // value", from a field read through a buffered enum) is a value of the
    // wrong form.
    let misread = !too_deep
        && e.classify() == serde_json::error::Category::Syntax
        && serde_json::from_str::<serde::de::IgnoredAny>(text).is_ok();
    if misread {
        message = format!("{message}: the value here is not of a form this field takes");
    }
    // A syntax error has no path; a data error is about the value that
    // ends at the error position, or a missing field of the object there.
    let path = match e.classify() {
        _ if too_deep || misread => {
            Some(path_at(text, offset(text, e.line(), e.column())).concat())
                .filter(|p| !p.is_empty())
        }
        serde_json::error::Category::Data => {
            let mut path = path_at(text, offset(text, e.line(), e.column()));
            if let Some(field) = quoted_in(&message, "missing field `") {
                path.push(if path.is_empty() {
                    field
                } else {
                    format!(".{field}")
                });
            }
            Some(path.concat()).filter(|p| !p.is_empty())
        }
        _ => None,
    };
    JsonFault {
        line: e.line(),
        column: e.column(),
        path,
        message,
    }
}

/// The name after `prefix` up to the next backquote ("missing field `x`").
fn quoted_in(message: &str, prefix: &str) -> Option<String> {
    let start = message.find(prefix)? + prefix.len();
    let len = message[start..].find('`')?;
    Some(message[start..start + len].to_string())
}

/// The byte offset just after serde_json's position (line and column from
/// 1, the column counting the bytes read on the line).
fn offset(text: &str, line: usize, column: usize) -> usize {
    let start: usize = text
        .split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum();
    (start + column).min(text.len())
}

/// The JSON path of the value being read at byte `end`: the keys and
/// indices of the objects and arrays open there, one part each.
fn path_at(text: &str, end: usize) -> Vec<String> {
    enum Open {
        Array(usize),
        /// The key being read, once its string has been read.
        Object(Option<String>),
    }
    let bytes = &text.as_bytes()[..end];
    let mut open: Vec<Open> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                if let Some(Open::Object(key @ None)) = open.last_mut() {
                    let key_end = i.min(bytes.len());
                    *key = Some(String::from_utf8_lossy(&bytes[start..key_end]).into_owned());
                }
            }
            b'{' => open.push(Open::Object(None)),
            b'[' => open.push(Open::Array(0)),
            b'}' | b']' => {
                open.pop();
            }
            b',' => match open.last_mut() {
                Some(Open::Array(n)) => *n += 1,
                Some(Open::Object(key)) => *key = None,
                None => {}
            },
            _ => {}
        }
        i += 1;
    }
    let mut path = Vec::new();
    for o in open {
        match o {
            Open::Array(n) => path.push(format!("[{n}]")),
            Open::Object(Some(k)) if path.is_empty() => path.push(k),
            Open::Object(Some(k)) => path.push(format!(".{k}")),
            Open::Object(None) => break,
        }
    }
    path
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct T {
        name: String,
        defense: u8,
    }

    #[test]
    fn names_the_field_of_a_wrong_type() {
        let e = parse::<T>("{\n  \"name\": \"x\",\n  \"defense\": \"five\"\n}").unwrap_err();
        assert_eq!(e.path.as_deref(), Some("defense"));
        assert_eq!(e.line, 3);
    }

    #[test]
    fn names_a_missing_field() {
        let e = parse::<T>("{\"name\": \"x\"}").unwrap_err();
        assert_eq!(e.path.as_deref(), Some("defense"));
        assert!(e.message.contains("missing field"));
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Many {
        all: Vec<T>,
    }

    #[test]
    fn names_the_path_of_a_nested_value() {
        let text = "{\"all\": [{\"name\": \"a,\\\"[\", \"defense\": 1},\n {\"name\": \"b\", \"defense\": -1}]}";
        let e = parse::<Many>(text).unwrap_err();
        assert_eq!(e.path.as_deref(), Some("all[1].defense"), "{e}");
        let e = parse::<Many>("{\"all\": [{\"name\": \"a\", \"defense\": 1}, {\"name\": \"b\"}]}")
            .unwrap_err();
        assert_eq!(e.path.as_deref(), Some("all[1].defense"), "{e}");
        let e = parse::<Many>("{\"all\": [{\"name\": \"a\", \"power\": 1}]}").unwrap_err();
        assert_eq!(e.path.as_deref(), Some("all[0].power"), "{e}");
    }
}
