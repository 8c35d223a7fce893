use burn::prelude::ToElement;

/// Any element to `f32`: its argument's type is the caller's.
pub fn scalar_to_f32<E: ToElement>(value: E) -> f32 {
    value.to_f32()
}

/// Any element to `f64`, through its own rounding: not a plain `to_f32` of its argument.
pub fn scalar_to_f64<E: ToElement>(value: E) -> f64 {
    value.to_f64()
}
