use burn::prelude::*;
use burn::tensor::{ExecutionError, Transaction};
use burn::train::metric::{Adaptor, ItemLazy, LossInput};

/// A regression step's output (burn 0.21's example shape).
pub struct StepOutput {
    pub loss: Tensor<1>,
    pub output: Tensor<2>,
    pub targets: Tensor<2>,
}

impl Adaptor<LossInput> for StepOutput {
    fn adapt(&self) -> LossInput {
        LossInput::new(self.loss.clone())
    }
}

impl ItemLazy for StepOutput {
    // The metrics run on the CPU backend.

    fn sync(self) -> Result<Self, ExecutionError> {
        let [output, loss, targets] = Transaction::default()
            .register(self.output)
            .register(self.loss)
            .register(self.targets)
            .execute()
            .try_into()
            .expect("Correct amount of tensor data");

        let device = &Device::flex();

        Ok(StepOutput {
            output: Tensor::from_data(output, device),
            loss: Tensor::from_data(loss, device),
            targets: Tensor::from_data(targets, device),
        })
    }
}
