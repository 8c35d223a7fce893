use burn::tensor::Device;

fn main() {
    // the build script runs on the build machine: its device needs the build-dependencies' features
    let _device = Device::flex();
    println!("cargo:rerun-if-changed=build.rs");
}
