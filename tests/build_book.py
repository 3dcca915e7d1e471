"""``python tests/build_book.py OUT``: a clean build of the book into OUT/html, as the tests'
``book`` fixture makes it; ``./dev test`` runs it once and hands OUT/html to pytest through
``MTLEARN_BOOK_DIR``. Prints the build time; exits 1 with Sphinx's output if it fails."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bookkit import BOOK_TARGET_SECONDS, build_book


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: python tests/build_book.py OUT", file=sys.stderr)
        return 2
    build = build_book(Path(sys.argv[1]).resolve())
    if build.returncode != 0:
        print(build.failure(), file=sys.stderr)
        return 1
    print(f"clean book build: {build.seconds:.1f} s (target ≤ {BOOK_TARGET_SECONDS} s): "
          f"{build.html}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
