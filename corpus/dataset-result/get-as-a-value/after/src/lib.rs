use burn::data::dataset::{Dataset, InMemDataset};

#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub x: f32,
}

/// Every item, read through a closure over the dataset (the items are compared, so they must
/// stay `Option`s: `DatasetError` is not `PartialEq`).
pub fn same_items(a: &InMemDataset<Item>, b: &InMemDataset<Item>) -> bool {
    let collect = |dataset: &InMemDataset<Item>| (0..dataset.len()).map(|i| dataset.get(i).ok()).collect::<Vec<_>>();
    collect(a) == collect(b)
}

/// The first item's value, matched as 0.21 returned it; `unwrap` reads the same on a `Result`.
pub fn first(dataset: &InMemDataset<Item>) -> f32 {
    let checked = match dataset.get(0).ok() {
        Some(item) => item.x,
        None => 0.0,
    };
    checked + dataset.get(0).unwrap().x
}
