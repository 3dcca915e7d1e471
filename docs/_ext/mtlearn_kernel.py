"""A Jupyter kernel manager whose kernel listens on Unix socket files, not on TCP ports.

With TCP, jupyter_client picks five free ports (it binds port 0 and lets go), writes them in
the connection file and starts the kernel, which binds them a second later. Between the two,
another process may take one of them: the book build and the test suite start several kernels
at once. The kernel then dies with ``ZMQError: Address already in use`` and its client waits
60 seconds before "Kernel didn't respond". A fresh clone's CI build stopped on that once.

Socket files cannot collide: each kernel gets its own new folder, whose path is short (a Unix
socket path holds at most 107 bytes, which the runtime folder under a deep HOME can exceed),
and the folder is removed when the kernel's resources are cleaned up.
"""

from __future__ import annotations

import os
import shutil
import tempfile

from jupyter_client.manager import AsyncKernelManager


class SocketFileKernelManager(AsyncKernelManager):
    """``AsyncKernelManager`` (nbclient's default) on the ``ipc`` transport, in a folder of
    its own. Pass it as ``kernel_manager_class`` to ``nbclient.NotebookClient``."""

    _socket_dir: str | None = None

    def _transport_default(self) -> str:
        return "ipc"

    def _ip_default(self) -> str:
        self._socket_dir = tempfile.mkdtemp(prefix="mtk-")
        return os.path.join(self._socket_dir, "k")

    async def _async_cleanup_resources(self, restart: bool = False) -> None:
        await super()._async_cleanup_resources(restart=restart)
        if not restart and self._socket_dir is not None:
            shutil.rmtree(self._socket_dir, ignore_errors=True)
            self._socket_dir = None
