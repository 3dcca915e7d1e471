"""Bounded downloads with one-line failures, for the book build and the tests.

Everything the build or the tests take from a registry (Pyodide and axe-core from npm, the
live notebooks' wheels from PyPI, PyYAML's source release) goes through :func:`run` (a
command such as ``npm pack``, given a time limit) or :func:`fetch_url` (a plain HTTPS
download). Neither compiles anything. A failure raises :class:`DownloadError` whose message
is one line: the package, its pin, what went wrong, and the command that retries it.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

#: The default time limit of one download, in seconds (a slow mirror, not a hung one).
TIMEOUT = 300
#: The package index asked for a source release (pip's own setting wins when it is set).
PYPI_SIMPLE = "https://pypi.org/simple"


class DownloadError(RuntimeError):
    """A download failed or timed out; the message is one line naming the package, the pin
    and the command to retry."""


def _one_line(text: str, limit: int = 300) -> str:
    lines = [ln.strip() for ln in text.strip().splitlines() if ln.strip()]
    # npm and pip put the reason last ("npm error 404 …", "ERROR: No matching …")
    last = lines[-1] if lines else ""
    reason = next((ln for ln in reversed(lines) if "error" in ln.lower()), last)
    return reason[:limit] or "failed with no message"


def run(cmd: list[str], *, package: str, pin: str, retry: str, timeout: float = TIMEOUT,
        env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """Run a download command (``npm pack …``, ``pip download …``) within ``timeout``
    seconds; raise :class:`DownloadError` when it fails or runs out of time."""
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise DownloadError(f"{package} {pin}: no answer within {timeout:.0f} s; "
                            f"retry with: {retry}") from None
    except OSError as e:
        raise DownloadError(f"{package} {pin}: {cmd[0]} could not start ({e}); "
                            f"retry with: {retry}") from None
    if proc.returncode != 0:
        raise DownloadError(f"{package} {pin}: {_one_line(proc.stderr or proc.stdout)} "
                            f"(exit {proc.returncode}); retry with: {retry}")
    return proc


def fetch_url(url: str, dest: Path, *, package: str, pin: str, sha256: str | None = None,
              timeout: float = TIMEOUT) -> Path:
    """Download ``url`` into ``dest`` (written whole or not at all), checking ``sha256``."""
    retry = f"curl -fLo {dest.name} {url}"
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            data = response.read()
    except (urllib.error.URLError, TimeoutError, OSError) as e:
        reason = getattr(e, "reason", None) or e
        raise DownloadError(f"{package} {pin}: {url}: {reason}; retry with: {retry}") from None
    if sha256 is not None and hashlib.sha256(data).hexdigest() != sha256:
        raise DownloadError(f"{package} {pin}: {url} does not match its pinned sha256 "
                            f"(nothing was kept); retry with: {retry}")
    dest.parent.mkdir(parents=True, exist_ok=True)
    part = dest.with_name(dest.name + ".part")
    part.write_bytes(data)
    part.replace(dest)
    return dest


def index_url() -> str:
    """The package index pip is set to use (``PIP_INDEX_URL``), else PyPI's simple index."""
    return (os.environ.get("PIP_INDEX_URL") or PYPI_SIMPLE).rstrip("/")


def sdist_url(project: str, filename: str, *, timeout: float = TIMEOUT) -> str:
    """The address of a source release on the package index (PEP 691's JSON form), found
    without pip: ``pip download`` of a source release prepares its metadata, which builds
    its build dependencies (Cython, for PyYAML) from source when binaries are refused."""
    page = f"{index_url()}/{project}/"
    accept = {"Accept": "application/vnd.pypi.simple.v1+json"}
    request = urllib.request.Request(page, headers=accept)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            files = json.load(response).get("files", [])
    except (urllib.error.URLError, TimeoutError, OSError, ValueError) as e:
        reason = getattr(e, "reason", None) or e
        raise DownloadError(f"{project} {filename}: the index page {page} failed: {reason}; "
                            f"retry with: curl -H 'Accept: application/vnd.pypi.simple.v1+json' "
                            f"{page}") from None
    for entry in files:
        if entry.get("filename") == filename:
            return str(urllib.request.urljoin(page, entry["url"]))
    raise DownloadError(f"{project} {filename}: not listed on {page}; "
                        f"retry with: curl -H 'Accept: application/vnd.pypi.simple.v1+json' {page}")
