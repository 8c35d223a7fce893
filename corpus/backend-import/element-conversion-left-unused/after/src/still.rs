use burn::tensor::ElementConversion;

/// A conversion the migration keeps: the trait stays imported.
pub fn half(x: f64) -> f32 {
    (x / 2.0).elem::<f32>()
}
