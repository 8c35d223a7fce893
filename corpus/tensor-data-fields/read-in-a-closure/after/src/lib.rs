use burn::prelude::*;

/// The class of each position, read from the argmax's bytes inside a closure.
pub fn classes(logits: Tensor<2>, positions: &[usize]) -> Vec<i32> {
    positions
        .iter()
        .map(|&pos| {
            let token_data = logits.clone().slice([pos..pos + 1]).argmax(1).reshape([1]).into_data();
            i32::from_le_bytes([token_data.bytes()[0], token_data.bytes()[1], token_data.bytes()[2], token_data.bytes()[3]])
        })
        .collect()
}

/// A closure whose parameter is called like a data value: not rewritten.
pub fn lens(datas: Vec<(Vec<u8>,)>) -> Vec<usize> {
    datas.iter().map(|token_data| token_data.0.len()).collect()
}
