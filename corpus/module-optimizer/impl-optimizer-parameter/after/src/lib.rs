use burn::nn::Linear;
use burn::optim::{GradientsParams, ModuleOptimizer};
use burn::prelude::*;

#[derive(Module, Debug)]
pub struct Net {
    fc: Linear,
}

/// The optimizer taken as `impl Optimizer<M, B>`: 0.22.1 has one module optimizer, a struct.
pub fn train_step(
    model: Net,
    optimizer: &mut ModuleOptimizer,
    x: Tensor<2>,
) -> Net {
    let loss = model.fc.forward(x).sum();
    let grads = GradientsParams::from_grads(loss.backward(), &model);
    optimizer.step(1e-3, model, grads)
}

#[cfg(test)]
mod tests {
    use super::*;
    use burn::nn::LinearConfig;
    use burn::optim::AdamConfig;

    #[test]
    fn a_step_runs() {
        let device = Device::flex().autodiff();
        let model = Net { fc: LinearConfig::new(2, 1).init(&device) };
        let mut optim = AdamConfig::new().init();
        let x = Tensor::<2>::ones([3, 2], &device);
        let _ = train_step(model, &mut optim, x);
    }
}
