/// The crate's code is not what this case is about.
pub fn answer() -> u32 {
    42
}
