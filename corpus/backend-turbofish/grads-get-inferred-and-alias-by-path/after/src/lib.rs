use burn::optim::GradientsParams;
use burn::module::ParamId;
use burn::prelude::*;

pub mod common {
}

/// The backend is inferred from the return type (0.21: `get<B, const D>`).
pub fn grad_of<const D: usize>(grads: &GradientsParams, id: ParamId) -> Option<Tensor<D>> {
    grads.get::<D>(id)
}

#[cfg(test)]
mod tests {
    use burn::tensor::Device;
    #[test]
    fn zeros() {
        let device = Device::flex();
        let t = burn::tensor::Tensor::<2>::zeros([2, 2], &device);
        assert_eq!(t.dims(), [2, 2]);
    }
}
