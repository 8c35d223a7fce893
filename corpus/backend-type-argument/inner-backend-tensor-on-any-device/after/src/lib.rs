use burn::tensor::{Device, Int, Tensor};

pub struct Rollout {
    device: Device,
    pub steps: Vec<Tensor<1>>,
}

impl Rollout {
    /// Values kept off the graph, on whatever device the code has at hand.
    pub fn push(&mut self, masks: Tensor<1>, values: &[f32]) -> usize {
        let device = masks.device();
        let idx = Tensor::<1, Int>::from_ints([0, 1], &device.clone().inner());
        let picked = masks.select(0, idx);
        let v = Tensor::<1>::from_floats(values, &self.device.clone().inner());
        self.steps.push(v + picked);
        self.steps.len()
    }
}

#[cfg(test)]
mod tests {
    use burn::tensor::{Device, Tensor};

    #[test]
    fn values_stay_off_the_graph() {
        let device = Device::flex();
        let mut r = super::Rollout { device: device.clone(), steps: Vec::new() };
        let masks = Tensor::<1>::from_floats([1.0, 2.0], &device);
        assert_eq!(r.push(masks, &[3.0, 4.0]), 1);
        assert_eq!(r.steps[0].clone().sum().into_scalar::<f32>(), 10.0);
    }
}
