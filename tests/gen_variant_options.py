"""The variants' options in ``Rules``, written from the variant classes: one field each.

A variant of the engine is one module of ``mtlearn/engine/variants/`` (see
``docs/add-a-variant.md``). Its class names the rules option that turns it on (``option``)
and says what it changes (``summary``, ``rule``). The option must be a field of
:class:`mtlearn.core.rules.Rules`, the typed object every layer reads, which the core layer
keeps without importing the engine. So this script writes those fields into
``mtlearn/core/rules.py``, between its ``# <generated: variant options>`` and
``# </generated: variant options>`` lines: ``name: bool = False`` (off in the standard game),
each under a ``#:`` line with the class's summary and rule id, sorted by name.

It reads the variant modules' text (Python's ``ast``), never imports them: a new variant's
module cannot be imported until its field exists. Run it with ``./dev regen`` (every
generated file); ``--check`` writes nothing and exits 1 when the fields are stale.
"""

from __future__ import annotations

import ast
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VARIANTS = ROOT / "mtlearn" / "engine" / "variants"
TARGET = ROOT / "mtlearn" / "core" / "rules.py"
BEGIN = "    # <generated: variant options> (./dev regen, from mtlearn/engine/variants/)\n"
END = "    # </generated: variant options>\n"
#: The class attributes read, each a string literal in the class body.
ATTRIBUTES = ("option", "rule", "summary")


def _shown(path: Path) -> str:
    """``path`` from the repository's root where it lies in it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def variant_options(folder: Path = VARIANTS) -> list[dict[str, str]]:
    """Each variant class's ``option``, ``rule`` and ``summary`` (with its module's name),
    as written in the modules of ``folder``, sorted by option."""
    found: list[dict[str, str]] = []
    for path in sorted(folder.glob("*.py")):
        if path.name.startswith("__"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in tree.body:
            if not isinstance(node, ast.ClassDef):
                continue
            said = {t.id: s.value.value for s in node.body if isinstance(s, ast.Assign)
                    for t in s.targets if isinstance(t, ast.Name)
                    and isinstance(s.value, ast.Constant) and isinstance(s.value.value, str)}
            if said.get("option"):
                missing = [a for a in ATTRIBUTES if not said.get(a)]
                if missing:
                    raise SystemExit(f"{_shown(path)}: class {node.name} needs "
                                     f"{', '.join(missing)} (a string each)")
                found.append({"module": path.stem, **{a: said[a] for a in ATTRIBUTES}})
    return sorted(found, key=lambda v: v["option"])


def block(options: list[dict[str, str]]) -> str:
    """The generated lines of ``Rules``' body."""
    lines = [BEGIN]
    for v in options:
        said = (f"{v['summary'][:1].upper()}{v['summary'][1:]} ({v['rule']}; "
                f"mtlearn/engine/variants/{v['module']}.py).")
        lines.extend(f"{line}\n" for line in textwrap.wrap(
            said, width=99, initial_indent="    #: ", subsequent_indent="    #: ",
            break_on_hyphens=False))
        lines.append(f"    {v['option']}: bool = False\n")
    lines.append(END)
    return "".join(lines)


def render(text: str, options: list[dict[str, str]]) -> str:
    """``text`` (rules.py) with its generated block made from ``options``."""
    if text.count(BEGIN) != 1 or text.count(END) != 1 or text.index(BEGIN) > text.index(END):
        raise SystemExit(f"{TARGET.relative_to(ROOT)}: the lines {BEGIN.strip()!r} and "
                         f"{END.strip()!r} must stand once each, in that order, in Rules")
    head, rest = text.split(BEGIN)
    return head + block(options) + rest.split(END, 1)[1]


def main(check: bool = False) -> int:
    """Write the block (or, with ``check``, say whether it is stale); the exit status."""
    old = TARGET.read_text(encoding="utf-8")
    new = render(old, variant_options())
    if new == old:
        return 0
    if check:
        print(f"stale: {TARGET.relative_to(ROOT)} (the variants' options); run ./dev regen")
        return 1
    TARGET.write_text(new, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)} (the variants' options)")
    return 0


if __name__ == "__main__":
    sys.exit(main("--check" in sys.argv[1:]))
