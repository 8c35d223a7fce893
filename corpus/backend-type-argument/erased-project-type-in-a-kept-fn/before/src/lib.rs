use burn::prelude::*;

/// A project trait over burn's backend: code bounded by it stays generic (a finding).
pub trait MemoryReport: Backend {
    fn reserved() -> u64;
}

/// The project's own data type: its backend parameter is erased.
pub struct GraphData<B: Backend> {
    pub features: Tensor<B, 2>,
}

pub fn graph<B: Backend>(device: &B::Device) -> GraphData<B> {
    GraphData { features: Tensor::zeros([2, 3], device) }
}

/// Kept generic for `MemoryReport`: the erased `GraphData` loses its argument here too.
pub fn smoke<B: MemoryReport>(data: GraphData<B>) -> u64 {
    let [rows, _] = data.features.dims();
    B::reserved() + rows as u64
}
