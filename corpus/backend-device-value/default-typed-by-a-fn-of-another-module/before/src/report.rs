/// Indices on a device made here, whose type 0.21 took from `indices`'s parameter (another module).
pub fn three() -> Vec<i64> {
    let device = Default::default();
    crate::indices(3, &device)
}

/// The same, made in the argument.
pub fn two() -> Vec<i64> {
    crate::indices(2, &Default::default())
}
