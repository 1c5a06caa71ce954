"""A fake OpenAI-compatible endpoint: the openai provider is tested over real HTTP, not mocks.

The server answers POST /v1/chat/completions from a queue of scripted responses (status, JSON
or raw bytes, headers, and an optional Event to hold the response on), and records every
request it was sent, so tests see the client's own retries and what went over the wire.
"""

from __future__ import annotations

import json
import threading
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

CHAT_PATH = "/v1/chat/completions"
HOLD_AT_MOST = 30  # seconds a held response waits if a test never releases it


@dataclass
class Scripted:
    status: int = 200
    body: dict[str, Any] | bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    hold: threading.Event | None = None


def completion(
    content: str | None, *, tokens_in: int = 1000, tokens_out: int = 500, **message: Any
) -> dict:
    """A chat-completions reply body carrying `content` and a usage block."""
    return {
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": 0,
        "model": "fake",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content, **message},
                "finish_reason": "stop",
            }
        ],
        "usage": {
            "prompt_tokens": tokens_in,
            "completion_tokens": tokens_out,
            "total_tokens": tokens_in + tokens_out,
        },
    }


class FakeOpenAI:
    def __init__(self) -> None:
        self.queue: deque[Scripted] = deque()
        self.default: Scripted | None = None
        self.requests: list[dict[str, Any]] = []
        self.holds: list[threading.Event] = []
        self.lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self._serve, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def reply(
        self,
        status: int = 200,
        body: dict[str, Any] | bytes = b"",
        headers: dict[str, str] | None = None,
        hold: threading.Event | None = None,
    ) -> None:
        if hold is not None:
            self.holds.append(hold)
        self.queue.append(Scripted(status, body, headers or {}, hold))

    def answer(self, reply: dict[str, Any] | str, **usage: int) -> None:
        """A 200 whose message content is `reply` (as JSON when it is a dict)."""
        content = reply if isinstance(reply, str) else json.dumps(reply)
        self.reply(200, completion(content, **usage))

    def next_response(self, request: dict[str, Any]) -> Scripted:
        with self.lock:
            self.requests.append(request)
            if self.queue:
                return self.queue.popleft()
        if self.default is not None:
            return self.default
        return Scripted(599, {"error": {"message": "the fake has nothing scripted"}})

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                request = {
                    "path": self.path,
                    "headers": dict(self.headers),
                    "json": json.loads(body or b"{}"),
                }
                scripted = fake.next_response(request)
                if self.path != CHAT_PATH:
                    scripted = Scripted(404, {"error": {"message": f"no route {self.path}"}})
                if scripted.hold is not None:
                    scripted.hold.wait(HOLD_AT_MOST)
                self._send(scripted)

            def _send(self, scripted: Scripted) -> None:
                raw = (
                    scripted.body
                    if isinstance(scripted.body, bytes)
                    else json.dumps(scripted.body).encode()
                )
                try:
                    self.send_response(scripted.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(raw)))
                    for name, value in scripted.headers.items():
                        self.send_header(name, value)
                    self.end_headers()
                    self.wfile.write(raw)
                except (BrokenPipeError, ConnectionResetError):
                    # The client gave up (a timeout test): there is nobody left to answer.
                    return

            def log_message(self, format: str, *args: Any) -> None:
                return

        return Handler

    def _serve(self) -> None:
        # A short poll keeps shutdown() quick at the end of every test.
        self.server.serve_forever(poll_interval=0.05)

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        for hold in self.holds:
            hold.set()
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)


@pytest.fixture
def fake_openai() -> Iterator[FakeOpenAI]:
    fake = FakeOpenAI()
    fake.start()
    yield fake
    fake.stop()


@pytest.fixture
def openai_settings(settings, fake_openai: FakeOpenAI) -> dict[str, Any]:
    """LIMMA pointed at the fake; tests change keys with `settings.LIMMA = {**limma, ...}`."""
    limma = {
        "PROVIDER": "openai",
        "BASE_URL": fake_openai.url,
        "API_KEY": "k",
        "MAX_RETRIES": 2,
        "TIMEOUT_SECONDS": 5,
    }
    settings.LIMMA = limma
    return limma
