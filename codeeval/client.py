"""One client for OpenAI-compatible chat endpoints, for generating and for judging.

The only importer of ``openai``. Retries with exponential back-off on transient failures
(connection errors, timeouts, 408/409/429/5xx, honouring ``Retry-After``) are the
``openai`` library's own; this module sets how many and how long, and translates what is
left after them into codeeval's error tree at this boundary:

* 401/403 → :class:`~codeeval.errors.EndpointAuthError`
* no connection, or a timeout on every attempt → :class:`~codeeval.errors.EndpointUnreachable`
* 404, or a model the server does not list → :class:`~codeeval.errors.ModelNotFound`
* any other status still failing after the retries → :class:`~codeeval.errors.EndpointError`

A body that is not a chat completion is no exception: the :class:`~codeeval.chat.Completion`
carries ``error`` and the caller records it as the model's (or server's) misbehaviour.

Structured replies: a request with a JSON schema is sent as ``response_format`` of type
``json_schema``; a server that rejects that (400/422) is asked again with ``json_object``,
then with plain text, and the format that worked is kept for the client's lifetime and
recorded on every completion.

Identity (for refusing self-judging): the ids ``GET /models`` lists, vLLM's ``root`` (the
weights it loaded), llama.cpp's ``/props`` ``model_path`` and ollama's ``/api/tags``
digest, each where the server offers it.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import httpx

from codeeval.chat import ChatRequest, Completion, ReplyFormat, ServerIdentity, Usage
from codeeval.errors import (
    EndpointAuthError,
    EndpointError,
    EndpointUnreachable,
    ExtraMissing,
    ModelNotFound,
)

try:
    import openai
except ImportError as exc:  # pragma: no cover - the judge extra is installed by dev
    raise ExtraMissing(
        "talking to a model server needs the 'openai' package (the judge extra)"
    ) from exc

_FALLBACK: dict[ReplyFormat, ReplyFormat | None] = {
    "json_schema": "json_object",
    "json_object": "text",
    "text": None,
}


class OpenAIChat:
    """A :class:`~codeeval.chat.ChatModel` over an OpenAI-compatible HTTP endpoint.

    Args:
        name: the model to ask for (the ``model`` field of every request).
        base_url: the API root, e.g. ``http://127.0.0.1:8080/v1``.
        api_key: sent as a bearer token; local servers accept any.
        timeout: seconds per attempt (connect, read, write).
        retries: further attempts after a transient failure, with back-off.
    """

    def __init__(
        self,
        name: str,
        base_url: str,
        api_key: str | None = None,
        timeout: float = 120.0,
        retries: int = 4,
    ) -> None:
        self.name = name
        self.base_url = base_url.rstrip("/")
        self._client = openai.OpenAI(
            base_url=self.base_url,
            api_key=api_key or "codeeval",
            timeout=timeout,
            max_retries=retries,
        )
        self._format_lock = threading.Lock()
        self._format: ReplyFormat = "json_schema"
        self._identity: ServerIdentity | None = None

    # ------------------------------------------------------------ identity

    def identity(self) -> ServerIdentity:
        """Who the server says the model is; checks the model is served at all.

        Raises:
            ModelNotFound: the server lists models, and this one is not among them.
        """
        if self._identity is not None:
            return self._identity
        try:
            listing = self._client.models.with_raw_response.list()
            body = _json(listing.text)
        except openai.APIError as exc:
            raise _translate(exc, self) from exc
        entries = [e for e in (body or {}).get("data", []) if isinstance(e, dict)]
        ids = [str(e.get("id")) for e in entries if e.get("id")]
        weights: list[str] = []
        mine = [e for e in entries if e.get("id") == self.name]
        if ids and not mine and len(ids) > 1:
            raise ModelNotFound(
                f"{self.base_url} does not serve a model {self.name!r} "
                f"(it serves {', '.join(sorted(ids)[:8])})"
            )
        for entry in mine or entries[:1]:
            root = entry.get("root")
            if isinstance(root, str) and root and root != entry.get("id"):
                weights.append(root)
        weights += self._server_weights()
        self._identity = ServerIdentity(
            requested=self.name,
            served_ids=tuple(ids if len(ids) == 1 else [i for i in ids if i == self.name]),
            weights=tuple(dict.fromkeys(weights)),
            base_url=self.base_url,
        )
        return self._identity

    def _server_weights(self) -> list[str]:
        """llama.cpp's loaded file and ollama's digest, where the server offers them."""
        root = self.base_url.removesuffix("/v1")
        found: list[str] = []
        try:
            with httpx.Client(timeout=5.0) as http:
                props = http.get(f"{root}/props")
                if props.status_code == 200:
                    path = _json(props.text) or {}
                    if isinstance(path.get("model_path"), str):
                        found.append(path["model_path"])
                tags = http.get(f"{root}/api/tags")
                if tags.status_code == 200:
                    for model in (_json(tags.text) or {}).get("models", []):
                        if isinstance(model, dict) and model.get("name") in (
                            self.name,
                            f"{self.name}:latest",
                        ):
                            digest = model.get("digest")
                            if isinstance(digest, str):
                                found.append(f"sha256:{digest.removeprefix('sha256:')}")
        except httpx.HTTPError:
            pass  # optional endpoints; the ids above still identify the model
        return found

    # ------------------------------------------------------------ completion

    def complete(self, request: ChatRequest) -> Completion:
        """One chat completion; the body is kept raw and read defensively.

        Raises:
            EndpointError: (or a subclass) when the server cannot be used.
        """
        with self._format_lock:
            fmt: ReplyFormat | None = self._format if request.json_schema else "text"
        start = time.perf_counter()
        while fmt is not None:
            try:
                raw = self._client.chat.completions.with_raw_response.create(
                    **self._arguments(request, fmt)
                )
                break
            except (openai.BadRequestError, openai.UnprocessableEntityError) as exc:
                if fmt == "text":
                    raise _translate(exc, self) from exc
                fmt = _FALLBACK[fmt]  # the server does not take this response_format
                with self._format_lock:
                    if fmt is not None:
                        self._format = fmt
            except openai.APIError as exc:
                raise _translate(exc, self) from exc
        assert fmt is not None
        latency = time.perf_counter() - start
        return read_completion(raw.text, latency, fmt)

    def _arguments(self, request: ChatRequest, fmt: ReplyFormat) -> dict[str, Any]:
        args: dict[str, Any] = {
            "model": self.name,
            "messages": [m.model_dump() for m in request.messages],
        }
        for key in ("temperature", "top_p", "max_tokens", "seed"):
            value = getattr(request, key)
            if value is not None:
                args[key] = value
        if fmt == "json_schema" and request.json_schema is not None:
            args["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "judgment", "schema": request.json_schema, "strict": True},
            }
        elif fmt == "json_object":
            args["response_format"] = {"type": "json_object"}
        return args

    def close(self) -> None:
        self._client.close()


def read_completion(body: str, latency: float, fmt: ReplyFormat) -> Completion:
    """A chat-completions body read defensively: whatever is wrong becomes ``error``."""
    data = _json(body)
    if not isinstance(data, dict):
        return Completion(
            text=None,
            raw=body,
            latency_s=latency,
            reply_format=fmt,
            error="the body is not a JSON object",
        )
    choices = data.get("choices")
    if not isinstance(choices, list) or not choices or not isinstance(choices[0], dict):
        return Completion(
            text=None,
            raw=body,
            latency_s=latency,
            reply_format=fmt,
            error="the reply has no choices",
        )
    message = choices[0].get("message")
    content = message.get("content") if isinstance(message, dict) else None
    usage = data.get("usage")
    finish = choices[0].get("finish_reason")
    return Completion(
        text=content if isinstance(content, str) else None,
        finish_reason=finish if isinstance(finish, str) else None,
        served_model=data["model"] if isinstance(data.get("model"), str) else None,
        fingerprint=(
            data["system_fingerprint"] if isinstance(data.get("system_fingerprint"), str) else None
        ),
        usage=Usage(
            prompt_tokens=_int(usage.get("prompt_tokens")),
            completion_tokens=_int(usage.get("completion_tokens")),
            total_tokens=_int(usage.get("total_tokens")),
        )
        if isinstance(usage, dict)
        else None,
        latency_s=latency,
        raw=body,
        reply_format=fmt,
        error=None if isinstance(content, str) else "the reply's message has no text content",
    )


def _int(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _json(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return None


def _translate(exc: openai.APIError, chat: OpenAIChat) -> EndpointError:
    where = f"{chat.base_url} (model {chat.name!r})"
    if isinstance(exc, openai.AuthenticationError | openai.PermissionDeniedError):
        return EndpointAuthError(f"{where}: the server refused the credentials ({exc.status_code})")
    if isinstance(exc, openai.NotFoundError):
        return ModelNotFound(f"{where}: not found (404): {_detail(exc)}")
    if isinstance(exc, openai.APITimeoutError):
        return EndpointUnreachable(f"{where}: timed out on every attempt")
    if isinstance(exc, openai.APIConnectionError):
        return EndpointUnreachable(f"{where}: cannot connect ({exc.__cause__ or exc})")
    if isinstance(exc, openai.RateLimitError):
        return EndpointError(f"{where}: still rate-limited (429) after the retries")
    if isinstance(exc, openai.APIStatusError):
        return EndpointError(f"{where}: HTTP {exc.status_code} after the retries: {_detail(exc)}")
    return EndpointError(f"{where}: {exc}")


def _detail(exc: openai.APIError) -> str:
    return str(exc.message)[:200]
