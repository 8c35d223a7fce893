//! `burn::data` of 0.21: batchers and dataloaders are generic over the backend.
pub mod dataset {
    /// A dataset of items `I`; `get` returns `None` past the end (0.22: `Result`).
    pub trait Dataset<I>: Send + Sync {
        fn get(&self, index: usize) -> Option<I>;
        fn len(&self) -> usize;
        fn is_empty(&self) -> bool {
            unimplemented!()
        }
        fn iter(&self) -> DatasetIterator<'_, I>
        where
            Self: Sized,
        {
            unimplemented!()
        }
    }

    pub struct DatasetIterator<'a, I> {
        _d: &'a dyn Dataset<I>,
    }
    impl<I> Iterator for DatasetIterator<'_, I> {
        type Item = I;
        fn next(&mut self) -> Option<I> {
            unimplemented!()
        }
    }

    /// A dataset held in memory.
    pub struct InMemDataset<I> {
        items: Vec<I>,
    }
    impl<I> InMemDataset<I> {
        pub fn new(items: Vec<I>) -> Self {
            Self { items }
        }
    }
    impl<I: Clone + Send + Sync> Dataset<I> for InMemDataset<I> {
        fn get(&self, index: usize) -> Option<I> {
            unimplemented!()
        }
        fn len(&self) -> usize {
            unimplemented!()
        }
    }

    #[derive(Debug)]
    pub enum SqliteDatasetError {
        Io(std::io::Error),
        Other(String),
    }

    /// A dataset read from a SQLite database.
    #[derive(Debug)]
    pub struct SqliteDataset<I> {
        _i: core::marker::PhantomData<I>,
    }
    impl<I> SqliteDataset<I> {
        pub fn from_db_file<P: AsRef<std::path::Path>>(db_file: P, split: &str) -> Result<Self, SqliteDatasetError> {
            unimplemented!()
        }
    }
    impl<I: Send + Sync> Dataset<I> for SqliteDataset<I> {
        fn get(&self, index: usize) -> Option<I> {
            unimplemented!()
        }
        fn len(&self) -> usize {
            unimplemented!()
        }
    }
}

pub mod dataloader {
    use std::sync::Arc;

    use crate::tensor::backend::Backend;

    pub mod batcher {
        use crate::tensor::backend::Backend;

        /// Turns items into a batch on a device of the backend `B`.
        pub trait Batcher<B: Backend, I, O>: Send + Sync {
            fn batch(&self, items: Vec<I>, device: &B::Device) -> O;
        }
    }

    pub use batcher::Batcher;

    /// Iterates batches `O` on the backend `B`.
    pub trait DataLoader<B: Backend, O>: Send + Sync {
        fn iter<'a>(&'a self) -> Box<dyn DataLoaderIterator<O> + 'a>;
        fn num_items(&self) -> usize;
        fn to_device(&self, device: &B::Device) -> Arc<dyn DataLoader<B, O>>;
        fn slice(&self, start: usize, end: usize) -> Arc<dyn DataLoader<B, O>>;
    }

    pub trait DataLoaderIterator<O>: Iterator<Item = O> {}

    /// Builds a `DataLoader` from a batcher.
    pub struct DataLoaderBuilder<B: Backend, I, O> {
        _p: core::marker::PhantomData<(B, I, O)>,
    }
    impl<B: Backend, I, O> DataLoaderBuilder<B, I, O>
    where
        I: Send + Sync + Clone + core::fmt::Debug + 'static,
        O: Send + Clone + core::fmt::Debug + 'static,
    {
        pub fn new<Bt: Batcher<B, I, O> + 'static>(batcher: Bt) -> Self {
            unimplemented!()
        }
        pub fn batch_size(self, batch_size: usize) -> Self {
            unimplemented!()
        }
        pub fn shuffle(self, seed: u64) -> Self {
            unimplemented!()
        }
        pub fn num_workers(self, num_workers: usize) -> Self {
            unimplemented!()
        }
        pub fn set_device(self, device: B::Device) -> Self {
            unimplemented!()
        }
        pub fn build<D: crate::data::dataset::Dataset<I> + 'static>(self, dataset: D) -> Arc<dyn DataLoader<B, O>> {
            unimplemented!()
        }
    }
}
