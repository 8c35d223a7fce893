use burn::backend::{Autodiff, Flex};
use burn::module::Module;
use burn::nn::{Linear, LinearConfig};
use burn::tensor::backend::{AutodiffBackend, Backend};
use burn::tensor::Tensor;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    fc: Linear<B>,
}

impl<B: Backend> Net<B> {
    pub fn new(device: &B::Device) -> Self {
        Self { fc: LinearConfig::new(2, 1).init(device) }
    }
}

pub fn train<B: AutodiffBackend>(net: Net<B>, device: &B::Device) -> usize {
    let x = Tensor::<B, 2>::ones([1, 2], device);
    let y = net.fc.forward(x).sum();
    let g = y.backward();
    net.fc.weight.grad(&g).map(|t| t.dims()[0]).unwrap_or(0)
}

/// The net's backend is inferred from `train::<Autodiff<Flex>>`, where it goes: an autodiff net.
pub fn run() -> usize {
    let device = Default::default();
    let net = Net::new(&device);
    train::<Autodiff<Flex>>(net, &device)
}

/// Made in the argument itself.
pub fn run_inline() -> usize {
    let device = Default::default();
    train::<Autodiff<Flex>>(Net::new(&device), &device)
}

/// A literal typed by its `let`: its fields were built for `Autodiff<Flex>`.
pub fn run_literal() -> usize {
    let device = Default::default();
    let net: Net<Autodiff<Flex>> = Net { fc: LinearConfig::new(2, 1).init(&device) };
    train::<Autodiff<Flex>>(net, &device)
}

/// The net is read before it goes to `train`: what else it is, is not read here (a person says).
pub fn run_and_count() -> usize {
    let device = Default::default();
    let net = Net::new(&device);
    let n = net.fc.weight.dims()[0];
    n + train::<Autodiff<Flex>>(net, &device)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_net_trains() {
        assert_eq!(super::run(), 2);
        assert_eq!(super::run_inline(), 2);
        assert_eq!(super::run_literal(), 2);
    }
}
