//! `burn::data` of 0.22.1: batchers and dataloaders have no backend parameter; dataset access
//! and dataloader iteration return `Result`.
pub mod dataset {
    /// The error of `Dataset::get` (wraps any error).
    #[derive(Debug)]
    pub struct DatasetError {
        _private: (),
    }
    impl DatasetError {
        pub fn new<E: std::error::Error + Send + Sync + 'static>(error: E) -> Self {
            unimplemented!()
        }
    }
    impl core::fmt::Display for DatasetError {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            unimplemented!()
        }
    }
    impl std::error::Error for DatasetError {}

    /// A dataset of items `I`; `get` past the end panics.
    pub trait Dataset<I, E = DatasetError>: Send + Sync {
        fn get(&self, index: usize) -> Result<I, E>;
        fn len(&self) -> usize;
        fn is_empty(&self) -> bool {
            unimplemented!()
        }
        fn iter(&self) -> DatasetIterator<'_, I, E>
        where
            Self: Sized,
        {
            unimplemented!()
        }
    }

    pub struct DatasetIterator<'a, I, E> {
        _d: &'a dyn Dataset<I, E>,
    }
    impl<I, E> Iterator for DatasetIterator<'_, I, E> {
        type Item = Result<I, E>;
        fn next(&mut self) -> Option<Self::Item> {
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
        fn get(&self, index: usize) -> Result<I, DatasetError> {
            unimplemented!()
        }
        fn len(&self) -> usize {
            unimplemented!()
        }
    }

    #[cfg(feature = "sqlite")]
    pub use sqlite::*;

    #[cfg(feature = "sqlite")]
    mod sqlite {
        use super::{Dataset, DatasetError};

        #[derive(Debug)]
        pub enum SqliteDatasetError {
            Io(std::io::Error),
            Other(String),
        }
        impl core::fmt::Display for SqliteDatasetError {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                unimplemented!()
            }
        }
        impl std::error::Error for SqliteDatasetError {}

        /// A dataset read from a SQLite database (feature `sqlite`, Turso-based).
        #[derive(Debug)]
        pub struct SqliteDataset<I> {
            _i: core::marker::PhantomData<I>,
        }
        impl<I> SqliteDataset<I> {
            pub fn from_db_file<P: AsRef<std::path::Path>>(db_file: P, split: &str) -> Result<Self, SqliteDatasetError> {
                unimplemented!()
            }
        }
        impl<I: Send + Sync> Dataset<I, SqliteDatasetError> for SqliteDataset<I> {
            fn get(&self, index: usize) -> Result<I, SqliteDatasetError> {
                unimplemented!()
            }
            fn len(&self) -> usize {
                unimplemented!()
            }
        }
        #[allow(unused_imports)]
        use DatasetError as _;
    }
}

pub mod dataloader {
    use std::sync::Arc;

    use crate::tensor::Device;

    pub mod batcher {
        use crate::tensor::Device;

        /// Turns items into a batch on a device.
        pub trait Batcher<I, O>: Send + Sync {
            fn batch(&self, items: Vec<I>, device: &Device) -> O;
        }
    }

    pub use batcher::Batcher;

    #[derive(Debug)]
    pub struct DataLoaderError {
        _private: (),
    }

    /// Iterates batches `O`; items are `Result`s.
    pub trait DataLoader<O>: Send + Sync {
        fn iter<'a>(&'a self) -> Box<dyn DataLoaderIterator<O> + 'a>;
        fn num_items(&self) -> usize;
        fn to_device(&self, device: &Device) -> Arc<dyn DataLoader<O>>;
        fn slice(&self, start: usize, end: usize) -> Arc<dyn DataLoader<O>>;
    }

    pub trait DataLoaderIterator<O>: Iterator<Item = Result<O, DataLoaderError>> {}

    /// Builds a `DataLoader` from a batcher.
    pub struct DataLoaderBuilder<I, O> {
        _p: core::marker::PhantomData<(I, O)>,
    }
    impl<I, O> DataLoaderBuilder<I, O>
    where
        I: Send + Sync + Clone + core::fmt::Debug + 'static,
        O: Send + Clone + core::fmt::Debug + 'static,
    {
        pub fn new<Bt: Batcher<I, O> + 'static>(batcher: Bt) -> Self {
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
        pub fn set_device(self, device: Device) -> Self {
            unimplemented!()
        }
        pub fn build<D: crate::data::dataset::Dataset<I> + 'static>(self, dataset: D) -> Arc<dyn DataLoader<O>> {
            unimplemented!()
        }
    }
}
