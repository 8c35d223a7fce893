use burn::backend::{Autodiff, Flex};
use burn::prelude::*;
use burn::tensor::backend::BackendTypes;
use burn::tensor::Device;

type Cpu = Flex;

/// `Device<B>` was `B::Device`: its default is that backend's default device.
pub fn by_turbofish() -> Tensor<Flex, 1> {
    let device: Device<Flex> = Device::<Flex>::default();
    Tensor::<Flex, 1>::ones([2], &device)
}

/// The same default, named through the backend trait.
pub fn by_qualified_path() -> Tensor<Flex, 1> {
    let device = <Flex as BackendTypes>::Device::default();
    Tensor::<Flex, 1>::zeros([2], &device)
}

/// An annotation through the project's alias, with `Default::default()`.
pub fn by_alias_annotation() -> Tensor<Cpu, 1> {
    let device: <Cpu as BackendTypes>::Device = Default::default();
    Tensor::<Cpu, 1>::ones([2], &device)
}

/// Made in the argument; an autodiff backend's default device was an autodiff device.
pub fn in_the_argument() -> Tensor<Autodiff<Flex>, 1> {
    Tensor::<Autodiff<Flex>, 1>::ones([2], &Device::<Autodiff<Flex>>::default()).require_grad()
}
