use burn::data::dataloader::DataLoaderBuilder;
use burn::data::dataloader::batcher::Batcher;
use burn::data::dataset::{Dataset, InMemDataset};
use burn::prelude::*;

#[derive(Clone, Debug)]
pub struct Item {
    pub x: f32,
}

/// Delegates to a burn dataset: the error is mapped.
pub struct Wrapped {
    dataset: InMemDataset<Item>,
}

impl Dataset<Item> for Wrapped {
    fn get(&self, index: usize) -> Option<Item> {
        self.dataset.get(index)
    }

    fn len(&self) -> usize {
        self.dataset.len()
    }
}

/// Delegates through a `.map(..)`.
pub struct Scaled {
    inner: InMemDataset<Item>,
}

impl Dataset<Item> for Scaled {
    fn get(&self, index: usize) -> Option<Item> {
        self.inner.get(index).map(|item| Item { x: item.x * 2.0 })
    }

    fn len(&self) -> usize {
        self.inner.len()
    }
}

/// Holds a Vec: the Option becomes a Result with an out-of-bounds error (review).
pub struct Listed {
    items: Vec<Item>,
}

impl Dataset<Item> for Listed {
    fn get(&self, index: usize) -> Option<Item> {
        self.items.get(index).cloned()
    }

    fn len(&self) -> usize {
        self.items.len()
    }
}

/// Always one item: `Some` becomes `Ok`.
pub struct Constant;

impl Dataset<Item> for Constant {
    fn get(&self, _index: usize) -> Option<Item> {
        Some(Item { x: 1.0 })
    }

    fn len(&self) -> usize {
        1
    }
}

#[derive(Clone, Default)]
pub struct ItemBatcher;

impl<B: Backend> Batcher<B, Item, Tensor<B, 1>> for ItemBatcher {
    fn batch(&self, items: Vec<Item>, device: &B::Device) -> Tensor<B, 1> {
        let xs: Vec<f32> = items.iter().map(|i| i.x).collect();
        Tensor::from_floats(xs.as_slice(), device)
    }
}

pub fn first_items() -> Vec<Item> {
    let dataset = Wrapped { dataset: InMemDataset::new(vec![Item { x: 0.5 }]) };
    let items: Vec<Item> = dataset.iter().take(10).collect();
    if let Some(item) = dataset.get(0) {
        println!("{}", item.x);
    }
    assert!(dataset.get(5).is_none());
    items
}

pub fn total<B: Backend>(device: &B::Device) -> f32 {
    let loader = DataLoaderBuilder::new(ItemBatcher)
        .batch_size(2)
        .build(InMemDataset::new(vec![Item { x: 0.5 }, Item { x: 1.5 }]));
    let mut sum = 0.0;
    for batch in loader.iter() {
        let batch: Tensor<B, 1> = batch.to_device(device);
        sum += batch.dims()[0] as f32;
    }
    sum
}

/// Near miss: a Vec's `iter()` and `get` are left alone.
pub fn plain(items: Vec<Item>) -> usize {
    let n = items.iter().count();
    n + items.get(0).map(|i| i.x as usize).unwrap_or(0)
}
