use burn::backend::{Autodiff, Flex};

#[derive(Clone, Debug)]
pub struct Args {
    pub steps: usize,
}

fn run<B>(args: &Args) -> usize {
    let _ = std::marker::PhantomData::<B>;
    args.steps
}

pub fn main_like() -> usize {
    let args = Args { steps: 3 };
    run::<Autodiff<Flex>>(&args)
}
