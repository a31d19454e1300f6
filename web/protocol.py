"""Wire shapes of the HTTP API and the WebSocket (DESIGN §8), validated with pydantic at the edge.

Request models forbid unknown fields so a typo in a client is a clear 422, not a silently ignored
value. WebSocket client messages are a discriminated union on ``type``; everything the server
sends is built by the small helpers at the bottom so the field names live in one place.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, field_validator

MAX_JSON_BYTES = 64 * 1024
MAX_WS_TEXT_BYTES = 16 * 1024
MAX_JSON_DEPTH = 32  # no request nests deeper than a few levels; deeper is an attack, not a client
MAX_OFFSET_MS = 7 * 24 * 3600 * 1000  # a week of meeting time: beyond it an offset is nonsense
SAMPLE_RATE = 16_000


class JsonRefused(ValueError):
    """Text that is not JSON, or JSON nested deeper than :data:`MAX_JSON_DEPTH`."""


def loads_bounded(raw: str | bytes, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """``json.loads`` that refuses deep nesting with :class:`JsonRefused` instead of recursing.

    The depth is measured on the text before parsing (brackets outside strings), so 60 KB of
    ``[[[…`` is refused in one linear pass and never reaches the recursive decoder.
    """
    text = raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else raw
    depth = 0
    in_str = escaped = False
    opens = text.count("[") + text.count("{")
    for ch in text if opens > max_depth else "":  # fewer brackets than the limit cannot nest past it
        if in_str:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_str = False
        elif ch == '"':
            in_str = True
        elif ch in "[{":
            depth += 1
            if depth > max_depth:
                raise JsonRefused(f"JSON nested deeper than {max_depth} levels")
        elif ch in "]}":
            depth -= 1
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise JsonRefused("not valid JSON") from None


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


def _split_names(v: Any) -> Any:
    # "张三, 李四" from a form or curl is as good as a JSON list.
    if isinstance(v, str):
        return [p.strip() for p in v.replace("，", ",").replace("、", ",").split(",") if p.strip()]
    return v


class CreateMeeting(_Body):
    title: str = Field(min_length=1, max_length=200)
    language: Literal["zh", "en", "auto"] = "auto"
    mode: Literal["record", "suggest", "execute"] = "suggest"
    participants: list[Annotated[str, Field(max_length=100)]] = Field(default_factory=list, max_length=50)
    glossary: list[Annotated[str, Field(max_length=100)]] = Field(default_factory=list, max_length=200)
    agenda: str = Field("", max_length=2000)

    _names = field_validator("participants", "glossary", mode="before")(_split_names)


class UpdateMeeting(_Body):
    """``PATCH /api/meetings/{id}``: the vocabulary while live; an absent field stays as it is.
    It applies to the segments transcribed after the change."""

    title: str | None = Field(None, min_length=1, max_length=200)
    agenda: str | None = Field(None, max_length=2000)
    participants: list[Annotated[str, Field(max_length=100)]] | None = Field(None, max_length=50)
    glossary: list[Annotated[str, Field(max_length=100)]] | None = Field(None, max_length=200)

    _names = field_validator("participants", "glossary", mode="before")(_split_names)


class SetLanguage(_Body):
    language: Literal["zh", "en", "auto"]


class AddUtterance(_Body):
    text: str = Field(min_length=1, max_length=4000)


class Approve(_Body):
    revision: int = Field(ge=1)


class Reject(_Body):
    revision: int = Field(ge=1)
    reason: str = Field("", max_length=500)


class Edit(_Body):
    revision: int = Field(ge=1)
    payload: dict[str, Any]
    by: str | None = Field(None, max_length=100)  # the person's name, when the dock knows it


class Answer(_Body):
    revision: int = Field(ge=1)
    answer: str = Field(min_length=1, max_length=100)
    by: str | None = Field(None, max_length=100)


class AddIntent(_Body):
    kind: Literal["task", "decision", "question"]
    payload: dict[str, Any]
    by: str | None = Field(None, max_length=100)


class EditUtterance(_Body):
    text: str = Field(min_length=1, max_length=4000)


class Finalize(_Body):
    wait_s: float = Field(0.0, ge=0, le=600)


class UploadTicketRequest(_Body):
    start_ms: int | None = Field(None, ge=0)


# -- WebSocket: client → server --------------------------------------------------------------------


class AudioStart(BaseModel):
    model_config = ConfigDict(extra="ignore")
    type: Literal["audio.start"]
    sample_rate: Literal[16000] = SAMPLE_RATE
    offset_ms: int = Field(ge=0, le=MAX_OFFSET_MS)


class AudioStop(BaseModel):
    model_config = ConfigDict(extra="ignore")
    type: Literal["audio.stop"]


class Ping(BaseModel):
    model_config = ConfigDict(extra="ignore")
    type: Literal["ping"]


ClientMessage = Annotated[AudioStart | AudioStop | Ping, Field(discriminator="type")]
client_message = TypeAdapter(ClientMessage)


def validation_message(exc: ValidationError) -> str:
    """One readable line per problem: ``field: what is wrong`` (never the pydantic dump)."""
    parts = []
    for err in exc.errors(include_url=False):
        where = ".".join(str(p) for p in err.get("loc", ())) or "body"
        parts.append(f"{where}: {err.get('msg', 'invalid')}")
    return "; ".join(parts) or "invalid request"


# -- server → client ---------------------------------------------------------------------------------


def snapshot_msg(snapshot: dict[str, Any]) -> dict[str, Any]:
    return {"type": "snapshot", **snapshot}


def ack_msg(received_ms: int) -> dict[str, Any]:
    return {"type": "audio.ack", "received_ms": received_ms}


def dock_msg(dock: dict[str, Any]) -> dict[str, Any]:
    return {"type": "dock", "dock": dock}


def error_msg(code: str, message: str, **details: Any) -> dict[str, Any]:
    return {"type": "error", "error": code, "message": message, **details}
