use burn::nn::{Embedding, EmbeddingConfig, Linear, LinearConfig};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Tagger<B: Backend> {
    embed: Embedding<B>,
    head: Linear<B>,
}

pub fn build<B: Backend>(device: &B::Device) -> Tagger<B> {
    let embed = EmbeddingConfig::new(100, 16).init::<B>(device);
    let head = LinearConfig::new(16, 5).init::<B>(device);
    Tagger { embed, head }
}
