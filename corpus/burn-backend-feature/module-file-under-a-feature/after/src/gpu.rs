//! Only with the project's `gpu` feature: the module is declared `#[cfg(feature = "gpu")]`.
pub mod devices;
