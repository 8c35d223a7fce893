use burn::tensor::{
    Int, Tensor,
    backend::Device,
};
use burn::tensor::DeviceId;

/// Device 0 of whichever backend the caller names: `B::Device::from_id` is made by the type
/// (0.21's `Device` here is cubecl's device trait, imported for `from_id`).
fn run(n: usize) -> usize {
    let device = Device::from_id(DeviceId::new(0, 0));
    Tensor::<1, Int>::zeros([n], &device).dims()[0]
}

/// The backend is chosen per call (a `--backend` flag): with the turbofish gone both calls are
/// the same, so each drop is a person's question.
pub fn run_with(arrays: bool) -> usize {
    if arrays {
        run(1)
    } else {
        run(2)
    }
}
