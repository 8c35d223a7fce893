//! A backend op of the project's, kept generic over its backend. The import of burn's primitive
//! aliases is the module's last `use`: it moves to `burn::backend::tensor`, where 0.22.1 has them.
use burn::backend::Backend;
use burn::backend::tensor::{FloatTensor, IntTensor};

/// The row-wise arg-max, as a backend computes it on its own primitives.
pub trait RowArgmax: Backend {
    fn row_argmax(x: FloatTensor<Self>) -> IntTensor<Self>;
}

pub mod nested {
    //! The same import, indented, last in an inline module.
    pub mod ops {
        use burn::backend::Backend;
        use burn::backend::tensor::{BoolTensor, FloatTensor};

        pub trait RowMask: Backend {
            fn row_mask(x: FloatTensor<Self>) -> BoolTensor<Self>;
        }
    }
}
