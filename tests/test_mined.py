"""The shipped mined puzzles (mtlearn/puzzles/mined.jsonl.gz) and the interface the
trainer reads them by (mtlearn.content.mined)."""

from __future__ import annotations

import gzip
import json
import random
from pathlib import Path

import pytest

from mtlearn.cli import main
from mtlearn.content import mined as mined_module
from mtlearn.content.mined import (
    MinedEntry,
    index_line,
    mined,
    mined_index,
    mined_puzzle,
    read_lines,
    record_line,
)
from mtlearn.content.puzzle_files import bundled, check
from mtlearn.content.puzzle_record import Puzzle, PuzzleError


def test_the_index_reads_every_line_without_building_games(monkeypatch):
    # a fresh process's caches: other tests in this worker may have built puzzles already
    monkeypatch.setattr(mined_module, "_BUILT", {})
    index = mined_index()
    assert index and all(isinstance(e, MinedEntry) for e in index)
    assert len({e.id for e in index}) == len(index)
    assert all(e.id.startswith("m-") for e in index)
    # nothing was built to read it
    assert all(e.id not in mined_module._BUILT for e in index[5:])


def test_the_index_agrees_with_each_record():
    for e in random.Random(1).sample(mined_index(), 10):
        p = mined_puzzle(e.id)
        assert isinstance(p, Puzzle)
        assert (p.id, p.kind, p.family, tuple(p.themes), p.rating, p.level) == (
            e.id, e.kind, e.family, e.themes, e.rating, e.level)
        assert mined_puzzle(e.id) is p        # built once


@pytest.mark.corpus  # builds every shipped mined puzzle
def test_mined_builds_them_all_in_file_order():
    every = mined()
    assert [p.id for p in every] == [e.id for e in mined_index()]


def test_an_unknown_id_is_a_key_error():
    with pytest.raises(KeyError, match="no mined puzzle"):
        mined_puzzle("m-nothing-0000000000")


def test_record_lines_open_with_the_index_fields():
    rec = {"title": "T", "rating": 1234, "id": "m-x-1", "kind": "number", "level": 2,
           "family": "scoring", "themes": ["a-b", "R-SCORE-1"]}
    line = record_line(rec)
    assert json.loads(line) == rec
    assert index_line(line) == MinedEntry("m-x-1", "number", "scoring", ("a-b", "R-SCORE-1"),
                                          1234, 2)
    with pytest.raises(ValueError, match="needs id"):
        record_line({"kind": "number"})


def test_a_line_out_of_order_is_still_read_and_a_broken_one_named():
    line = json.dumps({"rating": 900, "level": 1, "themes": [], "family": "turns",
                       "kind": "choose", "id": "m-y-2"})
    assert index_line(line).id == "m-y-2"
    with pytest.raises(PuzzleError, match=r"f\.jsonl\.gz:3"):
        index_line('{"id": 3}', "f.jsonl.gz:3")


def test_read_lines_takes_gzip_or_plain_and_names_bad_bytes():
    assert read_lines(gzip.compress(b'{"a": 1}\n\n{"b": 2}\n')) == ['{"a": 1}', '{"b": 2}']
    assert read_lines(b'{"a": 1}\n') == ['{"a": 1}']
    with pytest.raises(PuzzleError, match="gzip"):
        read_lines(b"\x1f\x8bnot gzip")
    with pytest.raises(PuzzleError, match="UTF-8"):
        read_lines(b"\xff\xfe")


def test_a_seeded_sample_of_the_shipped_set_proves():
    index = mined_index()
    for e in random.Random(31).sample(index, min(100, len(index))):
        p = mined_puzzle(e.id)
        check(p)
        assert p.judge(p.answer).status == "right"


def test_the_shipped_set_is_large_and_mixed():
    from mtlearn.content.mining_cli import SHIPPED_MADE
    index = mined_index()
    assert len(index) == SHIPPED_MADE
    kinds = {e.kind for e in index}
    assert {"choose", "move", "all-moves", "number", "sequence"} <= kinds
    tags = {e.id.rsplit("-", 1)[0] for e in index}
    assert {"m-open-trains", "m-must-do", "m-every-legal", "m-round-score", "m-engine",
            "m-next-player", "m-where-legal", "m-play-fewest", "m-play-out"} <= tags
    # play puzzles are few ideas (the kind of tile shed, going out), each a handful of
    # times: one idea, one puzzle (mining_ideas.IDEA_CAPS), not a fifth of the set
    plays = [e for e in index if e.id.startswith("m-play-")]
    assert len(plays) >= 20
    from mtlearn.content.mining_ideas import IDEA_CAP, IDEA_CAPS, _tag, idea_key
    ideas: dict[str, int] = {}
    for e in index:
        rec = mined_puzzle(e.id).data
        key = idea_key(rec)
        ideas[key] = ideas.get(key, 0) + 1
        assert ideas[key] <= IDEA_CAPS.get(_tag(rec), IDEA_CAP), key
    themes = {t for e in index for t in e.themes}
    # the variants, each only where its shown answer uses it (mining_claims); Swan Drive,
    # whose drive a single position seldom needs, is taught by hand-written whole turns
    assert {"standard", "branching", "teams", "answer-double", "blanks-25"} <= themes
    assert any(p.rules.swan_drive for p in bundled()), "no puzzle teaches Swan Drive"
    assert all(400 <= e.rating <= 3000 and 1 <= e.level <= 5 for e in index)


@pytest.mark.slow
@pytest.mark.corpus
def test_every_shipped_mined_puzzle_proves(capsys):
    """The whole set, replayed and judged by ``mtlearn check`` on the puzzles folder: each
    answer right, each wrong answer wrong for its reason, every answer a page stores
    computed, the index fields true to each record (the slow tier)."""
    folder = Path(mined_module.__file__).parents[1] / "puzzles"
    assert main(["check", str(folder)]) == 0
    out = capsys.readouterr().out
    assert f"mined.jsonl.gz: {len(mined_index())} mined puzzles prove" in out
    assert "FAIL" not in out
