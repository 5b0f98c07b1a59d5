"""A scripted OpenAI-compatible server on 127.0.0.1: real HTTP, scripted answers.

``ChatServer.reply`` is called with each chat-completions request body and returns what the
server answers: a text (wrapped into a normal completion), or a full ``Reply`` with status,
body, headers and an optional delay.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from pytest_httpserver import HTTPServer
from werkzeug import Request, Response

FAST_RETRY = {"retry-after-ms": "1"}


@dataclass
class Reply:
    status: int = 200
    body: str | dict[str, Any] = ""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0


def completion(
    text: str, finish: str = "stop", model: str = "served-model", **extra: Any
) -> dict[str, Any]:
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "created": 0,
        "model": model,
        "system_fingerprint": "fp-test",
        "choices": [
            {"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": finish}
        ],
        "usage": {"prompt_tokens": 11, "completion_tokens": 7, "total_tokens": 18},
        **extra,
    }


class ChatServer:
    def __init__(self, server: HTTPServer) -> None:
        self.server = server
        self.requests: list[dict[str, Any]] = []
        self.lock = threading.Lock()
        self.reply: Callable[[dict[str, Any]], str | Reply] = lambda body: "ok"
        self.models: list[dict[str, Any]] = [{"id": "served-model", "object": "model"}]
        self.props: dict[str, Any] | None = None
        server.expect_request("/v1/chat/completions", method="POST").respond_with_handler(
            self._chat
        )
        server.expect_request("/v1/models").respond_with_handler(
            lambda r: Response(
                json.dumps({"object": "list", "data": self.models}), content_type="application/json"
            )
        )
        server.expect_request("/props").respond_with_handler(self._props)

    @property
    def base_url(self) -> str:
        return self.server.url_for("/v1")

    @property
    def chat_requests(self) -> list[dict[str, Any]]:
        return list(self.requests)

    def _props(self, request: Request) -> Response:
        if self.props is None:
            return Response("not found", status=404)
        return Response(json.dumps(self.props), content_type="application/json")

    def _chat(self, request: Request) -> Response:
        body = json.loads(request.get_data())
        with self.lock:
            self.requests.append(body)
        out = self.reply(body)
        if isinstance(out, str):
            out = Reply(body=completion(out, model=body.get("model", "served-model")))
        if out.delay:
            time.sleep(out.delay)
        data = out.body if isinstance(out.body, str) else json.dumps(out.body)
        return Response(
            data, status=out.status, headers=out.headers, content_type="application/json"
        )


@pytest.fixture(scope="session")
def _http() -> Iterator[HTTPServer]:
    server = HTTPServer(host="127.0.0.1", port=0, threaded=True)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def chat_server(_http: HTTPServer) -> ChatServer:
    """A fresh script on the session's server (stopping a server takes half a second)."""
    _http.clear()
    return ChatServer(_http)


ROOT = Path(__file__).resolve().parents[2]
