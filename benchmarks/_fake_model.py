"""criteria_read.py's fake model: an OpenAI-compatible chat-completions endpoint on 127.0.0.1
that waits a fixed latency a call and answers every role with a valid reply.

Kept apart from the benchmark because it is a server of its own (a thread of the benchmark's
process) standing in for the model; the benchmark times the product around it.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class FakeModel:
    """A chat-completions endpoint that takes `latency` seconds a call and answers by role."""

    def __init__(self, latency: float) -> None:
        self.latency = latency
        self.readings: dict[tuple[str, str | None], dict] = {}
        self.calls: Counter[str] = Counter()
        self.lock = threading.Lock()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)

    def prepare(self, documents: list[tuple[str, str]], facets: list[dict]) -> None:
        """The reader's reply for each (text, person), made before anything is timed."""
        from criteria.offline.reader import read_document

        for text, person in documents:
            self.readings[(text, person)] = read_document(text=text, facets=facets, person=person)

    def answer(self, role: str, request: dict) -> dict:
        """The reader's reply made beforehand; any other role by its offline rules, through the
        role's own request shape (so a change of a shape is followed, not guessed at)."""
        if role == "reader":
            found = self.readings.get((request["document"]["text"], request["person"]))
            if found is not None:
                return found
        from limma.door.providers.offline import OFFLINE_HANDLERS
        from limma.door.roles import ROLES

        return OFFLINE_HANDLERS[role](ROLES[role].request_model.model_validate(request))

    def taken(self) -> dict[str, int]:
        with self.lock:
            calls = dict(self.calls)
            self.calls.clear()
        return calls

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        model = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"  # keep-alive, as a hosted endpoint

            def setup(self) -> None:
                super().setup()
                # Headers and body go out in two writes: without this, Nagle's algorithm and
                # the client's delayed ACK add ~40 ms to every call.
                self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

            def do_POST(self) -> None:
                arrived = time.perf_counter()
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
                role = body["response_format"]["json_schema"]["name"]
                user = next(m for m in body["messages"] if m["role"] == "user")
                status, reply = 200, None
                try:
                    reply = model.answer(role, json.loads(user["content"]))
                except Exception as error:
                    status, reply = 500, {"error": {"message": f"{type(error).__name__}: {error}"}}
                with model.lock:
                    model.calls[role] += 1
                payload = (
                    reply
                    if status != 200
                    else {
                        "id": "bench",
                        "object": "chat.completion",
                        "created": 0,
                        "model": body.get("model", "bench"),
                        "choices": [
                            {
                                "index": 0,
                                "message": {"role": "assistant", "content": json.dumps(reply)},
                                "finish_reason": "stop",
                            }
                        ],
                        "usage": {
                            "prompt_tokens": len(user["content"]) // 4,
                            "completion_tokens": 120,
                            "total_tokens": len(user["content"]) // 4 + 120,
                        },
                    }
                )
                raw = json.dumps(payload).encode()
                wait = model.latency - (time.perf_counter() - arrived)
                if wait > 0:
                    time.sleep(wait)
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(raw)))
                    self.end_headers()
                    self.wfile.write(raw)
                except (BrokenPipeError, ConnectionResetError):
                    return

            def log_message(self, format: str, *args: Any) -> None:
                return

        return Handler
