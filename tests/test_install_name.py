"""The project installs by a name of its own: every install command in the tree names it.

On PyPI, "mtlearn" is an unrelated project; this one is distributed as
``mexican-train-learn`` (pyproject.toml's ``name``), which installs the import package and
the command ``mtlearn``. A README, doc page, tutorial, docstring, error message or script
that tells a user to ``pip install`` something names this distribution (with extras), a
local path, or one of the few other packages a message names on purpose. The version is
written once, in ``mtlearn/__init__.py``, and shown by ``mtlearn --version``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from treekit import tree_texts

import mtlearn
from mtlearn.cli import main

REPO = Path(__file__).resolve().parents[1]
tomllib = pytest.importorskip("tomllib")  # Python 3.11+ (the project's CI runs 3.11)
PROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
NAME = PROJECT["name"]
#: other packages a message names on purpose (an optional helper of one function)
OTHERS = {"pandas"}
#: `pip install X`, `uv pip install X`, with options before X, quoted or not
INSTALL = re.compile(r"pip install((?:\s+-{1,2}[\w-]+(?:=\S+)?)*)\s+(\\?['\"]?)([^\s'\"`\\]+)")


#: Where a user reads install advice: the top-level texts, the book's and chapters' sources,
#: the package (docstrings, error messages, pages), benchmarks and notes. (./dev's own
#: installs into .venv are the developers' tooling, and the tests hold wrong commands on
#: purpose.)
SCANNED = ["README.md", "CHANGELOG.md", "binder", "docs", "tutorials", "mtlearn",
           "benchmarks", "devnotes"]


def install_targets(text: str) -> list[str]:
    """What each ``pip install`` in ``text`` installs (its first argument)."""
    return [m.group(3) for m in INSTALL.finditer(text)]


def wrong_target(target: str) -> bool:
    if target.startswith((".", "/", "-r")) or target.endswith((".whl", ".tar.gz")):
        return False  # a local checkout, wheel or requirements file
    base = re.split(r"[\[<>=!~;]", target, maxsplit=1)[0]
    return base != NAME and base not in OTHERS


def test_the_distribution_name_is_the_projects_own():
    assert NAME == "mexican-train-learn"
    assert PROJECT["scripts"] == {"mtlearn": "mtlearn.cli:main"}
    for extra, requirements in PROJECT["optional-dependencies"].items():
        for r in requirements:
            assert not r.startswith("mtlearn["), (extra, r)  # "mtlearn" is someone else's


def test_every_install_command_in_the_tree_names_this_project():
    wrong = []
    for path, text in tree_texts(SCANNED):
        wrong += [f"{path.relative_to(REPO)}: pip install {t}" for t in install_targets(text)
                  if wrong_target(t)]
    assert not wrong, wrong


def test_the_check_sees_a_wrong_install_command():
    assert install_targets('pip install "mtlearn[class]" and pip install --quiet mtlearn, '
                           'or pip install \\"mtlearn[class]\\"') == [
        "mtlearn[class]", "mtlearn,", "mtlearn[class]"]
    assert wrong_target("mtlearn[class]") and wrong_target("mtlearn")
    assert not wrong_target(f"{NAME}[class]") and wrong_target("-e") is not None
    assert not wrong_target(".[class]") and not wrong_target("dist/x.whl")


def test_one_version_shown_by_the_command(capsys):
    assert "version" in PROJECT["dynamic"] and "version" not in PROJECT
    hatch = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]
    assert hatch["version"]["path"] == "mtlearn/__init__.py"
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"mtlearn {mtlearn.__version__} ({NAME})"


def test_the_changelog_starts_with_this_version():
    text = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
    first = re.search(r"^## (\S+)", text, re.M)
    assert first and first.group(1) == mtlearn.__version__


def test_release_file_names_in_the_docs_carry_this_version():
    """The teacher's set-up names the release's files; they follow the one version."""
    named = re.compile(r"(?:mexican_train_learn|mtlearn-book)-(\d+\.\d+\.\d+\w*)")
    stale = [f"{path.relative_to(REPO)}: {m.group(0)}" for path, text in tree_texts(SCANNED)
             for m in named.finditer(text) if m.group(1) != mtlearn.__version__]
    assert not stale, stale
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    assert f'pip install "./mexican_train_learn-{mtlearn.__version__}-py3-none-any.whl[class]"' in readme
    assert f"mtlearn class --lan --book mtlearn-book-{mtlearn.__version__}.zip" in readme
