//! A crate whose own `Result` takes one parameter, as many application crates define it.
use burn::data::dataset::Dataset;

pub type Result<T> = std::result::Result<T, String>;

/// Token ids held in memory.
pub struct Tokens {
    pub ids: Vec<u32>,
}

impl Dataset<u32> for Tokens {
    fn get(&self, index: usize) -> Option<u32> {
        self.ids.get(index).copied()
    }

    fn len(&self) -> usize {
        self.ids.len()
    }
}

/// The crate's own fallible call, through its alias.
pub fn first(tokens: &Tokens) -> Result<u32> {
    tokens.get(0).ok_or_else(|| "empty".to_string())
}
