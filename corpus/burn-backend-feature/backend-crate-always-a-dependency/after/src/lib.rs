use burn::tensor::Tensor;

pub fn width(x: Tensor<2>) -> usize {
    x.dims()[1]
}

#[cfg(test)]
mod tests {
    use super::*;
    use burn::tensor::Device;

    #[test]
    fn measures_on_flex() {
        // the shape test runs on a thread of its own, its device made there
        let worker = std::thread::spawn(|| {
            let device = Device::flex();
            width(Tensor::<2>::zeros([2, 3], &device))
        });
        assert_eq!(worker.join().unwrap(), 3);
    }
}
