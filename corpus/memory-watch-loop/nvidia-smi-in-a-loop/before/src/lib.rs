use burn::prelude::*;
use std::process::Command;

/// Watches the GPU's memory while tensors come and go, never freeing the pool (the finding).
pub fn watch<B: Backend>(device: &B::Device) {
    for _ in 0..3 {
        let t = Tensor::<B, 1>::ones([1024], device);
        drop(t);
        let _ = Command::new("nvidia-smi").output();
    }
}

/// Near miss: the pool is freed before each reading.
pub fn watch_clean<B: Backend>(device: &B::Device) {
    for _ in 0..3 {
        let t = Tensor::<B, 1>::ones([1024], device);
        drop(t);
        B::memory_cleanup(device);
        let _ = Command::new("nvidia-smi").output();
    }
}
