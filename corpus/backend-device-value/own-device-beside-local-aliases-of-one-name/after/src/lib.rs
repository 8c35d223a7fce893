//! Test fns that each name their backend with a fn-local alias of one name (`type Backend = ..;`),
//! some autodiff and some plain, and pass Flex's own device value to the calls it types.
use burn::tensor::{Device, Tensor};

/// Whether a backward pass reaches a leaf built on the autodiff backend.
pub fn gradient_reaches_the_leaf() -> bool {
    let x = Tensor::<1>::ones([3], &Device::flex().autodiff()).require_grad();
    let grads = x.clone().sum().backward();
    x.grad(&grads).is_some()
}

/// A plain sum on the plain backend.
pub fn plain_sum() -> f32 {
    let x = Tensor::<1>::from_floats([1.0, 2.0, 3.0], &Device::flex());
    x.sum().into_scalar()
}

#[cfg(test)]
mod tests {
    #[test]
    fn each_fn_runs_on_its_own_backend() {
        assert!(super::gradient_reaches_the_leaf());
        assert_eq!(super::plain_sum(), 6.0);
    }
}
