use burn::backend::{Autodiff, NdArray};
use burn::prelude::*;

type ElemType = f64;
type MyBackend = NdArray<ElemType>;

pub fn load<B: Backend>(xs: &[f64], device: &B::Device) -> Tensor<B, 1> {
    // the closure's result type comes from the conversion: it must stay
    let values: Vec<B::FloatElem> = xs.iter().map(|x| x.elem::<B::FloatElem>()).collect();
    // a constructor converts any element itself: this conversion can go
    let first = Tensor::<B, 1>::from_data([xs[0].elem::<B::FloatElem>()], device);
    Tensor::<B, 1>::from_floats(values.as_slice(), device).add(first)
}

pub fn run(xs: &[f64]) -> usize {
    let device = Default::default();
    load::<Autodiff<MyBackend>>(xs, &device).dims()[0]
}
