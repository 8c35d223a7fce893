use burn::prelude::*;

/// 0.21's element converted by `Into` into the type the `let` names: `f32` from `f32`, `f16` or
/// `bf16` (what `B::FloatElem: Into<f32>` allows) is the same value as a read straight into `f32`.
pub fn mean(t: Tensor<1>) -> f32 {
    let x: f32 = t.mean().into_scalar::<f32>();
    x
}

/// The same for an int tensor read into `i64`.
pub fn total(t: Tensor<1, Int>) -> i64 {
    let n: i64 = t.sum().into_scalar::<i64>();
    n
}

#[cfg(test)]
mod tests {
    use burn::tensor::Tensor;

    #[test]
    fn reads() {
        let device = Default::default();
        assert_eq!(super::mean(Tensor::from_floats([1.0, 3.0], &device)), 2.0);
        assert_eq!(super::total(Tensor::from_ints([1, 2, 3], &device)), 6);
    }
}
