//! placeholder replaced by the engine work
