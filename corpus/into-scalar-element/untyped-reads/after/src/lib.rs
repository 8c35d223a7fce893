use burn::prelude::*;
use burn::tensor::ElementConversion;

pub fn report(loss: Tensor<1>, logits: Tensor<2>, targets: Tensor<1, Int>) -> f32 {
    // named by `elem::<T>()`: safe
    let value = loss.clone().into_scalar::<f32>();
    // named by `to_bool()`: safe
    let finite = loss.clone().is_nan().any().into_scalar::<bool>();
    // a typed `let` names it: `.elem()` goes
    let class: i64 = logits.clone().argmax(1).flatten::<1>(0, 1).into_scalar();
    // nothing names it: read off the chain (review)
    println!("loss {} finite {} class {}", loss.clone().into_scalar::<f32>(), finite, class);
    let correct = logits.argmax(1).squeeze_dim::<1>(1).equal(targets).int().sum().into_scalar::<i64>();
    let pair = (correct, 0usize);
    let index = pair.0.elem::<i32>() as usize + pair.1;
    // near miss: the fn's return type names it
    value + index as f32 + mean_of(loss)
}

fn mean_of(loss: Tensor<1>) -> f32 {
    let v: f32 = loss.mean().into_scalar::<f32>();
    v
}

pub fn tail(loss: Tensor<1>) -> f32 {
    loss.sum().into_scalar()
}
