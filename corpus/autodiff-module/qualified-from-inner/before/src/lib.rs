use burn::module::{AutodiffModule, Module};
use burn::nn::{Linear, LinearConfig};
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Net<B: burn::tensor::backend::Backend> {
    pub fc: Linear<B>,
}

pub fn rebuild<AB: AutodiffBackend>(device: &AB::Device) -> Net<AB> {
    let inner = Net::<AB::InnerBackend> { fc: LinearConfig::new(2, 2).init(device) };
    <Net<AB> as AutodiffModule<AB>>::from_inner(inner).no_grad()
}
