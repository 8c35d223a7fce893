use burn::backend::{Autodiff, Flex};
use burn::tensor::backend::AutodiffBackend;

use crate::training;

#[derive(Clone, Debug)]
pub struct Args {
    pub steps: usize,
}

/// This file's own `run`: it takes the settings, not a device (`training::run` takes one).
fn run<B: AutodiffBackend>(args: &Args) -> usize {
    let device = B::Device::default();
    training::run::<B>(&device).dims()[0] * args.steps
}

pub fn main_like() -> usize {
    let args = Args { steps: 3 };
    run::<Autodiff<Flex>>(&args)
}
