use burn::nn::loss::{CrossEntropyLoss, CrossEntropyLossConfig};
use burn::prelude::*;

pub const PAD: usize = 1;

pub fn next_token_loss(logits: Tensor<2>, targets: Tensor<1, Int>) -> Tensor<1> {
    let loss = CrossEntropyLossConfig::new()
        .with_pad_tokens(Some(vec![PAD]))
        .init(&logits.device());
    loss.forward(logits, targets)
}

pub fn short_form(device: &Device) -> CrossEntropyLoss {
    CrossEntropyLoss::new(Some(PAD), device)
}

pub fn unpadded(device: &Device) -> (CrossEntropyLoss, CrossEntropyLoss) {
    let plain = CrossEntropyLossConfig::new().with_pad_tokens(None).init(device);
    (plain, CrossEntropyLoss::new(None, device))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padded_mean_is_over_the_unpadded_positions() {
        let device = Device::flex();
        // uniform logits: every position's loss is ln 5; one target of four is padding
        let logits = Tensor::<2>::zeros([4, 5], &device);
        let targets = Tensor::<1, Int>::from_data([2, 0, 4, PAD as i64], &device);
        let loss: f32 = next_token_loss(logits, targets).into_scalar();
        let ln5 = 5f32.ln();
        // 0.21.0 zeroed the pad and took the mean over all four (3/4 ln 5); 0.22.1 over three
        assert!((loss - ln5).abs() < 1e-4, "loss {loss}, ln 5 = {ln5}");
    }
}
