use burn::tensor::{Device, Tensor};

fn rows(t: Tensor<2>) -> usize {
    t.dims()[0]
}

fn main() {
    let device = Device::flex();
    let t: Tensor<2> = alias_imported_by_another_target::zeros(&device);
    println!("{}", rows(t));
}
