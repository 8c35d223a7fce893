use burn::tensor::Device;

/// The package's own library named by its crate name (reading 44, burn-jev's bins): its
/// re-exported `FlexDevice` is burn's and its `Cpu` alias the project's.
fn main() {
    println!("{}", own_library_path::run(Device::flex()));
    println!("{}", own_library_path::run(Device::flex()));
}
