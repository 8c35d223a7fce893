use burn::tensor::{Device, Tensor};

/// 1 when `x * x` has a gradient on the device it is given.
pub fn grads(device: &Device) -> usize {
    let device = &device.clone().autodiff();
    let x = Tensor::<1>::from_floats([3.0], device).require_grad();
    let g = (x.clone() * x.clone()).sum().backward();
    x.grad(&g).map(|t| t.dims()[0]).unwrap_or(0)
}

/// Counts a device it is given (a plain use of it).
pub fn count(_device: &Device) -> usize {
    1
}

/// The device's last use: it is moved into its autodiff form.
pub fn last_use() -> usize {
    let device = Device::flex();
    let plain = count(&device);
    plain + grads(&device.autodiff())
}

fn made() -> Device {
    Device::flex()
}

/// Made by a fn of the crate that returns it by value: moved at its last use too.
pub fn from_a_fn() -> usize {
    let device = made();
    let n = count(&device);
    n + grads(&device.autodiff())
}

/// Used again below: cloned.
pub fn used_after() -> usize {
    let device = Device::flex();
    let n = grads(&device.clone().autodiff());
    n + count(&device)
}

/// In a loop: every turn takes it, so it is cloned.
pub fn in_a_loop() -> usize {
    let device = Device::flex();
    let mut n = count(&device);
    for _ in 0..2 {
        n += grads(&device.clone().autodiff());
    }
    n
}

/// Borrowed from the caller: cloned.
pub fn borrowed(device: &Device) -> usize {
    count(device) + grads(device)
}

#[cfg(test)]
mod tests {
    use burn::tensor::Device;
    #[test]
    fn every_path_has_its_gradient() {
        assert_eq!(super::last_use(), 2);
        assert_eq!(super::from_a_fn(), 2);
        assert_eq!(super::used_after(), 2);
        assert_eq!(super::in_a_loop(), 3);
        assert_eq!(super::borrowed(&Device::flex()), 2);
    }
}
