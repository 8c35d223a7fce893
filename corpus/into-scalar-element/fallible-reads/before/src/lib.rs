use burn::prelude::*;

#[derive(Debug)]
pub struct ReadError(String);

/// The value's conversion after `?` names the element.
pub fn is_eos<B: Backend>(token: &Tensor<B, 2, Int>, eos: i64) -> Result<bool, ReadError> {
    let id = token
        .clone()
        .try_into_scalar()
        .map_err(|e| ReadError(format!("{e:?}")))?
        .elem::<i64>();
    Ok(id == eos)
}

/// `.to_f32()` after `expect` names it too.
pub fn loss_value<B: Backend>(loss: Tensor<B, 1>) -> f32 {
    let v = loss.try_into_scalar().expect("read the loss").to_f32();
    v * 2.0
}

/// A typed `let` fixes it: nothing to add.
pub fn count(mask: Tensor<burn::backend::Flex, 1, Int>) -> Option<i32> {
    let n: Result<i32, _> = mask.sum().try_into_scalar();
    n.ok()
}

/// Nothing names it: read off the chain (an `argmax` gives an int).
pub fn best<B: Backend>(logits: Tensor<B, 2>) -> String {
    let best = logits.argmax(1).try_into_scalar().unwrap();
    format!("{best}")
}
