pub mod raw;
pub mod strategy;
