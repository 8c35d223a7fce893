use burn::backend::Flex;
use burn::prelude::*;
use burn::tensor::Transaction;
use burn::train::metric::{Adaptor, ItemLazy, LossInput};

/// A training step's output.
pub struct StepOutput<B: Backend> {
    pub loss: Tensor<B, 1>,
}

impl<B: Backend> Adaptor<LossInput<B>> for StepOutput<B> {
    fn adapt(&self) -> LossInput<B> {
        LossInput::new(self.loss.clone())
    }
}

impl<B: Backend> ItemLazy for StepOutput<B> {
    // The metrics read the loss on the CPU backend.
    type ItemSync = StepOutput<Flex>;

    fn sync(self) -> Self::ItemSync {
        let [loss] = Transaction::default()
            .register(self.loss)
            .execute()
            .try_into()
            .expect("one tensor registered");

        // typed by `ItemSync`: Flex's default device
        let device = &Default::default();

        StepOutput { loss: Tensor::from_data(loss, device) }
    }
}
