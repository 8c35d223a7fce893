use burn::prelude::*;

pub fn flatten_batch(
    x: Tensor</* rank */ 3>,
) -> Tensor<
    2,
> {
    let [n, h, w] = x.dims();
    x.reshape([n, h * w])
}

pub fn labels(x: Tensor<2, Int>) -> Tensor<1, Int> {
    x.flatten(0, 1)
}
