use burn::backend::flex::FlexDevice;

pub fn cpu() -> FlexDevice {
    FlexDevice
}
