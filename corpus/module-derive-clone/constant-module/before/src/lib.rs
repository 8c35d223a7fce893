use burn::prelude::*;

/// A module without parameters: 0.21 needed `Clone` derived by hand.
#[derive(Module, Clone, Debug)]
pub struct Clip {
    pub min: f32,
    pub max: f32,
}

#[derive(Module, Debug, Clone)]
pub struct Scale {
    pub factor: f32,
}

#[derive(Clone, Debug)]
pub struct Settings {
    pub clip: Clip,
}
