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
pub struct Head {
    pub proj: Linear,
}

#[derive(Module, Debug)]
pub struct Net {
    pub head: Head,
    #[module(skip)]
    pub settings: NetSettings,
    #[module(skip)]
    pub checkpoint: PathBuf,
    #[module(skip)]
    pub aliases: HashMap<String, NetSettings>,
    #[module(skip)]
    pub history: Vec<NetSettings>,
    // 0.22.1 counts these as primitive: left alone
    pub tags: Vec<String>,
    pub sizes: HashMap<String, usize>,
    pub scale: f32,
    pub pair: (usize, f64),
    #[module(skip)]
    pub already: NetSettings,
}

impl Net {
    pub fn new(settings: NetSettings, device: &Device) -> Self {
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

    pub fn forward(&self, x: Tensor<2>) -> Tensor<2> {
        self.head.proj.forward(x).mul_scalar(self.scale)
    }
}
