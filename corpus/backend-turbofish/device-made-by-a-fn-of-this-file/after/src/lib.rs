use burn::prelude::*;

/// Every value it returns is Flex's own device.
fn flex_device(first: bool) -> Device {
    if first {
        Device::flex()
    } else {
        // the same device, spelled the other way
        Device::flex()
    }
}

/// `Default::default()` typed by the return type: it becomes NdArray's constructor.
fn cpu_device() -> Device {
    Device::ndarray()
}

/// Returns what it is given: which device that is, its callers say.
fn passed_through(device: Device) -> Device {
    device
}

pub fn run(device: &Device) -> usize {
    Tensor::<1>::ones([3], device).dims()[0]
}

pub fn launch() -> usize {
    let device = flex_device(true);
    let a = run(&device);
    // a second `let` of the same name shadows the first: only it reaches the next call
    let device = cpu_device();
    let b = run(&device);
    let device = passed_through(Device::ndarray());
    let c = run(&device);
    a + b + c
}

/// A `#[cfg]`-gated `let` may be compiled out: the `let` before it is then the device, and that
/// one does not say which device it is, so the drop is asked.
pub fn launch_gated() -> usize {
    let device = passed_through(Device::ndarray());
    #[cfg(feature = "fast")]
    let device = cpu_device();
    run(&device)
}

/// An autodiff backend in the file: a device no longer speaks for its backend by its type alone.
pub fn train_len() -> usize {
    let device = flex_device(false);
    run(&device.autodiff())
}

#[cfg(test)]
mod tests {
    #[test]
    fn runs() {
        assert_eq!(super::launch(), 9);
        assert_eq!(super::train_len(), 3);
        assert_eq!(super::launch_gated(), 3);
        assert_eq!(super::flex_device(false), super::flex_device(true));
    }
}
