use burn::tensor::{backend::Backend, Tensor};

/// The backend and its device, re-exported for the package's examples and bins.
pub mod backend {
    pub use burn::backend::flex::FlexDevice;
    pub type Cpu = burn::backend::Flex;
}

pub fn run<B: Backend>(device: B::Device) -> usize {
    Tensor::<B, 1>::zeros([3], &device).dims()[0]
}
