use burn::tensor::Tensor;

mod local {
    /// The crate's own notion of a backend (a serving target), unrelated to burn's.
    pub trait Backend {
        fn name(&self) -> &'static str;
    }
}

pub use local::Backend as ServingBackend;

pub fn double<B: burn::tensor::backend::Backend>(x: Tensor<B, 1>) -> Tensor<B, 1> {
    x.mul_scalar(2.0)
}
