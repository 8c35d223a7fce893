use burn::backend::Flex;
use burn::backend::flex::FlexDevice;

/// This test only runs forward: its own `B` is the plain backend, whatever `train.rs` says.
type B = Flex;

#[test]
fn forward_only() {
    let device = FlexDevice::default();
    let y = alias_per_file::ones::<B>(&device);
    assert_eq!(y.dims(), [3]);
}
