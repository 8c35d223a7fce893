"""burn traits whose shape changed in 0.22.1, as data (no tree-sitter here; burn_api re-exports them).

A project's own impl of one of these cannot be "erased into" the 0.22.1 trait: the items it must
define changed. Such an impl is left as 0.21 wrote it (no rule edits inside it) with a finding that
says what 0.22.1 asks (rules' `burn-trait-impl`). Checked against the crate sources by
tests/test_burn_traits.py.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ChangedTrait:
    name: str
    module: str            # where 0.21 had it, under burn's root
    with_args_only: bool   # only the 0.21 form with generic arguments (the 0.22.1 name exists, argument-free)
    gone: bool             # 0.22.1 has no item of that name
    asks: str              # what 0.22.1 asks of an impl, for the finding
    shape_0_21: str = ""   # a regex only a 0.21-shaped impl's body matches (same name and arguments in both)


MODULE_REQUIRED_0_22 = ("collect_devices", "fork", "to_device", "train", "valid", "materialize", "visit", "map")
OPTIMIZER_ITEMS_0_22 = ("State", "step", "to_device")

CHANGED_TRAITS = {t.name: t for t in (
    ChangedTrait("Module", "module", True, False,
                 "0.22.1's `Module` takes no backend and has no `Record`; an impl defines "
                 "`collect_devices(&self, devices: Devices) -> Devices`, `fork(self, device: &Device) -> Self`, "
                 "`to_device(self, device: &Device) -> Self`, `visit<V: ModuleVisitor>(&self, visitor: &mut V)`, "
                 "`map<M: ModuleMapper>(self, mapper: &mut M) -> Self`, `train(self) -> Self`, "
                 "`valid(&self) -> Self` and `materialize(self) -> Self` (burn-core 0.22.1 `module/base.rs`); "
                 "`#[derive(Module)]` writes them all"),
    ChangedTrait("AutodiffModule", "module", False, True,
                 "0.22.1 has no `AutodiffModule`: `Module::valid(&self) -> Self` and `Module::train(self) -> Self` "
                 "replace `InnerModule` and its `valid()`; move this impl's `valid` into the type's `Module` impl "
                 "(or derive `Module`) and remove it"),
    ChangedTrait("SimpleOptimizer", "optim", False, True,
                 "0.22.1's per-tensor optimizer is the trait `Optimizer`, with no backend: `type State<const D: usize>: "
                 "Clone + RecordState`, `fn step<const D: usize>(&self, lr: LearningRate, tensor: Tensor<D>, grad: "
                 "Tensor<D>, state: Option<Self::State<D>>) -> (Tensor<D>, Option<Self::State<D>>)`, `fn to_device<const "
                 "D: usize>(state: Self::State<D>, device: &Device) -> Self::State<D>` (burn-optim 0.22.1 "
                 "`optim/module/base.rs`); `ModuleOptimizer::from(optim)` wraps it"),
    ChangedTrait("ModuleAdapter", "store", False, False,
                 "burn-store 0.22.1's `ModuleAdapter` takes the tensor by value with where it was found: "
                 "`fn adapt(&self, tensor: burn_pack::Tensor, ctx: ModuleContext<'_>) -> burn_pack::Tensor` (0.21: "
                 "`adapt(&self, snapshot: &TensorSnapshot) -> TensorSnapshot`); `clone_box(&self) -> Box<dyn "
                 "ModuleAdapter>` is still required, `get_alternative_param_name(&self, param_name: &str, "
                 "module_type: &str)` gets the module type, and an adapter that changes dtype or shape goes "
                 "through `burn_store::bridge::map_data` (burn-store 0.22.1 `adapter.rs`)"),
    ChangedTrait("Optimizer", "optim", True, False,
                 "0.22.1 has one module optimizer, the struct `ModuleOptimizer` (what every `XConfig::init()` "
                 "returns), and `Optimizer` is the per-tensor trait 0.21 called `SimpleOptimizer`: a type that "
                 "implemented 0.21's `Optimizer<M, B>` holds a `ModuleOptimizer`, or implements the per-tensor "
                 "`Optimizer` and is wrapped by `ModuleOptimizer::from(..)`"),
    ChangedTrait("LrScheduler", "lr_scheduler", False, False,
                 "0.22.1's `LrScheduler` has no `Record` type and no backend: `fn step(&mut self) -> LearningRate`, "
                 "`fn to_record(&self) -> LrSchedulerRecord`, `fn load_record(&mut self, record: LrSchedulerRecord)` "
                 "(no return), and the trait asks for `LrSchedulerClone` (burn-optim 0.22.1 "
                 "`lr_scheduler/base.rs`)",
                 shape_0_21=r"\btype\s+Record\s*<"),
)}
