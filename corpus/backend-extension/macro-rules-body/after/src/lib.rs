use burn::prelude::*;

/// Builds a 2x2 zero tensor for the given backend type.
#[macro_export]
macro_rules! zeros2 {
    ($b:ty, $device:expr) => {
        Tensor::<$b, 2>::zeros([2, 2], $device)
    };
}

pub fn area(dims: [usize; 2]) -> usize {
    dims[0] * dims[1]
}
