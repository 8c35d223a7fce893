use burn::backend::flex::FlexDevice;
use burn::backend::{Autodiff, Flex};
use burn::prelude::*;

type Backend = Autodiff<Flex>;

/// The backend's own device, made in the argument of a call typed by an autodiff backend.
pub fn tracked() -> Tensor<Backend, 1> {
    Tensor::<Backend, 1>::from_floats([1.0, 2.0], &FlexDevice).require_grad()
}

#[cfg(test)]
mod tests {
    #[test]
    fn requires_grad() {
        let _ = super::tracked();
    }
}
