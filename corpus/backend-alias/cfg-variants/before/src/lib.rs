use burn::prelude::*;

#[cfg(feature = "gpu")]
pub type MyBackend = burn::backend::Wgpu;
#[cfg(not(feature = "gpu"))]
pub type MyBackend = burn::backend::Flex;

pub fn shapes<B: Backend>(device: &B::Device) -> [usize; 2] {
    Tensor::<B, 2>::zeros([2, 3], device).dims()
}

pub fn launch() -> [usize; 2] {
    shapes::<MyBackend>(&Default::default())
}
