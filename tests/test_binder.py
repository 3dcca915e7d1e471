"""The Binder environment (binder/): repo2docker accepts it, and an environment built from
binder/requirements.txt alone (plus postBuild) runs every tutorial.

repo2docker needs a Docker daemon to build an image; ``--no-build --no-run`` only prints
the Dockerfile, which is enough to check that binder/ is read as intended. The slow test
stands in for the image build: a fresh venv from the same requirements file.
"""

from __future__ import annotations

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


def test_requirements_are_pinned_and_install_the_project():
    lines = [
        line.strip()
        for line in (BINDER / "requirements.txt").read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    packages = {}
    for line in lines:
        if line in ("-e .", "."):
            continue
        m = re.fullmatch(r"([A-Za-z0-9_.-]+)==([0-9][A-Za-z0-9.+-]*)", line)
        assert m, f"not pinned with ==: {line!r}"
        packages[m.group(1).lower().replace("_", "-")] = m.group(2)
    assert {"-e .", "."} & set(lines), "the project itself must be installed"
    assert {"jupyterlab", "ipywidgets", "anywidget", "jupytext", "pyyaml"} <= set(packages)


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


EXECUTE = textwrap.dedent(
    """
    import sys
    from pathlib import Path

    import jupytext
    import nbformat
    from nbclient import NotebookClient

    paths = sorted(Path(sys.argv[1]).glob("*.md"))
    assert paths, "no tutorials found"
    for path in paths:
        nb = jupytext.read(path)
        nb.cells.append(nbformat.v4.new_code_cell("import sys; print('PREFIX=' + sys.prefix)"))
        NotebookClient(nb, timeout=300, kernel_name="python3",
                       resources={"metadata": {"path": str(path.parent)}}).execute()
        printed = "".join(o.get("text", "") for o in nb.cells[-1].outputs)
        print(path.name, printed.strip(), flush=True)
    """
)


@pytest.mark.slow
def test_binder_environment_runs_every_tutorial(tmp_path: Path):
    venv = tmp_path / "venv"
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

    run([str(vbin / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "-r", str(BINDER / "requirements.txt")], timeout=900)
    run([str(BINDER / "postBuild")], timeout=120)
    overrides = json.loads((venv / "share" / "jupyter" / "lab" / "settings" /
                            "overrides.json").read_text(encoding="utf-8"))
    viewers = overrides["@jupyterlab/docmanager-extension:plugin"]["defaultViewers"]
    assert viewers == {"markdown": "Jupytext Notebook", "myst": "Jupytext Notebook"}

    script = tmp_path / "execute.py"
    script.write_text(EXECUTE, encoding="utf-8")
    out = run([str(vbin / "python"), str(script), str(TUTORIALS)], timeout=1800)
    done = dict(line.split(" PREFIX=", 1) for line in out.splitlines() if " PREFIX=" in line)
    assert sorted(done) == sorted(p.name for p in TUTORIALS.glob("*.md")), out
    # each kernel ran in the Binder environment, not in the development one
    assert {Path(p).resolve() for p in done.values()} == {venv.resolve()}, done
