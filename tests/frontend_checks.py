"""The front end's own checks, run by ``./dev test`` before pytest: lint, then unit tests.

1. Biome (pinned in :mod:`npm_vendor`, fetched once with ``npm pack`` into ``.cache/npm/``,
   then offline) lints ``mtlearn/static/**/*.js`` and ``tests/js/`` with ``biome.json``:
   every name a module uses must be imported or declared (each file is a real ES module,
   assembled by :mod:`mtlearn.present.frontend`), nothing imported or declared unused.
2. ``node --test tests/js/*.test.mjs``: the modules against a fake model and a fake DOM.

Usage: ``python tests/frontend_checks.py`` (exit status 0 when both pass).
"""

from __future__ import annotations

import platform
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from npm_vendor import BIOME_VERSION, NpmError, fetch  # noqa: E402

#: Biome's binary package for this machine (npm's os-cpu names).
_BIOME_PACKAGES = {("Linux", "x86_64"): "@biomejs/cli-linux-x64",
                   ("Linux", "aarch64"): "@biomejs/cli-linux-arm64",
                   ("Darwin", "arm64"): "@biomejs/cli-darwin-arm64",
                   ("Darwin", "x86_64"): "@biomejs/cli-darwin-x64"}


def biome() -> Path:
    """The pinned biome binary, fetched on first use."""
    key = (platform.system(), platform.machine())
    if key not in _BIOME_PACKAGES:
        raise NpmError(f"no biome package known for {key[0]} {key[1]}")
    return fetch(_BIOME_PACKAGES[key], BIOME_VERSION, "biome")


def main() -> int:
    node = shutil.which("node")
    try:
        lint = [str(biome()), "lint", "--error-on-warnings", "--no-errors-on-unmatched"]
    except NpmError as err:
        print(f"frontend_checks: {err}", file=sys.stderr)
        return 1
    if node is None:
        print("frontend_checks: node is needed for tests/js (apt-get install -y nodejs)",
              file=sys.stderr)
        return 1
    tests = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "js").glob("*.test.mjs"))
    for cmd in (lint, [node, "--test", "--test-reporter=dot", *tests]):
        print("+", " ".join(Path(cmd[0]).name if i == 0 else c for i, c in enumerate(cmd)),
              flush=True)
        if subprocess.run(cmd, cwd=ROOT).returncode != 0:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
