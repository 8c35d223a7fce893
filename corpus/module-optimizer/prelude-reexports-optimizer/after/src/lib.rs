pub mod model;
pub mod prelude;
