//! `burn::tensor` of 0.22.1: `Tensor<D, K>` and the runtime `Device`.
use core::fmt::Debug;
use core::marker::PhantomData;
use core::ops::Range;

/// Which adapter a wgpu-family device uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DeviceKind {
    DiscreteGpu(usize),
    IntegratedGpu(usize),
    VirtualGpu(usize),
    Cpu,
    #[default]
    DefaultDevice,
}

/// The index of a CUDA/ROCm device.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum DeviceIndex {
    #[default]
    Default,
    Index(usize),
}

impl From<usize> for DeviceIndex {
    fn from(index: usize) -> Self {
        DeviceIndex::Index(index)
    }
}

/// Device types, for `Device::enumerate`. Variants exist only for enabled backends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DeviceType {
    #[cfg(feature = "cuda")]
    Cuda,
    #[cfg(feature = "rocm")]
    Rocm,
    #[cfg(feature = "wgpu")]
    Wgpu,
    #[cfg(feature = "vulkan")]
    Vulkan,
    #[cfg(feature = "metal")]
    Metal,
    #[cfg(feature = "webgpu")]
    WebGpu,
    #[cfg(feature = "cpu")]
    Cpu,
    #[cfg(feature = "flex")]
    Flex,
    #[cfg(feature = "ndarray")]
    NdArray,
    #[cfg(feature = "tch")]
    LibTorch,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatDType {
    F64,
    F32,
    F16,
    BF16,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntDType {
    I64,
    I32,
    I16,
    I8,
}

/// Settings applied with `Device::configure`, before the first tensor is created.
#[derive(Clone, Debug, Default)]
pub struct DeviceConfig {
    _private: (),
}

impl DeviceConfig {
    pub fn float_dtype(self, dtype: FloatDType) -> Self {
        unimplemented!()
    }
    pub fn int_dtype(self, dtype: IntDType) -> Self {
        unimplemented!()
    }
}

#[derive(Debug)]
pub enum DeviceError {
    AlreadyInitialized,
    Unsupported(String),
}

impl core::fmt::Display for DeviceError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        unimplemented!()
    }
}
impl std::error::Error for DeviceError {}

/// Error of `Device::sync`.
#[derive(Debug)]
pub enum ExecutionError {
    WithContext { reason: String },
}

impl core::fmt::Display for ExecutionError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        unimplemented!()
    }
}
impl std::error::Error for ExecutionError {}

/// A compute device: the backend is a runtime property of the device, and so is autodiff.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Device {
    _private: (),
}

impl Default for Device {
    /// The device of the highest-priority enabled backend (or `BURN_DEVICE`).
    fn default() -> Self {
        unimplemented!()
    }
}

impl Device {
    #[cfg(feature = "flex")]
    pub fn flex() -> Self {
        unimplemented!()
    }
    #[cfg(feature = "cpu")]
    pub fn cpu() -> Self {
        unimplemented!()
    }
    #[cfg(feature = "ndarray")]
    pub fn ndarray() -> Self {
        unimplemented!()
    }
    #[cfg(feature = "wgpu")]
    pub fn wgpu(kind: DeviceKind) -> Self {
        unimplemented!()
    }
    #[cfg(feature = "wgpu")]
    pub async fn wgpu_async(kind: DeviceKind) -> Self {
        unimplemented!()
    }
    #[cfg(feature = "vulkan")]
    pub fn vulkan(kind: DeviceKind) -> Self {
        unimplemented!()
    }
    #[cfg(feature = "metal")]
    pub fn metal(kind: DeviceKind) -> Self {
        unimplemented!()
    }
    #[cfg(feature = "webgpu")]
    pub fn webgpu(kind: DeviceKind) -> Self {
        unimplemented!()
    }
    #[cfg(feature = "cuda")]
    pub fn cuda(index: impl Into<DeviceIndex>) -> Self {
        unimplemented!()
    }
    #[cfg(feature = "rocm")]
    pub fn rocm(index: impl Into<DeviceIndex>) -> Self {
        unimplemented!()
    }
    #[cfg(feature = "tch")]
    pub fn libtorch() -> Self {
        unimplemented!()
    }
    #[cfg(feature = "tch")]
    pub fn libtorch_cuda(index: usize) -> Self {
        unimplemented!()
    }
    #[cfg(feature = "tch")]
    pub fn libtorch_mps() -> Self {
        unimplemented!()
    }
    #[cfg(feature = "tch")]
    pub fn libtorch_vulkan() -> Self {
        unimplemented!()
    }

    /// The autodiff flavour of this device (idempotent; feature `autodiff`, implied by `optim`).
    #[cfg(feature = "autodiff")]
    pub fn autodiff(self) -> Self {
        unimplemented!()
    }
    /// The same device without autodiff.
    pub fn without_autodiff(self) -> Self {
        unimplemented!()
    }
    /// Alias of `without_autodiff`.
    pub fn inner(self) -> Self {
        unimplemented!()
    }
    pub fn is_autodiff(&self) -> bool {
        unimplemented!()
    }
    #[cfg(feature = "autodiff")]
    pub fn gradient_checkpointing(self) -> Self {
        unimplemented!()
    }
    pub fn seed(&self, seed: u64) {
        unimplemented!()
    }
    pub fn sync(&self) -> Result<(), ExecutionError> {
        unimplemented!()
    }
    pub fn memory_cleanup(&self) {
        unimplemented!()
    }
    pub fn configure(&mut self, config: DeviceConfig) -> Result<(), DeviceError> {
        unimplemented!()
    }
    pub fn enumerate(filter: DeviceType) -> Devices {
        unimplemented!()
    }
}

/// The devices `Device::enumerate` found.
#[derive(Clone, Debug)]
pub struct Devices {
    _private: (),
}

impl Devices {
    pub fn into_vec(self) -> Vec<Device> {
        unimplemented!()
    }
    #[cfg(feature = "autodiff")]
    pub fn autodiff(self) -> Self {
        unimplemented!()
    }
}

/// Gradients computed by `backward`.
#[derive(Debug)]
pub struct Gradients {
    _private: (),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DType {
    F64,
    F32,
    F16,
    BF16,
    I64,
    I32,
    I16,
    I8,
    U64,
    U32,
    U16,
    U8,
    Bool,
}

/// A value tensors can hold.
pub trait Element: ToElement + ElementConversion + Copy + Clone + Debug + Send + Sync + 'static + PartialEq {
    fn dtype() -> DType;
}

pub trait ToElement {
    fn to_f32(&self) -> f32 {
        unimplemented!()
    }
    fn to_f64(&self) -> f64 {
        unimplemented!()
    }
    fn to_i64(&self) -> i64 {
        unimplemented!()
    }
    fn to_i32(&self) -> i32 {
        unimplemented!()
    }
    fn to_bool(&self) -> bool {
        unimplemented!()
    }
}

pub trait ElementConversion {
    fn from_elem<E: ToElement>(elem: E) -> Self;
    fn elem<E: Element>(self) -> E;
}

macro_rules! elements {
    ($($t:ty => $d:ident;)*) => {$(
        impl ToElement for $t {}
        impl ElementConversion for $t {
            fn from_elem<E: ToElement>(elem: E) -> Self { unimplemented!() }
            fn elem<E: Element>(self) -> E { unimplemented!() }
        }
        impl Element for $t { fn dtype() -> DType { DType::$d } }
    )*};
}

elements! {
    f64 => F64;
    f32 => F32;
    i64 => I64;
    i32 => I32;
    i16 => I16;
    i8 => I8;
    u64 => U64;
    u32 => U32;
    u16 => U16;
    u8 => U8;
    bool => Bool;
}

mod sealed {
    pub trait Sealed {}
}

/// The kind of a tensor: `Float` (default), `Int` or `Bool`. Sealed, no backend parameter.
pub trait TensorKind: sealed::Sealed + Clone + Debug + Send + Sync + 'static {
    fn name() -> &'static str;
}
/// Kinds with arithmetic (`Float`, `Int`).
pub trait Numeric: TensorKind {}
pub trait BasicOps: TensorKind {}

#[derive(Clone, Debug)]
pub struct Float;
#[derive(Clone, Debug)]
pub struct Int;
#[derive(Clone, Debug)]
pub struct Bool;

impl sealed::Sealed for Float {}
impl sealed::Sealed for Int {}
impl sealed::Sealed for Bool {}
impl TensorKind for Float {
    fn name() -> &'static str {
        "Float"
    }
}
impl TensorKind for Int {
    fn name() -> &'static str {
        "Int"
    }
}
impl TensorKind for Bool {
    fn name() -> &'static str {
        "Bool"
    }
}
impl Numeric for Float {}
impl Numeric for Int {}
impl BasicOps for Float {}
impl BasicOps for Int {}
impl BasicOps for Bool {}

/// The shape of a tensor.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    pub dims: Vec<usize>,
}

impl Shape {
    pub fn new<const D: usize>(dims: [usize; D]) -> Self {
        Self { dims: dims.to_vec() }
    }
    pub fn num_elements(&self) -> usize {
        unimplemented!()
    }
    pub fn num_dims(&self) -> usize {
        unimplemented!()
    }
}

impl<const D: usize> From<[usize; D]> for Shape {
    fn from(dims: [usize; D]) -> Self {
        unimplemented!()
    }
}
impl From<Vec<usize>> for Shape {
    fn from(dims: Vec<usize>) -> Self {
        unimplemented!()
    }
}
impl From<&[usize]> for Shape {
    fn from(dims: &[usize]) -> Self {
        unimplemented!()
    }
}

/// Error of the strict `TensorData` accessors.
#[derive(Debug)]
pub enum DataError {
    TypeMismatch(String),
    CastError(String),
}

/// Data of a tensor.
#[derive(Clone, Debug, PartialEq)]
pub struct TensorData {
    pub bytes: Vec<u8>,
    pub shape: Vec<usize>,
    pub dtype: DType,
}

impl TensorData {
    pub fn new<E: Element, S: Into<Vec<usize>>>(value: Vec<E>, shape: S) -> Self {
        unimplemented!()
    }
    pub fn zeros<E: Element, S: Into<Vec<usize>>>(shape: S) -> Self {
        unimplemented!()
    }
    pub fn convert<E: Element>(self) -> Self {
        unimplemented!()
    }
    #[deprecated(since = "0.22.0", note = "use `try_to_vec`")]
    pub fn to_vec<E: Element>(&self) -> Result<Vec<E>, DataError> {
        unimplemented!()
    }
    #[deprecated(since = "0.22.0", note = "use `try_into_vec`")]
    pub fn into_vec<E: Element>(self) -> Result<Vec<E>, DataError> {
        unimplemented!()
    }
    pub fn try_to_vec<E: Element>(&self) -> Result<Vec<E>, DataError> {
        unimplemented!()
    }
    pub fn try_into_vec<E: Element>(self) -> Result<Vec<E>, DataError> {
        unimplemented!()
    }
    pub fn try_to_vec_as<E: Element>(&self) -> Result<Vec<E>, DataError> {
        unimplemented!()
    }
    pub fn try_into_vec_as<E: Element>(self) -> Result<Vec<E>, DataError> {
        unimplemented!()
    }
    pub fn as_slice<E: Element>(&self) -> Result<&[E], DataError> {
        unimplemented!()
    }
    pub fn iter<E: Element>(&self) -> Box<dyn Iterator<Item = E> + '_> {
        unimplemented!()
    }
    pub fn num_elements(&self) -> usize {
        unimplemented!()
    }
    pub fn assert_eq(&self, other: &Self, strict: bool) {
        unimplemented!()
    }
}

impl<E: Element, const A: usize> From<[E; A]> for TensorData {
    fn from(value: [E; A]) -> Self {
        unimplemented!()
    }
}
impl<E: Element, const A: usize, const B: usize> From<[[E; B]; A]> for TensorData {
    fn from(value: [[E; B]; A]) -> Self {
        unimplemented!()
    }
}
impl<E: Element, const A: usize, const B: usize, const C: usize> From<[[[E; C]; B]; A]> for TensorData {
    fn from(value: [[[E; C]; B]; A]) -> Self {
        unimplemented!()
    }
}
impl<E: Element> From<&[E]> for TensorData {
    fn from(value: &[E]) -> Self {
        unimplemented!()
    }
}

/// Random distributions for `Tensor::random`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum Distribution {
    #[default]
    Default,
    Bernoulli(f64),
    Uniform(f64, f64),
    Normal(f64, f64),
}

/// Arguments of `Tensor::reshape`.
pub trait ReshapeArgs<const D2: usize> {}
impl<const D2: usize> ReshapeArgs<D2> for [usize; D2] {}
impl<const D2: usize> ReshapeArgs<D2> for [i32; D2] {}
impl<const D2: usize> ReshapeArgs<D2> for [i64; D2] {}
impl<const D2: usize> ReshapeArgs<D2> for Shape {}

/// Arguments of `Tensor::slice`.
pub trait SliceArg<const D: usize> {}
impl<const D: usize, const D2: usize> SliceArg<D> for [Range<usize>; D2] {}
impl<const D: usize> SliceArg<D> for Range<usize> {}
impl<const D: usize> SliceArg<D> for SliceArgs {}

/// What `s![..]` expands to.
pub struct SliceArgs;
impl SliceArgs {
    #[doc(hidden)]
    pub fn unimplemented() -> Self {
        unimplemented!()
    }
}

/// A tensor of rank `D` and kind `K`; its device (and so its backend) is a runtime value.
#[derive(Debug)]
pub struct Tensor<const D: usize, K = Float>
where
    K: TensorKind,
{
    _k: PhantomData<K>,
}

impl<const D: usize, K: TensorKind> Clone for Tensor<D, K> {
    fn clone(&self) -> Self {
        unimplemented!()
    }
}

impl<const D: usize, K: TensorKind> Tensor<D, K> {
    pub fn empty<S: Into<Shape>>(shape: S, device: &Device) -> Self {
        unimplemented!()
    }
    pub fn from_data<T: Into<TensorData>>(data: T, device: &Device) -> Self {
        unimplemented!()
    }
    pub fn into_data(self) -> TensorData {
        unimplemented!()
    }
    pub fn to_data(&self) -> TensorData {
        unimplemented!()
    }
    /// The single value, converted to `E`.
    pub fn into_scalar<E: Element>(self) -> E {
        unimplemented!()
    }
    pub fn dims(&self) -> [usize; D] {
        unimplemented!()
    }
    pub fn shape(&self) -> Shape {
        unimplemented!()
    }
    pub fn device(&self) -> Device {
        unimplemented!()
    }
    pub fn to_device(self, device: &Device) -> Self {
        unimplemented!()
    }
    pub fn reshape<const D2: usize, S: ReshapeArgs<D2>>(self, shape: S) -> Tensor<D2, K> {
        unimplemented!()
    }
    pub fn flatten<const D2: usize>(self, start_dim: usize, end_dim: usize) -> Tensor<D2, K> {
        unimplemented!()
    }
    pub fn unsqueeze<const D2: usize>(self) -> Tensor<D2, K> {
        unimplemented!()
    }
    pub fn unsqueeze_dim<const D2: usize>(self, dim: usize) -> Tensor<D2, K> {
        unimplemented!()
    }
    pub fn squeeze<const D2: usize>(self, dim: usize) -> Tensor<D2, K> {
        unimplemented!()
    }
    pub fn swap_dims(self, dim1: usize, dim2: usize) -> Self {
        unimplemented!()
    }
    pub fn transpose(self) -> Self {
        unimplemented!()
    }
    pub fn permute(self, axes: [isize; D]) -> Self {
        unimplemented!()
    }
    pub fn narrow(self, dim: usize, start: usize, length: usize) -> Self {
        unimplemented!()
    }
    pub fn slice<S: SliceArg<D>>(self, slices: S) -> Self {
        unimplemented!()
    }
    pub fn select(self, dim: usize, indices: Tensor<1, Int>) -> Self {
        unimplemented!()
    }
    pub fn repeat_dim(self, dim: usize, times: usize) -> Self {
        unimplemented!()
    }
    pub fn cat(tensors: Vec<Self>, dim: usize) -> Self {
        unimplemented!()
    }
    pub fn stack<const D2: usize>(tensors: Vec<Tensor<D, K>>, dim: usize) -> Tensor<D2, K> {
        unimplemented!()
    }
    pub fn chunk(self, chunks: usize, dim: usize) -> Vec<Self> {
        unimplemented!()
    }
    pub fn equal(self, other: Self) -> Tensor<D, Bool> {
        unimplemented!()
    }
    pub fn not_equal(self, other: Self) -> Tensor<D, Bool> {
        unimplemented!()
    }
}

impl<const D: usize, K: Numeric> Tensor<D, K> {
    pub fn zeros<S: Into<Shape>>(shape: S, device: &Device) -> Self {
        unimplemented!()
    }
    pub fn ones<S: Into<Shape>>(shape: S, device: &Device) -> Self {
        unimplemented!()
    }
    pub fn full<S: Into<Shape>, E: ElementConversion>(shape: S, fill_value: E, device: &Device) -> Self {
        unimplemented!()
    }
    pub fn zeros_like(&self) -> Self {
        unimplemented!()
    }
    pub fn ones_like(&self) -> Self {
        unimplemented!()
    }
    pub fn random<S: Into<Shape>>(shape: S, distribution: Distribution, device: &Device) -> Self {
        unimplemented!()
    }
    pub fn add(self, other: Self) -> Self {
        unimplemented!()
    }
    pub fn sub(self, other: Self) -> Self {
        unimplemented!()
    }
    pub fn mul(self, other: Self) -> Self {
        unimplemented!()
    }
    pub fn div(self, other: Self) -> Self {
        unimplemented!()
    }
    pub fn add_scalar<E: ElementConversion>(self, other: E) -> Self {
        unimplemented!()
    }
    pub fn sub_scalar<E: ElementConversion>(self, other: E) -> Self {
        unimplemented!()
    }
    pub fn mul_scalar<E: ElementConversion>(self, other: E) -> Self {
        unimplemented!()
    }
    pub fn div_scalar<E: ElementConversion>(self, other: E) -> Self {
        unimplemented!()
    }
    pub fn neg(self) -> Self {
        unimplemented!()
    }
    pub fn abs(self) -> Self {
        unimplemented!()
    }
    pub fn powi_scalar<E: ElementConversion>(self, other: E) -> Self {
        unimplemented!()
    }
    pub fn clamp<E: ElementConversion>(self, min: E, max: E) -> Self {
        unimplemented!()
    }
    pub fn clamp_min<E: ElementConversion>(self, min: E) -> Self {
        unimplemented!()
    }
    pub fn clamp_max<E: ElementConversion>(self, max: E) -> Self {
        unimplemented!()
    }
    pub fn sum(self) -> Tensor<1, K> {
        unimplemented!()
    }
    pub fn sum_dim(self, dim: usize) -> Self {
        unimplemented!()
    }
    pub fn mean(self) -> Tensor<1, K> {
        unimplemented!()
    }
    pub fn mean_dim(self, dim: usize) -> Self {
        unimplemented!()
    }
    pub fn max(self) -> Tensor<1, K> {
        unimplemented!()
    }
    pub fn max_dim(self, dim: usize) -> Self {
        unimplemented!()
    }
    pub fn min(self) -> Tensor<1, K> {
        unimplemented!()
    }
    pub fn min_dim(self, dim: usize) -> Self {
        unimplemented!()
    }
    pub fn argmax(self, dim: usize) -> Tensor<D, Int> {
        unimplemented!()
    }
    pub fn argmin(self, dim: usize) -> Tensor<D, Int> {
        unimplemented!()
    }
    pub fn greater(self, other: Self) -> Tensor<D, Bool> {
        unimplemented!()
    }
    pub fn greater_elem<E: ElementConversion>(self, other: E) -> Tensor<D, Bool> {
        unimplemented!()
    }
    pub fn greater_scalar<E: ElementConversion>(self, other: E) -> Tensor<D, Bool> {
        unimplemented!()
    }
    pub fn lower(self, other: Self) -> Tensor<D, Bool> {
        unimplemented!()
    }
    pub fn lower_elem<E: ElementConversion>(self, other: E) -> Tensor<D, Bool> {
        unimplemented!()
    }
    pub fn lower_scalar<E: ElementConversion>(self, other: E) -> Tensor<D, Bool> {
        unimplemented!()
    }
    pub fn equal_elem<E: ElementConversion>(self, other: E) -> Tensor<D, Bool> {
        unimplemented!()
    }
    pub fn equal_scalar<E: ElementConversion>(self, other: E) -> Tensor<D, Bool> {
        unimplemented!()
    }
    pub fn mask_fill<E: ElementConversion>(self, mask: Tensor<D, Bool>, value: E) -> Self {
        unimplemented!()
    }
}

impl<const D: usize> Tensor<D> {
    pub fn from_floats<A: Into<TensorData>>(floats: A, device: &Device) -> Self {
        unimplemented!()
    }
    pub fn matmul(self, other: Self) -> Self {
        unimplemented!()
    }
    pub fn exp(self) -> Self {
        unimplemented!()
    }
    pub fn log(self) -> Self {
        unimplemented!()
    }
    pub fn sqrt(self) -> Self {
        unimplemented!()
    }
    pub fn powf_scalar<E: ElementConversion>(self, other: E) -> Self {
        unimplemented!()
    }
    pub fn var(self, dim: usize) -> Self {
        unimplemented!()
    }
    pub fn int(self) -> Tensor<D, Int> {
        unimplemented!()
    }
    pub fn detach(self) -> Self {
        unimplemented!()
    }
    pub fn require_grad(self) -> Self {
        unimplemented!()
    }
    pub fn set_require_grad(self, require_grad: bool) -> Self {
        unimplemented!()
    }
    pub fn is_require_grad(&self) -> bool {
        unimplemented!()
    }
    /// Backpropagation from this tensor (its device must be an autodiff device).
    pub fn backward(&self) -> Gradients {
        unimplemented!()
    }
    pub fn grad(&self, grads: &Gradients) -> Option<Tensor<D>> {
        unimplemented!()
    }
    pub fn grad_remove(&self, grads: &mut Gradients) -> Option<Tensor<D>> {
        unimplemented!()
    }
    /// The same tensor without autodiff tracking.
    pub fn inner(self) -> Tensor<D> {
        unimplemented!()
    }
    pub fn from_inner(inner: Tensor<D>) -> Self {
        unimplemented!()
    }
}

impl<const D: usize> Tensor<D, Int> {
    pub fn from_ints<A: Into<TensorData>>(ints: A, device: &Device) -> Self {
        unimplemented!()
    }
    pub fn float(self) -> Tensor<D> {
        unimplemented!()
    }
}

impl Tensor<1, Int> {
    pub fn arange(range: Range<i64>, device: &Device) -> Self {
        unimplemented!()
    }
}

impl<const D: usize> Tensor<D, Bool> {
    pub fn from_bool(data: TensorData, device: &Device) -> Self {
        unimplemented!()
    }
    pub fn int(self) -> Tensor<D, Int> {
        unimplemented!()
    }
    pub fn float(self) -> Tensor<D> {
        unimplemented!()
    }
    pub fn bool_not(self) -> Self {
        unimplemented!()
    }
}

macro_rules! tensor_ops {
    ($($tr:ident $f:ident),*) => {$(
        impl<const D: usize, K: Numeric> core::ops::$tr<Tensor<D, K>> for Tensor<D, K> {
            type Output = Self;
            fn $f(self, rhs: Self) -> Self { unimplemented!() }
        }
    )*};
}
tensor_ops!(Add add, Sub sub, Mul mul, Div div);

impl<const D: usize, K: Numeric> core::ops::Neg for Tensor<D, K> {
    type Output = Self;
    fn neg(self) -> Self {
        unimplemented!()
    }
}

pub mod activation {
    use super::Tensor;

    pub fn relu<const D: usize>(tensor: Tensor<D>) -> Tensor<D> {
        unimplemented!()
    }
    pub fn sigmoid<const D: usize>(tensor: Tensor<D>) -> Tensor<D> {
        unimplemented!()
    }
    pub fn softmax<const D: usize>(tensor: Tensor<D>, dim: usize) -> Tensor<D> {
        unimplemented!()
    }
    pub fn log_softmax<const D: usize>(tensor: Tensor<D>, dim: usize) -> Tensor<D> {
        unimplemented!()
    }
    pub fn gelu<const D: usize>(tensor: Tensor<D>) -> Tensor<D> {
        unimplemented!()
    }
}

/// Linear algebra (feature `linalg` in 0.22.1; also `burn::linalg`).
#[cfg(feature = "linalg")]
pub mod linalg {
    use super::Tensor;

    /// The order of a vector norm.
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub enum Norm {
        L0,
        L1,
        L2,
        LInf,
        LNegInf,
        Lp(f64),
    }
    impl From<f64> for Norm {
        fn from(p: f64) -> Self {
            unimplemented!()
        }
    }
    impl From<f32> for Norm {
        fn from(p: f32) -> Self {
            unimplemented!()
        }
    }

    pub fn vector_norm<const D: usize>(x: Tensor<D>, norm: impl Into<Norm>, dim: usize) -> Tensor<D> {
        unimplemented!()
    }
    pub fn l2_norm<const D: usize>(x: Tensor<D>, dim: usize) -> Tensor<D> {
        unimplemented!()
    }
}
