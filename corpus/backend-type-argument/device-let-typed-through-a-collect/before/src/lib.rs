use burn::backend::{Autodiff, Flex};
use burn::nn::{Linear, LinearConfig};

/// The `let`'s element type types `init`'s device through `Vec<T>: FromIterator<T>`: Flex's.
pub fn stack() -> usize {
    let device = Default::default();
    let cfg = LinearConfig::new(2, 2);
    let layers: Vec<Linear<Flex>> = (0..3).map(|_| cfg.init(&device)).collect();
    layers.len()
}

/// The same with a block closure, for an autodiff backend: the device is made autodiff (the
/// weights are tracked: `backward()` panics on a plain device).
pub fn tracked_stack() -> usize {
    let device = Default::default();
    let layers: Vec<Linear<Autodiff<Flex>>> = (1..3)
        .map(|i| {
            LinearConfig::new(i, 2).init(&device)
        })
        .collect();
    let grads = layers[0].weight.val().sum().backward();
    layers[0].weight.grad(&grads).map(|g| g.dims()[0]).unwrap_or(0)
}

/// Each layer takes the device the iterator gives: not a `let` of this fn, a person says.
pub fn per_device(devices: &[burn::backend::flex::FlexDevice]) -> usize {
    let cfg = LinearConfig::new(2, 2);
    let layers: Vec<Linear<Flex>> = devices.iter().map(|d| cfg.init(d)).collect();
    layers.len()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_layers_are_built() {
        assert_eq!(super::stack(), 3);
        assert_eq!(super::tracked_stack(), 1);
        assert_eq!(super::per_device(&[burn::backend::flex::FlexDevice]), 1);
    }
}
