use burn::backend::{Flex, TensorPrimitive};
use burn::tensor::Tensor;

type Cpu = Flex;

/// Keeps a tensor's primitive, rank erased, and rebuilds the tensor from it.
pub struct Stash {
    prims: Vec<TensorPrimitive<Cpu>>,
}

impl Stash {
    pub fn push(&mut self, t: Tensor<2>) {
        self.prims.push(t.into_primitive());
    }

    pub fn pop(&mut self) -> Tensor<2> {
        Tensor::<2>::from_primitive::<Cpu>(self.prims.pop().expect("empty"))
    }
}
