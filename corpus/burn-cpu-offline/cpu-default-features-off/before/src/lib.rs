use burn::backend::cpu::CpuDevice;

pub fn device() -> CpuDevice {
    CpuDevice::default()
}
