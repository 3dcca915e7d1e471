"""Every generated file of the tree, made again by one command: ``./dev regen``.

The files are committed, so that a reader of the tree (and the wheel) has them; each is
written by its generator from its one source:

* ``mtlearn/static/protocol.schema.json``, ``mtlearn/static/js/protocol.d.ts`` and
  ``devnotes/VIEW_FORMAT.md`` from the protocol's types (``mtlearn.core.protocol_schema``);
* the variants' options, fields of ``Rules`` in ``mtlearn/core/rules.py`` (between its
  ``# <generated: variant options>`` lines), from ``mtlearn/engine/variants/``
  (``tests/gen_variant_options.py``, which reads the modules without importing them);
* the variant classes' sections and options in ``docs/python-rules.md`` (between its
  ``<!-- begin`` and ``<!-- end`` lines) from ``mtlearn/engine/variants/``, then
  ``mtlearn/static/rules.html`` from ``docs/rules.md``, and ``mtlearn/static/js/rule-words.js``
  (the rules in a learner's words) from ``mtlearn/core/rule_words.py``
  (``docs/_ext/rules_page.py``).

``python tests/regen.py`` writes the stale ones; ``--check`` lists them and exits 1. The
tests (``tests/test_regen.py``) fail on a stale file with the command to run.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
#: The generators: each a command that writes its files, and takes ``--check``.
GENERATORS = (
    [sys.executable, str(REPO / "tests" / "gen_variant_options.py")],  # first: the others import
    [sys.executable, "-m", "mtlearn.core.protocol_schema"],
    [sys.executable, str(REPO / "docs" / "_ext" / "rules_page.py")],
)
#: What a test or a generator says when a file is stale.
COMMAND = "./dev regen"


def run(check: bool = False) -> tuple[int, str]:
    """Run every generator (with ``--check``: write nothing); the worst exit status and
    what they printed."""
    worst, said = 0, []
    for cmd in GENERATORS:
        out = subprocess.run([*cmd, *(["--check"] if check else [])], cwd=REPO,
                             capture_output=True, text=True, timeout=120)
        worst = max(worst, out.returncode)
        said.append(out.stdout + out.stderr)
    return worst, "".join(said)


if __name__ == "__main__":
    code, text = run("--check" in sys.argv[1:])
    print(text, end="")
    sys.exit(code)
