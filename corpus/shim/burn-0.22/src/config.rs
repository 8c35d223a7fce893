//! `burn::config`: serialisable configurations (`#[derive(Config)]`).
pub use burn_shim_derive_022::Config;

#[derive(Debug)]
pub enum ConfigError {
    InvalidFormat(String),
    FileNotFound(String),
}

impl core::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        unimplemented!()
    }
}

impl std::error::Error for ConfigError {}

pub trait Config: Clone {
    fn save<P: AsRef<std::path::Path>>(&self, file: P) -> std::io::Result<()> {
        unimplemented!()
    }
    fn load<P: AsRef<std::path::Path>>(file: P) -> Result<Self, ConfigError>
    where
        Self: Sized,
    {
        unimplemented!()
    }
    fn load_binary(data: &[u8]) -> Result<Self, ConfigError>
    where
        Self: Sized,
    {
        unimplemented!()
    }
}
