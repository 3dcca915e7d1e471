"""The rules engine: a round's state, legal moves, play and take-back, verdicts, scores.

:class:`mtlearn.Game` is the one authority on what is legal and what a
position is; boards, scenarios, puzzles, bots and scores all ask it. ``engine`` imports
``core`` and the standard library only, with no way up: a game is printed and drawn
(``str(game)``, ``Game._repr_html_``) by functions the package root registers
(``register_drawing``), looked up when a game is drawn.
"""
