"""The front end's own checks, run by ``./dev test`` before pytest: lint, then unit tests.

1. Biome (pinned in :mod:`npm_vendor`, fetched once with ``npm pack`` into ``.cache/npm/``,
   then offline) lints ``mtlearn/static/**/*.js`` and ``tests/js/`` with ``biome.json``:
   every name a module uses must be imported or declared (each file is a real ES module,
   assembled by :mod:`mtlearn.present.frontend`), nothing imported or declared unused.
2. TypeScript's checker (pinned like Biome): ``tsc --noEmit --allowJs --checkJs`` over the
   modules (:data:`TSC_CHECKED`: every module of the front end), with their JSDoc types
   and ``mtlearn/static/js/protocol.d.ts`` (generated from ``mtlearn/core/protocol.py``),
   with ``--noImplicitAny``: every parameter and value has a type.
3. ``tests/js/function_lengths.mjs``: no function of the front end over 120 lines.
4. ``node --test tests/js/*.test.mjs``: the modules against a fake model and a fake DOM.

Usage: ``python tests/frontend_checks.py`` (exit status 0 when all pass).
"""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from npm_vendor import BIOME_VERSION, CACHE, TYPESCRIPT_VERSION, NpmError, fetch  # noqa: E402

#: The front-end modules type-checked against the protocol (and what they import): the
#: hosts and the data helpers, which read and write the protocol's messages.
TSC_CHECKED = [*sorted(p.name for p in (ROOT / "mtlearn" / "static" / "js").glob("*.js")),
               "protocol.d.ts"]

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
    try:
        tsc = [node, str(fetch("typescript", TYPESCRIPT_VERSION, "lib/tsc.js")), "--noEmit",
               "--allowJs", "--checkJs", "--target", "es2022", "--module", "es2022",
               "--moduleResolution", "bundler", "--lib", "es2022,dom,dom.iterable", "--skipLibCheck",
               "--noImplicitAny",
               # what it learnt last time is kept, so a run after a small change is quick
               "--incremental", "--tsBuildInfoFile", str(CACHE.parent / "tsc-front-end.tsbuildinfo"),
               *TSC_CHECKED]
    except NpmError as err:
        print(f"frontend_checks: {err}", file=sys.stderr)
        return 1
    try:
        lengths = [node, "tests/js/function_lengths.mjs",
                   str(fetch("typescript", TYPESCRIPT_VERSION, "lib/typescript.js"))]
    except NpmError as err:
        print(f"frontend_checks: {err}", file=sys.stderr)
        return 1
    tests = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "js").glob("*.test.mjs"))
    js = ROOT / "mtlearn" / "static" / "js"
    for cmd, cwd in ((lint, ROOT), (tsc, js), (lengths, ROOT),
                     # a file a core (node's default leaves one core idle)
                     ([node, "--test", f"--test-concurrency={os.cpu_count() or 1}",
                       "--test-reporter=dot", *tests], ROOT)):
        print("+", " ".join(Path(c).name if i < 2 and "/" in c else c
                            for i, c in enumerate(cmd)), flush=True)
        if subprocess.run(cmd, cwd=cwd).returncode != 0:
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
