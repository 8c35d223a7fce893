use burn::prelude::*;
use burn::tensor::{ExecutionError, Transaction};
use burn::train::metric::{Adaptor, ItemLazy, LossInput};

/// A training step's output.
pub struct StepOutput {
    pub loss: Tensor<1>,
}

impl Adaptor<LossInput> for StepOutput {
    fn adapt(&self) -> LossInput {
        LossInput::new(self.loss.clone())
    }
}

impl ItemLazy for StepOutput {
    // The metrics read the loss on the CPU backend.

    fn sync(self) -> Result<Self, ExecutionError> {
        let [loss] = Transaction::default()
            .register(self.loss)
            .execute()
            .try_into()
            .expect("one tensor registered");

        // typed by `ItemSync`: Flex's default device
        let device = &Device::flex();

        Ok(StepOutput { loss: Tensor::from_data(loss, device) })
    }
}
