"""Reading manifests as cargo reads them: TOML 1.1 (cargo >= 1.94), where Python's tomllib reads
1.0 only. tomli >= 2.4 reads 1.1. Editing (tomlkit, 1.0) goes through manifest/toml11.py."""
from __future__ import annotations

import tomli

loads = tomli.loads
TOMLDecodeError = tomli.TOMLDecodeError
