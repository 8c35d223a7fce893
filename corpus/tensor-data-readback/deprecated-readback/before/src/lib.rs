use burn::prelude::*;

pub fn values<B: Backend>(t: Tensor<B, 2>) -> (Vec<f32>, Vec<f32>, Vec<i64>) {
    let a = t.to_data().to_vec::<f32>().unwrap();
    let b = t.clone().into_data().into_vec().unwrap();
    let _f: Vec<f32> = t.clone().into_data().convert::<f32>().into_vec().expect("converted");
    let data = t.int().into_data();
    let c = data.to_vec::<i64>().expect("int data");
    (a, b, c)
}

/// Near miss: a slice's `to_vec`.
pub fn copy(xs: &[f32]) -> Vec<f32> {
    xs.to_vec()
}
