use burn::nn::Linear;
use burn::optim::{GradientsParams, Optimizer};
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    fc: Linear<B>,
}

/// The optimizer taken as `impl Optimizer<M, B>`: 0.22.1 has one module optimizer, a struct.
pub fn train_step<B: AutodiffBackend>(
    model: Net<B>,
    optimizer: &mut impl Optimizer<Net<B>, B>,
    x: Tensor<B, 2>,
) -> Net<B> {
    let loss = model.fc.forward(x).sum();
    let grads = GradientsParams::from_grads(loss.backward(), &model);
    optimizer.step(1e-3, model, grads)
}

#[cfg(test)]
mod tests {
    use super::*;
    use burn::backend::{Autodiff, Flex};
    use burn::nn::LinearConfig;
    use burn::optim::AdamConfig;

    #[test]
    fn a_step_runs() {
        type B = Autodiff<Flex>;
        let device = Default::default();
        let model = Net::<B> { fc: LinearConfig::new(2, 1).init(&device) };
        let mut optim = AdamConfig::new().init();
        let x = Tensor::<B, 2>::ones([3, 2], &device);
        let _ = train_step(model, &mut optim, x);
    }
}
