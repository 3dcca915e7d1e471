"""Playing well: the planner (the longest train from a hand), the bots, and simulations.

``play`` imports ``core`` and ``engine`` and the standard library (``sim`` uses tqdm
and pandas only if they are installed).
"""
