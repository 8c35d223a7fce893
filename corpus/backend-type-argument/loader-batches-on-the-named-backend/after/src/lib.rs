//! A model on the backend an alias names, fed by a loader built without `set_device`: 0.21 made
//! the batches on `B::Device::default()`, the alias's backend, which the types chose.
use burn::data::dataloader::batcher::Batcher;
use burn::data::dataloader::DataLoaderBuilder;
use burn::data::dataset::InMemDataset;
use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

#[derive(Clone, Default)]
pub struct RowBatcher;

impl Batcher<[f32; 2], Tensor<2>> for RowBatcher {
    fn batch(&self, items: Vec<[f32; 2]>, device: &Device) -> Tensor<2> {
        let rows = items.iter().map(|r| Tensor::<2>::from_floats([*r], device)).collect();
        Tensor::cat(rows, 0)
    }
}

/// The model's outputs over a small dataset, batch by batch.
pub fn predict(rows: Vec<[f32; 2]>) -> Vec<usize> {
    let device = Device::ndarray();
    let model: Linear = LinearConfig::new(2, 3).init(&device);
    let loader = DataLoaderBuilder::new(RowBatcher).set_device(Device::ndarray()).batch_size(2).build(InMemDataset::new(rows));
    let mut sizes = Vec::new();
    for x in loader.iter().map(Result::unwrap) {
        sizes.push(model.forward(x).dims()[0]);
    }
    sizes
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_batch_meets_the_model_on_its_backend() {
        // with Flex enabled too, 0.22.1's default device is Flex's: a loader left on it would
        // hand the NdArray model Flex tensors
        assert_eq!(super::predict(vec![[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), vec![2, 1]);
    }
}
