use burn::prelude::*;

pub enum Choice {
    Flex,
    NdArray,
}

pub fn run(device: &Device) -> usize {
    Tensor::<1>::ones([3], device).dims()[0]
}

/// Each arm makes its own backend's device in a `let` of the same name: the `let` of the other
/// arm is out of scope there, so each drop is decided by its own arm's device.
pub fn launch(choice: Choice) -> usize {
    match choice {
        Choice::Flex => {
            let device = Device::flex();
            run(&device)
        }
        Choice::NdArray => {
            println!("on ndarray");
            let device = Device::ndarray();
            run(&device)
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn runs() {
        assert_eq!(super::launch(super::Choice::Flex), 3);
        assert_eq!(super::launch(super::Choice::NdArray), 3);
    }
}
