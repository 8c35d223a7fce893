use burn::tensor::backend::Backend;

pub fn device<B: Backend>() -> B::Device {
    B::Device::default()
}
