use burn::backend::{Flex, NdArray};
use burn::tensor::{
    Int, Tensor,
    backend::{Backend, Device, DeviceId},
};

/// Device 0 of whichever backend the caller names: `B::Device::from_id` is made by the type
/// (0.21's `Device` here is cubecl's device trait, imported for `from_id`).
fn run<B: Backend>(n: usize) -> usize {
    let device = B::Device::from_id(DeviceId::new(0, 0));
    Tensor::<B, 1, Int>::zeros([n], &device).dims()[0]
}

/// The backend is chosen per call (a `--backend` flag): with the turbofish gone both calls are
/// the same, so each drop is a person's question.
pub fn run_with(arrays: bool) -> usize {
    if arrays {
        run::<NdArray>(1)
    } else {
        run::<Flex>(2)
    }
}
