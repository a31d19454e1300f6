"""A throwaway PostgreSQL cluster for tests and benches: initdb into a temp dir, start it on a free
port on 127.0.0.1 (and a unix socket in the same dir), hand out fresh databases, stop and delete.

PostgreSQL refuses to run as root, so as root the cluster belongs to the ``postgres`` system user
(from the Debian package), started through ``runuser``. Binaries are looked up under
``/usr/lib/postgresql/*/bin`` (Debian) and then on PATH; :func:`find_bin_dir` returns None when
there are none, which is the one reason the PostgreSQL tests are skipped.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path


def find_bin_dir() -> Path | None:
    for pattern in ("/usr/lib/postgresql/*/bin",):
        for d in sorted(glob.glob(pattern), key=lambda p: int(p.split("/")[-2]) if p.split("/")[-2].isdigit()
                        else 0, reverse=True):
            if (Path(d) / "initdb").exists() and (Path(d) / "pg_ctl").exists():
                return Path(d)
    initdb = shutil.which("initdb")
    if initdb and shutil.which("pg_ctl") and shutil.which("postgres"):
        return Path(initdb).parent
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """One running cluster. ``url(db)`` is a connection URL; ``new_database()`` makes an empty one."""

    def __init__(self, bin_dir: Path, *, durable: bool = False) -> None:
        self.bin_dir = bin_dir
        self.durable = durable
        self.root = Path(tempfile.mkdtemp(prefix="meetingd-pg-"))
        self.data = self.root / "data"
        self.port = _free_port()
        self.user = "meetingd"
        self._run_as: list[str] = []
        if os.geteuid() == 0:
            owner = pwd.getpwnam("postgres")  # KeyError: no postgres user → caller skips
            os.chown(self.root, owner.pw_uid, owner.pw_gid)
            os.chmod(self.root, 0o755)
            self._run_as = ["runuser", "-u", "postgres", "--"]

    def _pg(self, tool: str, *args: str) -> None:
        subprocess.run([*self._run_as, str(self.bin_dir / tool), *args], check=True, capture_output=True,
                       timeout=120)

    def start(self) -> Cluster:
        self._pg("initdb", "-D", str(self.data), "-U", self.user, "--auth=trust", "-E", "UTF8",
                 "--locale=C", "--no-sync")
        opts = [f"-p {self.port}", "-c listen_addresses=127.0.0.1", f"-k {self.root}", "-c max_connections=200"]
        if not self.durable:
            # Test clusters are thrown away: no fsync, so a CREATE DATABASE per test stays cheap.
            opts += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        self._pg("pg_ctl", "-D", str(self.data), "-l", str(self.root / "log"), "-o", " ".join(opts), "-w",
                 "-t", "60", "start")
        return self

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}"

    def psql(self, database: str, sql: str) -> str:
        """Run ``sql`` through psql on its own connection (a second client, synchronously)."""
        out = subprocess.run(
            [str(self.bin_dir / "psql"), "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-d", self.url(database),
             "-c", sql], check=True, capture_output=True, text=True, timeout=60)
        return out.stdout

    def new_database(self) -> str:
        name = f"t_{uuid.uuid4().hex[:12]}"
        self.psql("postgres", f"CREATE DATABASE {name} TEMPLATE template0")
        return name

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self._pg("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.root, ignore_errors=True)
