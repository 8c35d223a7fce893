use burn::prelude::*;
use burn::tensor::TensorPrimitive;

pub struct Args {
    pub scale: f32,
}

/// Picks the backend by type for a fn that stays generic over it: the argument stays.
pub fn run(args: &Args) -> usize {
    double::<burn::backend::Flex>(args, &Default::default())
}

/// Kept generic: it calls a backend op on the primitive.
fn double<B: Backend>(args: &Args, device: &B::Device) -> usize {
    let t = Tensor::<B, 2>::ones([2, 2], device).mul_scalar(args.scale);
    let p = t.into_primitive().tensor();
    let doubled: Tensor<B, 2> = Tensor::from_primitive(TensorPrimitive::Float(B::float_add(p.clone(), p)));
    doubled.dims()[0]
}

/// Holds the backend only as a marker, so it is erased; the fn it hands its `B` to keeps its own.
pub struct Runner<B: Backend> {
    args: Args,
    _backend: std::marker::PhantomData<B>,
}

impl<B: Backend> Runner<B> {
    pub fn run(&self, device: &B::Device) -> usize {
        double::<B>(&self.args, device)
    }
}
