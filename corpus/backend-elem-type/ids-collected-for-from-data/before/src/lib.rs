use burn::prelude::*;

/// A batcher's ids, converted to the backend's int type on the way into a `Vec` that only
/// `TensorData::new` → `from_data` reads: `from_data` converts to the device's dtype itself.
pub fn batch<B: Backend>(items: &[Vec<u32>], device: &B::Device) -> Tensor<B, 2, Int> {
    let mut inputs = Vec::with_capacity(items.len() * 2);
    for item in items {
        inputs.extend(item.iter().map(|&id| id.elem::<B::IntElem>()));
    }
    Tensor::<B, 2, Int>::from_data(TensorData::new(inputs, [items.len(), 2]), device)
}

/// The same through `collect::<Vec<_>>()`.
pub fn prompt<B: Backend>(ids: &[u32], device: &B::Device) -> Tensor<B, 2, Int> {
    let input = ids.iter().map(|&id| (id as i64).elem::<B::IntElem>()).collect::<Vec<_>>();
    Tensor::<B, 2, Int>::from_data(TensorData::new(input, [1, ids.len()]), device)
}

/// The `Vec` is read for itself too: its element type is the code's (a person says).
pub fn count<B: Backend>(ids: &[u32]) -> usize {
    let input = ids.iter().map(|&id| (id as i64).elem::<B::IntElem>()).collect::<Vec<_>>();
    input.len()
}

#[cfg(test)]
mod tests {
    use burn::backend::Flex;
    use burn::prelude::*;

    #[test]
    fn ids_reach_the_tensor() {
        let device = Default::default();
        let t = super::batch::<Flex>(&[vec![1, 2], vec![3, 4]], &device);
        assert_eq!(t.sum().into_scalar().elem::<i64>(), 10);
        let p = super::prompt::<Flex>(&[5, 6, 7], &device);
        assert_eq!(p.sum().into_scalar().elem::<i64>(), 18);
        assert_eq!(super::count::<Flex>(&[1, 2]), 2);
    }
}
