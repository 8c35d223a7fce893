pub mod device;
pub mod runtime;
