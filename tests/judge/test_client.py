"""The OpenAI-compatible client against a real HTTP server on 127.0.0.1."""

from __future__ import annotations

import socket
from typing import Any

import pytest

from codeeval.chat import ChatRequest, Message
from codeeval.client import OpenAIChat
from codeeval.errors import EndpointAuthError, EndpointError, EndpointUnreachable, ModelNotFound

from .conftest import FAST_RETRY, ChatServer, Reply, completion

HELLO = ChatRequest(messages=(Message(role="user", content="hello"),), temperature=0.7, seed=3)


def client(server: ChatServer, **kw: Any) -> OpenAIChat:
    return OpenAIChat("served-model", server.base_url, **{"timeout": 5.0, "retries": 2, **kw})


def test_a_completion_carries_text_finish_reason_usage_and_the_served_model(
    chat_server: ChatServer,
) -> None:
    chat_server.reply = lambda body: "Hi there."
    c = client(chat_server).complete(HELLO)
    assert (c.text, c.finish_reason, c.served_model, c.fingerprint) == (
        "Hi there.",
        "stop",
        "served-model",
        "fp-test",
    )
    assert c.usage is not None and c.usage.completion_tokens == 7
    assert c.error is None and c.latency_s > 0
    sent = chat_server.requests[0]
    assert sent["temperature"] == 0.7 and sent["seed"] == 3 and sent["model"] == "served-model"
    assert "response_format" not in sent


def test_a_slow_reply_within_the_timeout_is_waited_for(chat_server: ChatServer) -> None:
    chat_server.reply = lambda body: Reply(body=completion("late"), delay=0.3)
    c = client(chat_server).complete(HELLO)
    assert c.text == "late" and c.latency_s >= 0.3


def test_a_reply_slower_than_the_timeout_on_every_attempt_is_unreachable(
    chat_server: ChatServer,
) -> None:
    chat_server.reply = lambda body: Reply(body=completion("too late"), delay=1.0)
    with pytest.raises(EndpointUnreachable, match="timed out") as info:
        client(chat_server, timeout=0.3, retries=0).complete(HELLO)
    assert info.value.exit_code == 26


def test_a_truncated_reply_keeps_finish_reason_length(chat_server: ChatServer) -> None:
    chat_server.reply = lambda body: Reply(body=completion("def f(:\n    ret", finish="length"))
    c = client(chat_server).complete(HELLO)
    assert c.finish_reason == "length" and c.text == "def f(:\n    ret"


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ("<html>502 Bad Gateway</html>", "not a JSON object"),
        ({"object": "chat.completion", "choices": []}, "no choices"),
        ({"choices": [{"message": {"role": "assistant", "content": None}}]}, "no text content"),
    ],
)
def test_a_malformed_body_is_data_not_an_exception(
    chat_server: ChatServer, body: Any, error: str
) -> None:
    chat_server.reply = lambda b: Reply(body=body)
    c = client(chat_server).complete(HELLO)
    assert c.text is None and c.error is not None and error in c.error
    assert c.raw  # the body is kept as the server sent it


def test_401_is_an_authentication_error_with_its_exit_code(chat_server: ChatServer) -> None:
    chat_server.reply = lambda b: Reply(401, {"error": {"message": "invalid api key"}})
    with pytest.raises(EndpointAuthError) as info:
        client(chat_server).complete(HELLO)
    assert info.value.exit_code == 25 and len(chat_server.requests) == 1  # never retried


def test_404_is_model_not_found(chat_server: ChatServer) -> None:
    chat_server.reply = lambda b: Reply(404, {"error": {"message": "model 'x' not found"}})
    with pytest.raises(ModelNotFound) as info:
        client(chat_server).complete(HELLO)
    assert info.value.exit_code == 27


def test_a_model_the_server_does_not_list_is_not_found(chat_server: ChatServer) -> None:
    chat_server.models = [{"id": "llama3"}, {"id": "mistral"}]
    with pytest.raises(ModelNotFound, match="llama3, mistral"):
        client(chat_server).identity()


def test_500_is_retried_then_reported(chat_server: ChatServer) -> None:
    chat_server.reply = lambda b: Reply(500, {"error": {"message": "boom"}}, FAST_RETRY)
    with pytest.raises(EndpointError, match="HTTP 500") as info:
        client(chat_server, retries=2).complete(HELLO)
    assert info.value.exit_code == 24
    assert len(chat_server.requests) == 3  # the first attempt and two retries


def test_429_then_success_is_retried_with_back_off(chat_server: ChatServer) -> None:
    answers = iter(
        [Reply(429, {"error": {"message": "slow down"}}, FAST_RETRY)] * 2
        + [Reply(body=completion("finally"))]
    )
    chat_server.reply = lambda b: next(answers)
    c = client(chat_server, retries=3).complete(HELLO)
    assert c.text == "finally" and len(chat_server.requests) == 3


def test_persistent_429_is_reported_as_rate_limited(chat_server: ChatServer) -> None:
    chat_server.reply = lambda b: Reply(429, {"error": {"message": "slow"}}, FAST_RETRY)
    with pytest.raises(EndpointError, match="429"):
        client(chat_server, retries=1).complete(HELLO)


def test_no_server_is_unreachable() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    chat = OpenAIChat("m", f"http://127.0.0.1:{port}/v1", timeout=1.0, retries=0)
    with pytest.raises(EndpointUnreachable, match="cannot connect"):
        chat.complete(HELLO)


def test_a_server_without_json_schema_gets_json_object_instead(chat_server: ChatServer) -> None:
    def reply(body: dict[str, Any]) -> Reply | str:
        if body.get("response_format", {}).get("type") == "json_schema":
            return Reply(400, {"error": {"message": "response_format json_schema unsupported"}})
        return '{"score": 4, "declined": false, "reason": "fine"}'

    chat_server.reply = reply
    chat = client(chat_server)
    request = HELLO.model_copy(update={"json_schema": {"type": "object"}})
    first = chat.complete(request)
    assert first.reply_format == "json_object" and first.text is not None
    chat.complete(request)  # the working format is remembered: no second rejection
    kinds = [r.get("response_format", {}).get("type") for r in chat_server.requests]
    assert kinds == ["json_schema", "json_object", "json_object"]


def test_identity_reads_served_ids_vllm_root_and_llama_cpp_model_path(
    chat_server: ChatServer,
) -> None:
    chat_server.models = [{"id": "served-model", "root": "/weights/qwen2.5-7b"}]
    chat_server.props = {"model_path": "/models/qwen2.5-7b-instruct-q4_k_m.gguf"}
    ident = client(chat_server).identity()
    assert ident.served_ids == ("served-model",)
    assert ident.weights == ("/weights/qwen2.5-7b", "/models/qwen2.5-7b-instruct-q4_k_m.gguf")
