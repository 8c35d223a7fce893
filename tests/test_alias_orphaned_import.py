"""An alias of another crate's backend type, deleted once unused, takes with it the import of that
type it alone used (reading 46, crutcher/bimm: `use bunsen::support::testing::PerfTestBackend;`
was left unused after `type B = PerfTestBackend;` went, an error under `deny(warnings)`)."""
from __future__ import annotations

from burnmigrate.engine import Options, run

MANIFEST = '[package]\nname = "p"\nversion = "0.1.0"\nedition = "2024"\n\n[dependencies]\nburn = "0.21"\n' \
           'helpers = { path = "../helpers" }\n'
LIB = """use burn::prelude::*;

pub fn size<B: Backend>(device: &B::Device) -> usize {
    Tensor::<B, 1>::zeros([3], device).dims()[0]
}

#[cfg(test)]
mod tests {
    use super::*;
    use burn::backend::Autodiff;
    use helpers::{other::Kept, testing::TestBackend};

    #[test]
    fn plain() {
        type B = TestBackend;
        assert_eq!(size::<B>(&Default::default()), 3);
    }

    #[test]
    fn autodiff() {
        type B = Autodiff<TestBackend>;
        assert_eq!(size::<B>(&Default::default()), Kept::N);
    }
}
"""


def test_the_import_an_alias_alone_used_goes_with_it(tmp_path):
    (tmp_path / "p" / "src").mkdir(parents=True)
    (tmp_path / "p" / "Cargo.toml").write_text(MANIFEST)
    (tmp_path / "p" / "src" / "lib.rs").write_text(LIB)
    res = run(tmp_path / "p", Options(jobs=1))
    aliases = [(c.start_line, c.safety.value, c.message) for c in res.changes if c.rule == "backend-alias"]
    assert (15, "safe", "delete unused backend alias `B` and the import of `TestBackend` it alone used") in aliases, aliases
    assert (21, "safe", "delete unused backend alias `B`") in aliases, aliases
    out = (next(f for f in res.files if f.path.endswith("lib.rs")).final or b"").decode()
    assert "use helpers::other::Kept;" in out and "TestBackend" not in out, out
