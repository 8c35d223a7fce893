use burn::module::Reinitializer;
use burn::backend::Backend;
use burn::train::metric::ItemLazy;

/// A metric input this crate defines.
pub struct Scores {
    pub values: Vec<f32>,
}

impl ItemLazy for Scores {
    type ItemSync = Scores;

    fn sync(self) -> Self::ItemSync {
        self
    }
}

/// A re-initialiser for models on any backend.
pub fn reinit<B: Backend>() -> Reinitializer<B> {
    Reinitializer::new()
}
