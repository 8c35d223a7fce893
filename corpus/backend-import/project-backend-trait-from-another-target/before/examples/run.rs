use burn::tensor::Tensor;
use project_backend_trait_from_another_target::{Backend, double};

fn rows<B: Backend>(t: Tensor<B, 2>) -> usize {
    double(t).dims()[0]
}

fn main() {
    let device = burn::backend::flex::FlexDevice;
    let t = Tensor::<burn::backend::Flex, 2>::zeros([2, 2], &device);
    println!("{}", rows(t));
}
