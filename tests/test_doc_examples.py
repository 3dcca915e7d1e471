"""Every ```python example in the README and the book's pages runs as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)
YAML = re.compile(r"^```yaml\n(id: ([a-z0-9-]+)\n.*?)^```", re.S | re.M)
FILES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
EXAMPLES = [(f, code) for f in FILES for code in BLOCK.findall(f.read_text(encoding="utf-8"))]


def test_there_are_examples():
    assert len(EXAMPLES) >= 2


@pytest.mark.parametrize("path, code", EXAMPLES,
                         ids=[f"{f.name}-{i}" for i, (f, _) in enumerate(EXAMPLES)])
def test_example_runs(path: Path, code: str, capsys, tmp_path, monkeypatch):
    # scenario files shown on the same page are there to be loaded by name
    for text, sid in YAML.findall(path.read_text(encoding="utf-8")):
        (tmp_path / f"{sid}.yaml").write_text(text, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    exec(compile(code, str(path), "exec"), {"__name__": "__doc_example__"})
    assert capsys.readouterr().out.strip() != "" or "print(" not in code
