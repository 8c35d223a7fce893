use burn::prelude::*;

type ElemType = f64;

pub fn load(xs: &[f64], device: &Device) -> Tensor<1> {
    // the closure's result type comes from the conversion: it must stay
    let values: Vec<f32> = xs.iter().map(|x| x.elem::<f32>()).collect();
    // a constructor converts any element itself: this conversion can go
    let first = Tensor::<1>::from_data([xs[0]], device);
    Tensor::<1>::from_floats(values.as_slice(), device).add(first)
}

pub fn run(xs: &[f64]) -> usize {
    let device = Device::ndarray();
    load(xs, &device.autodiff()).dims()[0]
}
