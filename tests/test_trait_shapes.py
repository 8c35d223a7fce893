"""burn_api.CHANGED_TRAITS (what `burn-trait-impl` tells a person) read against the real crates
in cargo's registry cache (filled by the compile tier's fetch, which runs before this file):
0.22.1's `Module` asks for exactly MODULE_REQUIRED_0_22, its per-tensor `Optimizer` has exactly
OPTIMIZER_ITEMS_0_22, and the traits marked gone exist in 0.21.0 and not in 0.22.1."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from realburn import registry_crate

from burnmigrate import burn_api as api

pytestmark = [pytest.mark.compile_tier, pytest.mark.usefixtures("burn_sources")]   # needs the crates in cargo's cache


def _crate(name: str) -> Path:
    found = registry_crate(name)
    if found is None:
        pytest.fail(f"{name} is not in cargo's registry cache: the compile tier fetches it")
    return found


def _trait_body(crate: Path, rel: str, header: str) -> str:
    src = (crate / rel).read_text("utf-8")
    start = src.index(header)
    depth, i = 0, src.index("{", start)
    for j in range(i, len(src)):
        depth += {"{": 1, "}": -1}.get(src[j], 0)
        if depth == 0:
            return src[i + 1:j]
    raise AssertionError(f"unbalanced trait body in {rel}")


def _required(body: str) -> set[str]:
    """The items an impl must define: fns without a default body, associated types."""
    body = re.sub(r"//[^\n]*", "", body)
    out = set()
    for m in re.finditer(r"\bfn\s+(\w+)[^;{]*([;{])", body):
        if m.group(2) == ";":
            out.add(m.group(1))
    out |= set(re.findall(r"\btype\s+(\w+)\s*(?:<[^>]*>)?\s*:[^;=]*;", body))
    return out


def test_module_asks_for_what_the_finding_says():
    body = _trait_body(_crate("burn-core-0.22.1"), "src/module/base.rs", "pub trait Module:")
    assert _required(body) == set(api.MODULE_REQUIRED_0_22)
    for name in api.MODULE_REQUIRED_0_22:
        assert f"`{name}(" in api.CHANGED_TRAITS["Module"].asks or f"`{name}<" in api.CHANGED_TRAITS["Module"].asks


def test_the_per_tensor_optimizer_is_what_the_finding_says():
    body = _trait_body(_crate("burn-optim-0.22.1"), "src/optim/module/base.rs", "pub trait Optimizer:")
    assert _required(body) == set(api.OPTIMIZER_ITEMS_0_22)
    old = _trait_body(_crate("burn-optim-0.21.0"), "src/optim/simple/base.rs", "pub trait SimpleOptimizer<B>")
    assert _required(old) == set(api.OPTIMIZER_ITEMS_0_22)   # the same items, with a backend then


def test_gone_traits_are_gone_and_the_others_changed_arity():
    sources = {v: "\n".join(p.read_text("utf-8") for c in ("burn-core", "burn-optim")
                            for p in _crate(f"{c}-{v}").glob("src/**/*.rs")) for v in ("0.21.0", "0.22.1")}
    for spec in api.CHANGED_TRAITS.values():
        if spec.module == "store":
            continue  # a change of signature, not of arity: the test below
        if spec.shape_0_21:
            # same name and arity, another shape (`LrScheduler`'s `type Record<B>`): 0.21.0's trait
            # declares what the impl's shape test looks for, 0.22.1's does not
            old_body = re.search(rf"pub trait {spec.name}\b[^{{]*{{(.*?)\n}}", sources["0.21.0"], re.S)
            new_body = re.search(rf"pub trait {spec.name}\b[^{{]*{{(.*?)\n}}", sources["0.22.1"], re.S)
            assert old_body and re.search(spec.shape_0_21, old_body.group(1)), spec.name
            assert new_body and not re.search(spec.shape_0_21, new_body.group(1)), spec.name
            continue
        old = re.search(rf"pub trait {spec.name}\s*<", sources["0.21.0"])
        new = re.search(rf"pub trait {spec.name}\b", sources["0.22.1"])
        assert old, f"0.21.0 has no generic trait {spec.name}"
        assert bool(new) != spec.gone, f"{spec.name}: gone={spec.gone} but 0.22.1 {'has' if new else 'lacks'} it"
        if new and spec.with_args_only:
            assert not re.search(rf"pub trait {spec.name}\s*<", sources["0.22.1"]), f"{spec.name} takes arguments in 0.22.1"


def test_the_store_adapter_is_what_the_finding_says():
    body = _trait_body(_crate("burn-store-0.22.1"), "src/adapter.rs", "pub trait ModuleAdapter:")
    assert _required(body) == {"adapt", "clone_box"}
    sig = re.search(r"fn adapt\(([^)]*)\)", body)
    assert sig is not None and "ModuleContext" in sig.group(1)
    old = _trait_body(_crate("burn-store-0.21.0"), "src/adapter.rs", "pub trait ModuleAdapter:")
    assert "TensorSnapshot" in re.search(r"fn adapt\(([^)]*)\)", old).group(1)
    asks = api.CHANGED_TRAITS["ModuleAdapter"].asks
    assert "ModuleContext<'_>" in asks and "clone_box" in asks
