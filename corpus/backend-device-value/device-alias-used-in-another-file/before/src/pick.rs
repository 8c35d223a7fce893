use crate::Dev;

/// Another file builds devices through the crate's alias.
pub fn second() -> Dev {
    Dev::DiscreteGpu(1)
}

pub fn integrated() -> Dev {
    Dev::IntegratedGpu(0)
}
