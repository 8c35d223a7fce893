pub mod testing;

use burn::prelude::*;

pub fn square_sum(x: Tensor<2>) -> Tensor<1> {
    (x.clone() * x).sum()
}

pub fn ones(device: &Device) -> Tensor<2> {
    Tensor::ones([2, 2], device)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{plain_device, test_device};

    #[test]
    fn gradient_of_a_square() {
        // the device is the helper's, made for `TestBackend`: the drop is decided
        let device = test_device();
        let x = Tensor::<2>::ones([2, 2], &device).require_grad();
        let grads = square_sum(x.clone()).backward();
        let grad = x.grad(&grads).unwrap();
        assert_eq!(grad.into_data().try_to_vec::<f32>().unwrap(), vec![2.0; 4]);
    }

    #[test]
    fn made_in_the_argument() {
        let x = Tensor::<2>::ones([2, 2], &test_device());
        assert_eq!(square_sum(x).dims(), [1]);
    }

    #[test]
    fn through_a_generic_fn() {
        let x = ones(&test_device());
        assert_eq!(square_sum(x).dims(), [1]);
    }

    #[test]
    fn inner_helper_beside_an_autodiff_type() {
        // `plain_device()` is `Flex`'s, not `TestBackend`'s: still a person's call
        let x = Tensor::<2>::ones([2, 2], &plain_device());
        assert_eq!(square_sum(x).dims(), [1]);
    }
}
