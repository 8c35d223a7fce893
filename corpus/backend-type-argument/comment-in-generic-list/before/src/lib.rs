use burn::prelude::*;

pub fn flatten_batch<B: Backend>(
    x: Tensor<B, /* rank */ 3>,
) -> Tensor<
    B, // backend
    2,
> {
    let [n, h, w] = x.dims();
    x.reshape([n, h * w])
}

pub fn labels<B: Backend>(x: Tensor<B /* backend */, 2, Int>) -> Tensor<B, 1, Int> {
    x.flatten(0, 1)
}
