use burn::prelude::*;
use burn::backend::Backend;

/// A project trait over burn's backend: code bounded by it stays generic (a finding).
pub trait MemoryReport: Backend {
    fn reserved() -> u64;
}

/// The project's own data type: its backend parameter is erased.
pub struct GraphData {
    pub features: Tensor<2>,
}

pub fn graph(device: &Device) -> GraphData {
    GraphData { features: Tensor::zeros([2, 3], device) }
}

/// Kept generic for `MemoryReport`: the erased `GraphData` loses its argument here too.
pub fn smoke<B: MemoryReport>(data: GraphData) -> u64 {
    let [rows, _] = data.features.dims();
    B::reserved() + rows as u64
}
