"""A class at the table: the server behind ``mtlearn class`` (issue 21).

One machine (the teacher's) runs a small web server; students open its address on their
phones or laptops, type the class code and their first name, and sit at a table. Every
table is one :class:`~mtlearn.hosts.session.BoardSession`, the only authority on the game;
each device receives the view of its own seat (:mod:`mtlearn.present.perspective` decides
what that seat may see), the projector and the teacher a public view with every hand
face down.

The modules, in the order they import one another:

* :mod:`.names` — students' names: what is accepted, kept, and counts as the same name;
* :mod:`.tables` — one table: seats, the session, what each seat and the projector see;
* :mod:`.puzzle_round` — a puzzle round: a set of puzzles judged on the server, results;
* :mod:`.store` — the class folder: sealed files with a previous copy, the answers log,
  archived puzzle rounds; what ``--resume`` reads back;
* :mod:`.keeping` — a change made only once the folder holds it, else taken back and
  said (a full disk, a read-only folder);
* :mod:`.matches` — every match played at a table, archived with its round points as
  soon as it is over and when a new match is dealt; what ``--resume`` reads back;
* :mod:`.room` — the class: code, tokens, students, tables, the puzzle round, the state
  folder; answers every message of the protocol with the messages to send back;
* :mod:`.results` — the teacher's results: game scores and puzzle results, page and CSV;
* :mod:`.limits` — what one device and one network address may do (students, code
  guesses, connections, requests), so that no single device can spoil the room;
* :mod:`.doors` — who is at the door: the server's own names (``Host``, ``Origin``), the
  device cookie, the tokens that spare a request its address's limits, TLS;
* :mod:`.serving` — how the class is served (network, port, book, limits), kept in its
  folder for ``--resume``;
* :mod:`.server` — the web server (aiohttp): pages, WebSockets, limits, QR code.

Only :mod:`.server` needs the ``class`` extra (``pip install "mexican-train-learn[class]"``: aiohttp
and segno); the other modules use the standard library and mtlearn alone, so the rules
of a class (who may do what, what each seat sees) are tested without a network.
"""

from __future__ import annotations

from ...core.errors import MtlearnError

__all__ = ["ClassError"]


class ClassError(MtlearnError):
    """A class request refused, or a class folder that cannot be read or written; the
    message says what and where, and nothing was changed."""
