use burn::backend::{Autodiff, Wgpu};
use burn::prelude::*;

type MyBackend = Wgpu<f32, i32>;
type MyAutodiffBackend = Autodiff<MyBackend>;

pub fn shapes<B: Backend>(device: &B::Device) -> [usize; 2] {
    Tensor::<B, 2>::zeros([2, 3], device).dims()
}

pub fn launch() -> [usize; 2] {
    let device = Default::default();
    shapes::<MyAutodiffBackend>(&device)
}
