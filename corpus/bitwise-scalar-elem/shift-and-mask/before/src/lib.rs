use burn::prelude::*;
use burn::tensor::ElementConversion;

/// Unpacks `bits`-wide fields packed into 32-bit ints.
pub fn unpack<B: Backend>(packed: Tensor<B, 2, Int>, bits: usize) -> Vec<Tensor<B, 2, Int>> {
    let mask = (1i32 << bits) - 1;
    let mut out = Vec::new();
    for shift in (0..32).step_by(bits) {
        let values = packed
            .clone()
            .bitwise_right_shift_scalar(shift.elem())
            .bitwise_and_scalar(mask.elem());
        out.push(values);
    }
    out
}

pub fn pack<B: Backend>(a: Tensor<B, 2, Int>, b: Tensor<B, 2, Int>, bits: usize) -> Tensor<B, 2, Int> {
    // a typed conversion compiles on 0.22.1 once its type is: left to backend-elem-type
    a.bitwise_or(b.bitwise_left_shift_scalar((bits as i32).elem::<B::IntElem>()))
        .bitwise_xor_scalar(((bits * 2) as i64).elem())
}
