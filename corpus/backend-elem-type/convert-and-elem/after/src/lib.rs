use burn::prelude::*;

pub struct Item {
    pub pixels: [f32; 4],
    pub label: u8,
}

pub fn to_tensors(item: &Item, device: &Device) -> (Tensor<1>, Tensor<1, Int>) {
    let data = TensorData::from(item.pixels);
    let image = Tensor::from_data(data, device);
    let label = Tensor::from_data([item.label as i64], device);
    (image, label)
}
