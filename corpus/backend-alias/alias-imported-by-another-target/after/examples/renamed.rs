use burn::tensor::{Device, Tensor};

fn main() {
    let device = Device::flex();
    let t: Tensor<2> = alias_imported_by_another_target::zeros(&device);
    println!("{}", t.dims()[0]);
}
