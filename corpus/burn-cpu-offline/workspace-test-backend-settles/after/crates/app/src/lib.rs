use burn::prelude::*;

pub fn run(device: &Device) -> Tensor<1> {
    model::layer::double(Tensor::<1>::ones([2], device))
}
