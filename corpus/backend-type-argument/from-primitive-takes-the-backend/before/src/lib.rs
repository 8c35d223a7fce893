use burn::backend::Flex;
use burn::tensor::{Tensor, TensorPrimitive};

type Cpu = Flex;

/// Keeps a tensor's primitive, rank erased, and rebuilds the tensor from it.
pub struct Stash {
    prims: Vec<TensorPrimitive<Cpu>>,
}

impl Stash {
    pub fn push(&mut self, t: Tensor<Cpu, 2>) {
        self.prims.push(t.into_primitive());
    }

    pub fn pop(&mut self) -> Tensor<Cpu, 2> {
        Tensor::<Cpu, 2>::from_primitive(self.prims.pop().expect("empty"))
    }
}
