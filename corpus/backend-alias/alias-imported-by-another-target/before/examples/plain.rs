use alias_imported_by_another_target::MyBackend;
use burn::tensor::Tensor;

fn rows(t: Tensor<MyBackend, 2>) -> usize {
    t.dims()[0]
}

fn main() {
    let device = Default::default();
    let t: Tensor<MyBackend, 2> = alias_imported_by_another_target::zeros(&device);
    println!("{}", rows(t));
}
