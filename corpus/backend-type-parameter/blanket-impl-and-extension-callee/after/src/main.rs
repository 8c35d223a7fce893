use burn::backend::flex::FlexDevice;
use burn::backend::{Autodiff, Flex};

fn main() {
    println!("{}", blanket_impl_and_extension_callee::probe::<Autodiff<Flex>>(&FlexDevice));
}
