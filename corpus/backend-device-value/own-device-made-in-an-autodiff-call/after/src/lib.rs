use burn::prelude::*;

/// The backend's own device, made in the argument of a call typed by an autodiff backend.
pub fn tracked() -> Tensor<1> {
    Tensor::<1>::from_floats([1.0, 2.0], &Device::flex().autodiff()).require_grad()
}

#[cfg(test)]
mod tests {
    #[test]
    fn requires_grad() {
        let _ = super::tracked();
    }
}
