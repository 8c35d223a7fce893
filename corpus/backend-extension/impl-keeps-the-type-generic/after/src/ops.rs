use burn::backend::Backend;

use crate::Foo;

/// The backend as a value: this impl cannot be erased, so `Foo` keeps its parameter everywhere.
impl<B: Backend> Foo<B> {
    pub fn with(self, backend: B) -> (Self, B) {
        (self, backend)
    }
}
