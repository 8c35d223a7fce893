pub mod inference;
pub mod launch;
pub mod training;
