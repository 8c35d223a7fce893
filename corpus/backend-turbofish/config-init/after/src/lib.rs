use burn::nn::{Embedding, EmbeddingConfig, Linear, LinearConfig};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Tagger {
    embed: Embedding,
    head: Linear,
}

pub fn build(device: &Device) -> Tagger {
    let embed = EmbeddingConfig::new(100, 16).init(device);
    let head = LinearConfig::new(16, 5).init(device);
    Tagger { embed, head }
}
