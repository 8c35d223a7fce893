use burn::tensor::{Device, DeviceKind};

#[test]
fn on_the_gpu() {
    let device = Device::wgpu(DeviceKind::DefaultDevice);
    assert_eq!(dev_backends::ones(&device).dims(), [2]);
}
