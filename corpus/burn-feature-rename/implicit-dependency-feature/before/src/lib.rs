use burn::backend::Flex;
use burn::backend::flex::FlexDevice;
use burn::prelude::*;

pub fn ones() -> Tensor<Flex, 1> {
    Tensor::ones([2], &FlexDevice)
}
