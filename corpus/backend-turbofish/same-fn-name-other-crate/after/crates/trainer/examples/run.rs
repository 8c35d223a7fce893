use burn::tensor::Device;

fn main() {
    let device = Device::flex();
    let g = trainer::training::train(3, device.autodiff());
    println!("{g}");
}
