use burn::prelude::*;
use burn::tensor::ElementConversion;

/// Unpacks `bits`-wide fields packed into 32-bit ints.
pub fn unpack(packed: Tensor<2, Int>, bits: usize) -> Vec<Tensor<2, Int>> {
    let mask = (1i32 << bits) - 1;
    let mut out = Vec::new();
    for shift in (0..32).step_by(bits) {
        let values = packed
            .clone()
            .bitwise_right_shift_scalar(shift)
            .bitwise_and_scalar(mask);
        out.push(values);
    }
    out
}

pub fn pack(a: Tensor<2, Int>, b: Tensor<2, Int>, bits: usize) -> Tensor<2, Int> {
    // a typed conversion compiles on 0.22.1 once its type is: left to backend-elem-type
    a.bitwise_or(b.bitwise_left_shift_scalar((bits as i32).elem::<i32>()))
        .bitwise_xor_scalar((bits * 2) as i64)
}
