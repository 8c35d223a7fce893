pub mod training;
