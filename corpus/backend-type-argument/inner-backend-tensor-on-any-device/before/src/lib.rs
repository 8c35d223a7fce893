use burn::tensor::backend::AutodiffBackend;
use burn::tensor::{Int, Tensor};

pub struct Rollout<B: AutodiffBackend> {
    device: B::Device,
    pub steps: Vec<Tensor<B::InnerBackend, 1>>,
}

impl<B: AutodiffBackend> Rollout<B> {
    /// Values kept off the graph, on whatever device the code has at hand.
    pub fn push(&mut self, masks: Tensor<B::InnerBackend, 1>, values: &[f32]) -> usize {
        let device = masks.device();
        let idx = Tensor::<B::InnerBackend, 1, Int>::from_ints([0, 1], &device);
        let picked = masks.select(0, idx);
        let v = Tensor::<B::InnerBackend, 1>::from_floats(values, &self.device);
        self.steps.push(v + picked);
        self.steps.len()
    }
}

#[cfg(test)]
mod tests {
    use burn::backend::{Autodiff, Flex};
    use burn::tensor::Tensor;

    #[test]
    fn values_stay_off_the_graph() {
        let device = Default::default();
        let mut r = super::Rollout::<Autodiff<Flex>> { device, steps: Vec::new() };
        let masks = Tensor::<Flex, 1>::from_floats([1.0, 2.0], &device);
        assert_eq!(r.push(masks, &[3.0, 4.0]), 1);
        assert_eq!(r.steps[0].clone().sum().into_scalar(), 10.0);
    }
}
