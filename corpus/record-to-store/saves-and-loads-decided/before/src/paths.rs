/// A file the crate ships, named by the extension 0.21's `BinFileRecorder` gave it.
pub const BUNDLED: &str = "assets/model.bin";
