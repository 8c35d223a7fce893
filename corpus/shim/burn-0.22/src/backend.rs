//! `burn::backend` (feature `extension`): for backend-extension code only.
use core::fmt::Debug;

/// The backend trait that backend extensions build on.
pub trait Backend: Clone + Default + Send + Sync + 'static + Debug {
    fn name() -> String;
}

/// Implemented by backends that record gradients.
pub trait AutodiffBackend: Backend {}
