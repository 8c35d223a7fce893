use burn::backend::flex::FlexDevice;
use burn::backend::{Autodiff, Flex};
use burn::nn::{Linear, LinearConfig};
use burn::tensor::backend::AutodiffBackend;

type CpuBackend = Autodiff<Flex>;

pub struct Learner<B: AutodiffBackend> {
    pub net: Linear<B>,
}

impl<B: AutodiffBackend> Learner<B> {
    pub fn new(width: usize, device: &B::Device) -> Self {
        Self { net: LinearConfig::new(width, 1).init(device) }
    }
}

pub fn learner() -> Learner<CpuBackend> {
    Learner::<CpuBackend>::new(4, &FlexDevice)
}

#[cfg(test)]
mod tests {
    use burn::tensor::Tensor;

    #[test]
    fn trains() {
        let learner = super::learner();
        let x: Tensor<_, 2> = Tensor::ones([2, 4], &learner.net.weight.device());
        let grads = learner.net.forward(x).sum().backward();
        assert!(learner.net.weight.grad(&grads).is_some());
    }
}
