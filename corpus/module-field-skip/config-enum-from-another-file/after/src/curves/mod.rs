use burn::config::Config;

/// A config enum in a file with no backend in it.
#[derive(Config, Debug, Copy, PartialEq)]
pub enum SpaceCurve {
    Hilbert,
    Morton,
}
