use burn::module::AutodiffModule;
use burn::tensor::backend::AutodiffBackend;

pub fn restore<B: AutodiffBackend, M: AutodiffModule<B>>(inner: M::InnerModule) -> M {
    M::from_inner(inner)
}
