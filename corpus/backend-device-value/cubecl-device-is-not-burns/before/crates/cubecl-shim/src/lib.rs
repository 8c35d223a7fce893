//! Stands for cubecl: a crate of its own with a `WgpuDevice` and a `CudaDevice` that are not burn's.
pub mod wgpu {
    #[derive(Clone, Debug, Default, PartialEq)]
    pub enum WgpuDevice {
        #[default]
        DefaultDevice,
        DiscreteGpu(usize),
    }

    pub struct WgpuRuntime;

    impl WgpuRuntime {
        pub fn client(device: &WgpuDevice) -> usize {
            match device {
                WgpuDevice::DefaultDevice => 0,
                WgpuDevice::DiscreteGpu(i) => *i,
            }
        }
    }
}

pub mod cuda {
    #[derive(Clone, Debug, Default, PartialEq)]
    pub struct CudaDevice {
        pub index: usize,
    }

    impl CudaDevice {
        pub fn new(index: usize) -> Self {
            Self { index }
        }
    }
}
