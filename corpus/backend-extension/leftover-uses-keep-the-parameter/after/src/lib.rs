use burn::backend::Backend;
use std::marker::PhantomData;

/// The backend itself is a field: erasing `B` would leave `Vec<B>` undefined.
pub struct Backends<B: Backend> {
    pub all: Vec<B>,
}

/// A marker of a container of the backend: `PhantomData<B>`, `PhantomData<fn() -> B>` go with
/// `B`, but no rule rewrites `Option<B>`.
pub struct Marker<B: Backend> {
    _b: PhantomData<Option<B>>,
}

/// A type witness: dropping `B` from the turbofish loses what it witnesses.
pub fn backend_id<B: Backend>() -> std::any::TypeId {
    std::any::TypeId::of::<B>()
}

/// The backend as a value.
pub fn keep<B: Backend>(b: B) -> B {
    b
}
