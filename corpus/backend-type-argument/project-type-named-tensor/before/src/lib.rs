use burn::prelude::*;

pub mod mine {
    use burn::prelude::Backend;

    /// The project's own `Tensor`, generic over a backend.
    pub struct Tensor<B: Backend> {
        pub device: B::Device,
    }
}

pub fn scale<B: Backend, const BOR: usize>(x: Tensor<B, BOR>) -> Tensor<B, BOR> {
    x.mul_scalar(2.0)
}
