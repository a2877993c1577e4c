"""What PostgreSQL spent on ``benchmarks/serve.py``'s measured window: its processes' CPU
(the postmaster and every backend, ended ones too), the transactions committed and, with
``--pg-statements``, the statements run (``pg_stat_statements``), each per action: the
database's share of the cores it shares with the server, which latency alone hides.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from serve_measure import children_cpu, cpu_seconds

# The statements' counter, loaded at the cluster's start (``--pg-statements``): a lookup per
# statement, so left off unless asked for.
STATEMENTS_OPTIONS = "-c shared_preload_libraries=pg_stat_statements"
COUNTS = (
    "SELECT (SELECT xact_commit + xact_rollback FROM pg_stat_database"
    " WHERE datname = current_database())"
)
STATEMENTS = "SELECT coalesce(sum(calls), 0)::bigint FROM pg_stat_statements"
TOP = (
    "SELECT calls, round(total_exec_time::numeric, 1), query FROM pg_stat_statements"
    " ORDER BY calls DESC LIMIT 40"
)


@dataclass(frozen=True)
class PgCounts:
    cpu: float  # seconds, every PostgreSQL process's
    transactions: int
    statements: int  # 0 without pg_stat_statements


@dataclass(frozen=True)
class PgProbe:
    dsn: str  # as asyncpg takes it
    data: Path  # the cluster's folder: its postmaster.pid names the postmaster
    statements: bool
    top_file: str | None = None  # where the most run statements of the window are written

    @property
    def postmaster(self) -> int:
        return int((self.data / "postmaster.pid").read_text().split()[0])

    def cpu(self) -> float:
        """The postmaster's CPU, its ended children's (reaped: counted in its own stat) and
        its running children's."""
        pid = self.postmaster
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        reaped = (int(fields[13]) + int(fields[14])) / os.sysconf("SC_CLK_TCK")
        return cpu_seconds(pid) + reaped + sum(children_cpu({pid}).values())

    async def counts(self) -> PgCounts:
        import asyncpg

        connection = await asyncpg.connect(self.dsn)
        try:
            if self.statements:
                await connection.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
            transactions = int(await connection.fetchval(COUNTS))
            statements = int(await connection.fetchval(STATEMENTS)) if self.statements else 0
        finally:
            await connection.close()
        return PgCounts(self.cpu(), transactions, statements)

    async def reset(self) -> None:
        """The statements' counts from zero (the window's start), for ``write_top``."""
        if not self.statements:
            return
        import asyncpg

        connection = await asyncpg.connect(self.dsn)
        try:
            await connection.execute("CREATE EXTENSION IF NOT EXISTS pg_stat_statements")
            await connection.execute("SELECT pg_stat_statements_reset()")
        finally:
            await connection.close()

    async def write_top(self) -> None:
        if not self.statements or self.top_file is None:
            return
        import asyncpg

        connection = await asyncpg.connect(self.dsn)
        try:
            rows = await connection.fetch(TOP)
        finally:
            await connection.close()
        with open(self.top_file, "a") as out:
            out.write("calls\tms\tquery\n")
            for calls, spent, query in rows:
                out.write(f"{calls}\t{spent}\t{' '.join(query.split())[:300]}\n")
            out.write("\n")
