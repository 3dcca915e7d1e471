"""README's figures come from one place that checks them: the release compares README's
sizes of the wheel and the book archive with the files it built (``releasekit``), and
``./dev test --fast`` prints its own time beside README's figure."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
import releasekit

REPO = Path(__file__).resolve().parents[1]


def sized(path: Path, megabytes: float) -> Path:
    with path.open("wb") as f:
        f.truncate(int(megabytes * 1e6))
    return path


def test_the_release_refuses_a_readme_whose_sizes_drifted(tmp_path: Path) -> None:
    readme = REPO / "README.md"
    text = readme.read_text(encoding="utf-8")
    said = [float(re.search(p, text)[1]) for _, p in releasekit.README_SIZES]  # type: ignore[index]
    wheel, archive = sized(tmp_path / "w.whl", said[0]), sized(tmp_path / "b.zip", said[1])
    releasekit.check_readme_sizes(wheel, archive)  # README as it is: its own figures pass
    sized(archive, said[1] * 1.5)
    with pytest.raises(releasekit.ReleaseError,
                       match=rf"says the book archive is about {said[1]:g} MB; b\.zip is "
                             rf"{said[1] * 1.5:.1f} MB: write that figure there"):
        releasekit.check_readme_sizes(wheel, archive)
    gone = tmp_path / "README.md"
    gone.write_text(text.replace("the wheel (about", "the wheel (roughly"), encoding="utf-8")
    with pytest.raises(releasekit.ReleaseError, match="gives no size of the wheel"):
        releasekit.check_readme_sizes(wheel, archive, gone)


def test_the_fast_tier_reports_its_time_beside_the_readmes() -> None:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    m = re.search(r"`\./dev test --fast` runs the quick part in about (\d+) seconds", text)
    assert m, "README gives the fast tier's time as 'in about N seconds'"
    dev = (REPO / "dev").read_text(encoding="utf-8")
    function = re.search(r"^readme_fast_seconds\(\) \{\n.*?^\}\n", dev, re.S | re.M)
    assert function and "readme_fast_seconds" in dev[function.end():]  # defined, then used
    out = subprocess.run(["bash", "-c", f'ROOT={str(REPO)!r}\n{function[0]}readme_fast_seconds'],
                         capture_output=True, text=True, timeout=10, check=True)
    assert out.stdout.strip() == m[1]


def test_the_readme_gives_the_shipped_mined_count() -> None:
    from mtlearn.content.mined import mined_index
    from mtlearn.content.mining_cli import SHIPPED_MADE

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    said = re.search(r"rebuilds the ([\d,]+) engine-checked puzzles", readme)
    assert said, "README.md no longer says how many mined puzzles are shipped"
    assert int(said[1].replace(",", "")) == SHIPPED_MADE == len(mined_index())


def test_the_chapters_say_how_many_puzzles_the_trainer_has_more() -> None:
    """The chapters' "More practice" lines say the trainer has about a hundred more puzzles:
    true while the mined set is between 80 and 150 (not two thousand, as they once said, nor
    the hundreds of near-copies reviews 9 and 10 read)."""
    from mtlearn.content.mined import mined_index

    tutorials = Path(__file__).resolve().parents[1] / "tutorials"
    said = [p.name for p in tutorials.glob("*.md")
            if "about a hundred more" in p.read_text(encoding="utf-8")]
    assert len(said) >= 9, said
    assert 80 <= len(mined_index()) < 150
    for p in tutorials.glob("*.md"):
        assert "thousand more" not in p.read_text(encoding="utf-8"), p.name
