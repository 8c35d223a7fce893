use burn::data::dataset::vision::{ImageDatasetItem, PixelDepth};

/// The 8-bit pixels of an image (CIFAR images are u8).
pub fn as_u8(item: ImageDatasetItem) -> Vec<u8> {
    item.image
        .iter()
        .map(|p: PixelDepth| -> u8 { p.try_into().unwrap() })
        .collect::<Vec<u8>>()
}

/// The brightest 8-bit component of every image.
pub fn brightest(items: &[ImageDatasetItem]) -> Vec<u8> {
    items
        .iter()
        .map(|item| {
            let mut top = 0u8;
            for p in item.image.clone().iter() {
                top = top.max(p.try_into().unwrap());
            }
            top
        })
        .collect()
}

/// Components read by position and by reference: a person decides what they become.
pub fn first_and_sum(item: &ImageDatasetItem) -> (PixelDepth, f32) {
    let first = item.image[0];
    let sum = item.image.iter().map(|&p| f32::try_from(p).unwrap_or(0.0)).sum();
    (first, sum)
}

pub fn pixels(item: &ImageDatasetItem) -> usize {
    item.image.len()
}

/// A project struct with an `image` field of its own: not burn's item.
pub struct Frame {
    pub image: Vec<u8>,
}

pub fn frame_bytes(frame: Frame) -> Vec<u8> {
    frame.image.into_iter().rev().collect()
}
