pub mod common;
pub mod stats;
