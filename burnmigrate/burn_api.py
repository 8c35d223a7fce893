"""What burn 0.21 and 0.22.1 look like, as data: names the rules need (no tree-sitter here).

Facts come from ../shared/reference/migration-0.22.md (R1–R28) and burn's public docs.
"""
from __future__ import annotations

import re
import tomllib
from collections.abc import Sequence
from functools import cache
from importlib import resources

# burn traits whose shape changed in 0.22.1 have a module of their own, re-exported here
from burnmigrate.burn_changed_traits import (
    CHANGED_TRAITS as CHANGED_TRAITS,
    MODULE_REQUIRED_0_22 as MODULE_REQUIRED_0_22,
    OPTIMIZER_ITEMS_0_22 as OPTIMIZER_ITEMS_0_22,
    ChangedTrait as ChangedTrait,
)

# Traits whose bound makes a type parameter a backend parameter (last path segment).
BACKEND_TRAITS = frozenset({"Backend", "AutodiffBackend", "BackendTypes"})
AUTODIFF_TRAITS = frozenset({"AutodiffBackend"})
# Bounds that may sit beside Backend without making the parameter "more than a backend".
MARKER_BOUNDS = frozenset({
    "Send", "Sync", "Clone", "Copy", "Debug", "Default", "Sized", "Unpin", "PartialEq", "Eq",
    "Hash", "Display"})

# 0.21 concrete backend types (burn::backend::*, backend crates).
CONCRETE_BACKENDS = frozenset({
    "Wgpu", "WebGpu", "Vulkan", "Metal", "Cuda", "Rocm", "Cpu", "Flex", "NdArray", "LibTorch",
    "Candle", "Autodiff", "Fusion", "Router", "RemoteBackend", "Dispatch", "CubeBackend"})
AUTODIFF_BACKENDS = frozenset({"Autodiff"})
# burn-cubecl 0.21.0's `CubeBackend<R, F, I, BT>` is the backend its runtime names (burn-wgpu / burn-cuda /
# burn-rocm / burn-cpu 0.21.0 `lib.rs`: `type Wgpu<F, I, B> = CubeBackend<WgpuRuntime, F, I, B>`, ...)
CUBE_RUNTIME_BACKENDS = {"WgpuRuntime": "Wgpu", "CudaRuntime": "Cuda", "HipRuntime": "Rocm", "CpuRuntime": "Cpu"}
# what each 0.21 backend type's parameters choose, in order (burn-wgpu / -cuda / -rocm / -cpu 0.21.0 `lib.rs`,
# burn-ndarray / -tch / -flex / -candle / -cubecl 0.21.0 `backend.rs`): a 0.22.1 device is configured with the
# "float" and "int" ones; "bool" (a storage choice), "quant" and "runtime" are no element type of a tensor
BACKEND_PARAMS = {
    **dict.fromkeys(("Wgpu", "WebGpu", "Vulkan", "Metal", "Rocm"), ("float", "int", "bool")),
    **dict.fromkeys(("Cuda", "Cpu", "Flex", "Candle"), ("float", "int")),
    "NdArray": ("float", "int", "quant"), "LibTorch": ("float",), "CubeBackend": ("runtime", "float", "int", "bool")}


def named_backend(head: str, args: Sequence[str]) -> str:
    """The 0.21 backend a backend type stands for, from its head and its type arguments' last segments:
    `CubeBackend<WgpuRuntime, ..>` is Wgpu (a runtime no backend names, or a parameter, keeps `CubeBackend`)."""
    return CUBE_RUNTIME_BACKENDS.get(args[0], head) if head == "CubeBackend" and args else head


def element_args(head: str, args: Sequence[str]) -> list[str]:
    """The element type arguments (float, int) of a 0.21 backend type `head<args..>`, as written."""
    roles = BACKEND_PARAMS.get(head)
    if roles is None:
        return list(args)
    return [a for a, role in zip(args, roles) if role in ("float", "int")]
# the integer type a 0.22.1 device of the backend computes in unless configured (`DeviceOps::defaults`:
# burn-ndarray / burn-tch 0.22.1 `backend.rs` I64; Flex and the CubeCL backends I32); floats are F32 on all
DEFAULT_INT = {"NdArray": "i64", "LibTorch": "i64"}
# 0.21's per-backend device types and the backends each was the device of (the wgpu family shared
# one type); 0.22.1 has one `Device`, built by a constructor per backend
DEVICE_TYPE_BACKENDS = {
    "WgpuDevice": frozenset({"Wgpu", "WebGpu", "Vulkan", "Metal"}),
    "CudaDevice": frozenset({"Cuda"}), "RocmDevice": frozenset({"Rocm"}), "FlexDevice": frozenset({"Flex"}),
    "CpuDevice": frozenset({"Cpu"}), "NdArrayDevice": frozenset({"NdArray"}), "LibTorchDevice": frozenset({"LibTorch"}),
}
BACKEND_DEVICE_TYPES = frozenset(DEVICE_TYPE_BACKENDS) | {"DispatchDevice"}   # (the `dispatch` feature's, any backend)
DEVICE_TYPE_OF = {b: d for d, backends in DEVICE_TYPE_BACKENDS.items() for b in backends}   # backend → its 0.21 device type
# Types that name a backend through learning components (custom learning strategies, R15).
BACKEND_FROM_COMPONENTS = frozenset({"TrainingBackend", "InferenceBackend"})

# burn's own generic types that lose exactly their backend argument in 0.22 (R2, R14, R15, R16).
BURN_GENERIC_TYPES = frozenset({
    # tensors and devices
    "Tensor", "Param", "RunningState", "Device", "Devices", "Distribution",
    # nn modules
    "Linear", "Conv1d", "Conv2d", "Conv3d", "ConvTranspose1d", "ConvTranspose2d", "ConvTranspose3d", "DeformConv2d",
    "BatchNorm", "LayerNorm", "GroupNorm", "InstanceNorm", "RmsNorm", "Embedding", "Lstm", "BiLstm", "Gru",
    "GateController", "MultiHeadAttention", "MhaInput", "MhaOutput", "MhaCache", "TransformerEncoder",
    "TransformerEncoderInput", "TransformerEncoderLayer", "TransformerEncoderAutoregressiveCache",
    "TransformerDecoder", "TransformerDecoderInput", "TransformerDecoderLayer",
    "TransformerDecoderAutoregressiveCache", "PositionalEncoding", "RotaryEncoding", "SwiGlu", "PRelu",
    "CrossEntropyLoss", "MseLoss", "HuberLoss", "BinaryCrossEntropyLoss", "LstmState", "Dropout", "MaxPool1d",
    "MaxPool2d", "AvgPool1d", "AvgPool2d", "AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "Unfold4d", "Interpolate1d",
    "Interpolate2d", "PositionWiseFeedForward", "Lora",
    # train outputs, metrics and their inputs
    "ClassificationOutput", "MultiLabelClassificationOutput", "RegressionOutput", "SequenceOutput", "TrainOutput",
    "LossMetric", "AccuracyMetric", "TopKAccuracyMetric", "PerplexityMetric", "FBetaScoreMetric", "PrecisionMetric",
    "RecallMetric", "PsnrMetric", "SsimMetric", "MsSsimMetric", "DiceMetric", "HammingScore", "AurocMetric",
    "LossInput", "AccuracyInput", "ConfusionStatsInput", "PerplexityInput", "TopKAccuracyInput", "HammingScoreInput",
    "AurocInput", "PsnrInput", "SsimInput", "DiceInput", "ExecutionStrategy",
    # data
    "Batcher", "DataLoader", "DataLoaderBuilder", "BatchDataLoader", "MultiThreadDataLoader", "FixBatchStrategy",
    "BatchStrategy", "DataLoaderIterator",
    # module traits and friends
    "Module", "AutodiffModule", "ModuleMapper", "ModuleVisitor", "ModuleSnapshot", "ModuleDisplay", "Optimizer",
    "SimpleOptimizer", "OptimizerAdaptor", "GradientsParams", "GradientsAccumulator", "GradientClipping",
    "Initializer", "Record", "LrScheduler", "Normalizer", "Quantizer", "Calibration", "Adaptor"})

# 0.21 generic types gone from 0.22.1 (test_api_deltas reads the crates): dropping their backend is no fix, so
# backend-type-argument asks (removed-items reports them); the rule-owned ones their rules rewrite or report
REMOVED_GENERIC_TYPES = frozenset({"Record", "Recorder", "AurocInput"})
RULE_OWNED_REMOVED_TYPES = frozenset({"AutodiffModule", "SimpleOptimizer", "OptimizerAdaptor"})

# Backend associated functions that became `Device` methods (R6): name → (method, pitfalls).
# how many arguments each of them takes in 0.21 (the device first): a call with another count is
# some other API (`B::seed(seed)` is the pre-0.21 global seed) and is not rewritten
DEVICE_METHOD_ARITY = {"seed": 2, "sync": 1, "memory_cleanup": 1, "ad_enabled": 1, "supports_dtype": 2, "flush": 1,
                       "memory_persistent_allocations": 3}
# burn 0.21 items that 0.22.1 removed outright → what replaces them (codemods/removed_items.py
# reports them; an item whose type mentions one keeps its backend parameter)
REMOVED_ITEMS = {
    "Reinitializer": "burn 0.22.1 has no `Reinitializer` (burn-core 0.21's `module/reinit.rs` is gone): keep a copy "
                     "of the 0.21 code in the project, or re-initialise the module by building it again from its config",
    "RecorderError": "burn 0.22.1 has no `burn::record` (recorders are gone): `save_file`, `try_load_file` and "
                     "`ModuleRecord::load` / `save` fail with `burn::store::RecordError` (burn-core 0.22.1 "
                     "`store/mod.rs`), so a `From` (`#[from]`) of 0.21's `RecorderError` becomes one of it",
}

# what training looks like in a fn body: a backward pass, an optimizer step, gradients, a learner
TRAINING_CALLS = re.compile(r"\.backward\(|\.step\(|from_grads|\.grad\(|\.grads\(|\.fit\(|Learner|Training\w*::new|\.optimize\(")
# fn names that say training, whatever the body shows
TRAINING_NAME = re.compile(r"train|fit|step|optim|learn|launch|run|main", re.I)

# burn-optim's LR schedulers, which 0.22.1's configs no longer build: every `XConfig::init()` returns
# `Result<ModuleLrScheduler, String>`, whose `step()` is a `ModuleLearningRate` (`lr_scheduler/*.rs`)
LR_SCHEDULER_TYPES = frozenset({"ComposedLrScheduler", "CosineAnnealingLrScheduler", "LinearLrScheduler",
                                "NoamLrScheduler", "ExponentialLrScheduler", "StepLrScheduler"})
# burn 0.21 modules and free items 0.22.1 removed (a `use` of them, or a path naming them in code)
REMOVED_PATHS = {
    "record": "burn 0.22.1 has no `burn::record` (recorders are gone): a module saves and loads itself as a "
              "burnpack file, `model.save_file(path)` / `model.load_file(path)` / `model.try_load_file(path)`, its "
              "record is `burn::store::ModuleRecord` (`model.into_record()`, `model.load_record(record)`); files a "
              "0.21 recorder wrote (.mpk, .bin) cannot be read by it: load them with burn 0.21 and save them again, "
              "or re-export the weights (pitfall 17)",
    "collective": "burn 0.22.1 has no `burn::collective` (burn-collective has no 0.22 release): collective ops "
                  "are `burn::tensor::distributed` (`DistributedContext::init(devices, DistributedConfig)`, "
                  "`all_reduce(tensor, ReduceOperation, devices).resolve()`), and burn-train's "
                  "`ExecutionStrategy::ddp(devices, config)` syncs a learner's gradients itself",
    "start_websocket": "burn 0.22.1's server is `burn::server::RemoteServer::new([device]).serve("
                       "WebSocketTransport::new(port))` (feature `remote-websocket`; the device picks the backend)"}
# burn-core 0.21.0's recorders (`record/{file,memory,recorder}.rs`), by what their `load` takes and
# `record` returns: a path (file recorders) or bytes (`BytesRecorder`s: `Vec<u8>` or `&'static [u8]`).
# A file recorder → the extension it set on the path (`file_extension()`, `set_extension` in `file.rs`)
RECORDER_EXTENSIONS = {
    "CompactRecorder": "mpk", "DefaultRecorder": "mpk", "DefaultFileRecorder": "mpk", "NamedMpkFileRecorder": "mpk",
    "NamedMpkGzFileRecorder": "mpk.gz", "SensitiveCompactRecorder": "bin.gz", "BinGzFileRecorder": "bin.gz",
    "NoStdTrainingRecorder": "bin", "BinFileRecorder": "bin", "JsonGzFileRecorder": "json.gz",
    "PrettyJsonFileRecorder": "json", "DebugRecordSettings": "json"}
FILE_RECORDERS = frozenset(RECORDER_EXTENSIONS)
# recorders whose settings stored floats as f16 (`recorder.rs`: `HalfPrecisionSettings`)
HALF_PRECISION_RECORDERS = frozenset({"CompactRecorder", "SensitiveCompactRecorder"})
BYTES_RECORDERS = frozenset({"BinBytesRecorder", "NamedMpkBytesRecorder", "NoStdInferenceRecorder"})
# cubecl-common 0.10's `QuantScheme` builder methods (re-exported as burn 0.21's
# `burn::tensor::quantization::QuantScheme`) that cubecl-common 0.11 (burn 0.22.1) removed: the
# level and the scale dtype are now one call (`quant/scheme.rs`)
QUANT_SCHEME_METHODS_GONE = {
    "with_level": "0.22.1's `QuantScheme` sets level and scale together: `.per_tensor(ScaleDtype::F32)` for "
                  "`QuantLevel::Tensor`, `.per_block(block, ScaleDtype::F32)` for `QuantLevel::block(block)` "
                  "(0.21's default scale was `QuantParam::F32`)",
    "with_param": "the scale dtype is the second argument of `.per_tensor(..)` / `.per_block(.., ..)` "
                  "(`ScaleDtype`, 0.21's `QuantParam`)"}
# burn-optim 0.21.0 `GradientsParams` methods 0.22.1 removed (0.21's feature `collective`, `optim/grads.rs`)
GRADIENTS_METHODS_GONE = {
    "all_reduce": "0.22.1's `GradientsParams` has no `all_reduce` (burn-collective is gone): reduce each tensor "
                  "with `burn::tensor::distributed::all_reduce(tensor, ReduceOperation::Mean, devices).resolve()` "
                  "inside a `DistributedContext`, or train with burn-train's `ExecutionStrategy::ddp(devices, "
                  "config)`, which syncs gradients itself"}
# burn-tensor 0.21.0 `Tensor` methods 0.22.1 removed (`tensor/api/extension.rs` has the rest)
TENSOR_METHODS_GONE = {"into_primitive": "0.22.1's `Tensor` has no `into_primitive`: `try_into_primitive::<B>()` "
                       "(a `Result`; the backend named) or `into_bridge()`, and back `from_primitive::<B>(p)` / "
                       "`from_bridge(t)`"}
# burn-store 0.21.0 `TensorSnapshot` members that 0.22.1's `burn_pack::Tensor` (what the stores
# and `KeyRemapper::remap` hand out now) lacks → what it has instead (burn-pack 0.22.1
# `tensor.rs`: fields `name`, `dtype`, `shape`, `param_id`; `byte_len()`, `to_bytes()`)
SNAPSHOT_MEMBERS_GONE = {
    "full_path": "the parameter's path is the field `name`",
    "container_path": "an adapter gets `ModuleContext::module_type()`; the tensor keeps only its `name`",
    "container_type": "an adapter gets `ModuleContext::module_type()`",
    "clone_data_fn": "the bytes are read with `to_bytes()` (or `into_bytes()`)",
    "data_len": "the size is `byte_len()` (bytes, not elements)",
    "path_stack": "the path is the field `name`",
    "container_stack": "an adapter gets `ModuleContext::module_type()`",
    "tensor_id": "the id is the field `param_id: Option<u64>`"}
# burn-store 0.21.0 `ModuleStore` methods renamed in 0.22.1 (`traits.rs`, both versions)
STORE_METHODS_GONE = {
    "get_snapshot": "0.22.1's `ModuleStore` has `get_tensor(name)` instead, returning `Result<Option<&burn_pack::Tensor>, "
                    "_>` as 0.21's did a snapshot (its path is the field `name`, its values "
                    "`burn_store::bridge::to_data(t)`, its bytes `to_bytes()`)",
    "get_all_snapshots": "0.22.1's `ModuleStore` has `get_all_tensors()` instead, a `Result<&BTreeMap<String, "
                         "burn_pack::Tensor>, _>`",
}
# burn-store 0.21.0 root items burn-store 0.22.1 no longer has (its lib.rs, both versions)
REMOVED_STORE_ITEMS = {
    "TensorSnapshot": "burn-store 0.22.1 has no `TensorSnapshot`: `ModuleSnapshot::collect` returns "
                      "`Vec<burn_pack::Tensor>` (crate burn-pack 0.22.1)",
    "TensorSnapshotError": "burn-store 0.22.1 has no `TensorSnapshotError`: tensors are `burn_pack::Tensor` "
                           "and their errors `burn_pack::Error` (crate burn-pack 0.22.1)",
    "BurnpackWriter": "burn-store 0.22.1 has no `BurnpackWriter`: write burnpack files with `burn_pack::Writer` "
                      "(crate burn-pack 0.22.1) or `BurnpackStore`",
    "BurnpackError": "burn-store 0.22.1 has no `BurnpackError`: it is `burn_pack::Error` (crate burn-pack 0.22.1)"}

DEVICE_METHODS = {   # (burn-backend 0.21.0 `Backend` → burn-tensor 0.22.1 `Device`, `device.rs`)
    "seed": ("seed", (1, 20)), "sync": ("sync", (1, 21, 24)), "memory_cleanup": ("memory_cleanup", (1, 25)),
    "memory_persistent_allocations": ("memory_persistent_allocations", (1, 25)),
    "ad_enabled": ("is_autodiff", (1,)), "supports_dtype": ("supports_dtype", (1, 8)), "flush": ("flush", (1, 21))}

# Backend associated types (on a backend parameter) and what they became.
ASSOCIATED_TYPES = {
    "Device": "Device",
    "Gradients": "Gradients",
}
# what a 0.21 backend element type becomes: the dtype 0.22.1 devices use by default (F32; Int is
# I32 on Flex and every CubeCL device, I64 only on the deprecated NdArray and LibTorch)
ELEM_TYPES = {"FloatElem": "f32", "IntElem": "i32", "BoolElem": "bool"}
ELEM_DEFAULT_NOTE = {
    "FloatElem": "`f32` is every 0.22.1 device's default float dtype",
    "IntElem": "`i32` is the default Int dtype of Flex and every CubeCL device (wgpu, cuda, metal, vulkan, "
               "rocm, cpu); NdArray and LibTorch use `i64`",
    "BoolElem": "`bool` is the 0.22.1 bool element",
}

# 0.22.1 methods a backend author still calls with the backend as their one type argument
# (burn-autodiff 0.22.1 `grads.rs`: `Gradients::{consume, remove, get, register}<B>`; burn-ir
# 0.22.1 `handle.rs`: `HandleContainer::{get,register}_{float,int,bool,quantized}_tensor<B>`): a
# call naming a backend type there keeps it (`grads.register::<CubeBackend<R, F, I, BT>>(..)`).
BACKEND_AUTHOR_METHODS = frozenset({
    "consume", "remove", "get", "register",
    "get_float_tensor", "get_int_tensor", "get_bool_tensor", "get_quantized_tensor",
    "register_float_tensor", "register_int_tensor", "register_bool_tensor", "register_quantized_tensor",
})

# the `Device` constructor standing for a 0.21 backend's default device (R12)
DEFAULT_DEVICE = {
    "Wgpu": ("Device::wgpu(DeviceKind::DefaultDevice)", ("Device", "DeviceKind")),
    "WebGpu": ("Device::wgpu(DeviceKind::DefaultDevice)", ("Device", "DeviceKind")),
    "Vulkan": ("Device::vulkan(DeviceKind::DefaultDevice)", ("Device", "DeviceKind")),
    "Metal": ("Device::metal(DeviceKind::DefaultDevice)", ("Device", "DeviceKind")),
    "Cuda": ("Device::cuda(DeviceIndex::Default)", ("Device", "DeviceIndex")),
    "Rocm": ("Device::rocm(DeviceIndex::Default)", ("Device", "DeviceIndex")),
    "Flex": ("Device::flex()", ("Device",)),
    "Cpu": ("Device::cpu()", ("Device",)),
    "NdArray": ("Device::ndarray()", ("Device",)),
    "LibTorch": ("Device::libtorch()", ("Device",)),
}

# CubeCL's wgpu setup fns, which burn-wgpu re-exports (0.21 and 0.22.1): their turbofish names a
# graphics API (`AutoGraphicsApi`, `Metal`, `WebGpu`), not a backend, and their device is cubecl's own
RUNTIME_SETUP_FNS = frozenset({"init_setup", "init_setup_async", "try_init_setup", "try_init_setup_async",
                               "init_device", "init_device_with_api", "try_init_device", "try_init_device_with_api"})

# burn APIs whose turbofish took the backend first (R8); everything else is decided per call.
TURBOFISH_DROP_ALL = frozenset({"generate_autoregressive_mask", "generate_padding_mask", "accumulate"})
# `burn::rl` items whose backend parameter (the first) burn-rl 0.22.1 dropped (where the name is burn's)
BURN_RL_GENERIC_TYPES = frozenset({"Policy", "PolicyState", "PolicyLearner", "SliceAccess", "LearnerTransitionBatch",
                                   "AsyncPolicy", "Transition", "TransitionBatch", "TransitionBuffer"})

# burn 0.21 generic types a rule replaces whole, arguments and all (module-optimizer:
# `OptimizerAdaptor<O, M, B>` → `ModuleOptimizer`): a parameter named only in their arguments goes
REPLACED_WHOLE = frozenset({"OptimizerAdaptor"})
@cache
def _names(file: str) -> frozenset[str]:
    return frozenset(ln for ln in resources.files("burnmigrate").joinpath(f"data/{file}").read_text("utf-8").splitlines()
                     if ln and not ln.startswith("#"))


def gone_names() -> frozenset[str]:
    """Public names of burn 0.21 that nothing in burn 0.22.1 (nor burn-pack, cubecl 0.11)
    defines or re-exports (`data/burn-gone-names.txt`, generated from the crates by
    scripts/burn_gone_names.py): a `use` of one through burn cannot resolve."""
    return _names("burn-gone-names.txt")


def crate_generic_types() -> frozenset[str]:
    """burn's types that lose exactly their backend argument beyond BURN_GENERIC_TYPES (`Sgd<B>` → `Sgd`;
    generated by scripts/burn_generic_types.py): they count where the name resolves to burn."""
    return _names("burn-generic-types.txt") - BURN_GENERIC_TYPES - BURN_RL_GENERIC_TYPES


# burn crates whose dependency makes a crate a burn user.
BURN_CRATES = frozenset({
    "burn", "burn-core", "burn-tensor", "burn-nn", "burn-train", "burn-optim", "burn-store",
    "burn-import", "burn-autodiff", "burn-wgpu", "burn-cuda", "burn-rocm", "burn-ndarray",
    "burn-tch", "burn-candle", "burn-flex", "burn-cpu", "burn-fusion", "burn-cubecl",
    "burn-dataset", "burn-vision", "burn-backend", "burn-derive", "burn-router", "burn-remote",
    "burn-collective", "burn-dispatch", "burn-rl", "burn-ir", "burn-onnx", "burn-tensor-testgen",
    "burn-std", "burn-communication", "burn-cubecl-fusion",
})


@cache
def crate_releases() -> dict[str, dict]:
    """Each burn workspace crate's 0.22 release and feature names, 0.21.0's and the release's
    (`data/burn-crates.toml`, generated from the crates.io index by scripts/burn_crates.py)."""
    return tomllib.loads(resources.files("burnmigrate").joinpath("data/burn-crates.toml").read_text("utf-8"))


def release_0_22(package: str) -> str:
    """The version a 0.21 requirement on `package` moves to ("" = it has no 0.22 release)."""
    if package == "burn":
        return "0.22.1"
    return crate_releases()[package]["release"]


# why a burn crate with no 0.22 release cannot simply be bumped (the set of them comes from the
# generated table; tests/test_manifests.py checks that every one has its reason here)
NO_0_22_RELEASE = {
    "burn-candle": "crates.io has no burn-candle 0.22 release (0.22.0-pre.2 at most, pinned to burn-backend "
                   "=0.22.0-pre.2, which cannot build beside burn 0.22.1): drop the Candle backend (`flex` on CPU, "
                   "`cuda` / `wgpu` on GPU) or stay on 0.21 for it.",
    "burn-collective": "crates.io has no burn-collective 0.22 release: collective operations moved into burn "
                       "itself, `burn::tensor::distributed` (burn-tensor 0.22.1 `tensor/distributed.rs`: "
                       "`DistributedContext::init(devices, config)`, `all_reduce`, `CollectiveTensor`); remove the "
                       "dependency and port the calls by hand.",
    "burn-tensor-testgen": "crates.io has no burn-tensor-testgen 0.22 release: remove the dependency (burn's own "
                           "test macros), or keep this crate on burn 0.21.",
}
# features of burn's other crates that their 0.22 release no longer has → what replaces each
# (a feature gone with no entry here gets a generic reason naming the crate and its release)
GONE_CRATE_FEATURES = {
    ("burn-train", "ddp"): "burn-train 0.22.1 has no `ddp` feature: multi-device training is built in "
                           "(`burn::tensor::distributed`, `Learner` with several devices); drop it.",
    ("burn-store", "burnpack"): "burn-store 0.22.1 always has burnpack (`BurnpackStore`, crate burn-pack): the "
                                "feature is gone, nothing to turn on.",
    ("burn-store", "tracing"): "burn-store 0.22.1 has no `tracing` feature (burn's own `tracing` still exists).",
}


def cubecl_for_0_22() -> str:
    """The cubecl burn-cubecl's 0.22 release requires: a project's own cubecl moves with it."""
    return crate_releases()["burn-cubecl"]["cubecl"]


def cubecl_for_0_21() -> str:
    """The cubecl burn-cubecl 0.21.0 required: a crate named `cubecl-*` on another version line
    (`cubecl-utils-rs = "0.1"`) is not cubecl's own."""
    return crate_releases()["burn-cubecl"]["cubecl_0_21"]
# The identifiers a Rust path starts with to reach a burn crate directly (`burn_core::module::..`).
BURN_CRATE_IDENTS = frozenset(c.replace("-", "_") for c in BURN_CRATES)
# Crates through which `Device` is reached: crate → path of the Device struct under its root.
DEVICE_PATH_UNDER = {"burn": "tensor::Device", "burn-core": "tensor::Device", "burn-tensor": "Device"}


@cache
def feature_data() -> dict:
    """burn's Cargo features per version, as shipped (`data/burn-features.toml`)."""
    return tomllib.loads(resources.files("burnmigrate").joinpath("data/burn-features.toml").read_text("utf-8"))


def backend_types(version: str = "0.22.1") -> dict[str, str]:
    """0.21 backend and device type names → the burn feature each needs (shipped data)."""
    v = feature_data()["versions"][version]
    if "same_as" in v:
        v = feature_data()["versions"][v["same_as"]]
    return dict(v["backend_types"])


# what `burn::prelude::*` brings in 0.22.1 (burn-core 0.22.1 `lib.rs`, `pub mod prelude`; burn adds `nn`)
PRELUDE_0_22 = frozenset({"Config", "Module", "Bool", "Device", "DeviceIndex", "DeviceKind", "ElementConversion",
                          "Float", "Int", "Shape", "SliceArg", "Tensor", "TensorData", "assert_shape", "ToElement",
                          "debug_assert_shape", "s", "nn"})


# 0.21 backend-author items and where burn 0.22.1 has them (burn::backend re-exports burn-backend)
MOVED_BACKEND_PATHS: dict[tuple[tuple[str, ...], str], str] = {
    **{(("tensor", "ops"), n): "backend::tensor" for n in ("FloatTensor", "IntTensor", "BoolTensor", "QuantizedTensor")},
    (("tensor",), "TensorPrimitive"): "backend",
    (("tensor",), "TensorMetadata"): "backend",   # burn-backend 0.22.1 `backend/primitive.rs`
    # 0.21's prelude re-exported the backend traits; 0.22.1's does not (burn/src/lib.rs `prelude`)
    **{(("prelude",), n): "backend" for n in ("Backend", "AutodiffBackend")},
    **{(("tensor", "ops"), n): "backend::ops" for n in ("FloatTensorOps", "IntTensorOps", "BoolTensorOps",
                                                       "ModuleOps", "ActivationOps", "QTensorOps")},
}

# burn-dispatch items at burn 0.21's root (`burn::DispatchDevice`); 0.22.1: `burn::backend` only (burn-core `backend.rs`)
ROOT_DISPATCH_ITEMS = frozenset({"Dispatch", "DispatchDevice", "AutodiffDevice", "BackendTensor", "DispatchTensor", "DispatchTensorKind"})
# backend traits that burn 0.22.1 keeps, under `burn::backend` (burn_backend re-exported)
MOVED_BACKEND_TRAITS = frozenset({"Backend", "AutodiffBackend", "BackendTypes"})
# of those, traits a file imports for their methods alone (`x.shape()` needs `TensorMetadata` in
# scope): an import that names nothing else in the file is still used
METHOD_TRAITS = frozenset({"TensorMetadata", "FloatTensorOps", "IntTensorOps", "BoolTensorOps", "ModuleOps",
                           "ActivationOps", "QTensorOps"})


# A DataLoaderBuilder without `set_device` makes its batches on the backend's default device
# (0.21: `B::Device::default()`; 0.22.1: `Device::default()`, burn-core data/dataloader/builder.rs),
# which the surrounding types choose; a Learner or Evaluator moves the loader to its own device
# (burn-train 0.22.1 learner/supervised/strategies/single/strategy.rs, evaluator/base.rs), unless
# the fn also iterates a loader itself.
_LEARNER = re.compile(r"Learner|\.fit\(|Evaluator")


def dataloader_default_device(body: str) -> bool:
    """Does this fn body build a DataLoader whose batches land on a default device?"""
    return "DataLoaderBuilder" in body and "set_device" not in body and (
        _LEARNER.search(body) is None or ".iter()" in body)

