use burn::prelude::*;

pub fn double(x: Tensor<1>) -> Tensor<1> {
    x.clone() + x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubles() {
        let device = Device::flex();
        let x = Tensor::<1>::ones([2], &device);
        assert_eq!(double(x).into_data().try_to_vec::<f32>().unwrap(), vec![2.0, 2.0]);
    }
}
