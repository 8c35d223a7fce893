use burn::prelude::*;

/// Borrows its device: `self.device` is a `&B::Device`, copied as a reference.
pub struct Batches<'a> {
    device: &'a Device,
}

fn zeros(device: &Device) -> Tensor<1> {
    Tensor::zeros([1], device)
}

impl<'a> Batches<'a> {
    pub fn new(device: &'a Device) -> Self {
        Self { device }
    }

    pub fn next(&self) -> Tensor<1> {
        zeros(self.device)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `Copy` device alias named `Device`, as `B::Device`'s last segment is.
    type Device = burn::tensor::Device;

    #[test]
    fn borrows_the_device() {
        let device: Device = burn::tensor::Device::flex();
        let batches = Batches::new(&device);
        assert_eq!(batches.next().dims(), [1]);
    }
}
