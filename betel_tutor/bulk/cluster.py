"""Connecting to a Dask distributed cluster: only when a run asks for one, so that Dask is
imported by nobody else."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from betel_tutor.errors import BetelError

if TYPE_CHECKING:
    from distributed import Client

TIMEOUT = 10  # seconds to reach the scheduler before the address is refused


@contextmanager
def connect(address: str, *, timeout: float | None = None) -> Iterator[Client]:
    """A client of the scheduler at ``address``, closed when the run ends; an address that
    cannot be reached in ``timeout`` seconds, or is not an address, is one clear error."""
    try:
        from distributed import Client
    except ImportError:
        raise BetelError("bulk.no_dask", address=address) from None
    seconds = timeout or TIMEOUT
    try:
        # Reached first on its own: a client that fails to connect leaves a half-made client
        # whose clean-up prints a traceback when it is collected.
        asyncio.run(_reach(address, seconds))
        client = Client(address, timeout=seconds, set_as_default=False)  # type: ignore[no-untyped-call]
    except (ValueError, TypeError):
        raise BetelError("bulk.bad_cluster_address", address=address) from None
    except OSError:  # the reason is Dask's, in English: the message says it in the language
        raise BetelError("bulk.no_cluster", address=address, seconds=seconds) from None
    try:
        yield client
    finally:
        client.close()  # type: ignore[no-untyped-call]


async def _reach(address: str, seconds: float) -> None:
    """Open and close one connection to ``address``, as a client's first one is opened (the
    handshake included): ``OSError`` when nothing answers, ``ValueError`` for no address."""
    from distributed.comm.core import connect as open_connection

    try:
        # The connection's own timeout does not cover the handshake: a port that accepts and
        # never answers would hold it for ever.
        comm = await asyncio.wait_for(open_connection(address, timeout=seconds), seconds * 2)  # type: ignore[no-untyped-call]
    except TimeoutError:
        raise OSError(address) from None
    await comm.close()
