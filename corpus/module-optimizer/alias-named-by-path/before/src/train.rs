use burn::optim::{AdamConfig, adaptor::OptimizerAdaptor, Adam};
use burn::tensor::backend::AutodiffBackend;
use crate::Model;

pub type Opt<M, B> = OptimizerAdaptor<Adam, M, B>;
pub type Opt2<M, B> where M: Clone = OptimizerAdaptor<Adam, M, B>;

pub fn make<B: AutodiffBackend>(_model: &Model<B>) -> Opt<Model<B>, B> {
    AdamConfig::new().init()
}

pub mod inner {
    pub fn again<B: burn::tensor::backend::AutodiffBackend>() -> crate::train::Opt<crate::Model<B>, B> {
        burn::optim::AdamConfig::new().init::<B, crate::Model<B>>()
    }

    pub fn adaptor<B: burn::tensor::backend::AutodiffBackend>() -> burn::optim::adaptor::OptimizerAdaptor<burn::optim::Adam, crate::Model<B>, B> {
        burn::optim::AdamConfig::new().init::<B, crate::Model<B>>()
    }
}
