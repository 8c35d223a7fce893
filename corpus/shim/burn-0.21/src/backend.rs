//! `burn::backend` of 0.21: the concrete backend types (each a `Backend` impl) and their device
//! types.
use core::marker::PhantomData;

use crate::tensor::backend::{AutodiffBackend, Backend};
use crate::tensor::{BoolElement, FloatElement, IntElement};

/// `Clone`/`Default`/`Debug` without bounds on the type parameters (they are markers).
macro_rules! marker_traits {
    ($name:ident < $($p:ident),* >) => {
        impl<$($p),*> Clone for $name<$($p),*> {
            fn clone(&self) -> Self { unimplemented!() }
        }
        impl<$($p),*> Default for $name<$($p),*> {
            fn default() -> Self { unimplemented!() }
        }
        impl<$($p),*> core::fmt::Debug for $name<$($p),*> {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result { unimplemented!() }
        }
    };
}

macro_rules! backend {
    ($(#[$m:meta])* $name:ident < $($p:ident : $bound:ident = $def:ty),* > => $dev:ty, $label:literal) => {
        $(#[$m])*
        pub struct $name<$($p = $def),*> {
            _e: PhantomData<($($p,)*)>,
        }
        marker_traits!($name<$($p),*>);
        impl<$($p: $bound),*> Backend for $name<$($p),*> {
            type Device = $dev;
            type FloatElem = backend!(@float $($p)*);
            type IntElem = backend!(@int $($p)*);
            type BoolElem = backend!(@bool $($p)*);
            fn seed(device: &Self::Device, seed: u64) { unimplemented!() }
            fn name(device: &Self::Device) -> String { String::from($label) }
        }
    };
    (@float $f:ident $($rest:ident)*) => { $f };
    (@int $f:ident $i:ident $($rest:ident)*) => { $i };
    (@bool $f:ident $i:ident $b:ident) => { $b };
    (@bool $f:ident $i:ident) => { bool };
}

pub mod wgpu {
    /// A wgpu device.
    #[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
    pub enum WgpuDevice {
        DiscreteGpu(usize),
        IntegratedGpu(usize),
        VirtualGpu(usize),
        Cpu,
        #[default]
        DefaultDevice,
        BestAvailable,
        Existing(u32),
    }
    impl crate::tensor::backend::DeviceOps for WgpuDevice {}
    pub use super::{Metal, Vulkan, WebGpu, Wgpu};
}

pub mod cuda {
    #[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
    pub struct CudaDevice {
        pub index: usize,
    }
    impl CudaDevice {
        pub fn new(index: usize) -> Self {
            Self { index }
        }
    }
    impl crate::tensor::backend::DeviceOps for CudaDevice {}
    pub use super::Cuda;
}

pub mod rocm {
    #[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
    pub struct RocmDevice {
        pub index: usize,
    }
    impl RocmDevice {
        pub fn new(index: usize) -> Self {
            Self { index }
        }
    }
    impl crate::tensor::backend::DeviceOps for RocmDevice {}
    pub use super::Rocm;
}

pub mod cpu {
    #[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
    pub struct CpuDevice;
    impl crate::tensor::backend::DeviceOps for CpuDevice {}
    pub use super::Cpu;
}

pub mod flex {
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub struct FlexDevice;
    impl crate::tensor::backend::DeviceOps for FlexDevice {}
    pub use super::Flex;
}

pub mod ndarray {
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub enum NdArrayDevice {
        #[default]
        Cpu,
    }
    impl crate::tensor::backend::DeviceOps for NdArrayDevice {}
    pub use super::NdArray;
}

pub mod libtorch {
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub enum LibTorchDevice {
        #[default]
        Cpu,
        Cuda(usize),
        Mps,
        Vulkan,
    }
    impl crate::tensor::backend::DeviceOps for LibTorchDevice {}
    pub use super::LibTorch;
}

pub mod candle {
    #[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
    pub enum CandleDevice {
        #[default]
        Cpu,
        Cuda(usize),
        Metal(usize),
    }
    impl crate::tensor::backend::DeviceOps for CandleDevice {}
    pub use super::Candle;
}

backend!(
    /// The wgpu backend (WGSL through wgpu).
    Wgpu<F: FloatElement = f32, I: IntElement = i32, BT: BoolElement = u32> => wgpu::WgpuDevice, "wgpu");
backend!(
    /// wgpu with the WebGPU (WGSL) compiler.
    WebGpu<F: FloatElement = f32, I: IntElement = i32, BT: BoolElement = u32> => wgpu::WgpuDevice, "webgpu");
backend!(
    /// wgpu with the Vulkan (SPIR-V) compiler.
    Vulkan<F: FloatElement = f32, I: IntElement = i32, BT: BoolElement = u8> => wgpu::WgpuDevice, "vulkan");
backend!(
    /// wgpu with the Metal (MSL) compiler.
    Metal<F: FloatElement = f32, I: IntElement = i32, BT: BoolElement = u8> => wgpu::WgpuDevice, "metal");
backend!(
    /// The CUDA backend.
    Cuda<F: FloatElement = f32, I: IntElement = i32, BT: BoolElement = u8> => cuda::CudaDevice, "cuda");
backend!(
    /// The ROCm (HIP) backend.
    Rocm<F: FloatElement = f32, I: IntElement = i32, BT: BoolElement = u8> => rocm::RocmDevice, "rocm");
backend!(
    /// The CubeCL CPU (MLIR/LLVM) backend.
    Cpu<F: FloatElement = f32, I: IntElement = i32, BT: BoolElement = u8> => cpu::CpuDevice, "cpu");
backend!(
    /// The pure-Rust CPU backend.
    Flex<F: FloatElement = f32, I: IntElement = i32> => flex::FlexDevice, "flex");
backend!(
    /// The ndarray CPU backend.
    NdArray<F: FloatElement = f32, I: IntElement = i64, BT: BoolElement = bool> => ndarray::NdArrayDevice, "ndarray");
backend!(
    /// The LibTorch backend.
    LibTorch<F: FloatElement = f32, I: IntElement = i64> => libtorch::LibTorchDevice, "tch");
backend!(
    /// The Candle backend.
    Candle<F: FloatElement = f32, I: IntElement = i64> => candle::CandleDevice, "candle");

pub mod autodiff {
    pub mod checkpoint {
        pub mod strategy {
            pub trait CheckpointStrategy: Clone + Copy + Default + Send + Sync + core::fmt::Debug + 'static {}
            #[derive(Clone, Copy, Default, Debug)]
            pub struct NoCheckpointing;
            #[derive(Clone, Copy, Default, Debug)]
            pub struct BalancedCheckpointing;
            impl CheckpointStrategy for NoCheckpointing {}
            impl CheckpointStrategy for BalancedCheckpointing {}
        }
    }
    /// The gradients of an autodiff graph.
    #[derive(Debug)]
    pub struct Gradients;
    pub use super::Autodiff;
}

use autodiff::checkpoint::strategy::{CheckpointStrategy, NoCheckpointing};

/// Adds automatic differentiation to the backend `B`.
pub struct Autodiff<B, C = NoCheckpointing> {
    _b: PhantomData<(B, C)>,
}
marker_traits!(Autodiff<B, C>);

impl<B: Backend, C: CheckpointStrategy> Backend for Autodiff<B, C> {
    type Device = B::Device;
    type FloatElem = B::FloatElem;
    type IntElem = B::IntElem;
    type BoolElem = B::BoolElem;
    fn seed(device: &Self::Device, seed: u64) {
        unimplemented!()
    }
    fn name(device: &Self::Device) -> String {
        unimplemented!()
    }
}

impl<B: Backend, C: CheckpointStrategy> AutodiffBackend for Autodiff<B, C> {
    type InnerBackend = B;
    type Gradients = autodiff::Gradients;
}

/// Kernel fusion on top of the backend `B`.
pub struct Fusion<B> {
    _b: PhantomData<B>,
}
marker_traits!(Fusion<B>);

impl<B: Backend> Backend for Fusion<B> {
    type Device = B::Device;
    type FloatElem = B::FloatElem;
    type IntElem = B::IntElem;
    type BoolElem = B::BoolElem;
    fn seed(device: &Self::Device, seed: u64) {
        unimplemented!()
    }
    fn name(device: &Self::Device) -> String {
        unimplemented!()
    }
}
