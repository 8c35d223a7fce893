use burn::prelude::*;

pub struct Item {
    pub pixels: [f32; 4],
    pub label: u8,
}

pub fn to_tensors<B: Backend>(item: &Item, device: &B::Device) -> (Tensor<B, 1>, Tensor<B, 1, Int>) {
    let data = TensorData::from(item.pixels).convert::<B::FloatElem>();
    let image = Tensor::from_data(data, device);
    let label = Tensor::from_data([(item.label as i64).elem::<B::IntElem>()], device);
    (image, label)
}
