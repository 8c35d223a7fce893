"""Pass 1's facts about one file (picklable: workers send them to the parent, which merges them
into the ProjectIndex, burnmigrate/rust/index.py)."""
from __future__ import annotations

from dataclasses import dataclass, field

from burnmigrate.rust.alias_resolution import AliasFacts
from burnmigrate.rust.configs import ConfigType


@dataclass
class ItemFacts:
    """A generic item as written: its parameters with their bound names."""
    kind: str
    name: str
    owner: str                                   # impl self type for methods, "" otherwise
    params: list[tuple[str, tuple[str, ...], bool]]  # (name, bound names, is_const)
    value_params: tuple[str, ...] = ()           # the fn's value parameter types, as written
    uses: dict[str, list] = field(default_factory=dict)  # backend param → its uses (scope.param_uses)


@dataclass
class FileFacts:
    path: str
    items: list[ItemFacts] = field(default_factory=list)
    aliases: list[AliasFacts] = field(default_factory=list)
    traits: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)  # (trait, supertraits)
    defined_types: set[str] = field(default_factory=set)
    # structs, enums, unions and traits the file's module itself defines (not in an inline module):
    # the meaning of the name there, whatever alias of that name another module has
    own_items: set[str] = field(default_factory=set)
    phantom_fields: dict[str, list[tuple[str, tuple[str, ...]]]] = field(default_factory=dict)
    mentions: set[str] = field(default_factory=set)
    module_types: set[str] = field(default_factory=set)   # `#[derive(Module)]` or `impl Module for` types
    generic_value_fns: dict[str, frozenset[int]] = field(default_factory=dict)   # fn_sigs.generic_value_params
    to_f32_fns: set[str] = field(default_factory=set)   # fn_sigs.to_f32_fns
    forward_only_fns: set[str] = field(default_factory=set)   # generic fns that run a model forward only
    training_fns: set[str] = field(default_factory=set)       # fns whose body trains
    fn_calls: dict[str, set[str]] = field(default_factory=dict)  # fn → the names it calls
    # generic fns (or methods of generic impls) whose body makes a device its caller's types choose
    # (`Default::default()`, `B::Device::default()`, a DataLoaderBuilder): _device_reach.py
    default_fns: set[str] = field(default_factory=set)
    # `Type::fn` of an inherent `impl<B: Backend> Type<B>` → its value parameters typed by B's device
    assoc_device_params: dict[str, frozenset[int]] = field(default_factory=dict)
    assoc_returns_self: dict[str, bool] = field(default_factory=dict)   # `Type::fn` of an inherent impl → returns `Self`
    autodiff_device_fields: dict[str, set[str]] = field(default_factory=dict)   # struct → fields typed `AB::Device`
    fn_returns: dict[str, str] = field(default_factory=dict)   # fn → its return type as written (fn_sigs.py)
    default_fns_here: set[str] = field(default_factory=set)   # fns whose whole body is a default (fn_sigs.py)
    fn_devices: dict[str, dict[int, str]] = field(default_factory=dict)   # fn → its params typed by a burn device type
    generic_fns: dict[str, frozenset[str]] = field(default_factory=dict)   # fn → the bounds of its (or its impl's) parameters
    # the file's lowercase words when it names `super::` / `crate::`, and whether it declares
    # out-of-line modules: can it call a private fn of a module above it? (_device_reach.py)
    words: frozenset[str] = frozenset()
    child_mods: bool = False
    # names whose every mention here is one the erasure removes (a `use`, `Tensor<Name, ..>`)
    erasable_mentions: set[str] = field(default_factory=set)
    idiom_021: bool = False   # the file shows 0.21 idioms (backend bounds, Tensor<B, ..>)
    crate_imports: set[str] = field(default_factory=set)  # backend-trait names imported from the project
    project_uses: dict[str, tuple[str, ...]] = field(default_factory=dict)  # `use crate::a::X;` → X: its path
    renamed_uses: dict[str, str] = field(default_factory=dict)   # `use my_lib::Fast as Fx;` → Fx: Fast
    # `type Dev<B> = <B as Backend>::Device`: aliases whose parameter is a backend (left as they are)
    backend_param_aliases: set[str] = field(default_factory=set)
    optimizer_aliases: set[str] = field(default_factory=set)   # `type Opt<M, B> = OptimizerAdaptor<..>`
    # generic alias → its unbounded parameters: (name, position, count, where named); alias_params.py
    alias_params: dict[str, list[tuple[str, int, int, list[tuple[str, int] | None]]]] = field(default_factory=dict)
    expr_macros: set[str] = field(default_factory=set)   # `macro_rules!` taking expression lists
    type_macros: set[str] = field(default_factory=set)   # `macro_rules!` taking type lists
    other_macros: set[str] = field(default_factory=set)  # every other `macro_rules!` name
    # `macro_rules!` calling a `$` fragment with a turbofish (`$job::<Flex>(..)`); macro called here → its arguments' words
    turbofish_macros: set[str] = field(default_factory=set)
    macro_args: dict[str, set[str]] = field(default_factory=dict)
    config_types: dict[str, ConfigType] = field(default_factory=dict)  # `#[derive(Config)]` types
    pytorch_weights: bool = False   # the file loads PyTorch weights (PytorchStore, PyTorchToBurnAdapter)
    dataset_types: set[str] = field(default_factory=set)   # types with an `impl Dataset<..> for T`
    saved_paths: set[str] = field(default_factory=set)   # path shapes its recorder saves write (record_files.py)
    recorder_extensions: set[str] = field(default_factory=set)   # 0.21 recorder extensions its strings name
    unit: str | None = None   # the compilation unit (units.py); None: read off the path
    defined_names: set[str] = field(default_factory=set)   # every fn and type name defined here (units.py)
    # capitalised names every code mention of which here is a generic parameter of that name
    # (`fn f<B: Index>() { B::build() }`): not a mention of an alias `B` of another file
    param_only_mentions: set[str] = field(default_factory=set)
