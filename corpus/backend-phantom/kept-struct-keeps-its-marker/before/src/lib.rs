use burn::prelude::*;
use burn::tensor::TensorPrimitive;
use std::marker::PhantomData;

/// Runs a backend op on the primitive: stays generic over the backend.
struct Doubler<B: Backend> {
    device: B::Device,
}

impl<B: Backend> Doubler<B> {
    fn double(&self, t: Tensor<B, 2>) -> Tensor<B, 2> {
        let p = t.to_device(&self.device).into_primitive().tensor();
        Tensor::from_primitive(TensorPrimitive::Float(B::float_add(p.clone(), p)))
    }
}

/// Holds a `Doubler<B>`: kept generic with it, so its marker field stays, and so do the
/// marker's initialiser and the 0.21 types around it.
pub struct Handle<B: Backend> {
    doubler: Doubler<B>,
    phantom: PhantomData<B>,
}

impl<B: Backend> Handle<B> {
    pub fn new(device: &B::Device) -> Self {
        Self { doubler: Doubler { device: device.clone() }, phantom: PhantomData }
    }

    pub fn double(&self, t: Tensor<B, 2>) -> Tensor<B, 2> {
        self.doubler.double(t)
    }
}
