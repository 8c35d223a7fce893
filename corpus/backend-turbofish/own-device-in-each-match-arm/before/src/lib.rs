use burn::backend::flex::FlexDevice;
use burn::backend::ndarray::NdArrayDevice;
use burn::backend::{Flex, NdArray};
use burn::prelude::*;

type CpuBackend = NdArray<f32>;

pub enum Choice {
    Flex,
    NdArray,
}

pub fn run<B: Backend>(device: &B::Device) -> usize {
    Tensor::<B, 1>::ones([3], device).dims()[0]
}

/// Each arm makes its own backend's device in a `let` of the same name: the `let` of the other
/// arm is out of scope there, so each drop is decided by its own arm's device.
pub fn launch(choice: Choice) -> usize {
    match choice {
        Choice::Flex => {
            let device = FlexDevice;
            run::<Flex>(&device)
        }
        Choice::NdArray => {
            println!("on ndarray");
            let device = NdArrayDevice::Cpu;
            run::<CpuBackend>(&device)
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn runs() {
        assert_eq!(super::launch(super::Choice::Flex), 3);
        assert_eq!(super::launch(super::Choice::NdArray), 3);
    }
}
