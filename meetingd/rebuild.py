"""``meetingd rebuild --meeting ID [--db PATH] [--apply]``: fold the event log into fresh
projections (``intents.projection``), print how they differ from the stored ones, and with
``--apply`` write the rebuilt ones back in one transaction. Exit status: 0 identical (or applied),
1 differences found (not applied)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from intents.projection import Projection, diff, fold
from store import Store
from store.projection import TABLES
from store.schema import SCHEMA_VERSION


async def rebuild(db: str | Path, meeting_id: str, *, apply: bool = False) -> tuple[list[dict[str, Any]], Projection]:
    """``(differences, projection)``; with ``apply`` the stored projections become the rebuilt ones."""
    store = await Store.open(db)
    try:
        await store.get_meeting(meeting_id)  # NotFound: one clear line from the CLI
        projection = fold(await store.all_intent_events(meeting_id), await store.subagent_links(meeting_id),
                          schema_version=SCHEMA_VERSION)
        stored_rows = {t: await store.business_rows(meeting_id, t) for t in TABLES}
        found = diff(projection, await store.list_intents(meeting_id), stored_rows)
        if apply and found:
            await store.replace_projection(meeting_id, list(projection.intents.values()), projection.rows)
        return found, projection
    finally:
        await store.close()


def report(found: list[dict[str, Any]], projection: Projection, applied: bool) -> str:
    lines = [f"{len(projection.intents)} intents, "
             f"{sum(len(r) for r in projection.rows.values())} business rows rebuilt from the event log"]
    lines += [f"not folded: {s}" for s in projection.skipped]
    if not found:
        lines.append("identical to the stored projections")
    for d in found:
        if d["field"] is None:
            where = "only stored" if d["stored"] else "only rebuilt"
            lines.append(f"{d['table']} {d['id']}: row {where}")
        else:
            lines.append(f"{d['table']} {d['id']}.{d['field']}: stored {json.dumps(d['stored'], ensure_ascii=False)}"
                         f" → rebuilt {json.dumps(d['rebuilt'], ensure_ascii=False)}")
    if found:
        lines.append(f"{len(found)} difference(s); " + ("applied: the stored projections are now the rebuilt ones"
                                                      if applied else "run again with --apply to write the rebuilt ones"))
    return "\n".join(lines)
