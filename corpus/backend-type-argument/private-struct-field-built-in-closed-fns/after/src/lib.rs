use burn::tensor::{Device, Tensor};

/// Its only literal is built on a device a caller made for `Flex`: the field's type chose nothing.
struct Holder {
    weights: Tensor<1>,
}

impl Holder {
    fn new(device: &Device) -> Self {
        Self { weights: Tensor::ones([3], device) }
    }
}

/// Its literal is built on a `Default::default()` that only the field's type types: review.
struct Lazy {
    weights: Tensor<1>,
}

fn lazy() -> Lazy {
    let device = Default::default();
    Lazy { weights: Tensor::zeros([3], &device) }
}

pub fn total() -> usize {
    let h = Holder::new(&Device::flex());
    h.weights.dims()[0] + lazy().weights.dims()[0]
}

#[cfg(test)]
mod tests {
    #[test]
    fn runs() {
        assert_eq!(super::total(), 6);
    }
}
