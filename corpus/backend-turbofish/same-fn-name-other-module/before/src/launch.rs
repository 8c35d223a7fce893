use burn::backend::flex::FlexDevice;
use burn::backend::{Autodiff, Flex};

use crate::inference::run;
use crate::training;

pub fn both() {
    let device = FlexDevice::default();
    let _steps = training::run::<Autodiff<Flex>>(&device, 1);
    let _y = run::<Autodiff<Flex>>(3, &device);
}
