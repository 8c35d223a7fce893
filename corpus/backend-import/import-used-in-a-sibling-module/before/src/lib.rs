use burn::prelude::*;

pub fn ones<B: Backend>(device: &B::Device) -> Tensor<B, 1> {
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
    use burn::backend::{Autodiff, Flex};

    pub fn two() -> usize {
        crate::ones::<Autodiff<Flex>>(&Default::default()).dims()[0]
    }
}
