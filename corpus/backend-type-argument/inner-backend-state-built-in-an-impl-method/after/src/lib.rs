use burn::tensor::{Device, Tensor};

/// Running statistics, kept off the graph.
pub struct Stats {
    acc: Tensor<2>,
}

impl Stats {
    pub fn new(d: usize, device: &Device) -> Self {
        Self { acc: Tensor::zeros([d, d], device) }
    }

    pub fn observe(&mut self, x: Tensor<2>) {
        self.acc = self.acc.clone() + x;
    }
}

pub struct Trainer {
    stats: Stats,
}

impl Trainer {
    /// A method of the impl that chose the autodiff backend: its statistics go on the inner
    /// backend, so in 0.22.1 they get the plain device, `&device.clone().inner()`.
    pub fn new(device: &Device) -> Self {
        Self { stats: Stats::new(2, &device.clone().inner()) }
    }

    pub fn step(&mut self, x: Tensor<2>) -> f32 {
        self.stats.observe(x.inner());
        self.stats.acc.clone().sum().into_scalar::<f32>()
    }
}

#[cfg(test)]
mod tests {
    use burn::tensor::{Device, Tensor};

    #[test]
    fn statistics_accumulate() {
        let device = Device::flex().autodiff();
        let mut t = super::Trainer::new(&device);
        t.step(Tensor::ones([2, 2], &device));
        assert_eq!(t.step(Tensor::ones([2, 2], &device)), 8.0);
    }
}
