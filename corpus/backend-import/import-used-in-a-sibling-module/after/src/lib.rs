use burn::prelude::*;

pub fn ones(device: &Device) -> Tensor<1> {
    Tensor::ones([2], device)
}

/// Names the backend type itself (a type witness): `Autodiff` stays used here.
pub mod names {
    use burn::backend::{Autodiff, Flex};

    pub fn backend_name() -> &'static str {
        std::any::type_name::<Autodiff<Flex>>()
    }
}

/// Its turbofish goes: its own `Autodiff` import is unused after, whatever the sibling does.
pub mod run {
    use burn::tensor::Device;

    pub fn two() -> usize {
        crate::ones(&Device::flex().autodiff()).dims()[0]
    }
}
