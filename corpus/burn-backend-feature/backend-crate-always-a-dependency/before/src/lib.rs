use burn::tensor::Tensor;
use burn::tensor::backend::Backend;

pub fn width<B: Backend>(x: Tensor<B, 2>) -> usize {
    x.dims()[1]
}

#[cfg(test)]
mod tests {
    use super::*;
    use burn_flex::Flex;

    #[test]
    fn measures_on_flex() {
        // the shape test runs on a thread of its own, its device made there
        let worker = std::thread::spawn(|| {
            let device = Default::default();
            width(Tensor::<Flex, 2>::zeros([2, 3], &device))
        });
        assert_eq!(worker.join().unwrap(), 3);
    }
}
