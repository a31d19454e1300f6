"""Model resolution and the atomic, checksummed assembly of the bundled model."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from asr.model import BUNDLED_SHA256, assemble_model, bundled_sources, is_assembled, resolve_model
from models.errors import ModelError


def fake_parts(tmp: Path) -> tuple[list[Path], list[Path], str]:
    src = tmp / "src"
    src.mkdir()
    parts = []
    for i, payload in enumerate([b"first half of the weights|" * 1000, b"second half|" * 777]):
        p = src / f"model.bin.part{i + 1}"
        p.write_bytes(payload)
        parts.append(p)
    extras = []
    for name in ("config.json", "tokenizer.json", "vocabulary.json"):
        p = src / name
        p.write_text(f'{{"name": "{name}"}}')
        extras.append(p)
    sha = hashlib.sha256(b"".join(p.read_bytes() for p in parts)).hexdigest()
    return parts, extras, sha


def test_assembly_concatenates_parts_copies_extras_and_is_idempotent(tmp_path: Path) -> None:
    parts, extras, sha = fake_parts(tmp_path)
    dest = tmp_path / "cache" / "whisper-base"
    assert assemble_model(parts, extras, dest, sha) == dest
    assert (dest / "model.bin").read_bytes() == parts[0].read_bytes() + parts[1].read_bytes()
    assert sorted(p.name for p in dest.iterdir()) == [
        "config.json", "model.bin", "model.bin.sha256", "tokenizer.json", "vocabulary.json"
    ]  # fmt: skip
    assert is_assembled(dest, sha)
    for p in parts:  # a second call must not need the sources again
        p.unlink()
    assert assemble_model(parts, extras, dest, sha) == dest
    assert sorted(p.name for p in dest.parent.iterdir()) == ["whisper-base"]  # no temp dirs


def test_checksum_mismatch_raises_and_leaves_nothing_behind(tmp_path: Path) -> None:
    parts, extras, _sha = fake_parts(tmp_path)
    dest = tmp_path / "cache" / "whisper-base"
    with pytest.raises(ModelError, match="sha256") as info:
        assemble_model(parts, extras, dest, "0" * 64)
    assert info.value.details["expected"] == "0" * 64
    assert not dest.exists()
    assert list(dest.parent.iterdir()) == []


def test_a_stale_unverified_dir_is_replaced(tmp_path: Path) -> None:
    parts, extras, sha = fake_parts(tmp_path)
    dest = tmp_path / "whisper-base"
    dest.mkdir()
    (dest / "model.bin").write_bytes(b"half written by an old version")
    assemble_model(parts, extras, dest, sha)
    assert is_assembled(dest, sha)
    assert (dest / "model.bin").stat().st_size == sum(p.stat().st_size for p in parts)


def test_missing_part_is_a_model_error(tmp_path: Path) -> None:
    parts, extras, sha = fake_parts(tmp_path)
    parts[1].unlink()
    with pytest.raises(ModelError, match="could not assemble"):
        assemble_model(parts, extras, tmp_path / "whisper-base", sha)
    assert not (tmp_path / "whisper-base").exists()


def test_resolve_passes_size_names_through_and_checks_directories(tmp_path: Path, monkeypatch) -> None:
    assert resolve_model("small") == "small"
    monkeypatch.setenv("MEETINGD_WHISPER_MODEL", "large-v3")
    assert resolve_model() == "large-v3"
    with pytest.raises(ModelError, match=r"no model\.bin"):
        resolve_model(str(tmp_path))
    with pytest.raises(ModelError, match="not a directory"):
        resolve_model(str(tmp_path / "nope"))
    (tmp_path / "model.bin").write_bytes(b"x")
    assert resolve_model(str(tmp_path)) == str(tmp_path)


def test_default_resolves_to_the_verified_bundled_model(tmp_path: Path, monkeypatch) -> None:
    parts, extras = bundled_sources()
    assert [p.name for p in parts] == ["model.bin.part1", "model.bin.part2"]
    assert {p.name for p in extras} == {"config.json", "tokenizer.json", "vocabulary.json"}
    monkeypatch.delenv("MEETINGD_WHISPER_MODEL", raising=False)
    monkeypatch.setenv("MEETINGD_CACHE_DIR", str(tmp_path))
    path = Path(resolve_model())
    assert path == tmp_path / "whisper-base"
    assert is_assembled(path, BUNDLED_SHA256)
    assert resolve_model("base") == str(path)
