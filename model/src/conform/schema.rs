//! JSON Schemas of the engine protocol's messages ([`super::protocol`]),
//! generated with `schemars` from the Rust types themselves, the shared
//! vocabulary's decisions and observations included, so they cannot fall
//! behind; `tests/protocol.rs` validates real messages against them and
//! checks the published `engine/protocol-schema.json` is current.

use super::protocol::{Request, Response};
use serde_json::{json, Value};

/// The schemas of every request and every response, as one JSON document:
/// `{"request": …, "response": …}` (`battlecheck serve-engine --schema`,
/// and `engine/protocol-schema.json`).
pub fn schemas() -> Value {
    json!({
        "request": schemars::schema_for!(Request),
        "response": schemars::schema_for!(Response),
    })
}
