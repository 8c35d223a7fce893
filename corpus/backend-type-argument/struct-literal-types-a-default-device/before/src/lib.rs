use burn::prelude::*;

/// A cached latent, keyed by what made it.
pub struct Cache<B: Backend> {
    pub key: String,
    pub seed: u64,
    pub latent: Tensor<B, 2>,
}

#[cfg(test)]
mod tests {
    use burn::backend::Flex;

    use super::*;

    type B = Flex;

    /// The literal types the device (its `latent` field is `Tensor<B, 2>`): it is Flex's.
    #[test]
    fn cache_holds_its_latent() {
        let device = Default::default();
        let cache = Cache::<B> { key: "prompt".into(), seed: 7, latent: Tensor::ones([1, 2], &device) };
        assert_eq!(cache.latent.dims(), [1, 2]);
    }

    /// A field whose value is made elsewhere (`key.clone()`) could carry a device of its own: asked.
    #[test]
    fn cache_keeps_its_key() {
        let device = Default::default();
        let key = String::from("prompt");
        let cache = Cache::<B> { key: key.clone(), seed: 7, latent: Tensor::zeros([1, 2], &device) };
        assert_eq!(cache.key, key);
    }
}
