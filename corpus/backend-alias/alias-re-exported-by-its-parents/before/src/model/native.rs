use burn::backend::Flex;
use burn::tensor::Tensor;

/// The backend the native kernels were tuned on.
pub type NativeBackend = Flex;

/// Ones on the native backend.
pub fn ones(device: &burn::backend::flex::FlexDevice) -> Tensor<NativeBackend, 1> {
    Tensor::ones([2], device)
}
