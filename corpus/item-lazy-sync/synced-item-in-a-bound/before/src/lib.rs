use burn::prelude::*;
use burn::train::metric::{Adaptor, ItemLazy, LossInput};

/// A step's output, synced as it is.
pub struct StepOutput<B: Backend> {
    pub loss: Tensor<B, 1>,
}

impl<B: Backend> Adaptor<LossInput<B>> for StepOutput<B> {
    fn adapt(&self) -> LossInput<B> {
        LossInput::new(self.loss.clone())
    }
}

impl<B: Backend> ItemLazy for StepOutput<B> {
    type ItemSync = StepOutput<B>;

    fn sync(self) -> Self::ItemSync {
        self
    }
}

/// The loss a metric reads from an item once it is synced: the bound names the synced type the
/// 0.21 way, through the trait's associated type.
pub fn loss_of<B, TO>(synced: &<TO as ItemLazy>::ItemSync) -> LossInput<B>
where
    B: Backend,
    TO: ItemLazy,
    <TO as ItemLazy>::ItemSync: Adaptor<LossInput<B>>,
{
    synced.adapt()
}
