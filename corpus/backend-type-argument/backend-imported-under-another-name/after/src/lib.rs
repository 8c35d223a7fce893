//! The crate's backend is a `use` renaming burn's, not a `type` alias.

pub mod ops;
