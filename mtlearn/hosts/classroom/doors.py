"""Who is at the door: the names this server answers to, the device a request comes from,
and the tokens that spare a request the limits of its address (:mod:`.limits`).

* **Its own names only.** A request whose ``Host`` is not one of the server's own names
  (:func:`own_names`: the address it serves on, this machine's addresses and name on the
  room's network, ``127.0.0.1``, ``localhost``, ``[::1]``, and the names in its TLS
  certificate) is refused (421) in a plain sentence, and ``/ws`` also wants the page's
  ``Origin`` to be one of them: a page of another site whose name was pointed at this
  machine (DNS rebinding) gets nothing.
* **A device, not an address.** Every class page gives the browser a device cookie
  (:data:`DEVICE_COOKIE`, signed by this server: :class:`Devices`), sent again with the
  page's WebSocket; a wrong class code is counted against that device, so that one
  guesser behind a school's router does not lock out the class behind it.
* **What a page may run.** Each class page carries its Content-Security-Policy
  (:func:`page_policy`): this server only, the page's own inline script and style by
  their hashes.
* **Tokens spare a request.** The teacher's page keeps the teacher's token in a cookie
  (:data:`TEACHER_COOKIE`) and a student's page the seat token (:data:`SEAT_COOKIE`);
  the server never takes either as leave to act (every action carries its token in the
  message), only as a reason to spare the request the address's counts.

Standard library only.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import hmac
import re
import secrets
import socket
import ssl
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from ...core.errors import MtlearnError
from ...core.words import one_line

__all__ = ["DEVICE_COOKIE", "DEVICE_COOKIE_AGE", "LOOPBACK", "SEAT_COOKIE", "TEACHER_COOKIE",
           "Devices", "cert_names", "host_name", "misdirected", "own_names", "page_policy",
           "same_origin", "tls_context"]

#: The cookie that tells one browser from another behind one address.
DEVICE_COOKIE = "mtlearn_device"
#: The cookie a student's page keeps its seat token in (see class-main.js).
SEAT_COOKIE = "mtlearn_seat"
#: The cookie the teacher's page keeps the teacher's token in (see class-teacher.js).
TEACHER_COOKIE = "mtlearn_teacher"
#: Seconds a device cookie is kept by the browser (a school year).
DEVICE_COOKIE_AGE = 365 * 86_400
#: The names of this machine to itself, always allowed.
LOOPBACK = ("127.0.0.1", "localhost", "::1")


def host_name(netloc: str) -> str:
    """The host of a ``Host`` header or an address's ``host:port`` part, lower case,
    without the port or an IPv6 address's brackets ("" if it is not one)."""
    try:
        return urlsplit("//" + netloc.strip()).hostname or ""
    except ValueError:
        return ""


def cert_names(cert: str) -> list[str]:
    """The host names and addresses a TLS certificate (a PEM file) is for: its subject
    alternative names and common name ([] if they cannot be read)."""
    decode: Any = getattr(getattr(ssl, "_ssl", None), "_test_decode_cert", None)
    if decode is None:
        return []
    try:
        info = decode(cert)
    except (OSError, ValueError, ssl.SSLError):
        return []
    names = [str(v) for kind, v in info.get("subjectAltName", ()) if kind in ("DNS",
                                                                          "IP Address")]
    for rdn in info.get("subject", ()):
        names += [str(v) for k, v in rdn if k == "commonName"]
    return names


def own_names(listen: str, shown: str, extra: Iterable[str] = ()) -> frozenset[str]:
    """The names this server answers to: :data:`LOOPBACK`, the address it listens on
    (``listen``) and shows (``shown``), ``extra`` (the TLS certificate's names) and, when
    it listens on every interface, this machine's name and addresses."""
    names = {*LOOPBACK, host_name(listen) or listen, host_name(shown) or shown, *extra}
    if listen in ("0.0.0.0", "::", ""):
        with contextlib.suppress(OSError):
            me = socket.gethostname()
            names |= {me, me + ".local"}
            names |= {str(a[4][0]) for a in socket.getaddrinfo(me, None)}
    return frozenset(n.lower().strip("[]") for n in names if n and not n.startswith("*"))


def misdirected(host: str | None, names: frozenset[str]) -> str | None:
    """The refusal's words when ``host`` (a ``Host`` header) is none of ``names``, else
    None (no ``Host`` at all: not a browser, let in)."""
    if host is None or host_name(host) in names:
        return None
    shown = ", ".join(sorted(f"[{n}]" if ":" in n else n for n in names))
    return ("This is a class server, and it answers only to its own addresses "
            f"({shown}), not to {host[:80]!r}: open the class at the address its teacher "
            "shows.\n")


class Devices:
    """Device ids signed by this server (a cookie's value ``id.signature``), so that a
    device cannot make up a new one for each guess."""

    def __init__(self, secret: bytes | None = None) -> None:
        self.secret = secret or secrets.token_bytes(32)

    def _sign(self, ident: str) -> str:
        return hmac.new(self.secret, ident.encode(), hashlib.sha256).hexdigest()[:32]

    def issue(self) -> str:
        """A new device cookie's value."""
        ident = secrets.token_urlsafe(12)
        return f"{ident}.{self._sign(ident)}"

    def give(self, cookies: Mapping[str, str], response: Any, secure: bool) -> None:
        """A page's ``response`` gives the browser a device cookie, unless its
        ``cookies`` hold one this server signed."""
        if self.check(cookies.get(DEVICE_COOKIE)) is None:
            response.set_cookie(DEVICE_COOKIE, self.issue(), path="/", httponly=True,
                                samesite="Strict", secure=secure or None,
                                max_age=DEVICE_COOKIE_AGE)

    def check(self, value: str | None) -> str | None:
        """The device id of a cookie's value this server signed, else None."""
        if not value or value.count(".") != 1:
            return None
        ident, sig = value.split(".")
        return ident if hmac.compare_digest(sig.encode(), self._sign(ident).encode()) else None


def same_origin(origin: str, scheme: str, host: str, names: frozenset[str]) -> bool:
    """Is a browser's ``Origin`` this server as the browser asked for it (``scheme``,
    ``host``: the request's), by one of its own ``names``?"""
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    return parts.scheme == scheme and parts.netloc.lower() == host.lower() \
        and host_name(parts.netloc) in names


def tls_context(cert: str, key: str) -> ssl.SSLContext:
    """The server's TLS settings from a certificate and its private key (PEM files)."""
    for given in (cert, key):
        if not Path(given).is_file():
            raise MtlearnError(f"--tls-cert/--tls-key: {given} is missing")
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    try:
        ctx.load_cert_chain(cert, key)
    except (ssl.SSLError, OSError) as e:
        raise MtlearnError(f"--tls-cert {cert} --tls-key {key}: not a certificate and its "
                           f"key in PEM form ({one_line(str(e), 120)})") from None
    return ctx


#: A page's inline elements of one kind (script, style): their text, for the policy's hashes.
def _inline(tag: str) -> re.Pattern[str]:
    return re.compile(rf"<{tag}(?: [^>]*)?>(.*?)</{tag}>", re.S)


_INLINE_SCRIPT, _INLINE_STYLE = _inline("script"), _inline("style")


def _hashes(pattern: re.Pattern[str], html: str) -> str:
    return " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(m[1].encode()).digest()).decode() + "'"
        for m in pattern.finditer(html) if m[1].strip())


def page_policy(html: str, host: str, secure: bool) -> str:
    """The Content-Security-Policy of a class page: everything from this server only,
    images also as ``data:`` addresses, the WebSocket to this server (``ws:`` or ``wss:``),
    and the page's own inline scripts and style sheets by their SHA-256 (no other inline
    script or style runs)."""
    ws = ("wss://" if secure else "ws://") + host
    return (f"default-src 'self'; script-src 'self' {_hashes(_INLINE_SCRIPT, html)}; "
            f"style-src 'self' {_hashes(_INLINE_STYLE, html)}; "
            f"img-src 'self' data:; connect-src 'self' {ws}; object-src 'none'; "
            "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
