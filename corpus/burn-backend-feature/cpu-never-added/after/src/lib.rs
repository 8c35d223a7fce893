use burn::prelude::*;

pub fn ones(device: &Device) -> Tensor<1> {
    Tensor::ones([2], device)
}

#[cfg(test)]
mod tests {
    use burn::backend::Cpu;

    /// The tests name the CubeCL CPU backend.
    pub type TestBackend = Cpu;

    #[test]
    fn names_the_backend() {
        let _ = std::any::type_name::<TestBackend>();
    }
}
