use burn::module::AutodiffModule;
use burn::prelude::*;
use burn::tensor::backend::AutodiffBackend;

pub fn snapshot<B: AutodiffBackend, M: AutodiffModule<B>>(model: &M) -> <M as AutodiffModule<B>>::InnerModule {
    model.valid()
}

pub fn count<B: AutodiffBackend, M: AutodiffModule<B>>(model: &M) -> usize {
    model.num_params()
}
