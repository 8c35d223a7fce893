/// Code that builds on both versions: the toolchain pin is what stops 0.22.1.
pub fn width(config: &burn::nn::LinearConfig) -> usize {
    config.d_output
}
