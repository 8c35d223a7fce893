//! Small tensor helpers.
//!
//! ```rust
//! # use burn::prelude::*;
//! # fn demo<B: Backend>(device: &B::Device) {
//! let ones: Tensor<B, 2> = Tensor::ones([2, 3], device);
//! let doubled = doc_blocks::double(ones);
//! # let _ = doubled;
//! # }
//! ```
use burn::prelude::*;

/// Doubles a tensor.
///
/// ```no_run
/// use burn::prelude::*;
///
/// fn twice<B: Backend>(x: Tensor<B, 1>) -> Tensor<B, 1> {
///     doc_blocks::double(x)
/// }
/// ```
///
/// A block that must not compile is left alone:
///
/// ```compile_fail
/// let x: Tensor<B, 1> = undefined;
/// ```
///
/// ```text
/// Tensor<B, 1> stays text
/// ```
pub fn double<B: Backend, const D: usize>(x: Tensor<B, D>) -> Tensor<B, D> {
    x.clone() + x
}

/// The element count.
///
/// ```
/// # use burn::prelude::*;
/// # use burn::backend::NdArray;
/// let device = Default::default();
/// let t = Tensor::<NdArray, 1>::zeros([4], &device);
/// assert_eq!(doc_blocks::count(&t), 4);
/// ```
pub fn count<B: Backend, const D: usize>(x: &Tensor<B, D>) -> usize {
    x.shape().num_elements()
}
