use burn::backend::{Autodiff, Flex};
use burn::nn::{Linear, LinearConfig};
use burn::optim::GradientsParams;
use burn::tensor::Tensor;

pub fn grad_norm() -> f32 {
    let device = Default::default();
    let lin: Linear<Autodiff<Flex>> = LinearConfig::new(2, 2).init(&device);
    let x = Tensor::<Autodiff<Flex>, 2>::ones([1, 2], &device);
    let loss = lin.forward(x).sum();
    let mut gp = GradientsParams::from_grads(loss.backward(), &lin);
    // the inner backend named only to read the gradient back: no device is made
    let g = gp.remove::<Flex, 2>(lin.weight.id).unwrap();
    g.abs().sum().into_scalar()
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_gradient() {
        assert!(super::grad_norm() > 0.0);
    }
}
