use burn::prelude::*;

/// Borrows its device: `self.device` is a `&B::Device`, copied as a reference.
pub struct Batches<'a, B: Backend> {
    device: &'a B::Device,
}

fn zeros<B: Backend>(device: &B::Device) -> Tensor<B, 1> {
    Tensor::zeros([1], device)
}

impl<'a, B: Backend> Batches<'a, B> {
    pub fn new(device: &'a B::Device) -> Self {
        Self { device }
    }

    pub fn next(&self) -> Tensor<B, 1> {
        zeros::<B>(self.device)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use burn::backend::flex::FlexDevice;

    /// A `Copy` device alias named `Device`, as `B::Device`'s last segment is.
    type Device = FlexDevice;

    #[test]
    fn borrows_the_device() {
        let device: Device = FlexDevice;
        let batches = Batches::<burn::backend::Flex>::new(&device);
        assert_eq!(batches.next().dims(), [1]);
    }
}
