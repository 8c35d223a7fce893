"""Source rules (tree-sitter codemods), in the order the runner applies them.

Order matters: rules that need to know which parameters are backends run before
`backend-type-parameter` erases them; imports are cleaned after every use is gone; the
finding-only rule runs last, on the rewritten text.
"""
from .autodiff_device import AutodiffDevice
from .autodiff_module import AutodiffModuleToModule
from .backend_alias import BackendAlias
from .backend_device_method import BackendDeviceMethod
from .backend_device_type import BackendDeviceType
from .backend_device_value import BackendDeviceValue
from .backend_elem_type import BackendElemType
from .backend_extension import BackendExtension
from .backend_import import BackendImport
from .backend_phantom import BackendPhantom
from .backend_turbofish import BackendTurbofish
from .backend_type_argument import BackendTypeArgument
from .backend_type_parameter import BackendTypeParameter
from .bench_result_unread import BenchResultUnread
from .bitwise_scalar_elem import BitwiseScalarElem
from .burn_trait_impl import BurnTraitImpl
from .config_new_fields import ConfigNewFields
from .cube_index_guard import CubeIndexGuard
from .cubecl_debug_env import CubeclDebugEnv
from .dataset_pixel_data import DatasetPixelData
from .dataset_result import DatasetResult
from .default_dtypes import DefaultDtypes
from .device_copy import DeviceCopy
from .device_cpu_to_flex import DeviceCpuToFlex
from .device_enumeration import DeviceEnumeration
from .discrete_gpu_index import DiscreteGpuIndex
from .double_backward import DoubleBackward
from .fork_not_to_device import ForkNotToDevice
from .from_bool_into import FromBoolInto
from .grad_unwrap import GradUnwrap
from .into_scalar_element import IntoScalarElement
from .item_lazy_sync import ItemLazySync
from .linear_col_layout import LinearColLayout
from .memory_watch_loop import MemoryWatchLoop
from .mixed_devices import MixedDevices
from .module_derive_clone import ModuleDeriveClone
from .module_field_skip import ModuleFieldSkip
from .module_optimizer import ModuleOptimizerRule
from .numeric_metric_impls import NumericMetricImpls
from .padded_cross_entropy import PaddedCrossEntropy
from .pool_options import PoolOptions
from .quant_default_scheme import QuantDefaultScheme
from .quant_scheme_levels import QuantSchemeLevels
from .quantizer_literal import QuantizerLiteral
from .record_to_store import RecordToStore
from .removed_items import RemovedItems
from .require_grad_without_autodiff import RequireGradWithoutAutodiff
from .rust_toolchain import RustToolchain
from .safetensors_adapter import SafetensorsAdapter
from .seeded_workers import SeededWorkers
from .slice_clamps import SliceClamps
from .slice_to_narrow import SliceToNarrow
from .sync_as_error_check import SyncAsErrorCheck
from .tensor_backend_paths import TensorBackendPaths
from .tensor_data_fields import TensorDataFields
from .tensor_data_readback import TensorDataReadback
from .timing_without_sync import TimingWithoutSync
from .train_metadata_fields import TrainMetadataFields
from .training_builder import TrainingBuilder
from .training_traits import TrainingTraits
from .valid_for_inference import ValidForInference

RULES = (
    ModuleDeriveClone,
    ModuleFieldSkip,
    ForkNotToDevice,
    SliceToNarrow,
    RecordToStore,
    DatasetResult,
    DatasetPixelData,
    TrainingBuilder,
    ItemLazySync,
    NumericMetricImpls,
    ModuleOptimizerRule,
    DefaultDtypes,
    TensorDataReadback,
    FromBoolInto,
    TensorDataFields,
    PoolOptions,
    QuantSchemeLevels,
    QuantizerLiteral,
    QuantDefaultScheme,
    DeviceCopy,
    BackendDeviceMethod,
    DeviceCpuToFlex,
    BackendElemType,
    IntoScalarElement,
    BitwiseScalarElem,
    BackendPhantom,
    BackendDeviceType,
    BackendDeviceValue,
    AutodiffModuleToModule,
    ValidForInference,
    RequireGradWithoutAutodiff,
    AutodiffDevice,
    BackendTypeArgument,
    BackendTurbofish,
    BackendTypeParameter,
    BackendAlias,
    TensorBackendPaths,
    BackendImport,
    RemovedItems,
    SliceClamps,
    SafetensorsAdapter,
    TrainingTraits,
    TrainMetadataFields,
    DeviceEnumeration,
    RustToolchain,
    BenchResultUnread,
    CubeIndexGuard,
    CubeclDebugEnv,
    DiscreteGpuIndex,
    DoubleBackward,
    GradUnwrap,
    MemoryWatchLoop,
    MixedDevices,
    SeededWorkers,
    PaddedCrossEntropy,
    SyncAsErrorCheck,
    TimingWithoutSync,
    ConfigNewFields,
    LinearColLayout,
    BackendExtension,
    BurnTraitImpl,
)

__all__ = ["RULES"] + [r.__name__ for r in RULES]
