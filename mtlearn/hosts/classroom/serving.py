"""How a class is served, kept in its folder (``serving.json``), so that ``mtlearn class
--resume`` alone serves it again the same way: the network (``--lan``, ``--host``), the
port, the book, the limits (``--per-address``, ``--pace``), TLS and the QR code.

An option given again on the command line wins over the one kept; one given neither
time has its default (:data:`DEFAULTS`). :func:`command` is the whole command that
serves the class again the same way: the line printed when the server stops. The idle
limit is the class's own (class.json). Standard library only.
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

from . import ClassError
from .store import read_kept, write_sealed

__all__ = ["DEFAULTS", "FILE", "command", "merged", "read", "write"]

#: The file in the class folder.
FILE = "serving.json"
#: Each option kept, and its value when it is given neither now nor before.
DEFAULTS: dict[str, Any] = {"lan": None, "host": None, "port": 8765, "book": None,
                            "per_address": 8, "pace": 1.0, "tls_cert": None,
                            "tls_key": None, "no_qr": False}
_TYPES: dict[str, tuple[type, ...]] = {
    "lan": (str, type(None)), "host": (str, type(None)), "port": (int,),
    "book": (str, type(None)), "per_address": (int,), "pace": (int, float),
    "tls_cert": (str, type(None)), "tls_key": (str, type(None)), "no_qr": (bool,)}


def _check(data: Any, where: str) -> dict[str, Any]:
    options = data.get("options") if isinstance(data, dict) else None
    if not isinstance(options, dict):
        raise ClassError(f"{where}: not the options a class was served with")
    return {k: v for k, v in options.items() if k in _TYPES and isinstance(v, _TYPES[k])
            and not (isinstance(v, bool) and k != "no_qr")}


def read(folder: Path, notes: list[str]) -> dict[str, Any]:
    """The options the class in ``folder`` was served with ({} if none were kept; a
    damaged file is said in ``notes``)."""
    path = folder / FILE
    if not path.exists() and not path.with_name("serving.prev.json").exists():
        return {}
    return read_kept(path, folder, notes, _check) or {}


def write(folder: Path, options: dict[str, Any]) -> None:
    """Keep ``options`` (every key of :data:`DEFAULTS`) in ``folder``."""
    write_sealed(folder / FILE, {"options": {k: options[k] for k in DEFAULTS}})


def merged(given: dict[str, Any], kept: dict[str, Any]) -> dict[str, Any]:
    """Each option: as given now (not None), else as kept, else its default."""
    out = {}
    for k, default in DEFAULTS.items():
        value = given.get(k)
        out[k] = value if value is not None else kept.get(k, default)
    return out


def command(folder: Path, options: dict[str, Any]) -> str:
    """The whole command that serves the class in ``folder`` again as ``options`` say
    (the options at their default left out)."""
    words = ["mtlearn", "class", "--resume", "--folder", str(folder)]
    for k, default in DEFAULTS.items():
        value = options.get(k, default)
        if value == default and k != "port":
            continue
        flag = "--" + k.replace("_", "-")
        if k == "lan" and value == "":
            words.append(flag)  # this machine's address on the room's network
        elif k == "no_qr":
            words.append(flag)
        else:
            words += [flag, f"{value:g}" if isinstance(value, float) else str(value)]
    return " ".join(shlex.quote(w) for w in words)
