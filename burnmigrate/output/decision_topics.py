"""What a person decides (issue 26 item 3): the action each record that needs a person asks for.

A record's topic is the work a person takes on once, whichever rule found the place: "pick the
device each backend chosen by type becomes" is one piece of work whether backend-type-argument,
backend-turbofish or backend-alias found its places, and records, checkpoints and burn-store's
API are one piece of work ("saving and loading") although three rules report them.

Every rule has one topic its records go to (`rules`); a few reasons of a rule belong to another
topic's work, and `reasons` sends them there: (rule, the start of the reason as a regular
expression, matched at its start). tests/test_decisions.py checks that every rule of the catalog
has exactly one topic and that every `reasons` pattern still matches a reason the corpus pins, so
a reworded reason cannot fall silently into its rule's default topic.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from burnmigrate import burn_api

Q = r"`[^`\n]*`"   # a quoted name in a reason


def _any(*reasons: str) -> str:
    """A pattern for reasons written from burn_api's tables (each one's own text)."""
    return "|".join(re.escape(r) for r in reasons)


@dataclass(frozen=True)
class Topic:
    id: str                             # stable: part of the decision id
    title: str                          # the work, as the person takes it on
    rules: tuple[str, ...]              # rules whose records come here unless `reasons` says otherwise
    reasons: tuple[tuple[str, str], ...] = ()   # (rule, reason start) sent here from another topic


TOPICS: tuple[Topic, ...] = (
    Topic("device", "Pick the device each part of the program runs on: 0.22 chooses the backend with the device "
          "value, where 0.21's types chose it",
          ("backend-type-argument", "backend-turbofish", "backend-type-parameter", "backend-alias",
           "backend-device-type", "backend-device-method", "backend-device-value", "device-copy",
           "device-cpu-to-flex", "mixed-devices", "backend-phantom", "backend-import", "tensor-backend-paths"),
          (("backend-extension", r"0\.22 builds devices with constructors"),)),
    Topic("autodiff", "Decide which code records gradients: training on the autodiff device, evaluation on the "
          "plain one",
          ("autodiff-device", "autodiff-module", "valid-for-inference", "fork-not-to-device", "double-backward",
           "grad-unwrap", "require-grad-without-autodiff"),
          (("backend-type-argument", Q + " kept these values off the autodiff graph"),
           ("backend-turbofish", Q + " kept these values off the autodiff graph"),
           ("backend-turbofish", Q + " only runs a model forward"),
           ("backend-type-parameter", Q + " was an autodiff backend"),
           ("backend-alias", Q + " also chose gradient checkpointing"))),
    Topic("dtypes", "Set element types on the device: 0.22's types no longer carry them",
          ("backend-elem-type", "into-scalar-element", "bitwise-scalar-elem", "default-dtypes"),
          (("backend-turbofish", "It also chose the element types"),
           ("backend-alias", Q + r" also chose element types"))),
    Topic("backend-code", "Migrate backend-specific code by hand: backend extensions, kernels, primitives and "
          "CubeCL runtimes (R19)",
          ("backend-extension", "cube-index-guard", "cubecl-debug-env"),
          (("backend-device-value", "that item keeps its backend parameter"),
           ("backend-device-value", "CubeCL's setup and runtime calls"),
           ("backend-device-value", "a CubeCL runtime API"),
           ("backend-device-value", r"this impl \(a backend's own"),
           ("backend-type-argument", "CubeCL's setup and runtime calls"),
           ("backend-type-argument", "0\\.22\\.1's " + Q + " takes the backend as its own type parameter"),
           ("backend-type-argument", Q + " was specialised on a backend"),
           ("backend-type-argument", "erasing the backend would make them conflict"),
           ("backend-type-parameter", "erasing " + Q + " would leave the impl"),
           ("burn-version", "burn-cubecl "),
           ("removed-items", _any(*burn_api.TENSOR_METHODS_GONE.values())),
           ("removed-items", "0\\.22\\.1's " + Q + " takes, for a float tensor"),
           ("removed-items", "the project's API re-exports burn's backend trait"))),
    Topic("saving", "Saving and loading: 0.22.1 writes burnpack files, cannot read 0.21's, and burn-store's API "
          "changed",
          ("record-to-store", "safetensors-adapter", "linear-col-layout", "config-new-fields"),
          (("removed-items", _any(burn_api.REMOVED_PATHS["record"], *burn_api.SNAPSHOT_MEMBERS_GONE.values(),
                                  *burn_api.STORE_METHODS_GONE.values(), *burn_api.REMOVED_STORE_ITEMS.values())),
           ("removed-items", "0\\.22\\.1's " + Q + " has no recorder"),
           ("removed-items", "burn 0\\.22\\.1's " + Q + " generates no record type"),
           ("burn-trait-impl", r"burn-store 0\.22\.1's"),
           ("training-builder", r"0\.22\.1 checkpoints are burnpack files"),
           ("backend-type-argument", r"burn 0\.22\.1 has no " + Q + r" \(its removed-items finding"))),
    Topic("training", "Training: burn-train, burn-rl and burn-optim's 0.22.1 traits, learner and metrics",
          ("training-traits", "train-metadata-fields", "training-builder", "item-lazy-sync", "numeric-metric-impls",
           "module-optimizer"),
          (("removed-items", "0\\.22\\.1's " + Q + " returns an " + Q + ", which is opaque"),
           ("burn-trait-impl", r"0\.22\.1 has one module optimizer"),
           ("burn-trait-impl", r"0\.22\.1's per-tensor optimizer"))),
    Topic("data", "Data loading: the order batches come in, and datasets' results",
          ("seeded-workers", "dataset-result", "dataset-pixel-data")),
    Topic("slicing", "Slice windows that may run past the end: 0.22's `slice` clamps them",
          ("slice-clamps", "slice-to-narrow")),
    Topic("quantization", "Quantization: schemes' levels, scale dtypes and the default scheme",
          ("quant-scheme-levels", "quant-default-scheme", "quantizer-literal"),
          (("removed-items", _any(*burn_api.QUANT_SCHEME_METHODS_GONE.values())),)),
    Topic("losses", "Loss values that changed: padded cross-entropy averages over the unpadded positions",
          ("padded-cross-entropy",)),
    Topic("timing", "Timing and synchronisation: tensor work runs asynchronously until it is read",
          ("timing-without-sync", "sync-as-error-check", "bench-result-unread", "memory-watch-loop")),
    Topic("multi-device", "Several devices: enumeration, discrete GPUs, collectives and remote backends",
          ("device-enumeration", "discrete-gpu-index"),
          (("removed-items", _any(burn_api.REMOVED_PATHS["collective"], burn_api.REMOVED_PATHS["start_websocket"],
                                  *burn_api.GRADIENTS_METHODS_GONE.values())),
           ("burn-feature-rename", "collectives are built in"),
           ("burn-feature-rename", "0\\.21's " + Q + " was the WebSocket client"),
           ("burn-feature-rename", "the Router backend was removed"),
           ("burn-version", "crates\\.io has no burn-collective"))),
    Topic("manifests", "Cargo manifests and toolchain: burn's version, features, the lock file and crates built "
          "on burn 0.21",
          ("burn-version", "burn-feature-rename", "burn-crate-features", "burn-cpu-offline", "burn-backend-feature",
           "burn-needed-features", "burn-default-features", "burn-dependent-crates", "rust-toolchain"),
          (("backend-turbofish", Q + " is not a project fn: if it comes from a crate built for burn 0\\.21"),)),
    Topic("burn-api", "Rewrite code written against burn APIs that 0.22.1 removed or reshaped",
          ("removed-items", "burn-trait-impl", "tensor-data-readback", "from-bool-into", "tensor-data-fields",
           "pool-options", "module-derive-clone", "module-field-skip")),
)

_BY_RULE = {r: t for t in TOPICS for r in t.rules}
_BY_REASON = [(rule, re.compile(start), t) for t in TOPICS for rule, start in t.reasons]


def topic_of(rule: str, reason: str) -> Topic | None:
    """The topic of a record of `rule` with this reason; None for a rule no topic names (an
    engine failure: its record is a decision of its own)."""
    for r, start, t in _BY_REASON:
        if r == rule and start.match(reason):
            return t
    return _BY_RULE.get(rule)
