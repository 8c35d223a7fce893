use alias_imported_by_another_target::Fast as Fx;
use burn::tensor::Tensor;

fn main() {
    let device = burn::backend::flex::FlexDevice;
    let t: Tensor<Fx, 2> = alias_imported_by_another_target::zeros(&device);
    println!("{}", t.dims()[0]);
}
