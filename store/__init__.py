"""SQLite store of meetingd: schema, migrations, all SQL, transactions."""

from .db import Database, Tx
from .store import Store, new_id

__all__ = ["Database", "Store", "Tx", "new_id"]
