use burn::nn::{Linear, LinearConfig};
use burn::tensor::Device;

/// The `let`'s element type types `init`'s device through `Vec<T>: FromIterator<T>`: Flex's.
pub fn stack() -> usize {
    let device = Device::flex();
    let cfg = LinearConfig::new(2, 2);
    let layers: Vec<Linear> = (0..3).map(|_| cfg.init(&device)).collect();
    layers.len()
}

/// The same with a block closure, for an autodiff backend: the device is made autodiff (the
/// weights are tracked: `backward()` panics on a plain device).
pub fn tracked_stack() -> usize {
    let device = Device::flex().autodiff();
    let layers: Vec<Linear> = (1..3)
        .map(|i| {
            LinearConfig::new(i, 2).init(&device)
        })
        .collect();
    let grads = layers[0].weight.val().sum().backward();
    layers[0].weight.grad(&grads).map(|g| g.dims()[0]).unwrap_or(0)
}

/// Each layer takes the device the iterator gives: not a `let` of this fn, a person says.
pub fn per_device(devices: &[Device]) -> usize {
    let cfg = LinearConfig::new(2, 2);
    let layers: Vec<Linear> = devices.iter().map(|d| cfg.init(d)).collect();
    layers.len()
}

#[cfg(test)]
mod tests {
    use burn::tensor::Device;
    #[test]
    fn the_layers_are_built() {
        assert_eq!(super::stack(), 3);
        assert_eq!(super::tracked_stack(), 1);
        assert_eq!(super::per_device(&[Device::flex()]), 1);
    }
}
