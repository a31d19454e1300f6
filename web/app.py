"""The daemon's Starlette application: the HTTP API, the WebSocket and the dock pages (DESIGN §8).

``create_app(service, token=…)`` builds it around a running application service, typed as
:class:`live.ports.LiveService` (``live.service.MeetingService``); the handlers only translate
HTTP to service calls. Errors leave as JSON ``{"error", "message", …}``
with a status from :data:`web.http.STATUS_FOR` (never a traceback); guarded-ledger conflicts
(``intents.Conflict``) are 409 with the ledger's structured result as the body.

Against hostile clients: a JSON body must say ``application/json`` (so a cross-site form or a
``text/plain`` fetch cannot reach the API without a CORS preflight), is read within
``Settings.body_timeout_s`` and parsed with a depth limit (400, never a recursion 500); a client
that disconnects mid-body is dropped quietly. Every HTML response carries the page CSP
(``connect-src 'self'``, ``frame-ancestors 'none'``), static files included.
"""

from __future__ import annotations

import logging
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from coordinator import exports
from coordinator.finalize import Ended
from intents import Conflict
from intents.authority import person_actor
from live.metrics import CONTENT_TYPE as METRICS_CONTENT_TYPE
from live.ports import LiveService
from models import (
    AudioFormatError,
    InvalidInput,
    MeetingdError,
)

from . import protocol as p
from .http import (
    MAX_QUERY,
    PAGE_HEADERS,
    STATIC_DIR,
    PageHeaders,
    TokenGate,
    WebState,
    error_response,
    ledger_response,
    parse,
    read_body,
    web_state,
)
from .hub import Hub
from .uploads import TicketBook
from .ws import meeting_socket

log = logging.getLogger(__name__)


# -- handlers ------------------------------------------------------------------------------------------


async def healthz(request: Request) -> Response:
    return JSONResponse({"status": "ok"})


async def metrics(request: Request) -> Response:
    web = web_state(request)
    await web.service.refresh_metrics(web.metrics, hub=web.hub)
    return Response(web.metrics.render(), media_type=METRICS_CONTENT_TYPE)


MEETINGS_PAGE = 100
MAX_MEETINGS_PAGE = 500


def _query_number(request: Request, name: str, cast: type, low: float, high: float | None = None) -> Any:
    raw = request.query_params.get(name)
    if raw is None or raw == "":
        return None
    try:
        value = cast(raw)
    except ValueError:
        raise InvalidInput(f"{name} must be a number") from None
    if value != value or value < low or (high is not None and value > high):  # NaN included
        raise InvalidInput(f"{name} must be between {low} and {high}" if high is not None else f"{name} must be >= {low}")
    return value


async def list_meetings(request: Request) -> Response:
    """Newest first, ``?limit=`` (default 100, at most 500) per page; ``next_before`` (the last
    one's ``created_at``) passed as ``?before=`` gives the next page, null on the last one."""
    limit = _query_number(request, "limit", int, 1, MAX_MEETINGS_PAGE) or MEETINGS_PAGE
    before = _query_number(request, "before", float, 0)
    meetings = await web_state(request).service.list_meetings(limit=limit + 1, before=before)
    page = meetings[:limit]
    next_before = page[-1].created_at if len(meetings) > limit else None
    return JSONResponse({"meetings": [m.to_dict() for m in page], "next_before": next_before})


async def create_meeting(request: Request) -> Response:
    body = await parse(request, p.CreateMeeting)
    m = await web_state(request).service.create_meeting(body.title, body.language, body.mode, body.participants,
                                                   body.glossary, agenda=body.agenda)
    return JSONResponse(m.to_dict(), status_code=201)


async def update_meeting(request: Request) -> Response:
    body = await parse(request, p.UpdateMeeting)
    m = await web_state(request).service.update_meeting(request.path_params["meeting_id"],
                                                   **body.model_dump(exclude_none=True))
    return JSONResponse(m.to_dict())


async def delete_meeting(request: Request) -> Response:
    """Rows and audio go; 409 ``meeting_busy`` while it records, transcribes or finalizes."""
    meeting_id = request.path_params["meeting_id"]
    await web_state(request).service.delete_meeting(meeting_id)
    return JSONResponse({"deleted": meeting_id})


async def search(request: Request) -> Response:
    """``?q=`` (1–200 characters) in transcripts and items, newest meetings first (store.library)."""
    q = (request.query_params.get("q") or "").strip()
    if not 1 <= len(q) <= MAX_QUERY:
        raise InvalidInput(f"q must be 1 to {MAX_QUERY} characters")
    return JSONResponse({"q": q, "results": await web_state(request).service.search(q)})


async def upload_recording(request: Request) -> Response:
    """A whole recording as the body (WAV/FLAC/MP3/M4A) → the meeting's audio stream (VAD cuts it)."""
    web = web_state(request)
    meeting_id = request.path_params["meeting_id"]
    await web.service.require_live(meeting_id)
    data = await read_body(request, web.service.settings.max_recording_bytes)
    if not data:
        raise AudioFormatError("the upload is empty; send the recording as the body")
    return JSONResponse(await web.service.upload_recording(meeting_id, data), status_code=202)


async def get_meeting(request: Request) -> Response:
    return JSONResponse(await web_state(request).service.snapshot(request.path_params["meeting_id"]))


async def set_language(request: Request) -> Response:
    body = await parse(request, p.SetLanguage)
    m = await web_state(request).service.set_language(request.path_params["meeting_id"], body.language)
    return JSONResponse(m.to_dict())


async def add_utterance(request: Request) -> Response:
    body = await parse(request, p.AddUtterance)
    u = await web_state(request).service.add_utterance(request.path_params["meeting_id"], body.text)
    return JSONResponse(u.to_dict(), status_code=201)


async def approve(request: Request) -> Response:
    body = await parse(request, p.Approve)
    pp = request.path_params
    return ledger_response(await web_state(request).service.approve(pp["meeting_id"], pp["intent_id"], body.revision))


async def reject(request: Request) -> Response:
    body = await parse(request, p.Reject)
    pp = request.path_params
    return ledger_response(
        await web_state(request).service.reject(pp["meeting_id"], pp["intent_id"], body.revision, body.reason)
    )


async def edit(request: Request) -> Response:
    body = await parse(request, p.Edit)
    pp = request.path_params
    return ledger_response(await web_state(request).service.edit(pp["meeting_id"], pp["intent_id"], body.revision,
                                                            body.payload, actor=person_actor(body.by)))


async def accept_pending(request: Request) -> Response:
    body = await parse(request, p.Approve)
    pp = request.path_params
    return ledger_response(await web_state(request).service.accept_pending(pp["meeting_id"], pp["intent_id"],
                                                                      body.revision))


async def answer(request: Request) -> Response:
    """A completion question answered in the dock: ``{"question": …, "task": …}`` (each a ledger
    result), 409 with the conflict when the question moved on since the person saw it."""
    body = await parse(request, p.Answer)
    pp = request.path_params
    question, task = await web_state(request).service.answer(pp["meeting_id"], pp["intent_id"], body.revision,
                                                        body.answer, actor=person_actor(body.by))
    if isinstance(question, Conflict):
        return ledger_response(question)
    return JSONResponse({"question": question.to_dict(), "task": task.to_dict()})


async def add_intent(request: Request) -> Response:
    body = await parse(request, p.AddIntent)
    result = await web_state(request).service.add_intent(request.path_params["meeting_id"], body.kind, body.payload,
                                                    actor=person_actor(body.by))
    return JSONResponse(result.to_dict(), status_code=409 if isinstance(result, Conflict) else 201)


async def finalize(request: Request) -> Response:
    body = await parse(request, p.Finalize)
    result = await web_state(request).service.finalize(request.path_params["meeting_id"], body.wait_s)
    return JSONResponse(result.to_dict(), status_code=200 if isinstance(result, Ended) else 409)


async def reopen(request: Request) -> Response:
    m = await web_state(request).service.reopen(request.path_params["meeting_id"])
    return JSONResponse(m.to_dict())


async def edit_utterance(request: Request) -> Response:
    body = await parse(request, p.EditUtterance)
    try:
        seq = int(request.path_params["seq"])
    except ValueError:
        raise InvalidInput("seq must be an integer") from None
    u = await web_state(request).service.edit_utterance(request.path_params["meeting_id"], seq, body.text)
    return JSONResponse(u.to_dict())


async def retry_skipped(request: Request) -> Response:
    pp = request.path_params
    if not pp["range_id"].isdecimal() or len(pp["range_id"]) > 18:
        raise InvalidInput("range_id must be a number")
    result = await web_state(request).service.retry_skipped(pp["meeting_id"], int(pp["range_id"]))
    return JSONResponse(result, status_code=202 if result["status"] == "retrying" else 200)


async def minutes_json(request: Request) -> Response:
    data, _ = await web_state(request).service.minutes(request.path_params["meeting_id"])
    return JSONResponse(data)


async def minutes_md(request: Request) -> Response:
    _, md = await web_state(request).service.minutes(request.path_params["meeting_id"])
    return Response(md, media_type="text/markdown; charset=utf-8")


async def minutes_csv(request: Request) -> Response:
    data, _ = await web_state(request).service.minutes(request.path_params["meeting_id"])
    return Response(exports.minutes_csv(data), media_type="text/csv; charset=utf-8",
                    headers=_attachment(data, "csv"))


async def minutes_ics(request: Request) -> Response:
    web = web_state(request)
    data, _ = await web.service.minutes(request.path_params["meeting_id"])
    m = await web.service.get_meeting(request.path_params["meeting_id"])
    return Response(exports.minutes_ics(data, stamp=m.ended_at or m.created_at),
                    media_type="text/calendar; charset=utf-8", headers=_attachment(data, "ics"))


def _attachment(minutes: dict[str, Any], ext: str) -> dict[str, str]:
    return {"Content-Disposition": f'attachment; filename="{minutes["meeting"]["id"]}.minutes.{ext}"'}


async def traces(request: Request) -> Response:
    return JSONResponse({"traces": await web_state(request).service.traces(request.path_params["meeting_id"])})


async def trace(request: Request) -> Response:
    pp = request.path_params
    return JSONResponse(await web_state(request).service.trace(pp["meeting_id"], pp["trace_id"][:64]))


async def upload_ticket(request: Request) -> Response:
    body = await parse(request, p.UploadTicketRequest)
    web = web_state(request)
    meeting_id = request.path_params["meeting_id"]
    await web.service.require_live(meeting_id)
    t = web.tickets.issue(meeting_id, body.start_ms)
    return JSONResponse(
        {"ticket": t.id, "url": f"/api/uploads/{t.id}", "expires_at": t.expires_at, "max_bytes": t.max_bytes},
        status_code=201,
    )


async def upload(request: Request) -> Response:
    web = web_state(request)
    ticket = web.tickets.redeem(request.path_params["ticket"])
    wav = await read_body(request, ticket.max_bytes)
    if not wav:
        raise AudioFormatError("the upload is empty; send a WAV file as the body")
    job = await web.service.upload_segment(ticket.meeting_id, wav, ticket.start_ms)
    return JSONResponse({"job_id": job.id, "status": job.status.value}, status_code=202)


async def get_job(request: Request) -> Response:
    job = await web_state(request).service.get_job(request.path_params["job_id"])
    out = job.to_dict()
    out.pop("audio_path", None)  # a server path is nobody's business
    out["status"] = job.status.value
    return JSONResponse(out)


def _page(name: str):
    async def page(request: Request) -> Response:
        return FileResponse(STATIC_DIR / name, media_type="text/html; charset=utf-8", headers=PAGE_HEADERS)

    return page


# -- errors --------------------------------------------------------------------------------------------


async def on_meetingd_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, MeetingdError)
    return error_response(exc)


async def on_http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
    return JSONResponse({"error": code, "message": str(exc.detail)}, status_code=exc.status_code)


async def on_disconnect(request: Request, exc: Exception) -> Response:
    # The client went away mid-body: nobody reads this answer and nothing failed on our side.
    log.debug("client disconnected during %s %s", request.method, request.url.path)
    return Response(status_code=400)


async def on_unexpected(request: Request, exc: Exception) -> Response:
    if isinstance(exc, RecursionError):
        # Only client input nests without bound; answer as bad input, not as our failure.
        log.warning("input nested too deeply on %s %s", request.method, request.url.path)
        return JSONResponse({"error": "bad_json", "message": "the input is nested too deeply"}, status_code=400)
    log.error("unhandled error on %s %s", request.method, request.url.path, exc_info=exc)
    return JSONResponse({"error": "internal", "message": "internal error; see the daemon log"}, status_code=500)


API_ROUTES: list[tuple[str, str]] = [
    ("GET", "/api/meetings"),
    ("POST", "/api/meetings"),
    ("GET", "/api/meetings/{meeting_id}"),
    ("PATCH", "/api/meetings/{meeting_id}"),
    ("POST", "/api/meetings/{meeting_id}/utterances"),
    ("PUT", "/api/meetings/{meeting_id}/language"),
    ("POST", "/api/meetings/{meeting_id}/intents/{intent_id}/approve"),
    ("POST", "/api/meetings/{meeting_id}/intents/{intent_id}/reject"),
    ("POST", "/api/meetings/{meeting_id}/intents/{intent_id}/edit"),
    ("POST", "/api/meetings/{meeting_id}/intents/{intent_id}/accept"),
    ("POST", "/api/meetings/{meeting_id}/intents/{intent_id}/answer"),
    ("POST", "/api/meetings/{meeting_id}/intents"),
    ("POST", "/api/meetings/{meeting_id}/finalize"),
    ("POST", "/api/meetings/{meeting_id}/reopen"),
    ("POST", "/api/meetings/{meeting_id}/utterances/{seq}/edit"),
    ("POST", "/api/meetings/{meeting_id}/skipped/{range_id}/retry"),
    ("GET", "/api/meetings/{meeting_id}/minutes.json"),
    ("GET", "/api/meetings/{meeting_id}/minutes.md"),
    ("GET", "/api/meetings/{meeting_id}/minutes.csv"),
    ("GET", "/api/meetings/{meeting_id}/minutes.ics"),
    ("GET", "/api/meetings/{meeting_id}/traces"),
    ("GET", "/api/meetings/{meeting_id}/traces/{trace_id}"),
    ("POST", "/api/meetings/{meeting_id}/upload-tickets"),
    ("PUT", "/api/uploads/{ticket}"),
    ("GET", "/api/jobs/{job_id}"),
    ("GET", "/api/search"),
    ("POST", "/api/meetings/{meeting_id}/recording"),
    ("DELETE", "/api/meetings/{meeting_id}"),
]


def create_app(service: LiveService, *, token: str, max_upload_bytes: int | None = None,
               upload_ticket_ttl_s: float | None = None, max_pending_events: int = 2000) -> Starlette:
    """The ASGI app around a started service. Call ``await app.state.web.hub.close()`` on shutdown."""
    settings = service.settings
    tickets = TicketBook(
        upload_ticket_ttl_s if upload_ticket_ttl_s is not None else settings.upload_ticket_ttl_s,
        max_upload_bytes if max_upload_bytes is not None else settings.max_upload_bytes,
        max_open=settings.max_open_tickets,
    )
    handlers = {
        "/api/meetings": {"GET": list_meetings, "POST": create_meeting},
        "/api/meetings/{meeting_id}": {"GET": get_meeting, "PATCH": update_meeting, "DELETE": delete_meeting},
        "/api/meetings/{meeting_id}/recording": {"POST": upload_recording},
        "/api/search": {"GET": search},
        "/api/meetings/{meeting_id}/utterances": {"POST": add_utterance},
        "/api/meetings/{meeting_id}/language": {"PUT": set_language},
        "/api/meetings/{meeting_id}/intents/{intent_id}/approve": {"POST": approve},
        "/api/meetings/{meeting_id}/intents/{intent_id}/reject": {"POST": reject},
        "/api/meetings/{meeting_id}/intents/{intent_id}/edit": {"POST": edit},
        "/api/meetings/{meeting_id}/intents/{intent_id}/accept": {"POST": accept_pending},
        "/api/meetings/{meeting_id}/intents/{intent_id}/answer": {"POST": answer},
        "/api/meetings/{meeting_id}/intents": {"POST": add_intent},
        "/api/meetings/{meeting_id}/finalize": {"POST": finalize},
        "/api/meetings/{meeting_id}/reopen": {"POST": reopen},
        "/api/meetings/{meeting_id}/utterances/{seq}/edit": {"POST": edit_utterance},
        "/api/meetings/{meeting_id}/skipped/{range_id}/retry": {"POST": retry_skipped},
        "/api/meetings/{meeting_id}/minutes.json": {"GET": minutes_json},
        "/api/meetings/{meeting_id}/minutes.md": {"GET": minutes_md},
        "/api/meetings/{meeting_id}/minutes.csv": {"GET": minutes_csv},
        "/api/meetings/{meeting_id}/minutes.ics": {"GET": minutes_ics},
        "/api/meetings/{meeting_id}/traces": {"GET": traces},
        "/api/meetings/{meeting_id}/traces/{trace_id}": {"GET": trace},
        "/api/meetings/{meeting_id}/upload-tickets": {"POST": upload_ticket},
        "/api/uploads/{ticket}": {"PUT": upload},
        "/api/jobs/{job_id}": {"GET": get_job},
    }
    routes: list[Any] = [Route("/healthz", healthz, methods=["GET"]), Route("/metrics", metrics, methods=["GET"])]
    for path, by_method in handlers.items():
        for method, fn in by_method.items():
            routes.append(Route(path, fn, methods=[method]))
    routes += [
        WebSocketRoute("/ws/meetings/{meeting_id}", meeting_socket),
        Route("/", _page("index.html"), methods=["GET"]),
        Route("/meetings/{meeting_id}", _page("dock.html"), methods=["GET"]),
        Mount("/static", StaticFiles(directory=STATIC_DIR), name="static"),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={MeetingdError: on_meetingd_error, HTTPException: on_http_error,
                            ClientDisconnect: on_disconnect, Exception: on_unexpected},
    )
    app.add_middleware(TokenGate)
    app.add_middleware(PageHeaders)
    app.state.web = WebState(service=service, token=token, hub=Hub(service, max_pending=max_pending_events),
                             tickets=tickets, allowed_origins=tuple(settings.allowed_origins),
                             body_timeout_s=settings.body_timeout_s)
    return app
