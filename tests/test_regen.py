"""``./dev regen`` makes every generated file again; none is stale in the tree."""

from __future__ import annotations

import re
from pathlib import Path

import regen

REPO = Path(__file__).resolve().parents[1]


def test_every_generated_file_is_current() -> None:
    code, said = regen.run(check=True)
    assert code == 0, f"stale generated files (run {regen.COMMAND}):\n{said}"


def test_a_stale_file_names_the_one_command(tmp_path: Path, monkeypatch, capsys) -> None:
    import mtlearn.core.protocol_schema as ps

    monkeypatch.setattr(ps, "TS_PATH", tmp_path / "protocol.d.ts")  # missing: stale
    monkeypatch.setattr(ps, "SCHEMA_PATH", tmp_path / "protocol.schema.json")
    monkeypatch.setattr(ps, "NOTE_PATH", tmp_path / "no" / "VIEW_FORMAT.md")
    assert ps.main(["--check"]) == 1
    err = capsys.readouterr().err
    assert "protocol.d.ts is out of date: run ./dev regen" in err, err


def test_dev_regen_runs_the_generators() -> None:
    dev = (REPO / "dev").read_text(encoding="utf-8")
    branch = re.search(r"\n    regen\)\n(.*?)\n        ;;", dev, re.S)
    assert branch and "tests/regen.py" in branch.group(1)
    assert "./dev regen" in dev.split("set -euo pipefail")[0]  # in ./dev help
