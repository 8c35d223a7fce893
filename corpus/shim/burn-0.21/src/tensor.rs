//! `burn::tensor` of 0.21: tensors are generic over the backend `B`.
use core::fmt::Debug;
use core::marker::PhantomData;
use core::ops::Range;

pub mod backend {
    //! The backend traits. `Device`, element types and device-level operations are associated
    //! items of the backend type.
    use core::fmt::Debug;

    use super::{BoolElement, FloatElement, IntElement};

    /// Identifies a device: the device type and its index.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub struct DeviceId {
        pub type_id: u16,
        pub index_id: u32,
    }

    impl DeviceId {
        pub fn new(type_id: u16, index_id: u32) -> Self {
            Self { type_id, index_id }
        }
    }

    /// Operations every backend device type supports.
    pub trait DeviceOps: Clone + Default + PartialEq + Send + Sync + Debug {
        fn id(&self) -> DeviceId {
            unimplemented!()
        }
        fn from_id(device_id: DeviceId) -> Self {
            unimplemented!()
        }
    }

    /// Error of `Backend::sync`.
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

    pub trait Backend: Clone + Default + Send + Sync + 'static + Debug {
        type Device: DeviceOps + Clone + Default + Debug + PartialEq + Send + Sync;
        type FloatElem: FloatElement;
        type IntElem: IntElement;
        type BoolElem: BoolElement;

        fn seed(device: &Self::Device, seed: u64);
        fn sync(device: &Self::Device) -> Result<(), ExecutionError> {
            unimplemented!()
        }
        fn memory_cleanup(device: &Self::Device) {
            unimplemented!()
        }
        fn ad_enabled(device: &Self::Device) -> bool {
            unimplemented!()
        }
        fn name(device: &Self::Device) -> String;
        fn device_count(type_id: u16) -> usize {
            unimplemented!()
        }
        fn supports_dtype(device: &Self::Device, dtype: super::DType) -> bool {
            unimplemented!()
        }
    }

    pub trait AutodiffBackend: Backend {
        type InnerBackend: Backend<Device = Self::Device, FloatElem = Self::FloatElem, IntElem = Self::IntElem>;
        type Gradients: Send;
    }
}

use backend::{AutodiffBackend, Backend};

/// The device type of a backend (`Device<B>` is `B::Device`).
pub type Device<B> = <B as Backend>::Device;

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
pub trait FloatElement: Element {}
pub trait IntElement: Element {}
pub trait BoolElement: Element {}

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
    ($($t:ty => $d:ident, $kind:ident;)*) => {$(
        impl ToElement for $t {}
        impl ElementConversion for $t {
            fn from_elem<E: ToElement>(elem: E) -> Self { unimplemented!() }
            fn elem<E: Element>(self) -> E { unimplemented!() }
        }
        impl Element for $t { fn dtype() -> DType { DType::$d } }
        impl $kind for $t {}
    )*};
}

elements! {
    f64 => F64, FloatElement;
    f32 => F32, FloatElement;
    i64 => I64, IntElement;
    i32 => I32, IntElement;
    i16 => I16, IntElement;
    i8 => I8, IntElement;
    u64 => U64, IntElement;
    u32 => U32, IntElement;
    u16 => U16, IntElement;
    u8 => U8, IntElement;
    bool => Bool, BoolElement;
}
// CubeCL backends store booleans as `u8` / `u32`.
impl BoolElement for u8 {}
impl BoolElement for u32 {}

/// The kind of a tensor: `Float` (default), `Int` or `Bool`.
pub trait TensorKind<B: Backend>: Clone + Debug + Send + Sync + 'static {
    type Elem: Element;
    fn name() -> &'static str;
}
/// Kinds with arithmetic (`Float`, `Int`).
pub trait Numeric<B: Backend>: TensorKind<B> {}
pub trait BasicOps<B: Backend>: TensorKind<B> {}

#[derive(Clone, Debug)]
pub struct Float;
#[derive(Clone, Debug)]
pub struct Int;
#[derive(Clone, Debug)]
pub struct Bool;

impl<B: Backend> TensorKind<B> for Float {
    type Elem = B::FloatElem;
    fn name() -> &'static str {
        "Float"
    }
}
impl<B: Backend> TensorKind<B> for Int {
    type Elem = B::IntElem;
    fn name() -> &'static str {
        "Int"
    }
}
impl<B: Backend> TensorKind<B> for Bool {
    type Elem = B::BoolElem;
    fn name() -> &'static str {
        "Bool"
    }
}
impl<B: Backend> Numeric<B> for Float {}
impl<B: Backend> Numeric<B> for Int {}
impl<B: Backend> BasicOps<B> for Float {}
impl<B: Backend> BasicOps<B> for Int {}
impl<B: Backend> BasicOps<B> for Bool {}

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

/// Data of a tensor, independent of any backend.
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
    /// Converts the data to the element type `E`.
    pub fn convert<E: Element>(self) -> Self {
        unimplemented!()
    }
    pub fn to_vec<E: Element>(&self) -> Result<Vec<E>, DataError> {
        unimplemented!()
    }
    pub fn into_vec<E: Element>(self) -> Result<Vec<E>, DataError> {
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
    pub fn assert_approx_eq<F: FloatElement>(&self, other: &Self, tolerance: Tolerance<F>) {
        unimplemented!()
    }
}

/// Tolerance of `TensorData::assert_approx_eq`.
pub struct Tolerance<F> {
    _f: PhantomData<F>,
}
impl<F: FloatElement> Tolerance<F> {
    pub fn default() -> Self {
        unimplemented!()
    }
    pub fn absolute(tolerance: f64) -> Self {
        unimplemented!()
    }
    pub fn rel_abs(relative: f64, absolute: f64) -> Self {
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

/// Arguments of `Tensor::reshape`: `[usize; D2]`, `[i32; D2]` (with `-1`/`0`), `Shape`.
pub trait ReshapeArgs<const D2: usize> {}
impl<const D2: usize> ReshapeArgs<D2> for [usize; D2] {}
impl<const D2: usize> ReshapeArgs<D2> for [i32; D2] {}
impl<const D2: usize> ReshapeArgs<D2> for [i64; D2] {}
impl<const D2: usize> ReshapeArgs<D2> for Shape {}

/// Arguments of `Tensor::slice`.
pub trait SliceArg<const D: usize> {}
impl<const D: usize, const D2: usize> SliceArg<D> for [Range<usize>; D2] {}
impl<const D: usize, const D2: usize> SliceArg<D> for [Option<(i64, i64)>; D2] {}
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

/// A tensor of rank `D` and kind `K` on the backend `B`.
#[derive(Debug)]
pub struct Tensor<B, const D: usize, K = Float>
where
    B: Backend,
    K: TensorKind<B>,
{
    _b: PhantomData<(B, K)>,
}

impl<B: Backend, const D: usize, K: TensorKind<B>> Clone for Tensor<B, D, K> {
    fn clone(&self) -> Self {
        unimplemented!()
    }
}

impl<B: Backend, const D: usize, K: TensorKind<B>> Tensor<B, D, K> {
    pub fn empty<S: Into<Shape>>(shape: S, device: &B::Device) -> Self {
        unimplemented!()
    }
    pub fn from_data<T: Into<TensorData>>(data: T, device: &B::Device) -> Self {
        unimplemented!()
    }
    pub fn into_data(self) -> TensorData {
        unimplemented!()
    }
    pub fn to_data(&self) -> TensorData {
        unimplemented!()
    }
    pub fn into_scalar(self) -> K::Elem {
        unimplemented!()
    }
    pub fn dims(&self) -> [usize; D] {
        unimplemented!()
    }
    pub fn shape(&self) -> Shape {
        unimplemented!()
    }
    pub fn device(&self) -> B::Device {
        unimplemented!()
    }
    pub fn to_device(self, device: &B::Device) -> Self {
        unimplemented!()
    }
    pub fn reshape<const D2: usize, S: ReshapeArgs<D2>>(self, shape: S) -> Tensor<B, D2, K> {
        unimplemented!()
    }
    pub fn flatten<const D2: usize>(self, start_dim: usize, end_dim: usize) -> Tensor<B, D2, K> {
        unimplemented!()
    }
    pub fn unsqueeze<const D2: usize>(self) -> Tensor<B, D2, K> {
        unimplemented!()
    }
    pub fn unsqueeze_dim<const D2: usize>(self, dim: usize) -> Tensor<B, D2, K> {
        unimplemented!()
    }
    pub fn squeeze<const D2: usize>(self, dim: usize) -> Tensor<B, D2, K> {
        unimplemented!()
    }
    pub fn swap_dims(self, dim1: usize, dim2: usize) -> Self {
        unimplemented!()
    }
    pub fn transpose(self) -> Self {
        unimplemented!()
    }
    pub fn permute(self, axes: [usize; D]) -> Self {
        unimplemented!()
    }
    pub fn narrow(self, dim: usize, start: usize, length: usize) -> Self {
        unimplemented!()
    }
    pub fn slice<S: SliceArg<D>>(self, slices: S) -> Self {
        unimplemented!()
    }
    pub fn select(self, dim: usize, indices: Tensor<B, 1, Int>) -> Self {
        unimplemented!()
    }
    pub fn repeat_dim(self, dim: usize, times: usize) -> Self {
        unimplemented!()
    }
    pub fn cat(tensors: Vec<Self>, dim: usize) -> Self {
        unimplemented!()
    }
    pub fn stack<const D2: usize>(tensors: Vec<Tensor<B, D, K>>, dim: usize) -> Tensor<B, D2, K> {
        unimplemented!()
    }
    pub fn chunk(self, chunks: usize, dim: usize) -> Vec<Self> {
        unimplemented!()
    }
    pub fn equal(self, other: Self) -> Tensor<B, D, Bool> {
        unimplemented!()
    }
    pub fn not_equal(self, other: Self) -> Tensor<B, D, Bool> {
        unimplemented!()
    }
}

impl<B: Backend, const D: usize, K: Numeric<B>> Tensor<B, D, K> {
    pub fn zeros<S: Into<Shape>>(shape: S, device: &B::Device) -> Self {
        unimplemented!()
    }
    pub fn ones<S: Into<Shape>>(shape: S, device: &B::Device) -> Self {
        unimplemented!()
    }
    pub fn full<S: Into<Shape>, E: ElementConversion>(shape: S, fill_value: E, device: &B::Device) -> Self {
        unimplemented!()
    }
    pub fn zeros_like(&self) -> Self {
        unimplemented!()
    }
    pub fn ones_like(&self) -> Self {
        unimplemented!()
    }
    pub fn random<S: Into<Shape>>(shape: S, distribution: Distribution, device: &B::Device) -> Self {
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
    pub fn sum(self) -> Tensor<B, 1, K> {
        unimplemented!()
    }
    pub fn sum_dim(self, dim: usize) -> Self {
        unimplemented!()
    }
    pub fn mean(self) -> Tensor<B, 1, K> {
        unimplemented!()
    }
    pub fn mean_dim(self, dim: usize) -> Self {
        unimplemented!()
    }
    pub fn max(self) -> Tensor<B, 1, K> {
        unimplemented!()
    }
    pub fn max_dim(self, dim: usize) -> Self {
        unimplemented!()
    }
    pub fn min(self) -> Tensor<B, 1, K> {
        unimplemented!()
    }
    pub fn min_dim(self, dim: usize) -> Self {
        unimplemented!()
    }
    pub fn argmax(self, dim: usize) -> Tensor<B, D, Int> {
        unimplemented!()
    }
    pub fn argmin(self, dim: usize) -> Tensor<B, D, Int> {
        unimplemented!()
    }
    pub fn greater(self, other: Self) -> Tensor<B, D, Bool> {
        unimplemented!()
    }
    pub fn greater_elem<E: ElementConversion>(self, other: E) -> Tensor<B, D, Bool> {
        unimplemented!()
    }
    pub fn lower(self, other: Self) -> Tensor<B, D, Bool> {
        unimplemented!()
    }
    pub fn lower_elem<E: ElementConversion>(self, other: E) -> Tensor<B, D, Bool> {
        unimplemented!()
    }
    pub fn equal_elem<E: ElementConversion>(self, other: E) -> Tensor<B, D, Bool> {
        unimplemented!()
    }
    pub fn mask_fill<E: ElementConversion>(self, mask: Tensor<B, D, Bool>, value: E) -> Self {
        unimplemented!()
    }
}

impl<B: Backend, const D: usize> Tensor<B, D> {
    pub fn from_floats<A: Into<TensorData>>(floats: A, device: &B::Device) -> Self {
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
    pub fn int(self) -> Tensor<B, D, Int> {
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
}

impl<B: AutodiffBackend, const D: usize> Tensor<B, D> {
    pub fn backward(&self) -> B::Gradients {
        unimplemented!()
    }
    pub fn grad(&self, grads: &B::Gradients) -> Option<Tensor<B::InnerBackend, D>> {
        unimplemented!()
    }
    pub fn grad_remove(&self, grads: &mut B::Gradients) -> Option<Tensor<B::InnerBackend, D>> {
        unimplemented!()
    }
    pub fn inner(self) -> Tensor<B::InnerBackend, D> {
        unimplemented!()
    }
    pub fn from_inner(inner: Tensor<B::InnerBackend, D>) -> Self {
        unimplemented!()
    }
}

impl<B: Backend, const D: usize> Tensor<B, D, Int> {
    pub fn from_ints<A: Into<TensorData>>(ints: A, device: &B::Device) -> Self {
        unimplemented!()
    }
    pub fn float(self) -> Tensor<B, D> {
        unimplemented!()
    }
}

impl<B: Backend> Tensor<B, 1, Int> {
    pub fn arange(range: Range<i64>, device: &B::Device) -> Self {
        unimplemented!()
    }
}

impl<B: Backend, const D: usize> Tensor<B, D, Bool> {
    pub fn from_bool(data: TensorData, device: &B::Device) -> Self {
        unimplemented!()
    }
    pub fn int(self) -> Tensor<B, D, Int> {
        unimplemented!()
    }
    pub fn float(self) -> Tensor<B, D> {
        unimplemented!()
    }
    pub fn bool_not(self) -> Self {
        unimplemented!()
    }
}

macro_rules! tensor_ops {
    ($($tr:ident $f:ident),*) => {$(
        impl<B: Backend, const D: usize, K: Numeric<B>> core::ops::$tr<Tensor<B, D, K>> for Tensor<B, D, K> {
            type Output = Self;
            fn $f(self, rhs: Self) -> Self { unimplemented!() }
        }
    )*};
}
tensor_ops!(Add add, Sub sub, Mul mul, Div div);

impl<B: Backend, const D: usize, K: Numeric<B>> core::ops::Neg for Tensor<B, D, K> {
    type Output = Self;
    fn neg(self) -> Self {
        unimplemented!()
    }
}

pub mod activation {
    use super::backend::Backend;
    use super::Tensor;

    pub fn relu<B: Backend, const D: usize>(tensor: Tensor<B, D>) -> Tensor<B, D> {
        unimplemented!()
    }
    pub fn sigmoid<B: Backend, const D: usize>(tensor: Tensor<B, D>) -> Tensor<B, D> {
        unimplemented!()
    }
    pub fn softmax<B: Backend, const D: usize>(tensor: Tensor<B, D>, dim: usize) -> Tensor<B, D> {
        unimplemented!()
    }
    pub fn log_softmax<B: Backend, const D: usize>(tensor: Tensor<B, D>, dim: usize) -> Tensor<B, D> {
        unimplemented!()
    }
    pub fn gelu<B: Backend, const D: usize>(tensor: Tensor<B, D>) -> Tensor<B, D> {
        unimplemented!()
    }
}

pub mod linalg {
    use super::backend::Backend;
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

    pub fn vector_norm<B: Backend, const D: usize>(x: Tensor<B, D>, norm: impl Into<Norm>, dim: usize) -> Tensor<B, D> {
        unimplemented!()
    }
    pub fn l2_norm<B: Backend, const D: usize>(x: Tensor<B, D>, dim: usize) -> Tensor<B, D> {
        unimplemented!()
    }
}

pub mod ops {
    //! Element aliases of a backend.
    use super::backend::Backend;

    pub type FloatElem<B> = <B as Backend>::FloatElem;
    pub type IntElem<B> = <B as Backend>::IntElem;
    pub type BoolElem<B> = <B as Backend>::BoolElem;
}
