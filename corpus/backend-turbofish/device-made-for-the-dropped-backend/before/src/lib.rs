use burn::backend::Flex;
use burn::nn::LinearConfig;
use burn::tensor::backend::Backend;
use burn::tensor::Tensor;

type TB = Flex;

fn ones<B: Backend>(n: usize, device: &B::Device) -> Tensor<B, 1> {
    Tensor::ones([n], device)
}

#[derive(Default)]
pub struct Settings {
    pub extra: usize,
}

fn sized<B: Backend>(settings: Settings, device: &B::Device) -> Tensor<B, 1> {
    Tensor::zeros([settings.extra + 2], device)
}

/// `device` took its type from `TB` through the callees' device parameters (and burn's
/// `init::<B>(&device)`, a method's last argument named like a device): it becomes
/// `Device::flex()`. `settings` is passed beside it but is no device (the callee's first
/// parameter): it stays `Default::default()`.
pub fn run() -> usize {
    let device = Default::default();
    let settings = Default::default();
    let x = ones::<TB>(3, &device);
    let y = sized::<TB>(settings, &device);
    let linear = LinearConfig::new(3, 2).init::<TB>(&device);
    x.dims()[0] + y.dims()[0] + linear.weight.val().dims()[0] - 3
}

#[cfg(test)]
mod tests {
    #[test]
    fn runs_on_the_device_it_was_made_for() {
        assert_eq!(super::run(), 5);
    }
}
