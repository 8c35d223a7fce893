use burn::tensor::{Device, Tensor};
use project_backend_trait_from_another_target::double;

fn rows(t: Tensor<2>) -> usize {
    double(t).dims()[0]
}

fn main() {
    let device = Device::flex();
    let t = Tensor::<2>::zeros([2, 2], &device);
    println!("{}", rows(t));
}
