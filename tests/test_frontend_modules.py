"""The front end as ES modules (mtlearn/static/js), the bundler that joins them
(mtlearn.present.frontend), and what may no longer live in Python strings.

The lint (biome) and the unit tests of the modules (tests/js, node --test) run in
``./dev test`` through tests/frontend_checks.py; these tests need no browser.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from mtlearn.content.puzzle_files import MAX_PAR
from mtlearn.content.puzzle_record import star_table, stars_for
from mtlearn.content.puzzles import bundled
from mtlearn.present import frontend
from mtlearn.present.frontend import FrontEndError, bundle
from mtlearn.present.htmlout import board_js

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "mtlearn" / "static" / "js"
ENTRIES = ("main.js", "progress.js", "class-main.js")  # class-main.js: `mtlearn class` pages


def files(tmp_path: Path, **sources: str) -> Path:
    for name, text in sources.items():
        (tmp_path / (name.replace("_", "-") + ".js")).write_text(text, encoding="utf-8")
    return tmp_path


# ---------------------------------------------------------------- the bundler


def test_bundle_keeps_each_module_private_and_the_entry_exports(tmp_path: Path):
    folder = files(
        tmp_path,
        a='const hidden = 1;\nexport function twice(x) { return 2 * x + hidden - 1; }\n',
        b='import { twice as double } from "./a.js";\nconst hidden = 10;\n'
          'export const four = double(2) + hidden - 10;\n',
        main='import { four } from "./b.js";\nimport { twice } from "./a.js";\n'
             'const out = { four, eight: twice(four) };\nexport default out;\nexport { out };\n')
    js = bundle("main.js", folder)
    # a.js comes once, before the modules that import it; both `hidden`s stay private
    assert js.index("// ---- static/js/a.js") < js.index("// ---- static/js/b.js") \
        < js.index("// ---- static/js/main.js")
    assert js.count("// ---- static/js/a.js") == 1
    if shutil.which("node"):
        out = tmp_path / "bundle.mjs"
        out.write_text(js, encoding="utf-8")
        script = (f"import m, {{ out }} from {json.dumps(out.as_uri())};"
                  "console.log(JSON.stringify([m, m === out]));")
        got = subprocess.run(["node", "--input-type=module", "-e", script], check=True,
                             capture_output=True, text=True).stdout
        assert json.loads(got) == [{"four": 4, "eight": 8}, True]


def test_bundle_leaves_out_jsdoc_blocks_but_keeps_inline_casts(tmp_path: Path):
    """The JSDoc types are for tsc: a block on lines of its own is not carried into a page
    (a third of the front end's bytes); a cast with code after it on its line stays."""
    folder = files(
        tmp_path,
        main='/**\n * A view.\n * @typedef {{a: number}} View\n */\n'
             '  /** @param {number} x */\n'
             'const view = /** @type {View} */ ({ a: 1 });\n'
             'const s = "/** not a comment */";\nexport default [view.a, s];\n')
    js = bundle("main.js", folder)
    assert "@typedef" not in js and "@param" not in js
    assert "/** @type {View} */ ({ a: 1 })" in js and '"/** not a comment */"' in js


@pytest.mark.parametrize(("sources", "error"), [
    ({"main": 'import { x } from "./a.js";\nexport const y = 2;\n',
      "a": 'import { y } from "./main.js";\nexport const x = 1;\n'},
     r"cycle: main\.js -> a\.js -> main\.js"),
    ({"main": 'import { nope } from "./a.js";\n', "a": "export const x = 1;\n"},
     r"main\.js:1: imports 'nope' from \./a\.js, which does not export it"),
    ({"main": 'import { x } from "./gone.js";\n'}, r"gone\.js does not exist \(imported by main\.js\)"),
    ({"main": 'import { x } from "./a.js";\n', "a": "export let x = 1;\n"},
     r"a\.js:1: 'export let x' is a live binding"),
    ({"main": 'import x from "./a.js";\n'}, r"main\.js:1: an import the bundler does not read"),
    ({"main": 'import { x } from "https://example.org/x.js";\n'}, r"only a file of the same folder"),
    ({"main": 'import { x } from "./a.js";\n', "a": "export const x = 1;\nexport default x;\n"},
     r"a\.js:2: only the entry file may 'export default'"),
    ({"main": 'import { x } from "./a.js";\n', "a": "export * from './b.js';\n"},
     r"a\.js:1: an export the bundler does not read"),
    ({"main": 'import { x } from "./a.js";\nconst x = 2;\n', "a": "export const x = 1;\n"},
     r"'x' is imported twice or also declared"),
    ({"main": "export { y };\n"}, r"exports 'y', which the file does not declare or import"),
])
def test_bundle_refuses_what_it_cannot_assemble(tmp_path: Path, sources: dict[str, str],
                                                error: str):
    with pytest.raises(FrontEndError, match=error):
        bundle("main.js", files(tmp_path, **sources))


def test_every_front_end_file_is_a_module_of_an_entry():
    """No file of static/js is left out of both bundles, and none has a numeric prefix."""
    reached = set()
    for entry in ENTRIES:
        reached |= set(re.findall(r"^// ---- static/js/([\w-]+\.js)$", bundle(entry), re.M))
    on_disk = {p.name for p in JS.glob("*.js")}
    assert reached == on_disk
    assert not [n for n in on_disk if re.match(r"\d", n)]


def test_the_board_module_is_one_es_module_with_the_widget_entry():
    js = board_js()
    assert js.startswith("// mtlearn front end: static/js/main.js")
    assert "export default widget;" in js
    assert "\nfunction mountStandalone(root)" in js      # the pages' boot call needs it
    assert not re.search(r"^import\b", js, re.M)
    if shutil.which("node"):
        subprocess.run(["node", "--input-type=module", "--check"], input=js, text=True,
                       check=True)


def test_an_edited_file_is_read_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    folder = files(tmp_path, main="export default 1;\n")
    monkeypatch.setattr(frontend, "_static", lambda: tmp_path.parent)
    (tmp_path.parent / "js").mkdir(exist_ok=True)
    (tmp_path.parent / "js" / "main.js").write_text("export default 1;\n", encoding="utf-8")
    first = bundle("main.js")
    (tmp_path.parent / "js" / "main.js").write_text("export default 22;\n", encoding="utf-8")
    assert "22" in bundle("main.js") and "22" not in first
    assert folder


# ---------------------------------------------------------------- no JS or CSS in Python


def _python_strings(path: Path) -> list[tuple[int, str]]:
    """Each string constant of a module but the docstrings, f-strings with their literal
    parts joined (a placeholder reads ``{}``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: list[tuple[int, str]] = []
    inside: set[int] = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            parts = [v.value if isinstance(v, ast.Constant) else "{}" for v in node.values]
            out.append((node.lineno, "".join(str(p) for p in parts)))
            inside.update(id(v) for v in node.values)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and id(node) not in inside:
            out.append((node.lineno, node.value))
    return out


_ELEMENT = re.compile(r"<(style|script)\b([^>]*)>(.*?)(?:</\1>|$)", re.S)
#: the one line a page's script may hold besides a file's text: mount this element
_BOOT_CALL = re.compile(r'[\w.]+\(document\.getElementById\("[^"]*"\)\);')
_CSS_RULE = re.compile(r"[\w.#\]\)-]\s*\{[^{}]*:[^{}]*;[^{}]*\}")
_JS_CODE = re.compile(r"=>|\bfunction\b|\bconst \w|\blet \w|addEventListener|querySelector")


def test_no_script_or_style_is_written_in_python():
    """Front-end code lives in mtlearn/static/: a Python string may open a <script> or
    <style> element only to put a file's text (a placeholder) or a one-line call in it."""
    bad = []
    for path in sorted((ROOT / "mtlearn").rglob("*.py")):
        for line, text in _python_strings(path):
            where = f"{path.relative_to(ROOT)}:{line}"
            if _CSS_RULE.search(text):
                bad.append(f"{where}: a CSS rule: {text[:60]!r}")
            elif _JS_CODE.search(text) and len(text) > 120:
                bad.append(f"{where}: JavaScript: {text[:60]!r}")
            for m in _ELEMENT.finditer(text):
                if "application/" in m[2]:      # data (JSON), not code
                    continue
                lines = [x.strip() for x in m[3].strip().splitlines()]
                if not all(x == "{}" or _BOOT_CALL.fullmatch(x) for x in lines if x):
                    bad.append(f"{where}: code inside <{m[1]}>: {m[3].strip()[:60]!r}")
    assert not bad, "\n".join(bad)


def test_the_check_finds_code_in_strings(tmp_path: Path):
    sample = tmp_path / "sample.py"
    sample.write_text('A = "<style>.x{color:red;}</style>"\n'
                      'B = f"<script>{1}</script>"\n'
                      'C = "(() => { const root = 1; })();"\n',
                      encoding="utf-8")
    texts = dict(_python_strings(sample))
    assert _CSS_RULE.search(texts[1])
    assert texts[2] == "<script>{}</script>"
    assert _JS_CODE.search(texts[3])
    assert _ELEMENT.search('<script type="module">\nconst a = 1;\n</script>')


# ---------------------------------------------------------------- stars


def test_star_policy_is_the_one_the_front_end_had():
    """stars_for gives the numbers puzzleStars gave in JS: 3 within par, one fewer per
    slip over par, at least 1; the table sent holds them for every slip count."""
    def old_js_rule(slips: int, par: int) -> int:
        return max(1, 3 - max(0, slips - max(0, par)))

    for par in range(MAX_PAR + 1):
        table = star_table(par)
        for slips in range(par + 10):
            assert stars_for(slips, par) == old_js_rule(slips, par)
            assert table[min(slips, len(table) - 1)] == old_js_rule(slips, par)
        assert table[-1] == 1 and table[par] == 3


def test_every_puzzle_sends_its_star_table():
    for p in bundled():
        assert p.info()["stars"] == star_table(p.par), p.id
