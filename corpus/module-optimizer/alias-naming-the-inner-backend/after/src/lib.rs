use burn::module::Module;
use burn::nn::Linear;
use burn::optim::ModuleOptimizer;

#[derive(Module, Debug)]
pub struct MyModel {
    l: Linear,
}

pub trait Workload {
    type Optimizer;
}

pub struct Project {
}

type MyOpt = ModuleOptimizer;

impl Workload for Project {
    type Optimizer = MyOpt;
}
