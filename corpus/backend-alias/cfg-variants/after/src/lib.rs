use burn::prelude::*;

#[cfg(feature = "gpu")]
pub type MyBackend = burn::backend::Wgpu;
#[cfg(not(feature = "gpu"))]
pub type MyBackend = burn::backend::Flex;

pub fn shapes(device: &Device) -> [usize; 2] {
    Tensor::<2>::zeros([2, 3], device).dims()
}

pub fn launch() -> [usize; 2] {
    shapes(&Default::default())
}
