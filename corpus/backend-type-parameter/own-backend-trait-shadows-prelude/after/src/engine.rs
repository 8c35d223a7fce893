use crate::Backend;

pub struct Cpu;

impl Backend for Cpu {
    fn name(&self) -> &str {
        "cpu"
    }
}

/// `Backend` here is the crate's trait (imported from the crate), not burn's.
pub fn describe<B: Backend>(b: &B) -> String {
    b.name().to_string()
}

pub fn cache() -> crate::Cache<Cpu> {
    crate::Cache { backend: Cpu }
}
