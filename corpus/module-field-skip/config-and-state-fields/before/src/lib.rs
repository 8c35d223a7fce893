use std::collections::HashMap;
use std::path::PathBuf;

use burn::nn::{Linear, LinearConfig};
use burn::prelude::*;

/// Plain settings, no `derive(Module)`: 0.21's derive cloned such a field as a constant.
#[derive(Debug, Clone)]
pub struct NetSettings {
    pub hidden: usize,
    pub name: String,
}

#[derive(Module, Debug)]
pub struct Head<B: Backend> {
    pub proj: Linear<B>,
}

#[derive(Module, Debug)]
pub struct Net<B: Backend> {
    pub head: Head<B>,
    pub settings: NetSettings,
    pub checkpoint: PathBuf,
    pub aliases: HashMap<String, NetSettings>,
    pub history: Vec<NetSettings>,
    // 0.22.1 counts these as primitive: left alone
    pub tags: Vec<String>,
    pub sizes: HashMap<String, usize>,
    pub scale: f32,
    pub pair: (usize, f64),
    #[module(skip)]
    pub already: NetSettings,
}

impl<B: Backend> Net<B> {
    pub fn new(settings: NetSettings, device: &B::Device) -> Self {
        let proj = LinearConfig::new(settings.hidden, settings.hidden).init(device);
        Self {
            head: Head { proj },
            settings: settings.clone(),
            checkpoint: PathBuf::from("model.bin"),
            aliases: HashMap::new(),
            history: vec![settings.clone()],
            tags: vec![],
            sizes: HashMap::new(),
            scale: 1.0,
            pair: (1, 2.0),
            already: settings,
        }
    }

    pub fn forward(&self, x: Tensor<B, 2>) -> Tensor<B, 2> {
        self.head.proj.forward(x).mul_scalar(self.scale)
    }
}
