use burn::prelude::*;
use burn::tensor::Device;

/// `Device<B>` was `B::Device`: its default is that backend's default device.
pub fn by_turbofish() -> Tensor<1> {
    let device: Device = Device::flex();
    Tensor::<1>::ones([2], &device)
}

/// The same default, named through the backend trait.
pub fn by_qualified_path() -> Tensor<1> {
    let device = Device::flex();
    Tensor::<1>::zeros([2], &device)
}

/// An annotation through the project's alias, with `Default::default()`.
pub fn by_alias_annotation() -> Tensor<1> {
    let device: Device = Device::flex();
    Tensor::<1>::ones([2], &device)
}

/// Made in the argument; an autodiff backend's default device was an autodiff device.
pub fn in_the_argument() -> Tensor<1> {
    Tensor::<1>::ones([2], &Device::flex().autodiff()).require_grad()
}
