use burn::tensor::Device;

fn main() {
    println!("{}", blanket_impl_and_extension_callee::probe(&Device::flex()));
}
