use burn::tensor::Device;

#[test]
fn forward_only() {
    let device = Device::flex();
    let y = alias_per_file::ones(&device);
    assert_eq!(y.dims(), [3]);
}
