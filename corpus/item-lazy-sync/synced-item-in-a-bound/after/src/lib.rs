use burn::prelude::*;
use burn::train::metric::{Adaptor, ItemLazy, LossInput};
use burn::tensor::ExecutionError;

/// A step's output, synced as it is.
pub struct StepOutput {
    pub loss: Tensor<1>,
}

impl Adaptor<LossInput> for StepOutput {
    fn adapt(&self) -> LossInput {
        LossInput::new(self.loss.clone())
    }
}

impl ItemLazy for StepOutput {
    fn sync(self) -> Result<Self, ExecutionError> {
        Ok(self)
    }
}

/// The loss a metric reads from an item once it is synced: the bound names the synced type the
/// 0.21 way, through the trait's associated type.
pub fn loss_of<TO>(synced: &TO) -> LossInput
where
    TO: ItemLazy,
    TO: Adaptor<LossInput>,
{
    synced.adapt()
}
