use burn::record::CompactRecorder;

/// The project's own error, with a variant named like burn's removed trait.
#[derive(Debug)]
pub enum SaveError {
    Recorder(String),
    Io(std::io::Error),
}

impl SaveError {
    pub fn recorder(msg: &str) -> Self {
        Self::Recorder(msg.to_string())
    }

    pub fn is_recorder(&self) -> bool {
        matches!(self, SaveError::Recorder(_))
    }
}

pub fn recorder() -> CompactRecorder {
    CompactRecorder::new()
}
