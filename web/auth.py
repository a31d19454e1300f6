"""The daemon's bearer token: where it comes from and how a request proves it.

One token per daemon. It comes from ``--token`` / ``MEETINGD_TOKEN`` (``Settings.token``), or is
generated once and kept in ``<data_dir>/token`` (mode 0600) so that bookmarks survive restarts.
A request carries it as ``Authorization: Bearer T`` or ``?token=T``; the comparison is constant
time. Binding a non-loopback address needs an explicit token: a generated one sitting in a file
is fine for a laptop, not for a LAN.
"""

from __future__ import annotations

import hmac
import ipaddress
import os
import secrets
from dataclasses import dataclass
from pathlib import Path

from models import InvalidInput

TOKEN_FILE = "token"


@dataclass(frozen=True, slots=True)
class TokenSource:
    token: str
    origin: str  # "settings" | "file" | "generated"


def is_loopback(host: str) -> bool:
    if host in ("localhost", "ip6-localhost"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def resolve_token(token: str | None, data_dir: Path, host: str) -> TokenSource:
    """The token to require; refuses a non-loopback ``host`` unless ``token`` was given."""
    if token:
        if len(token) < 8:
            raise InvalidInput("the token must be at least 8 characters")
        return TokenSource(token, "settings")
    if not is_loopback(host):
        raise InvalidInput(
            f"refusing to listen on {host} without an explicit token: pass --token or set MEETINGD_TOKEN"
        )
    path = Path(data_dir) / TOKEN_FILE
    if path.exists():
        saved = path.read_text(encoding="utf-8").strip()
        if saved:
            return TokenSource(saved, "file")
    path.parent.mkdir(parents=True, exist_ok=True)
    fresh = secrets.token_urlsafe(24)
    # O_EXCL + 0600 from the start: the token is never readable by others, not even briefly.
    tmp = path.with_name(f".{TOKEN_FILE}.{os.getpid()}")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(fresh + "\n")
    os.replace(tmp, path)
    return TokenSource(fresh, "generated")


def presented_token(headers: dict[str, str] | object, query: dict[str, str] | object) -> str | None:
    """The token a request carries (header first), or None."""
    auth = headers.get("authorization")  # type: ignore[attr-defined]
    if auth:
        scheme, _, value = auth.partition(" ")
        if scheme.lower() == "bearer" and value.strip():
            return value.strip()
    q = query.get("token")  # type: ignore[attr-defined]
    return q or None


def token_ok(expected: str, presented: str | None) -> bool:
    if presented is None:
        return False
    return hmac.compare_digest(expected.encode("utf-8"), presented.encode("utf-8"))


def origin_ok(headers: dict[str, str] | object, allowed: tuple[str, ...] = ()) -> bool:
    """Whether a WebSocket handshake's ``Origin`` may drive the daemon: absent (not a browser),
    the daemon's own origin (its ``Host``), or one of ``allowed`` (exact ``scheme://host:port``)."""
    origin = headers.get("origin")  # type: ignore[attr-defined]
    if origin is None:
        return True
    origin = origin.strip().rstrip("/").lower()
    if origin in {a.strip().rstrip("/").lower() for a in allowed}:
        return True
    host = (headers.get("host") or "").strip().lower()  # type: ignore[attr-defined]
    scheme, sep, netloc = origin.partition("://")
    return bool(sep) and scheme in ("http", "https") and bool(host) and netloc == host
