use burn::data::dataset::{Dataset, DatasetError, InMemDataset};

#[derive(Clone, Debug)]
pub struct Item {
    pub x: f32,
}

/// Empty by construction: the `None` tail becomes an out-of-bounds error (review).
pub struct Empty;

impl Dataset<Item> for Empty {
    fn get(&self, _index: usize) -> Result<Item, DatasetError> {
        Err(DatasetError::new(std::io::Error::other(format!("index {_index} is out of bounds"))))
    }

    fn len(&self) -> usize {
        0
    }
}

/// An early `return` and a `?`: each exit needs a person (finding).
pub struct Checked {
    items: Vec<Item>,
}

impl Dataset<Item> for Checked {
    fn get(&self, index: usize) -> Option<Item> {
        if index >= self.items.len() {
            return None;
        }
        let item = self.items.get(index)?;
        Some(item.clone())
    }

    fn len(&self) -> usize {
        self.items.len()
    }
}

/// A branching tail: each branch needs a person (finding).
pub struct Even {
    items: Vec<Item>,
}

impl Dataset<Item> for Even {
    fn get(&self, index: usize) -> Option<Item> {
        if index % 2 == 0 {
            self.items.get(index).cloned()
        } else {
            None
        }
    }

    fn len(&self) -> usize {
        self.items.len()
    }
}

/// An iterator kept in a binding: its items are `Result`s where it is used (finding).
pub fn count_items() -> usize {
    let dataset = InMemDataset::new(vec![Item { x: 1.0 }]);
    let items = dataset.iter();
    items.count()
}
