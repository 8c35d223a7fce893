//! A crate whose own `Result` takes one parameter, as many application crates define it.
use burn::data::dataset::{Dataset, DatasetError};

pub type Result<T> = std::result::Result<T, String>;

/// Token ids held in memory.
pub struct Tokens {
    pub ids: Vec<u32>,
}

impl Dataset<u32> for Tokens {
    fn get(&self, index: usize) -> core::result::Result<u32, DatasetError> {
        self.ids.get(index).copied().ok_or_else(|| DatasetError::new(std::io::Error::other(format!("index {index} is out of bounds"))))
    }

    fn len(&self) -> usize {
        self.ids.len()
    }
}

/// The crate's own fallible call, through its alias.
pub fn first(tokens: &Tokens) -> Result<u32> {
    tokens.get(0).ok().ok_or_else(|| "empty".to_string())
}
