//! Reading the files a user names: bounded reading of any file and of a
//! directory's JSON files ([`read`]), and JSON errors that name the line,
//! column and JSON path of the value at fault ([`position`]). Card files
//! and scenario files are both read through here.

pub mod position;
pub mod read;
