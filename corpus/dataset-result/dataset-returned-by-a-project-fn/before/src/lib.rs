pub mod data;
pub mod eval;
