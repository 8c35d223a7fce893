//! Type-level shim of burn 0.21: the backend-generic API (`Tensor<B, D, K>`, `B: Backend`,
//! `Module<B>`, `Linear<B>`, `B::Device`, ...). Every body is `unimplemented!()`.
#![allow(dead_code, unused_variables, clippy::new_without_default, clippy::too_many_arguments)]

pub mod backend;
pub mod config;
pub mod data;
pub mod module;
pub mod nn;
pub mod optim;
pub mod record;
pub mod tensor;
pub mod train;

pub use tensor::{Bool, Float, Int, Shape, Tensor, TensorData};

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
    pub use crate::tensor::backend::{Backend, DeviceOps};
    pub use crate::tensor::{Bool, Device, ElementConversion, Float, Int, Shape, Tensor, TensorData};
}

pub mod grad_clipping {
    #[derive(Clone, Debug)]
    pub enum GradientClippingConfig {
        Value(f32),
        Norm(f32),
    }
}

pub mod lr_scheduler {
    pub trait LrScheduler: Send + Sync {
        type Record<B: crate::tensor::backend::Backend>;
        fn step(&mut self) -> f64;
    }
}
