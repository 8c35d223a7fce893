use burn::prelude::*;

/// 0.21's element converted by `Into` into the type the `let` names: `f32` from `f32`, `f16` or
/// `bf16` (what `B::FloatElem: Into<f32>` allows) is the same value as a read straight into `f32`.
pub fn mean<B: Backend>(t: Tensor<B, 1>) -> f32
where
    B::FloatElem: Into<f32>,
{
    let x: f32 = t.mean().into_scalar().into();
    x
}

/// The same for an int tensor read into `i64`.
pub fn total<B: Backend>(t: Tensor<B, 1, Int>) -> i64
where
    B::IntElem: Into<i64>,
{
    let n: i64 = t.sum().into_scalar().into();
    n
}

#[cfg(test)]
mod tests {
    use burn::backend::Flex;
    use burn::tensor::Tensor;

    #[test]
    fn reads() {
        let device = Default::default();
        assert_eq!(super::mean::<Flex>(Tensor::from_floats([1.0, 3.0], &device)), 2.0);
        assert_eq!(super::total::<Flex>(Tensor::from_ints([1, 2, 3], &device)), 6);
    }
}
