use burn::module::Module;
use burn::nn::Linear;
use burn::optim::adaptor::OptimizerAdaptor;
use burn::optim::Sgd;
use burn::tensor::backend::{AutodiffBackend, Backend};

#[derive(Module, Debug)]
pub struct MyModel<B: Backend> {
    l: Linear<B>,
}

pub trait Workload {
    type Optimizer;
}

pub struct Project<B: Backend> {
    _b: core::marker::PhantomData<B>,
}

type MyOpt<B> = OptimizerAdaptor<Sgd<<B as AutodiffBackend>::InnerBackend>, MyModel<B>, B>;

impl<B: AutodiffBackend> Workload for Project<B> {
    type Optimizer = MyOpt<B>;
}
