"""The rules engine: a round's state, legal moves, play and take-back, verdicts, scores.

:class:`mtlearn.Game` is the one authority on what is legal and what a
position is; boards, scenarios, puzzles, bots and scores all ask it. ``engine`` imports
``core`` and the standard library only. (A game draws itself, ``Game._repr_html_``, by a
lazy import of ``present``: the only way up, and only when a notebook asks.)
"""
