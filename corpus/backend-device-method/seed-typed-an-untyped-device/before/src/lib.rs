use burn::backend::{Autodiff, Flex};
use burn::tensor::backend::Backend;
use burn::tensor::Tensor;

type TrainBackend = Autodiff<Flex>;

pub fn seeded() -> [usize; 1] {
    let device = Default::default();
    TrainBackend::seed(&device, 11);
    Tensor::<TrainBackend, 1>::zeros([3], &device).dims()
}
