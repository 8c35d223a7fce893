use burn::data::dataset::Dataset;

use crate::data::{Item, load_all, load_split, load_values};

pub fn mean(size: usize) -> Result<f32, String> {
    let (valid, n) = load_split(size)?;
    let items: Vec<Item> = valid.iter().collect();
    Ok(items.iter().map(|i| i.value).sum::<f32>() / n as f32)
}

pub fn count() -> usize {
    let all = load_all();
    let (values, _) = load_values();
    all.iter().count() + values.iter().count()
}

pub fn first() -> Option<Item> {
    let all = crate::data::load_all();
    all.iter().next()
}
