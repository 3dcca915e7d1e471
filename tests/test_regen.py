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


def test_a_new_variant_module_gets_its_rules_field_from_regen(tmp_path: Path) -> None:
    import gen_variant_options as gen

    for module in (REPO / "mtlearn" / "engine" / "variants").glob("*.py"):
        (tmp_path / module.name).write_text(module.read_text(encoding="utf-8"))
    (tmp_path / "every_train_open.py").write_text(
        'from ..variant_game import VariantGame\n\n\nclass EveryTrainOpen(VariantGame):\n'
        '    option = "every_train_open"\n    rule = "R-VAR-EVERY"\n    title = "Open trains"\n'
        '    summary = "every train is public from the start"\n    __slots__ = ()\n')
    rules = (REPO / "mtlearn" / "core" / "rules.py").read_text(encoding="utf-8")
    new = gen.render(rules, gen.variant_options(tmp_path))
    assert new != rules
    block = new.split(gen.BEGIN)[1].split(gen.END)[0]
    lines = block.splitlines()
    field = lines.index("    every_train_open: bool = False")
    said = " ".join(line.removeprefix("    #: ") for line in lines[:field]
                    if line.startswith("    #: "))  # its comment, wrapped above it
    assert said.endswith("Every train is public from the start (R-VAR-EVERY; "
                         "mtlearn/engine/variants/every_train_open.py).")
    assert block.index("every_train_open") < block.index("swan_drive:")  # sorted by name
    assert gen.render(rules, gen.variant_options()) == rules  # the tree's own: current


def test_a_variant_class_without_its_summary_is_named(tmp_path: Path) -> None:
    import gen_variant_options as gen

    (tmp_path / "half.py").write_text('class Half:\n    option = "half"\n    rule = "R-X"\n')
    try:
        gen.variant_options(tmp_path)
    except SystemExit as err:
        assert "class Half needs summary" in str(err)
    else:
        raise AssertionError("a variant class with no summary was read")
