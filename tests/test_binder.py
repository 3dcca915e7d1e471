"""The Binder environment (binder/): repo2docker accepts it, and an environment built from
binder/requirements.txt alone (plus postBuild) has what every tutorial needs.

repo2docker needs a Docker daemon to build an image; ``--no-build --no-run`` only prints
the Dockerfile, which is enough to check that binder/ is read as intended. The slow test
stands in for the image build: a fresh venv from the same requirements file, every hash
checked (Binder uses pip; the test uses uv when it is there, for speed: the same files),
then postBuild.

It does not run every chapter again: the book build has run them all once in the development
environment, whose lock (requirements/dev.txt) holds these very versions (a fast test below
checks that). What can still differ is a package missing from the tutorials' lock, so the
venv imports every module any chapter imports, reads the bundled scenarios and puzzles
(PyYAML), and runs chapter 10 in full: boards (anywidget), the simulator's progress bar
(tqdm) and its charts (mtlearn.present.charts, standard library only).
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
BINDER = REPO / "binder"
TUTORIALS = REPO / "tutorials"
BIN = Path(sys.executable).parent


LOCK_LINE = re.compile(r"^([A-Za-z0-9_.-]+)==([0-9][A-Za-z0-9.+!-]*)(?: ; .*?)? \\$")


def _pins(path: Path) -> dict[str, set[str]]:
    pins: dict[str, set[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        m = LOCK_LINE.match(line)
        if m:
            pins.setdefault(m.group(1).lower().replace("_", "-"), set()).add(m.group(2))
    return pins


def test_requirements_are_the_locked_tutorial_environment():
    """binder/requirements.txt is a lock (every package pinned with ==, with hashes, so pip
    checks every file), made by ./dev lock from requirements/tutorials.in with the versions
    of requirements/dev.txt; postBuild installs mtlearn itself from the checkout."""
    text = (BINDER / "requirements.txt").read_text(encoding="utf-8")
    entries = [line for line in text.splitlines() if line and not line.startswith((" ", "#"))]
    assert entries and all(LOCK_LINE.match(line) for line in entries), entries
    assert text.count("--hash=sha256:") >= len(entries)
    pins = _pins(BINDER / "requirements.txt")
    assert {"jupyterlab", "ipywidgets", "anywidget", "jupytext", "pyyaml", "tqdm",
            "ipykernel"} <= set(pins)
    assert "matplotlib" not in pins  # chapter 10's charts are mtlearn's own SVG
    dev = _pins(REPO / "requirements" / "dev.txt")
    differ = {name: (versions, dev.get(name)) for name, versions in pins.items()
              if versions != dev.get(name)}
    assert not differ, f"the tutorials' lock and the development lock disagree: {differ}"
    assert "pip install" in (BINDER / "postBuild").read_text() and "-e ." in (
        BINDER / "postBuild").read_text()


def test_postbuild_is_executable():
    assert os.access(BINDER / "postBuild", os.X_OK)


def test_repo2docker_reads_the_binder_folder():
    exe = BIN / "jupyter-repo2docker"
    if not exe.exists():
        pytest.fail("jupyter-repo2docker is missing: pip install -e '.[test]'", pytrace=False)
    proc = subprocess.run(
        [str(exe), "--no-build", "--no-run", str(REPO)],
        capture_output=True, text=True, timeout=300, cwd=REPO,
    )
    assert proc.returncode == 0, proc.stdout[-5000:] + proc.stderr[-5000:]
    dockerfile = proc.stdout
    assert '-r "binder/requirements.txt"' in dockerfile
    assert "./binder/postBuild" in dockerfile
    runtime = (BINDER / "runtime.txt").read_text(encoding="utf-8").strip()
    assert f"python={runtime.removeprefix('python-')}" in proc.stdout + proc.stderr


#: runs in the Binder venv: import what the chapters import, read the bundled files, run one
CHECK = textwrap.dedent(
    """
    import importlib
    import sys
    from pathlib import Path

    import jupytext
    import nbformat
    from nbclient import NotebookClient

    modules, chapter = sys.argv[1].split(","), Path(sys.argv[2])
    sys.path.insert(0, sys.argv[3])
    from mtlearn_kernel import SocketFileKernelManager
    for name in modules:
        importlib.import_module(name)
    from mtlearn.content import puzzle_files, scenario
    assert scenario.bundled() and puzzle_files.bundled()
    nb = jupytext.read(chapter)
    nb.cells.append(nbformat.v4.new_code_cell("import sys; print('PREFIX=' + sys.prefix)"))
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   kernel_manager_class=SocketFileKernelManager,
                   resources={"metadata": {"path": str(chapter.parent)}}).execute()
    shown = [o for c in nb.cells for o in c.get("outputs", [])
             if "application/vnd.jupyter.widget-view+json" in o.get("data", {})]
    assert shown, "chapter 10 displayed no board"
    printed = "".join(o.get("text", "") for o in nb.cells[-1].outputs)
    print(len(modules), "modules;", printed.strip(), flush=True)
    """
)


def chapter_imports() -> list[str]:
    """Every module a chapter's code imports (read with ast), sorted."""
    import jupytext

    names: set[str] = set()
    for path in TUTORIALS.glob("*.md"):
        for cell in jupytext.read(path).cells:
            if cell.cell_type != "code":
                continue
            code = "\n".join(line for line in cell.source.splitlines()
                             if not line.lstrip().startswith(("%", "!")))
            for node in ast.walk(ast.parse(code)):
                if isinstance(node, ast.Import):
                    names.update(a.name for a in node.names)
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    names.add(node.module)
    return sorted(names)


def test_chapter_imports_are_read():
    names = chapter_imports()
    assert {"mtlearn", "mtlearn.jupyter", "mtlearn.present.charts"} <= set(names), names


@pytest.mark.slow
@pytest.mark.venv
def test_binder_environment_has_what_every_tutorial_needs(tmp_path: Path):
    venv = tmp_path / "venv"
    # uv (pinned in requirements/tools.txt) when it is there: the same files, every hash
    # checked, in seconds instead of half a minute; the venv gets pip for postBuild (--seed)
    uv = BIN / "uv"
    if uv.is_file():
        subprocess.run([str(uv), "venv", "--quiet", "--seed", "--python", sys.executable,
                        str(venv)], check=True, timeout=300)
    else:
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    vbin = venv / "bin"
    env = {k: v for k, v in os.environ.items()
           if k not in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME", "MTLEARN_RULES_URL")
           and not k.startswith(("JUPYTER", "IPYTHON"))}
    env.update({
        "PATH": f"{vbin}{os.pathsep}{os.environ.get('PATH', '')}",
        "VIRTUAL_ENV": str(venv),
        "PYTHONNOUSERSITE": "1",
        # keep user-wide kernels and settings out: only the venv's own may be used
        "JUPYTER_DATA_DIR": str(tmp_path / "jupyter-data"),
        "JUPYTER_CONFIG_DIR": str(tmp_path / "jupyter-config"),
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "jupyter-runtime"),
        "IPYTHONDIR": str(tmp_path / "ipython"),
    })

    def run(cmd: list[str], timeout: float) -> str:
        proc = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True,
                              timeout=timeout)
        assert proc.returncode == 0, (
            f"{' '.join(cmd)} failed ({proc.returncode}):\n"
            f"{proc.stdout[-8000:]}\n{proc.stderr[-8000:]}"
        )
        return proc.stdout

    if uv.is_file():
        run([str(uv), "pip", "install", "--quiet", "--require-hashes", "--no-build", "--python",
             str(vbin / "python"), "-r", str(BINDER / "requirements.txt")], timeout=900)
    else:
        run([str(vbin / "python"), "-m", "pip", "install", "--quiet",
             "--disable-pip-version-check", "-r", str(BINDER / "requirements.txt")], timeout=900)
    run([str(BINDER / "postBuild")], timeout=120)
    overrides = json.loads((venv / "share" / "jupyter" / "lab" / "settings" /
                            "overrides.json").read_text(encoding="utf-8"))
    viewers = overrides["@jupyterlab/docmanager-extension:plugin"]["defaultViewers"]
    assert viewers == {"markdown": "Jupytext Notebook", "myst": "Jupytext Notebook"}

    script = tmp_path / "check.py"
    script.write_text(CHECK, encoding="utf-8")
    chapter = TUTORIALS / "10-what-the-numbers-say.md"
    out = run([str(vbin / "python"), str(script), ",".join(chapter_imports()), str(chapter),
               str(REPO / "docs" / "_ext")],
              timeout=900)
    prefix = out.strip().rsplit("PREFIX=", 1)[-1]
    # the kernel ran in the Binder environment, not in the development one
    assert Path(prefix).resolve() == venv.resolve(), out
