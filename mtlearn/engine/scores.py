"""Scores: what a hand counts, each round's scores, totals, standings, and partnerships.

Mixed into :class:`~mtlearn.Game`. A finished round adds one row to
:attr:`Game.scores <mtlearn.Game>` (written by :meth:`Game._finish
<mtlearn.Game>`); everything here reads those rows: totals (R-SCORE-3), the
ranking with its tie-break (R-SCORE-4), OpenSpiel-style returns, and, under
R-VAR-TEAMS, the partnerships and their team totals.
"""

from __future__ import annotations

from .state import GameState

__all__ = ["Scores"]


class Scores(GameState):
    """Scores, standings and partnerships, mixed into :class:`~mtlearn.Game`."""

    __slots__ = ()

    def pips(self, seat: int) -> int:
        """Points the seat's hand would count now (R-SCORE-1, R-SCORE-2)."""
        return sum(self.rules.tile_value(t.high, t.low) for t in self.hands[seat])

    @property
    def round_scores(self) -> list[list[int]]:
        """Scores of every finished round (one list per round, one number per seat)."""
        return [list(r) for r in self.scores]

    @property
    def totals(self) -> list[int]:
        """Each player's total over the finished rounds (R-SCORE-3)."""
        return [sum(r[i] for r in self.scores) for i in range(self.n)]

    def returns(self) -> list[int]:
        """OpenSpiel-style returns: minus each player's total (higher is better)."""
        return [-t for t in self.totals]

    def _tie_key(self, seat: int) -> tuple[int, ...]:
        team = self.team_of(seat)
        if team is not None:        # R-VAR-TEAMS: partners rank together
            rounds = [r[team] for r in self._team_round_scores()]
        else:
            rounds = [r[seat] for r in self.scores]
        total = sum(rounds)
        if self.rules.tie_break == "shared":
            return (total,)
        zeros = sum(1 for s in rounds if s == 0)
        nonzero = [s for s in rounds if s]
        return (total, -zeros, min(nonzero) if nonzero else 0)

    def standings(self) -> list[tuple[int, int, int]]:
        """``(place, seat, total)`` best first, with ties broken by R-SCORE-4.

        Players still level after the tie-break share a place.
        """
        order = sorted(range(self.n), key=lambda s: (self._tie_key(s), s))
        out: list[tuple[int, int, int]] = []
        for i, s in enumerate(order):
            place = out[-1][0] if out and self._tie_key(order[i - 1]) == self._tie_key(s) \
                else i + 1
            team = self.team_of(s)
            out.append((place, s, self.totals[s] if team is None else self.team_totals[team]))
        return out

    @property
    def winners(self) -> list[int]:
        """Seats in first place so far (one, unless a tie stands)."""
        return [s for place, s, _ in self.standings() if place == 1]

    # ================================================================== teams (R-VAR-TEAMS)
    # The answers of a game without partnerships; mtlearn.engine.variants.partnerships gives the
    # others.
    @property
    def has_teams(self) -> bool:
        """True when the game is played in partnerships (R-VAR-TEAMS)."""
        return False

    def partner(self, seat: int) -> int | None:
        """The seat of ``seat``'s partner (opposite), or None without partnerships."""
        return None

    def team_of(self, seat: int) -> int | None:
        """The team number (0-based) of a seat, or None without partnerships."""
        return None

    @property
    def teams(self) -> list[tuple[int, int]]:
        """The partnerships as pairs of seats (empty without R-VAR-TEAMS)."""
        return []

    def team_name(self, team: int) -> str:
        """Words for a team: ``"Ana and Cy"``."""
        a, b = self.teams[team]
        return f"{self.players[a]} and {self.players[b]}"

    @property
    def team_totals(self) -> list[int]:
        """Each team's total over the finished rounds (R-VAR-TEAMS, R-SCORE-3)."""
        totals = self.totals
        return [totals[a] + totals[b] for a, b in self.teams]

    def _team_round_scores(self) -> list[list[int]]:
        scores: list[list[int]] = self.scores
        return [[r[a] + r[b] for a, b in self.teams] for r in scores]
