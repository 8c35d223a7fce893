use burn::tensor::backend::{AutodiffBackend, Backend};
use burn::tensor::{ElementConversion, Tensor};

/// Running statistics, kept off the graph.
pub struct Stats<B: Backend> {
    acc: Tensor<B, 2>,
}

impl<B: Backend> Stats<B> {
    pub fn new(d: usize, device: &B::Device) -> Self {
        Self { acc: Tensor::zeros([d, d], device) }
    }

    pub fn observe(&mut self, x: Tensor<B, 2>) {
        self.acc = self.acc.clone() + x;
    }
}

pub struct Trainer<B: AutodiffBackend> {
    stats: Stats<B::InnerBackend>,
}

impl<B: AutodiffBackend> Trainer<B> {
    /// A method of the impl that chose the autodiff backend: its statistics go on the inner
    /// backend, so in 0.22.1 they get the plain device, `&device.clone().inner()`.
    pub fn new(device: &B::Device) -> Self {
        Self { stats: Stats::<B::InnerBackend>::new(2, device) }
    }

    pub fn step(&mut self, x: Tensor<B, 2>) -> f32 {
        self.stats.observe(x.inner());
        self.stats.acc.clone().sum().into_scalar().elem::<f32>()
    }
}

#[cfg(test)]
mod tests {
    use burn::backend::{Autodiff, Flex};
    use burn::tensor::Tensor;

    #[test]
    fn statistics_accumulate() {
        let device = Default::default();
        let mut t = super::Trainer::<Autodiff<Flex>>::new(&device);
        t.step(Tensor::ones([2, 2], &device));
        assert_eq!(t.step(Tensor::ones([2, 2], &device)), 8.0);
    }
}
