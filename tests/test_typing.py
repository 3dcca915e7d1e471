"""Issue 18: the type checker runs in the build, and the docs follow the layer paths
(issue 26: the only paths there are)."""

from __future__ import annotations

import importlib
import importlib.util
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def test_dev_test_runs_mypy_on_the_whole_package_after_ruff():
    """./dev test: ruff, mypy, the front end's lint and unit tests, then pytest (the fast
    tier alone with --fast; otherwise a clean book build, started before lint and run
    beside it and beside pytest, which waits for it in the book fixture, then every test
    in one run)."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    branch = re.search(r"\n    test\)\n(.*?)\n        ;;", (REPO / "dev").read_text(), re.S)
    assert branch, "the test) branch of ./dev"
    steps = re.findall(r'^[^#\n]*?\bphase ("[^"]+"|\S+) (.*?)\s*\\?$', branch.group(1), re.M)
    names = [name.strip('"') for name, _ in steps]
    assert names == ["install", "install", "chromium", "lint", "types", "front end",
                     "pytest fast", "pytest"], names
    body = branch.group(1)
    # the full run starts the clean book build before lint; pytest's book fixture waits
    # for it (MTLEARN_BOOK_STATUS, the file the build's end writes), and ./dev test waits
    # for it after pytest, failing if it failed
    started = body.index('tests/build_book.py "$out"')
    assert started < body.index("phase lint")
    assert body.index('echo "$? $(now)" >"$book_status.tmp"') < body.index("phase lint")
    assert body.index('MTLEARN_BOOK_STATUS="$book_status"') < body.index('phase "pytest" ')
    assert body.index('phase "pytest" ') < body.index('wait "$book_pid"')
    commands = dict((name.strip('"'), command) for name, command in steps)
    assert commands["lint"] == '"$VENV/bin/ruff" check .'
    assert commands["types"] == "check_types"
    types = re.search(r"\ncheck_types\(\) \{\n(.*?)\n\}", (REPO / "dev").read_text(), re.S)
    assert types and [ln for ln in types.group(1).split("\n")
                      if not ln.lstrip().startswith("#")] == ['    "$VENV/bin/mypy" mtlearn']
    assert commands["front end"] == '"$VENV/bin/python" tests/frontend_checks.py'
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    mypy = project["tool"]["mypy"]
    assert mypy["packages"] == ["mtlearn"] and mypy["python_version"] == "3.10"
    assert mypy["strict"] is True  # --strict on the whole package
    assert "exclude" not in mypy
    assert any(r.startswith("mypy>=") for r in project["project"]["optional-dependencies"]["test"])


def test_the_book_links_references_without_a_path_translator():
    """References name the layer paths themselves: the book loads no extension that
    rewrites flat module paths, and the API reference documents no module path that
    does not import."""
    conf = (REPO / "docs" / "conf.py").read_text(encoding="utf-8")
    extensions = re.search(r"^extensions = \[(.*?)^\]", conf, re.S | re.M)
    assert extensions, "docs/conf.py: extensions"
    names = re.findall(r'"([\w.]+)"', extensions.group(1))
    assert names and all((REPO / "docs" / "_ext" / f"{n}.py").exists() or "." in n
                         or n == "myst_nb" for n in names), names
    assert sorted(p.stem for p in (REPO / "docs" / "_ext").glob("*.py")) == \
        ["mtlearn_download", "mtlearn_engine", "mtlearn_execute", "mtlearn_kernel",
         "mtlearn_learner", "mtlearn_lite", "mtlearn_lite_nav", "mtlearn_lite_outputs",
         "mtlearn_lite_slim", "mtlearn_pyc", "rules_page"]
    # rules_page: a script; mtlearn_pyc, mtlearn_lite_nav, mtlearn_lite_outputs and
    # mtlearn_lite_slim:
    # mtlearn_lite's helpers; mtlearn_download: every download (the tests' npm ones too);
    # mtlearn_kernel: mtlearn_execute's kernels (and the tests' nbclient ones)


def test_api_reference_names_only_modules_that_import():
    """Every ``.. auto…::`` target of docs/api.md is found at the path it names."""
    api = (REPO / "docs" / "api.md").read_text(encoding="utf-8")
    targets = re.findall(r"\.\. auto(\w+):: (mtlearn[\w.]*)", api)
    assert len(targets) > 40, targets
    missing = []
    for kind, target in targets:
        if kind == "module":
            found = importlib.util.find_spec(target) is not None
        else:
            module, _, name = target.rpartition(".")
            found = hasattr(importlib.import_module(module), name.split(".")[0])
        if not found:
            missing.append(target)
    assert not missing, missing


def test_api_reference_says_what_each_top_level_name_is_for():
    """docs/api.md: the top-level namespace is the public API, one table row per name."""
    import mtlearn

    api = (REPO / "docs" / "api.md").read_text(encoding="utf-8")
    section = api.split("## The top-level namespace", 1)[1].split("\n\n", 2)[1]
    listed = [name for row in section.splitlines()[2:]
              for name in re.findall(r"`(\w+)`", row.split(" | ")[0])]
    assert sorted(listed) == sorted([*mtlearn.__all__, "__version__"]), listed
    layers = api.split("| Layer | Modules |", 1)[1].split("\n\n", 1)[0]
    rows = [re.match(r"\| `mtlearn\.(\w+)` \| (.*) \|$", row)
            for row in layers.strip().splitlines()[1:]]
    table = {m.group(1): set(re.findall(r"`(\w+)`", m.group(2).split(" (")[0]))
             for m in rows if m}
    on_disk = {layer.name: {p.stem for p in layer.glob("*.py") if p.stem != "__init__"}
               | {p.parent.name for p in layer.glob("*/__init__.py")}
               for layer in (REPO / "mtlearn").iterdir() if (layer / "__init__.py").exists()}
    assert table == on_disk
