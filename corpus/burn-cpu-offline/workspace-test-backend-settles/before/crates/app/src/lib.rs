use burn::prelude::*;

pub fn run<B: Backend>(device: &B::Device) -> Tensor<B, 1> {
    model::layer::double(Tensor::<B, 1>::ones([2], device))
}
