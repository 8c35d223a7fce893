use burn::module::Module;
use burn::nn::{Linear, LinearConfig};
use burn::tensor::{Device, Tensor};

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
}

impl Net {
    pub fn new(device: &Device) -> Self {
        Self { fc: LinearConfig::new(2, 1).init(device) }
    }
}

pub fn train(net: Net, device: &Device) -> usize {
    let device = &device.clone().autodiff();
    let x = Tensor::<2>::ones([1, 2], device);
    let y = net.fc.forward(x).sum();
    let g = y.backward();
    net.fc.weight.grad(&g).map(|t| t.dims()[0]).unwrap_or(0)
}

/// The net's backend is inferred from `train::<Autodiff<Flex>>`, where it goes: an autodiff net.
pub fn run() -> usize {
    let device = Device::flex().autodiff();
    let net = Net::new(&device);
    train(net, &device)
}

/// Made in the argument itself.
pub fn run_inline() -> usize {
    let device = Device::flex().autodiff();
    train(Net::new(&device), &device)
}

/// A literal typed by its `let`: its fields were built for `Autodiff<Flex>`.
pub fn run_literal() -> usize {
    let device = Device::flex().autodiff();
    let net: Net = Net { fc: LinearConfig::new(2, 1).init(&device) };
    train(net, &device)
}

/// The net is read before it goes to `train`: what else it is, is not read here (a person says).
pub fn run_and_count() -> usize {
    let device = Default::default();
    let net = Net::new(&device);
    let n = net.fc.weight.dims()[0];
    n + train(net, &device)
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
