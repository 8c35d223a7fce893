/// Turns CubeCL's debug log on for the whole process (the finding).
pub fn debug() {
    unsafe { std::env::set_var("CUBECL_DEBUG_LOG", "stdout") };
}

/// Near miss: another variable.
pub fn quiet() {
    unsafe { std::env::set_var("RUST_LOG", "info") };
}
