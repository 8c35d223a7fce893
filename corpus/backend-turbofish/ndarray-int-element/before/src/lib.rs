use burn::backend::{Autodiff, NdArray};
use burn::tensor::backend::AutodiffBackend;
use burn::tensor::{Int, Tensor};

pub fn run<B: AutodiffBackend>(device: B::Device) -> Tensor<B, 1, Int> {
    Tensor::arange(0..4, &device)
}

/// NdArray with i32 integers: 0.22.1's NdArray device computes in i64 unless configured
/// (burn-ndarray 0.22.1 `backend.rs`), so the drop is asked, with the configure call (reading 36).
pub fn cpu_i32() {
    let _ = run::<Autodiff<NdArray<f32, i32>>>(Default::default());
}

/// NdArray's own i64: what 0.22.1's device computes in anyway, so nothing to ask.
pub fn cpu_i64() {
    let _ = run::<Autodiff<NdArray<f32, i64>>>(Default::default());
}
