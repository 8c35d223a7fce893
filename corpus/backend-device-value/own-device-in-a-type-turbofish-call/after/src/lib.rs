use burn::nn::{Linear, LinearConfig};
use burn::tensor::Device;

pub struct Learner {
    pub net: Linear,
}

impl Learner {
    pub fn new(width: usize, device: &Device) -> Self {
        Self { net: LinearConfig::new(width, 1).init(device) }
    }
}

pub fn learner() -> Learner {
    Learner::new(4, &Device::flex().autodiff())
}

#[cfg(test)]
mod tests {
    use burn::tensor::Tensor;

    #[test]
    fn trains() {
        let learner = super::learner();
        let x: Tensor<2> = Tensor::ones([2, 4], &learner.net.weight.device());
        let grads = learner.net.forward(x).sum().backward();
        assert!(learner.net.weight.grad(&grads).is_some());
    }
}
