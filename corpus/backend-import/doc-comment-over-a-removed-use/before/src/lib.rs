use burn::tensor::Tensor;
/// Shape checks on a small model: nothing here loads weights, and the
/// slow checks are left to `--ignored` runs.
use burn::backend::Flex;
use burn::backend::flex::FlexDevice;

type Backend = Flex<f32>;

pub fn zeros_shape(device: &FlexDevice) -> [usize; 2] {
    Tensor::<Backend, 2>::zeros([2, 3], device).dims()
}
