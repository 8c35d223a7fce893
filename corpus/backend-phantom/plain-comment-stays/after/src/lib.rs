pub struct Holder {
    /// How many steps were taken.
    pub steps: usize,
    // The fields below are implementation details.
}

impl Holder {
    pub fn new() -> Self {
        Self { steps: 0 }
    }
}
