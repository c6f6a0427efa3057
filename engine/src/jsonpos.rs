//! Readable errors for hand-written JSON (card files and scenarios): the
//! line, column and, where it can be found, the name of the offending field.

use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt;

/// Where and why a JSON text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct JsonFault {
    pub line: usize,
    pub column: usize,
    /// The field the error is in or about, when it can be told.
    pub field: Option<String>,
    pub message: String,
}

impl fmt::Display for JsonFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)?;
        if let Some(field) = &self.field {
            write!(f, ", field `{field}`")?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Parse `text`, naming the field at fault on error.
pub fn parse<T: DeserializeOwned>(text: &str) -> Result<T, JsonFault> {
    serde_json::from_str(text).map_err(|e| fault(text, &e))
}

fn fault(text: &str, e: &serde_json::Error) -> JsonFault {
    let full = e.to_string();
    // serde_json appends " at line L column C"; keep the message alone.
    let message = match full.rfind(" at line ") {
        Some(i) => full[..i].to_string(),
        None => full,
    };
    // A syntax error has no field; a data error is about the named field or
    // the last key before the error position.
    let field = match e.classify() {
        serde_json::error::Category::Data => quoted_in(&message, "field `")
            .or_else(|| quoted_in(&message, "variant `"))
            .or_else(|| last_key_before(text, e.line(), e.column())),
        _ => None,
    };
    JsonFault {
        line: e.line(),
        column: e.column(),
        field,
        message,
    }
}

/// The name after `prefix` up to the next backquote ("missing field `x`").
fn quoted_in(message: &str, prefix: &str) -> Option<String> {
    let start = message.find(prefix)? + prefix.len();
    let len = message[start..].find('`')?;
    Some(message[start..start + len].to_string())
}

/// The last object key (`"name":`) that starts before the error position.
fn last_key_before(text: &str, line: usize, column: usize) -> Option<String> {
    let mut offset = 0;
    for (i, l) in text.split_inclusive('\n').enumerate() {
        if i + 1 == line {
            offset += column.min(l.len());
            break;
        }
        offset += l.len();
    }
    let before = &text[..offset.min(text.len())];
    let bytes = before.as_bytes();
    let mut end = bytes.len();
    while let Some(colon) = before[..end].rfind(':') {
        let key_end = before[..colon].trim_end();
        if let Some(stripped) = key_end.strip_suffix('"') {
            if let Some(open) = stripped.rfind('"') {
                let key = &stripped[open + 1..];
                if !key.is_empty() && key.chars().all(|c| c.is_alphanumeric() || c == '_') {
                    return Some(key.to_string());
                }
            }
        }
        end = colon;
    }
    None
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
        assert_eq!(e.field.as_deref(), Some("defense"));
        assert_eq!(e.line, 3);
    }

    #[test]
    fn names_a_missing_field() {
        let e = parse::<T>("{\"name\": \"x\"}").unwrap_err();
        assert_eq!(e.field.as_deref(), Some("defense"));
        assert!(e.message.contains("missing field"));
    }
}
