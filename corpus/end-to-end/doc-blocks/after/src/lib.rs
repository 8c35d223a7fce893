//! Small tensor helpers.
//!
//! ```rust
//! # use burn::prelude::*;
//! # fn demo(device: &Device) {
//! let ones: Tensor<2> = Tensor::ones([2, 3], device);
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
/// fn twice(x: Tensor<1>) -> Tensor<1> {
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
pub fn double<const D: usize>(x: Tensor<D>) -> Tensor<D> {
    x.clone() + x
}

/// The element count.
///
/// ```
/// # use burn::prelude::*;
/// let device = Device::ndarray();
/// let t = Tensor::<1>::zeros([4], &device);
/// assert_eq!(doc_blocks::count(&t), 4);
/// ```
pub fn count<const D: usize>(x: &Tensor<D>) -> usize {
    x.shape().num_elements()
}
