"""The store's contract tests run on both backends (``store`` is parametrized here only: other
test packages keep SQLite, whose migrations other branches extend in parallel)."""

from tests.backends import db_target, peek, store

__all__ = ["db_target", "peek", "store"]
