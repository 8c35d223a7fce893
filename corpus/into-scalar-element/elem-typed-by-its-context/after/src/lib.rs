use burn::prelude::*;

pub struct Summary {
    pub total: f64,
}

/// `.elem()` typed by the fn's return.
pub fn total(x: Tensor<1>) -> f32 {
    x.sum().into_scalar()
}

/// `.elem()` typed by a struct field, a parameter and a `return`.
pub fn summary(x: Tensor<1>) -> Summary {
    record(x.clone().max().into_scalar());
    if x.dims()[0] == 0 {
        return Summary { total: 0.0 };
    }
    Summary { total: x.sum().into_scalar() }
}

fn record(peak: f32) {
    println!("peak {peak}");
}

pub fn count(mask: Tensor<1, Bool>) -> i64 {
    return mask.int().sum().into_scalar();
}
