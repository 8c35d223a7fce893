use burn::prelude::*;

#[derive(Debug)]
pub struct ReadError(String);

/// The value's conversion after `?` names the element.
pub fn is_eos(token: &Tensor<2, Int>, eos: i64) -> Result<bool, ReadError> {
    let id = token
        .clone()
        .try_into_scalar::<i64>()
        .map_err(|e| ReadError(format!("{e:?}")))?
        .elem::<i64>();
    Ok(id == eos)
}

/// `.to_f32()` after `expect` names it too.
pub fn loss_value(loss: Tensor<1>) -> f32 {
    let v = loss.try_into_scalar::<f32>().expect("read the loss").to_f32();
    v * 2.0
}

/// A typed `let` fixes it: nothing to add.
pub fn count(mask: Tensor<1, Int>) -> Option<i32> {
    let n: Result<i32, _> = mask.sum().try_into_scalar();
    n.ok()
}

/// Nothing names it: read off the chain (an `argmax` gives an int).
pub fn best(logits: Tensor<2>) -> String {
    let best = logits.argmax(1).try_into_scalar::<i64>().unwrap();
    format!("{best}")
}
