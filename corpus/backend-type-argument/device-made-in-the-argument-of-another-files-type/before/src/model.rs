use burn::prelude::*;

#[derive(Clone, Debug)]
pub struct ModelConfig {
    pub hidden: usize,
}

#[derive(Module, Debug)]
pub struct Scorer<B: Backend> {
    linear: nn::Linear<B>,
}

impl<B: Backend> Scorer<B> {
    pub fn new(config: ModelConfig, device: &B::Device) -> Result<Self, String> {
        if config.hidden == 0 {
            return Err("hidden must be positive".into());
        }
        Ok(Self { linear: nn::LinearConfig::new(config.hidden, 1).init(device) })
    }
}
