pub mod training;
pub mod example;
