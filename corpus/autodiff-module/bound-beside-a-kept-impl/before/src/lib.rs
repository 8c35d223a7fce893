mod layer;

use burn::module::AutodiffModule;
use burn::tensor::backend::AutodiffBackend;

pub use layer::Scale;

/// A hand-written `AutodiffModule` impl, left as 0.21 wrote it (burn-trait-impl's finding).
impl<B: AutodiffBackend> AutodiffModule<B> for Scale {
    type InnerModule = Scale;

    fn valid(&self) -> Self::InnerModule {
        self.clone()
    }

    fn from_inner(module: Self::InnerModule) -> Self {
        module
    }
}

/// Its bound becomes `Module`, which the file must then import beside the kept `AutodiffModule`.
pub fn count<B: AutodiffBackend, M: AutodiffModule<B>>(model: &M) -> usize {
    model.num_params()
}
