"""Front-end files for the tests, from the npm registry, pinned and cached.

``npm_file("axe-core", "4.10.3", "axe.min.js")`` returns the path of that file of that
package version, fetching the package once with ``npm pack`` into ``.cache/npm/`` (ignored
by git; under ``MTLEARN_CACHE`` when it is set). Nothing is fetched at page-load time:
pages under test get the file injected.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import sys
import tarfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "docs" / "_ext"))
import mtlearn_download as download  # noqa: E402

#: Where the packages are kept: ``npm/`` in the same cache as the book's downloads
#: (``MTLEARN_CACHE``, else ``<repo>/.cache``).
CACHE = Path(os.environ.get("MTLEARN_CACHE") or REPO / ".cache") / "npm"

#: axe-core, the accessibility checker the tests run on every book page and board.
AXE = ("axe-core", "4.10.3", "axe.min.js")
#: Biome, the front end's linter (biome.json): one binary, in the package for this machine.
BIOME_VERSION = "1.9.4"
#: TypeScript, whose checker (tsc --checkJs) checks the front end's JSDoc types against the
#: protocol's generated types (tests/frontend_checks.py).
TYPESCRIPT_VERSION = "5.6.3"


class NpmError(RuntimeError):
    """npm is missing, or a package could not be fetched or lacks the file asked for."""


def fetch(package: str, version: str, relpath: str) -> Path:
    """The path of ``relpath`` inside ``package@version``, fetched with npm on first use
    (raises :class:`NpmError`; outside pytest, e.g. in ``tests/frontend_checks.py``)."""
    folder = CACHE / f"{package.replace('/', '__')}-{version}"
    target = folder / "package" / relpath
    if target.is_file():
        return target
    CACHE.mkdir(parents=True, exist_ok=True)
    # test workers (pytest -n) may ask for the same package at once: one fetches, the
    # others wait and then find it
    with open(CACHE / f".{folder.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if target.is_file():
            return target
        return _fetch(package, version, relpath, folder, target)


def _fetch(package: str, version: str, relpath: str, folder: Path, target: Path) -> Path:
    npm = shutil.which("npm")
    if npm is None:
        raise NpmError(f"npm is needed to fetch {package}@{version} for the tests: "
                       "apt-get install -y npm (.ci/run does this)")
    folder.mkdir(parents=True, exist_ok=True)
    try:
        proc = download.run([npm, "pack", f"{package}@{version}", "--loglevel=error",
                             "--pack-destination", str(folder)],
                            package=package, pin=version, retry=f"npm pack {package}@{version}")
    except download.DownloadError as e:
        raise NpmError(str(e)) from None
    tarball = folder / proc.stdout.strip().splitlines()[-1]
    with tarfile.open(tarball) as tar:
        tar.extractall(folder, filter="data")
    tarball.unlink()
    if not target.is_file():
        raise NpmError(f"{package}@{version} has no {relpath}")
    return target


def npm_file(package: str, version: str, relpath: str) -> Path:
    """:func:`fetch` for a test: a failure fails the test with npm's reason."""
    try:
        return fetch(package, version, relpath)
    except NpmError as err:
        pytest.fail(str(err), pytrace=False)


def axe_source() -> str:
    """The source of axe-core (pinned), to inject into a page under test."""
    return npm_file(*AXE).read_text(encoding="utf-8")


#: Run axe on the page: every rule, the experimental label-in-name check included.
#: The argument: null (the whole page), a selector (those elements), or
#: {scope, off: [rule ids left out], only: [the rule ids run], keep: [selector, k]: the
#: elements matching selector after the first k are left out}.
#: Returns [{id, impact, help, targets: [...], inMtlearn: bool}].
AXE_RUN = """async (arg) => {
  const opts = (arg && typeof arg === 'object') ? arg : { scope: arg };
  const rules = { 'label-content-name-mismatch': { enabled: true } };
  for (const id of opts.off || []) rules[id] = { enabled: false };
  const context = opts.scope ? document.querySelectorAll(opts.scope)
    : opts.keep ? { include: [document],
                    exclude: [...document.querySelectorAll(opts.keep[0])].slice(opts.keep[1]) }
    : document;
  const result = await axe.run(context, {
    rules,
    ...(opts.only ? { runOnly: { type: 'rule', values: opts.only } } : {}),
    // no CSSOM preload: axe would fetch the theme's @import relative to the page (a 404)
    preload: false,
    resultTypes: ['violations'],
  });
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.map(n => n.target.join(' ')),
    inMtlearn: v.nodes.map(n => {
      const el = document.querySelector(n.target[n.target.length - 1]);
      return !!(el && el.closest('.mtl-standalone, .mtl-root'));
    }),
  }));
}"""
