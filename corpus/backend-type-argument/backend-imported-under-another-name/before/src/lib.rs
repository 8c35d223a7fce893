//! The crate's backend is a `use` renaming burn's, not a `type` alias.
pub(crate) use burn::backend::Flex as Cpu;

pub mod ops;
