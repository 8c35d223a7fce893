pub mod checks;
pub mod model;
