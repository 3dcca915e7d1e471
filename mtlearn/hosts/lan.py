"""The address of this machine on the room's network, for the servers' ``--lan``.

Standard library only: the book server (``mtlearn book``) needs no extra package.
"""

from __future__ import annotations

import contextlib
import socket

__all__ = ["lan_address"]


def lan_address() -> str:
    """This machine's address on the room's network, or ``127.0.0.1`` when it has none.

    No packet is sent: a UDP socket is only pointed at a private address, which makes the
    system choose the interface it would use to reach the room.
    """
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("10.254.254.254", 1))
        return str(s.getsockname()[0])
    return "127.0.0.1"
