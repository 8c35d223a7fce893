use burn::data::dataloader::batcher::Batcher;
use burn::data::dataloader::{DataLoader, DataLoaderBuilder};
use burn::data::dataset::InMemDataset;
use burn::prelude::*;
use std::sync::Arc;

#[derive(Clone, Default)]
pub struct Ids;

impl<B: Backend> Batcher<B, u32, Vec<u32>> for Ids {
    fn batch(&self, items: Vec<u32>, _device: &B::Device) -> Vec<u32> {
        items
    }
}

/// Seeded for reproducibility, shuffled, four workers: the order varies (the finding).
pub fn loaders<B: Backend>(device: &B::Device, seed: u64) -> (Arc<dyn DataLoader<B, Vec<u32>>>, Arc<dyn DataLoader<B, Vec<u32>>>) {
    B::seed(device, seed);
    let many = DataLoaderBuilder::new(Ids).batch_size(2).shuffle(seed).num_workers(4).build(InMemDataset::new(vec![1, 2, 3]));
    // near miss: one worker
    let one = DataLoaderBuilder::new(Ids).batch_size(2).shuffle(seed).num_workers(1).build(InMemDataset::new(vec![1, 2, 3]));
    (many, one)
}
