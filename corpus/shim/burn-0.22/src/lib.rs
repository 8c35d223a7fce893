//! Type-level shim of burn 0.22.1: the device-valued API. Tensors and modules have no backend
//! type parameter; the backend is chosen by a runtime `Device` (`burn::tensor::Device`), whose
//! constructors need the matching Cargo feature. There is no public `Backend` trait (only
//! `burn::backend` with the `extension` feature). Every body is `unimplemented!()`.
#![allow(dead_code, unused_variables, clippy::new_without_default, clippy::too_many_arguments)]

#[cfg(feature = "extension")]
pub mod backend;
pub mod config;
pub mod data;
pub mod module;
pub mod nn;
#[cfg(feature = "optim")]
pub mod optim;
pub mod store;
pub mod tensor;
#[cfg(feature = "train")]
pub mod train;

pub use tensor::{Bool, Float, Int, Shape, Tensor, TensorData};

#[cfg(feature = "linalg")]
pub use tensor::linalg;

/// Slice ranges for `Tensor::slice`, e.g. `s![.., 0..2]`.
#[macro_export]
macro_rules! s {
    ($($t:tt)*) => {
        $crate::tensor::SliceArgs::unimplemented()
    };
}

pub mod prelude {
    pub use crate::config::Config;
    pub use crate::module::Module;
    pub use crate::nn;
    pub use crate::s;
    pub use crate::tensor::{
        Bool, Device, DeviceIndex, DeviceKind, ElementConversion, Float, Int, Shape, SliceArg, Tensor, TensorData,
        ToElement,
    };
}

/// Gradient clipping (feature `optim`).
#[cfg(feature = "optim")]
pub mod grad_clipping {
    #[derive(Clone, Debug)]
    pub enum GradientClippingConfig {
        Value(f32),
        Norm(f32),
    }
}

/// Learning-rate schedulers (feature `optim`).
#[cfg(feature = "optim")]
pub mod lr_scheduler {
    pub use crate::optim::lr_scheduler::module_lr_scheduler;
}
