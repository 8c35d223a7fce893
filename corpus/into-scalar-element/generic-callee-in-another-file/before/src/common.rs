use burn::prelude::ToElement;

/// Any element to `f32`: its argument's type is the caller's.
pub fn scalar_to_f32<E: ToElement>(value: E) -> f32 {
    value.to_f32()
}
