use burn_store::{KeyRemapper, TensorSnapshot};

/// The names the remapper gives the tensors.
pub fn renamed(remapper: &KeyRemapper, snapshots: Vec<TensorSnapshot>) -> Vec<String> {
    let (snapshots, _) = remapper.remap(snapshots);
    snapshots.iter().map(|s| s.full_path()).collect()
}

/// How many elements the tensors hold.
pub fn elements(snapshots: &[TensorSnapshot]) -> usize {
    snapshots.iter().map(|s| s.data_len()).sum()
}

/// `shape` is still there in 0.22.1 (`burn_pack::Tensor::shape`): no finding.
pub fn ranks(snapshots: &[TensorSnapshot]) -> Vec<usize> {
    snapshots.iter().map(|s| s.shape.num_dims()).collect()
}

#[cfg(test)]
mod tests {
    use burn_store::{KeyRemapper, TensorSnapshot};

    /// A macro argument is read too (`assert_eq!` is a token tree to the parser).
    #[test]
    fn nothing_to_rename() {
        let (snapshots, _) = KeyRemapper::new().remap(Vec::<TensorSnapshot>::new());
        assert!(snapshots.iter().all(|s| !s.full_path().is_empty()));
    }
}
