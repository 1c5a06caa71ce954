"""A tool call's niche read as its MCP client sees it: progress, and cancellation.

When the client's call carries a progressToken, each document the read settles is told as a
progress notification ("read 45 of 109") on that request. When the call is cancelled (by a
notifications/cancelled naming it, over stdio or streamable HTTP, or by its HTTP request
closed), the read stops after the read it is in. What was read is stored, so the same call
sent again reads only the rest (criteria.watch).

The notifications are sent by a task inside the call's own scope, fed by the reading thread:
they reach the client before the call's reply, and none follows a cancellation.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import Any

import anyio
from asgiref.sync import sync_to_async
from mcp.shared.context import RequestContext

from criteria.watch import Watch


def told(done: int, of: int) -> str:
    return f"read {done} of {of}"


async def watched[T](run: Callable[[Watch], T], context: RequestContext[Any, Any, Any]) -> T:
    """run(watch) on a worker thread of its own, its progress told to the client. Cancelled,
    the read is told to stop and the call waits (shielded) until the thread has stored what it
    read and given back the rest, so nothing stays claimed by a call nobody waits for."""
    token = context.meta.progressToken if context.meta is not None else None
    loop = asyncio.get_running_loop()
    waiting: asyncio.Queue[tuple[int, int] | None] = asyncio.Queue()
    ended = threading.Event()

    def progress(done: int, of: int) -> None:
        if token is not None and not loop.is_closed():
            loop.call_soon_threadsafe(waiting.put_nowait, (done, of))

    watch = Watch(progress=progress)

    async def tell() -> None:
        while (item := await waiting.get()) is not None:
            done, of = item
            await context.session.send_progress_notification(
                token, float(done), total=float(of), message=told(done, of),
                related_request_id=context.request_id,
            )  # fmt: skip

    def thread() -> T:
        try:
            return run(watch)
        finally:
            ended.set()

    async with anyio.create_task_group() as telling:
        telling.start_soon(tell)
        try:
            result = await sync_to_async(thread, thread_sensitive=False)()
        except anyio.get_cancelled_exc_class():
            watch.stop.set()
            with anyio.CancelScope(shield=True):
                await anyio.to_thread.run_sync(ended.wait)
            raise
        finally:
            watch.stop.set()
            # What the thread told is queued before it returned: sent first, then the reply.
            loop.call_soon(waiting.put_nowait, None)
    return result
