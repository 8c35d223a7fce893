use burn::prelude::*;
use std::process::Command;

/// Watches the GPU's memory while tensors come and go, never freeing the pool (the finding).
pub fn watch(device: &Device) {
    for _ in 0..3 {
        let t = Tensor::<1>::ones([1024], device);
        drop(t);
        let _ = Command::new("nvidia-smi").output();
    }
}

/// Near miss: the pool is freed before each reading.
pub fn watch_clean(device: &Device) {
    for _ in 0..3 {
        let t = Tensor::<1>::ones([1024], device);
        drop(t);
        device.memory_cleanup();
        let _ = Command::new("nvidia-smi").output();
    }
}
