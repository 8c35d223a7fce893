use std::marker::PhantomData;

pub struct Tagged<M> {
    pub id: usize,
    _kind: PhantomData<M>,
}

impl<M> Tagged<M> {
    pub fn new(id: usize) -> Self {
        Self { id, _kind: PhantomData }
    }
}
