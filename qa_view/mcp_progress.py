"""A tool call's niche read as its MCP client sees it: progress, and cancellation.

When the client's call carries a progressToken, each document the read settles is told as a
progress notification ("read 45 of 109") on that request; when the client cancels the call (a
notifications/cancelled), the read stops after the read it is in. What was read is stored, so
the same call sent again reads only the rest (criteria.watch).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from typing import Any

import anyio
from asgiref.sync import sync_to_async
from mcp.shared.context import RequestContext

from criteria.watch import Watch

logger = logging.getLogger(__name__)
# How long the reading thread waits for a notification to be handed to the transport: the
# notifications then reach the client in order and before the call's reply.
SEND_SECONDS = 5.0


def call_watch(context: RequestContext[Any, Any, Any], loop: asyncio.AbstractEventLoop) -> Watch:
    """A watch that tells the calling client how far the read got (when it asked to be told);
    its stop is set by the caller when the call ends or is cancelled."""
    token = context.meta.progressToken if context.meta is not None else None
    if token is None:
        return Watch()
    session, request_id = context.session, context.request_id

    def progress(done: int, of: int) -> None:
        sent = asyncio.run_coroutine_threadsafe(
            session.send_progress_notification(
                token,
                float(done),
                total=float(of),
                message=f"read {done} of {of}",
                related_request_id=request_id,
            ),
            loop,
        )
        try:
            sent.result(timeout=SEND_SECONDS)
        except Exception:  # a client gone away does not stop what it asked for
            logger.info("a progress notification of request %s was not sent", request_id)

    return Watch(progress=progress)


async def watched[T](run: Callable[[Watch], T], watch: Watch) -> T:
    """run(watch) on a worker thread of its own. Cancelled, the read is told to stop and the
    call waits (shielded) until the thread has stored what it read and given back the rest, so
    nothing is left claimed by a call nobody waits for any more."""
    ended = threading.Event()

    def thread() -> T:
        try:
            return run(watch)
        finally:
            ended.set()

    try:
        return await sync_to_async(thread, thread_sensitive=False)()
    except anyio.get_cancelled_exc_class():
        watch.stop.set()
        with anyio.CancelScope(shield=True):
            await anyio.to_thread.run_sync(ended.wait)
        raise
    finally:
        watch.stop.set()
