pub mod layer;

#[cfg(test)]
mod tests {
    use burn::backend::Cpu;

    // the backend of this crate's tests (the Cpu backend: an LLVM download at build time)
    pub type TestBackend = Cpu;
}
