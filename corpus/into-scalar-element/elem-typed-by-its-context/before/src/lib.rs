use burn::prelude::*;

pub struct Summary {
    pub total: f64,
}

/// `.elem()` typed by the fn's return.
pub fn total<B: Backend>(x: Tensor<B, 1>) -> f32 {
    x.sum().into_scalar().elem()
}

/// `.elem()` typed by a struct field, a parameter and a `return`.
pub fn summary<B: Backend>(x: Tensor<B, 1>) -> Summary {
    record(x.clone().max().into_scalar().elem());
    if x.dims()[0] == 0 {
        return Summary { total: 0.0 };
    }
    Summary { total: x.sum().into_scalar().elem() }
}

fn record(peak: f32) {
    println!("peak {peak}");
}

pub fn count<B: Backend>(mask: Tensor<B, 1, Bool>) -> i64 {
    return mask.int().sum().into_scalar().elem();
}
