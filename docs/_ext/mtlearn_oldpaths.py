"""Sphinx extension: references written with mtlearn's flat module paths still link.

The API reference documents the layer paths (``mtlearn.content.puzzles.Puzzle``), while
docstrings, chapters and notes may name the flat paths of earlier versions
(``mtlearn.puzzles.Puzzle``), which import the same modules (:mod:`mtlearn._moved`).
When a Python cross-reference finds no target, this retries it at the layer path that
:data:`mtlearn._moved.MOVED` gives, so both spellings lead to the same entry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mtlearn._moved import MOVED

if TYPE_CHECKING:
    from docutils.nodes import Element
    from sphinx.application import Sphinx
    from sphinx.environment import BuildEnvironment


def layer_path(target: str) -> str | None:
    """``mtlearn.puzzles.Puzzle`` -> ``mtlearn.content.puzzles.Puzzle``; None when the
    target does not start with a flat module path."""
    parts = target.split(".")
    if len(parts) < 2 or parts[0] != "mtlearn" or parts[1] not in MOVED:
        return None
    return ".".join(["mtlearn", MOVED[parts[1]], *parts[1:]])


def _retry(app: Sphinx, env: BuildEnvironment, node: Element,
           contnode: Element) -> Element | None:
    if node.get("refdomain") != "py":
        return None
    target = layer_path(node.get("reftarget", ""))
    if target is None:
        return None
    return env.get_domain("py").resolve_xref(env, node.get("refdoc", ""), app.builder,
                                             node["reftype"], target, node, contnode)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("missing-reference", _retry)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
