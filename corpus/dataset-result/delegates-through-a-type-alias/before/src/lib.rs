use burn::data::dataset::transform::{Mapper, MapperDataset};
use burn::data::dataset::{Dataset, InMemDataset};

#[derive(Clone, Debug)]
pub struct Raw {
    pub path: String,
}

#[derive(Clone, Debug)]
pub struct Item {
    pub name: String,
}

pub struct ToItem;

impl Mapper<Raw, Item> for ToItem {
    fn map(&self, raw: &Raw) -> Item {
        Item { name: raw.path.to_uppercase() }
    }
}

type Mapped = MapperDataset<InMemDataset<Raw>, ToItem, Raw>;

pub struct Items {
    dataset: Mapped,
}

impl Items {
    pub fn new(paths: Vec<String>) -> Self {
        let raw = InMemDataset::new(paths.into_iter().map(|path| Raw { path }).collect());
        Self { dataset: MapperDataset::new(raw, ToItem) }
    }
}

impl Dataset<Item> for Items {
    fn get(&self, index: usize) -> Option<Item> {
        self.dataset.get(index)
    }

    fn len(&self) -> usize {
        self.dataset.len()
    }
}
