/// Plain code: this crate's library does not depend on burn.
pub fn mean(xs: &[f32]) -> f32 {
    xs.iter().sum::<f32>() / xs.len() as f32
}

pub struct Stats(pub Vec<f32>);

#[cfg(test)]
impl Stats {
    /// Burn's mean, for the tests (a method of an impl under `#[cfg(test)]`).
    fn burn_mean(&self) -> f32 {
        use burn::tensor::{Device, Tensor};

        let device = Device::ndarray();
        Tensor::<1>::from_floats(self.0.as_slice(), &device).mean().into_scalar()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use burn::tensor::{Device, Tensor};

    #[test]
    fn mean_matches_burn() {
        let device = Device::ndarray();
        let t = Tensor::<1>::from_floats([1.0, 2.0, 3.0], &device);
        let burn_mean: f32 = t.mean().into_scalar();
        assert_eq!(mean(&[1.0, 2.0, 3.0]), burn_mean);
        assert_eq!(Stats(vec![1.0, 2.0, 3.0]).burn_mean(), burn_mean);
    }
}
