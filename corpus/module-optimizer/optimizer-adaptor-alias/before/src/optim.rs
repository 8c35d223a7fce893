use burn::module::AutodiffModule;
use burn::optim::adaptor::OptimizerAdaptor;
use burn::optim::{AdamW, AdamWConfig};
use burn::tensor::backend::AutodiffBackend;

/// A pair of AdamW optimizers for one module `M`.
pub type AdamWOpt<M, B> = OptimizerAdaptor<AdamW, M, B>;

pub fn init_pair<B, M>() -> (AdamWOpt<M, B>, AdamWOpt<M, B>)
where
    B: AutodiffBackend,
    M: AutodiffModule<B>,
{
    (AdamWConfig::new().init::<B, M>(), AdamWConfig::new().with_weight_decay(0.0).init::<B, M>())
}
