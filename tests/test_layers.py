"""The layering rule (docs/architecture.md): a package imports only its own layer and those below.

    models < store < asr < intents < supervisor < coordinator < live < web < meetingd

Every import of every module counts, including lazy imports inside functions and imports under
``TYPE_CHECKING``. ``tests/``, ``bench/`` and ``docs/`` are exempt. Run it alone with
``.venv/bin/python -m pytest -q tests/test_layers.py``.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ORDER = ["models", "store", "asr", "intents", "supervisor", "coordinator", "live", "web", "meetingd"]
RANK = {name: i for i, name in enumerate(ORDER)}


def imported_packages(path: Path, package: str) -> set[tuple[str, int]]:
    """(top-level package, line) of every import in the module; relative imports resolve to ``package``."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found |= {(alias.name.split(".")[0], node.lineno) for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            found.add((package if node.level else (node.module or "").split(".")[0], node.lineno))
    return found


def violations() -> list[str]:
    out = []
    for package in ORDER:
        for path in sorted((ROOT / package).rglob("*.py")):
            for imported, line in imported_packages(path, package):
                if imported in RANK and RANK[imported] > RANK[package]:
                    out.append(f"{path.relative_to(ROOT)}:{line} imports {imported} (a higher layer than {package})")
    return out


def test_every_package_imports_only_lower_layers() -> None:
    assert violations() == []


def test_the_check_sees_a_lazy_upward_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("import models\n\ndef f():\n    from web.app import create_app\n    from . import x\n")
    assert imported_packages(module, "store") == {("models", 1), ("web", 4), ("store", 5)}


def test_every_layer_is_a_package() -> None:
    assert all((ROOT / name / "__init__.py").exists() for name in ORDER)
