use burn::nn::activation::ActivationConfig;
use burn::nn::attention::MultiHeadAttentionConfig;
use burn::prelude::*;

/// Holds a burn config that gained keys in 0.22 (`MultiHeadAttentionConfig`'s biases) and one
/// inside an enum (`ActivationConfig::Softplus`'s threshold), plus a defaulted field of its own.
#[derive(Config, Debug)]
pub struct NetConfig {
    pub attention: MultiHeadAttentionConfig,
    pub activation: ActivationConfig,
    pub d_model: usize,
    #[config(default = 0.1)]
    pub dropout: f64,
    pub seed: Option<u64>,
}

/// Near miss: no burn config with new keys inside, and its file is complete.
#[derive(Config, Debug)]
pub struct DataConfig {
    pub batch_size: usize,
    #[config(default = 4)]
    pub workers: usize,
}

pub fn read() -> NetConfig {
    NetConfig::load("artifacts/config.json").expect("the config file")
}

pub fn read_data() -> DataConfig {
    DataConfig::load("artifacts/data.json").expect("the data config file")
}
