"""The rule contract, checked over every registered rule: one shape per kind of input on the
shared metadata base, finding-only rules claim no safety, and every rule has a corpus case of
its own that shows it firing."""
from __future__ import annotations

import re
import tomllib

import pytest

from burnmigrate.model import RuleKind, Safety
from burnmigrate.rules import DataFileRule, FindingRule, ManifestRule, RuleMeta, SourceRule
from burnmigrate.rules.registry import all_rules, manifest_rules, source_rules

from corpus_cases import CORPUS, SNAPSHOT

RULES = all_rules()


@pytest.mark.parametrize("rule", RULES, ids=[r.id for r in RULES])
def test_each_rule_has_one_shape_per_input(rule):
    shapes = [b for b in (SourceRule, ManifestRule, DataFileRule) if issubclass(rule, b)]
    assert shapes and issubclass(rule, RuleMeta), f"{rule.id}: no rule shape"
    assert not (issubclass(rule, ManifestRule) and len(shapes) > 1), f"{rule.id}: a manifest rule reads manifests only"
    assert (rule in manifest_rules()) == issubclass(rule, ManifestRule)
    assert (rule in source_rules()) == (not issubclass(rule, ManifestRule))
    if issubclass(rule, DataFileRule):
        assert rule.data_files, f"{rule.id}: a data-file rule names the files it reads"
    else:
        assert not getattr(rule, "data_files", ()), f"{rule.id}: reads data files without being a DataFileRule"


@pytest.mark.parametrize("rule", RULES, ids=[r.id for r in RULES])
def test_a_finding_only_rule_claims_no_safety(rule):
    if rule.kind is RuleKind.FINDING:
        assert rule.safety is None and not rule.fixes(), f"{rule.id}: never fixes, yet claims {rule.safety}"
        if issubclass(rule, SourceRule):
            assert issubclass(rule, FindingRule), f"{rule.id}: a finding-only source rule is a FindingRule"
        assert rule.info().safety_label == "none"
    else:
        assert isinstance(rule.safety, Safety) and rule.fixes(), f"{rule.id}: a fixing rule declares its safety"


def test_a_finding_only_rule_cannot_make_a_change():
    class Probe(FindingRule):
        id = "probe"
    with pytest.raises(AssertionError, match="never fixes"):
        Probe().change((0, 1), "x", [])


def _cases_firing():
    out: dict[str, list[str]] = {}
    for toml in CORPUS.glob("*/*/case.toml"):
        for rid in tomllib.loads(toml.read_text()).get("rules", []):
            out.setdefault(rid, []).append(f"{toml.parent.parent.name}/{toml.parent.name}")
    return out


@pytest.mark.parametrize("rule", RULES, ids=[r.id for r in RULES])
def test_every_rule_has_a_corpus_case_that_shows_it(rule):
    """A case of its own under corpus/<rule-id>/ or, for a rule whose shape only shows beside
    others, one that declares it fires; its records.txt holds the rule's records."""
    firing = _cases_firing().get(rule.id, [])
    assert firing, f"{rule.id}: no corpus case fires it (scaffold one: python scripts/new_rule.py)"
    assert any(re.search(rf" \| {re.escape(rule.id)}( \([\d, ]+\))? \| ", (CORPUS / c / SNAPSHOT).read_text(encoding="utf-8"))
               for c in firing), \
        f"{rule.id}: no snapshot of its cases holds a record of it"
