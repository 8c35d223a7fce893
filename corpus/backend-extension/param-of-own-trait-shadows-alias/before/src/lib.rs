pub mod index;
pub mod model;
