use crate::inference::run;
use crate::training;
use burn::tensor::Device;

pub fn both() {
    let device = Device::flex();
    let _steps = training::run(&device.clone().autodiff(), 1);
    let _y = run(3, &device.autodiff());
}
