use burn::tensor::backend::Backend;
use burn::tensor::Tensor;

/// A key pattern as a raw string: the code after it is still code.
pub const PATTERN: &str = r"^layers\.(\d+)\.weight$";

/// A project trait over burn's backend: kept generic (a finding), it still needs `Backend`.
pub trait Loader: Backend {
    fn key_prefix() -> &'static str;
}

pub fn loader_name<B: Loader>() -> &'static str {
    B::key_prefix()
}

pub fn ones<B: Backend>(device: &B::Device) -> Tensor<B, 1> {
    Tensor::ones([2], device)
}

pub fn describe() -> String {
    format!("{} ones", PATTERN.len())
}
