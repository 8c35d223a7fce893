use crate::training;
use burn::tensor::Device;

#[derive(Clone, Debug)]
pub struct Args {
    pub steps: usize,
}

/// This file's own `run`: it takes the settings, not a device (`training::run` takes one).
fn run(args: &Args) -> usize {
    let device = Device::default().autodiff();
    training::run(&device).dims()[0] * args.steps
}

pub fn main_like() -> usize {
    let args = Args { steps: 3 };
    run(&args)
}
