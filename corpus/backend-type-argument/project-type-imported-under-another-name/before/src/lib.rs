pub mod hooks;
pub mod agent;
