//! `burn::record` of 0.21: recorders (removed in 0.22).
use core::marker::PhantomData;
use std::path::PathBuf;

use crate::tensor::backend::Backend;

#[derive(Debug)]
pub enum RecorderError {
    FileNotFound(String),
    DeserializeError(String),
    Unknown(String),
}

impl core::fmt::Display for RecorderError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        unimplemented!()
    }
}

impl std::error::Error for RecorderError {}

pub trait PrecisionSettings: Clone + Default + Send + Sync + core::fmt::Debug + 'static {}
#[derive(Clone, Default, Debug)]
pub struct FullPrecisionSettings;
#[derive(Clone, Default, Debug)]
pub struct HalfPrecisionSettings;
#[derive(Clone, Default, Debug)]
pub struct DoublePrecisionSettings;
impl PrecisionSettings for FullPrecisionSettings {}
impl PrecisionSettings for HalfPrecisionSettings {}
impl PrecisionSettings for DoublePrecisionSettings {}

/// Records and loads items.
pub trait Recorder<B: Backend>: Clone + Default + Send + Sync + core::fmt::Debug {
    type RecordArgs: Clone;
    type RecordOutput;
    type LoadArgs: Clone;
    fn record<R>(&self, record: R, args: Self::RecordArgs) -> Result<Self::RecordOutput, RecorderError> {
        unimplemented!()
    }
    fn load<R>(&self, args: Self::LoadArgs, device: &B::Device) -> Result<R, RecorderError> {
        unimplemented!()
    }
}

/// A recorder that writes files.
pub trait FileRecorder<B: Backend>: Recorder<B, RecordArgs = PathBuf, RecordOutput = (), LoadArgs = PathBuf> {
    fn file_extension() -> &'static str;
}

macro_rules! file_recorders {
    ($($name:ident $ext:literal),*) => {$(
        #[derive(Clone, Default, Debug)]
        pub struct $name<S: PrecisionSettings = FullPrecisionSettings> {
            _s: PhantomData<S>,
        }
        impl<S: PrecisionSettings> $name<S> {
            pub fn new() -> Self { unimplemented!() }
        }
        impl<S: PrecisionSettings, B: Backend> Recorder<B> for $name<S> {
            type RecordArgs = PathBuf;
            type RecordOutput = ();
            type LoadArgs = PathBuf;
        }
        impl<S: PrecisionSettings, B: Backend> FileRecorder<B> for $name<S> {
            fn file_extension() -> &'static str { $ext }
        }
    )*};
}
file_recorders!(
    NamedMpkFileRecorder "mpk",
    NamedMpkGzFileRecorder "mpk.gz",
    BinFileRecorder "bin",
    BinGzFileRecorder "bin.gz",
    JsonGzFileRecorder "json.gz",
    PrettyJsonFileRecorder "json"
);

/// The default recorder: named MessagePack, full precision.
pub type DefaultRecorder = NamedMpkFileRecorder<FullPrecisionSettings>;
/// A compact recorder: named MessagePack, half precision.
pub type CompactRecorder = NamedMpkFileRecorder<HalfPrecisionSettings>;
