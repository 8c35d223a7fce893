use burn::backend::flex::FlexDevice;
use burn::backend::{Autodiff, Flex};

fn main() {
    let device = FlexDevice::default();
    let g = trainer::training::train::<Autodiff<Flex>>(3, device);
    println!("{g}");
}
