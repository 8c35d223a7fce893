use burn::prelude::*;

pub fn double<B: Backend>(x: Tensor<B, 1>) -> Tensor<B, 1> {
    x.clone() + x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::TestBackend;

    #[test]
    fn doubles() {
        let device = Default::default();
        let x = Tensor::<TestBackend, 1>::ones([2], &device);
        assert_eq!(double(x).into_data().to_vec::<f32>().unwrap(), vec![2.0, 2.0]);
    }
}
