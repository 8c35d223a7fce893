/// The macro's caller, in another file: it passes the fn by path.
pub fn report() -> f32 {
    on_cpu!(crate::jobs::mean_of_ones)
}
