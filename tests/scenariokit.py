"""A tiny scenario file shared by the scenario tests (test_scenarios, test_scenario_files).

``TINY`` has two players and one checked step; ``TINY_TWO_STEPS`` adds a second step in
which Ben draws. Tests make bad files from them with ``str.replace``.
"""

from __future__ import annotations

import textwrap

TINY = textwrap.dedent("""\
    id: tiny
    title: A tiny scenario
    family: markers
    teaches: [R-TURN-3]
    position:
      set: 12
      players: [Ana, Ben]
      hands:
        - ["12-5", "3-4"]
        - ["7-8", "9-10"]
    steps:
      - move: 12-5@1
        say: Ana starts her train.
        check:
          to_play: Ben
    """)

TINY_TWO_STEPS = TINY + ("  - move: draw\n"
                         "    say: Ben has nothing that fits and draws.\n")
