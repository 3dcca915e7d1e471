"""The vocabulary of the game: tiles, moves, rules and their options, rule ids, errors.

Everything else is written in these terms. ``core`` imports nothing of mtlearn's but
itself, and only the standard library (Pyodide runs it unchanged).
"""
