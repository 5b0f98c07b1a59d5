"""The seam between codeeval and a chat model: a Protocol, its records, and a fake.

:class:`ChatModel` is what generating and judging need from a model server: its identity
and one completion per request. :mod:`codeeval.client` implements it for any
OpenAI-compatible endpoint (llama.cpp's server, ollama, vLLM, hosted APIs);
:class:`ScriptedChat` implements it from a function, for unit tests.

A reply the model got wrong (unparseable body, no choices) is data: ``Completion.error``
says what was wrong and the caller records it. Only failures that stop the work (bad
credentials, no server, unknown model, a server still failing after the retries) are
exceptions, from :mod:`codeeval.errors`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, Literal, Protocol

from codeeval.models import Frozen

Role = Literal["system", "user", "assistant"]
ReplyFormat = Literal["json_schema", "json_object", "text"]


class Message(Frozen):
    role: Role
    content: str


class ChatRequest(Frozen):
    messages: tuple[Message, ...]
    temperature: float | None = None
    top_p: float | None = None
    max_tokens: int | None = None
    seed: int | None = None
    json_schema: dict[str, Any] | None = None
    """Ask for a reply matching this JSON schema (structured output) where the server can."""


class Usage(Frozen):
    prompt_tokens: int | None = None
    completion_tokens: int | None = None
    total_tokens: int | None = None


class Completion(Frozen):
    text: str | None
    finish_reason: str | None = None
    served_model: str | None = None
    """The model id the server says produced this reply."""
    fingerprint: str | None = None
    usage: Usage | None = None
    latency_s: float = 0.0
    """Wall time of the request, retries included: the model's (and network's) share."""
    raw: str = ""
    """The response body as the server sent it."""
    reply_format: ReplyFormat = "text"
    error: str | None = None
    """Why the body could not be read as a chat completion; ``text`` is None then."""


class ServerIdentity(Frozen):
    """Who a model is, as far as its server tells: compared to refuse self-judging."""

    requested: str
    served_ids: tuple[str, ...] = ()
    weights: tuple[str, ...] = ()
    """Weights files, paths or digests the server reports for the model."""
    base_url: str = ""

    def label(self) -> str:
        parts = [self.requested]
        if self.weights:
            parts.append(f"weights {', '.join(self.weights)}")
        return "; ".join(parts)


class ChatModel(Protocol):
    name: str

    def identity(self) -> ServerIdentity: ...

    def complete(self, request: ChatRequest) -> Completion: ...


class ScriptedChat:
    """A chat model answering from a function: for unit tests, never for figures."""

    def __init__(
        self,
        name: str,
        reply: Callable[[ChatRequest], str],
        weights: tuple[str, ...] = (),
        served: str | None = None,
    ) -> None:
        self.name = name
        self._reply = reply
        self._identity = ServerIdentity(
            requested=name, served_ids=(served or name,), weights=weights
        )
        self.requests: list[ChatRequest] = []

    def identity(self) -> ServerIdentity:
        return self._identity

    def complete(self, request: ChatRequest) -> Completion:
        self.requests.append(request)
        start = time.perf_counter()
        text = self._reply(request)
        return Completion(
            text=text,
            finish_reason="stop",
            served_model=self._identity.served_ids[0],
            latency_s=time.perf_counter() - start,
            raw=text,
            reply_format="json_schema" if request.json_schema else "text",
        )


SamplingParams = dict[str, float | int | None]


def sampling(request: ChatRequest) -> SamplingParams:
    return {
        "temperature": request.temperature,
        "top_p": request.top_p,
        "max_tokens": request.max_tokens,
        "seed": request.seed,
    }
