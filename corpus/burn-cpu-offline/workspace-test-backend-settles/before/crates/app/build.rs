use burn::backend::flex::FlexDevice;

fn main() {
    // the build script runs on the build machine: its device needs the build-dependencies' features
    let _device = FlexDevice::default();
    println!("cargo:rerun-if-changed=build.rs");
}
