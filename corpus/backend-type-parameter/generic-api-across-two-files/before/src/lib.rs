pub mod search;
pub mod strategy;
