use burn::data::dataset::InMemDataset;

#[derive(Clone, Debug)]
pub struct Item {
    pub value: f32,
}

/// The validation split and its size.
pub fn load_split(size: usize) -> Result<(InMemDataset<Item>, usize), String> {
    let items = (0..size).map(|i| Item { value: i as f32 }).collect();
    Ok((InMemDataset::new(items), size))
}

pub fn load_all() -> InMemDataset<Item> {
    InMemDataset::new(vec![Item { value: 1.0 }])
}

/// Plain values, not a dataset: their `.iter()` is a slice's.
pub fn load_values() -> (Vec<Item>, usize) {
    (vec![Item { value: 2.0 }], 1)
}
