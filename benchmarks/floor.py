"""The floor: a minimal, unchecked simulator of the standard rules, to measure the engine by.

``floor_round`` deals and plays one random round of Mexican Train (standard rules,
RULES.md §10) as plainly as Python allows: tiles are pairs of ints, trains are a list
of open ends, and nothing is checked, explained or recorded. It plays the same rules
as the engine's standard game with random bots (every player picks uniformly among
the legal plays, draws when nothing fits, plays a drawn tile that fits, passes and
marks otherwise; a double is played again after, open doubles from earlier turns
must be covered first unless nobody can cover them, several doubles of one turn are
covered in the order laid; the round ends when a hand is empty or when every player
has passed in turn since the last tile, the boneyard is empty and nobody can
play). It is the speed a pure-Python engine of
these rules cannot beat by much, so ``engine rounds/s ÷ floor rounds/s`` measured
in the same run says how much the engine's checks, explanations and history cost,
whatever the load on the machine.

The moves per round it reports should match the engine's: a check that both play
the same game.
"""

from __future__ import annotations

import random


def floor_round(rng: random.Random, players: int = 4, top: int = 12,
                size: int = 15) -> tuple[int, list[int]]:
    """Play one random round; returns (moves made, points left in each hand)."""
    n = players
    tiles = [(a, b) for a in range(top + 1) for b in range(a + 1)]
    tiles.remove((top, top))
    rng.shuffle(tiles)
    hands = [tiles[i * size:(i + 1) * size] for i in range(n)]
    bone = tiles[n * size:]
    ends = [top] * (n + 1)               # seats' trains, then the Mexican train (index n)
    marked = [False] * n + [True]
    open_d: list[int] = []               # trains ending in an open double, in order laid
    p = 0
    passes = 0
    moves = 0
    rand = rng.random
    while True:
        hand = hands[p]
        turn_d: list[int] = []
        drawn = None
        while True:
            # where a tile may go now: ``base`` for doubles, ``nd`` for other tiles
            base = [p, n] + [i for i in range(n) if i != p and marked[i]]
            if open_d:
                td = [d for d in turn_d if d in open_d]
                blocker = None
                for d in open_d:
                    if d in turn_d:
                        continue
                    v = ends[d]
                    if any(v in t for h in hands for t in h) or any(v in t for t in bone):
                        blocker = d
                        break
                if blocker is not None:
                    base = [blocker]
                if len(td) == 1 and td[0] not in base:
                    base.append(td[0])
                nd = base
                if len(td) >= 2:
                    # several doubles this turn: the next tile that is not a double covers
                    # the first one someone can still cover
                    for d in td:
                        v = ends[d]
                        if any(v in t for h in hands for t in h) or any(v in t for t in bone):
                            nd = [d]
                            break
            else:
                nd = base
            plays = []
            for t in (hand if drawn is None else (drawn,)):
                a, b = t
                for tr in (base if a == b else nd):
                    e = ends[tr]
                    if a == e or b == e:
                        plays.append((t, tr))
            moves += 1
            if plays:
                t, tr = plays[int(rand() * len(plays))]
                hand.remove(t)
                a, b = t
                ends[tr] = b if a == ends[tr] else a
                passes = 0
                if tr == p:
                    marked[p] = False
                if tr in open_d:
                    open_d.remove(tr)
                if not hand:
                    return moves, [sum(50 if a == b == 0 else a + b for a, b in h)
                                   for h in hands]
                if a == b:
                    open_d.append(tr)
                    turn_d.append(tr)
                    drawn = None
                    continue
                break
            if drawn is None and bone:
                drawn = bone.pop()
                hand.append(drawn)
                passes = 0
                continue
            # pass and mark the own train
            marked[p] = True
            passes += 1
            break
        if passes >= n and not bone and not any(
                _can_play(hands[s], s, ends, marked, open_d, hands, bone) for s in range(n)):
            # blocked: every player has passed in turn since the last tile, the boneyard
            # is empty, and nobody holds a tile that fits
            return moves, [sum(50 if a == b == 0 else a + b for a, b in h) for h in hands]
        p = (p + 1) % n


def _can_play(hand: list[tuple[int, int]], p: int, ends: list[int], marked: list[bool],
              open_d: list[int], hands: list[list[tuple[int, int]]],
              bone: list[tuple[int, int]]) -> bool:
    """True if seat ``p`` would hold a tile that fits at the start of a turn."""
    n = len(hands)
    base = [p, n] + [i for i in range(n) if i != p and marked[i]]
    for d in open_d:
        v = ends[d]
        if any(v in t for h in hands for t in h) or any(v in t for t in bone):
            base = [d]
            break
    return any(ends[tr] in t for t in hand for tr in base)
