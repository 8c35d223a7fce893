use burn::prelude::*;
use burn::tensor::ElementConversion;

/// Reads whose value is only shown or converted: the chain says the kind (an integer after
/// `argmax` / `.int()`, a bool after a comparison), and any element of that kind prints and
/// converts to the same value.
pub fn accuracy<B: Backend>(logits: Tensor<B, 2>, targets: Tensor<B, 1, Int>) -> f32 {
    let correct = logits.clone().argmax(1).squeeze_dim::<1>(1).equal(targets).int().sum().into_scalar();
    let predicted = logits.clone().argmax(1).flatten::<1>(0, 1).slice([0..1]).into_scalar();
    println!("predicted {predicted}, as an index {}", predicted.elem::<i64>() as usize);
    println!("any nan: {}", logits.is_nan().any().into_scalar());
    correct.elem::<f32>() / 2.0
}

/// On a concrete backend the element is a primitive: an `as` cast converts it.
pub fn first_class(logits: Tensor<burn::backend::Flex, 2>) -> usize {
    let class = logits.argmax(1).flatten::<1>(0, 1).slice([0..1]).into_scalar();
    println!("class {class}");
    class as usize
}

#[cfg(test)]
mod tests {
    use burn::backend::Flex;
    use burn::prelude::*;

    #[test]
    fn counts_the_right_predictions() {
        let device = Default::default();
        let logits = Tensor::<Flex, 2>::from_floats([[0.1, 0.9], [0.8, 0.2]], &device);
        let targets = Tensor::<Flex, 1, Int>::from_ints([1, 1], &device);
        assert_eq!(super::accuracy(logits.clone(), targets), 0.5);
        assert_eq!(super::first_class(logits), 1);
    }
}
