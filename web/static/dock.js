// The meeting dock: one WebSocket for state (snapshot, then cursor-ordered events) and audio.
// The page is a projection of the daemon: on every (re)connect it rebuilds from the snapshot and
// applies events whose cursor is above what it has applied, so a refresh or a dropped network
// never shows a duplicate or misses a change. People's actions go through the HTTP API and come
// back as events like everyone else's.
import { api, ApiError, applyI18n, fmtMs, h, langToggle, setToken, t, token } from "./api.js";
import { Recorder, Uplink } from "./capture.js";
import * as people from "./people.js";

const meetingId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const $ = (id) => document.getElementById(id);

const state = {
  meeting: null,
  cursor: 0,
  utterances: new Map(), // seq → element
  intents: new Map(), // id → intent
  dock: null,
  jobs: new Map(),
  cardNotes: new Map(), // intent id → message shown on its card (a 409 explained)
  editing: new Set(),
  minutes: null,
};

// -- connection ------------------------------------------------------------------------------------

let ws = null;
let backoff = 500;
let pingTimer = null;
const uplink = new Uplink();
// Audio a previous page captured but the daemon never acknowledged is resent on connect.
const restoring = uplink.keep(meetingId).catch(() => 0);

function setConn(kind) {
  const el = $("conn");
  el.className = `conn ${kind}`;
  el.querySelector(".label").textContent = t(kind);
}

function connect() {
  if (!token()) {
    $("token-panel").hidden = false;
    return;
  }
  setConn(state.meeting ? "reconnecting" : "connecting");
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = new URLSearchParams({ token: token() });
  if (state.meeting) q.set("cursor", String(state.cursor));
  const sock = new WebSocket(`${proto}://${location.host}/ws/meetings/${encodeURIComponent(meetingId)}?${q}`);
  sock.binaryType = "arraybuffer";
  ws = sock;
  sock.onopen = () => {
    backoff = 500;
    setConn("connected");
    uplink.attach(sock);
    clearInterval(pingTimer);
    pingTimer = setInterval(() => sock.readyState === 1 && sock.send('{"type":"ping"}'), 20000);
  };
  sock.onmessage = (e) => onMessage(JSON.parse(e.data));
  sock.onclose = (e) => {
    if (ws !== sock) return;
    clearInterval(pingTimer);
    if (e.code === 4401) {
      $("token-panel").hidden = false;
      setConn("reconnecting");
      return;
    }
    if (e.code === 4404) {
      showNotice(t("notFound"), "error");
      return;
    }
    setConn("reconnecting");
    setTimeout(connect, backoff + Math.random() * 250);
    backoff = Math.min(backoff * 2, 10000);
  };
}

function onMessage(msg) {
  switch (msg.type) {
    case "snapshot": return applySnapshot(msg);
    case "event": return applyEvent(msg);
    case "dock": return renderDock(msg.dock);
    case "audio.ack": uplink.ack(msg.received_ms); return renderRecTime();
    case "error":
      if (msg.error === "meeting_closed" || msg.error === "recorder_replaced") stopMic();
      return showNotice(msg.message, "error");
    default: return undefined;
  }
}

// -- state application -----------------------------------------------------------------------------

function applySnapshot(s) {
  state.meeting = s.meeting;
  state.cursor = s.cursor;
  state.utterances.clear();
  const list = $("transcript");
  const frag = document.createDocumentFragment();
  for (const u of s.transcript) frag.append(utteranceEl(u));
  list.replaceChildren(frag);
  for (const el of list.children) state.utterances.set(Number(el.dataset.seq), el);
  state.intents = new Map(s.intents.map((i) => [i.id, i]));
  renderMeeting();
  renderIntents();
  renderDock(s.dock);
  renderTranscriptMeta(true);
  if (s.meeting.status !== "live") restoring.then(() => uplink.forget());
  if (s.meeting.status === "ended") loadMinutes();
}

function applyEvent(ev) {
  if (ev.cursor <= state.cursor) return; // already in the snapshot or applied
  state.cursor = ev.cursor;
  const d = ev.data || {};
  switch (ev.kind) {
    case "utterance": addUtterance(d); break;
    case "intent": state.intents.set(d.id, d); renderIntent(d); break;
    case "meeting":
      state.meeting = { ...state.meeting, ...d };  // status, or a vocabulary edit (PATCH)
      renderMeeting();
      break;
    case "supervisor":
      if (state.dock) {
        state.dock.analyzed_seq = Math.max(state.dock.analyzed_seq, d.analyzed_seq || 0);
        state.dock.pending_seq = Math.max(0, state.dock.latest_seq - state.dock.analyzed_seq);
        state.dock.supervisor = { ...state.dock.supervisor, state: d.state };
        renderDock(state.dock);
      }
      break;
    case "minutes": loadMinutes(); break;
    case "utterance_edit": replaceUtterance(d); break;
    case "blockers": if (d.blockers && d.blockers.length) showBlockers(d.blockers); else hideBlockers(); break;
    case "skipped": applySkipped(d); break;
    default: break;
  }
}

function utteranceEl(u) {
  const el = h("li", { class: `utterance src-${u.source}`, id: `u-${u.seq}`, dataset: { testid: "utterance", seq: u.seq } },
    h("span", { class: "seq mono" }, `#${u.seq}`),
    h("span", { class: "time mono" }, fmtMs(u.start_ms)),
    h("span", { class: "text" }, ...textWithRewrites(u)),
    ...people.utteranceTools(meetingId, u, (m) => showNotice(m, "error")));
  if (u.language) el.dataset.lang = u.language;
  languageFlag(el);
  return el;
}

function replaceUtterance(u) {
  const old = state.utterances.get(u.seq);
  if (!old) return;
  const el = utteranceEl(u);
  old.replaceWith(el);
  state.utterances.set(u.seq, el);
}

// Words the ASR correction rewrote are underlined; hovering (or focusing) shows what Whisper heard.
function textWithRewrites(u) {
  const rewrites = [...(u.rewrites || [])].sort((a, b) => a.start - b.start);
  const parts = [];
  let at = 0;
  for (const r of rewrites) {
    if (r.start < at || r.end > u.text.length) continue;
    parts.push(u.text.slice(at, r.start));
    const label = t("heardAs").replace("{heard}", r.heard);
    parts.push(h("mark", { class: "rewrite", title: label, tabindex: "0", "aria-label": `${r.word} (${label})`,
      dataset: { testid: "rewrite", heard: r.heard } }, u.text.slice(r.start, r.end)));
    at = r.end;
  }
  parts.push(u.text.slice(at));
  return parts;
}

// -- language: the meeting's (auto until Whisper fixes it) and a flag on a segment heard in another

function languageFlag(el) {
  const meetingLang = state.meeting && state.meeting.language;
  const other = el.dataset.lang && meetingLang && meetingLang !== "auto" && el.dataset.lang !== meetingLang;
  const flag = el.querySelector(".lang-flag");
  if (!other) { if (flag) flag.remove(); return; }
  if (flag) return;
  const name = t(el.dataset.lang === "en" ? "langEn" : "langZh");
  el.querySelector(".text").prepend(h("span", { class: "lang-flag", title: t("langOther").replace("{lang}", name),
    dataset: { testid: "language-flag" } }, `⚠ ${el.dataset.lang.toUpperCase()}`), " ");
}

function renderLanguage() {
  const sel = $("meeting-language");
  sel.value = state.meeting.language || "auto";
  sel.disabled = state.meeting.status === "ended";
  for (const el of state.utterances.values()) languageFlag(el);
}

$("meeting-language").addEventListener("change", async (e) => {
  try {
    state.meeting = await api("PUT", `/api/meetings/${encodeURIComponent(meetingId)}/language`, { language: e.target.value });
    renderMeeting();
  } catch (err) {
    showNotice(err.message, "error");
  }
});

function addUtterance(u) {
  if (state.utterances.has(u.seq)) return;
  const list = $("transcript");
  const stick = list.scrollHeight - list.scrollTop - list.clientHeight < 60;
  const el = utteranceEl(u);
  el.classList.add("fresh");
  // Events arrive in seq order; the search only matters if a snapshot raced an append.
  const after = [...state.utterances.keys()].filter((s) => s > u.seq).sort((a, b) => a - b)[0];
  if (after === undefined) list.append(el);
  else list.insertBefore(el, state.utterances.get(after));
  state.utterances.set(u.seq, el);
  if (state.dock) {
    state.dock.latest_seq = Math.max(state.dock.latest_seq, u.seq);
    state.dock.pending_seq = Math.max(0, state.dock.latest_seq - state.dock.analyzed_seq);
    renderDock(state.dock);
  }
  renderTranscriptMeta(stick);
}

function renderTranscriptMeta(scroll) {
  const list = $("transcript");
  $("utt-count").textContent = state.utterances.size ? String(state.utterances.size) : "";
  list.classList.toggle("empty", state.utterances.size === 0);
  list.dataset.empty = t("emptyTranscript");
  if (scroll) list.scrollTop = list.scrollHeight;
}

// -- header and dock -------------------------------------------------------------------------------

// What the ASR is told to listen for: participants, glossary and agenda (editable by PATCH).
function renderVocabulary(m) {
  const el = $("vocabulary");
  const rows = [["participants", (m.participants || []).join("、")], ["glossary", (m.glossary || []).join("、")],
    ["agenda", m.agenda || ""]].filter(([, v]) => v);
  el.replaceChildren(...rows.map(([k, v]) => h("span", { class: "vocab-item", dataset: { field: k } },
    h("span", { class: "k" }, t(k)), " ", h("span", { class: "v" }, v))));
  el.hidden = rows.length === 0;
}

function renderMeeting() {
  const m = state.meeting;
  if (!m) return;
  $("meeting-title").textContent = m.title;
  document.title = `${m.title} · meetingd`;
  const st = $("meeting-status");
  st.textContent = t(m.status);
  st.className = `pill status-${m.status}`;
  st.dataset.status = m.status;
  $("meeting-mode").textContent = m.mode;
  renderVocabulary(m);
  renderLanguage();
  const live = m.status === "live";
  $("mic").disabled = !live;
  $("say-text").disabled = !live;
  $("finalize").disabled = m.status === "ended";
  $("reopen").hidden = m.status !== "ended";
  if (m.status !== "ended") $("minutes").hidden = true;
  $("resume-mic").hidden = !(live && !recorder && people.micWasOn(meetingId));
  if (!live && recorder) stopMic();
  document.body.classList.toggle("ended", m.status === "ended");
}

function renderDock(d) {
  if (!d) return;
  state.dock = d;
  const rec = $("st-recording");
  rec.textContent = d.recording ? `● ${t("on")}` : t("off");
  rec.parentElement.classList.toggle("hot", !!d.recording);
  $("st-transcribing").textContent = String(d.transcribing);
  $("st-transcribing").parentElement.classList.toggle("busy", d.transcribing > 0);
  $("st-pending").textContent = String(d.pending_seq);
  $("st-pending").parentElement.classList.toggle("busy", d.pending_seq > 0);
  $("st-buffered").hidden = !d.buffered;
  const s = d.supervisor || {};
  const running = s.state === "running";
  const bits = [t(running ? "running" : "idle")];
  if (running && s.current_step) bits.push(`${t("step")} ${s.current_step}`);
  if (s.brain) bits.push(s.brain);
  const sup = $("st-supervisor");
  sup.textContent = bits.join(" · ");
  sup.parentElement.classList.toggle("busy", running);
  sup.parentElement.dataset.state = s.state || "idle";
  const agents = d.agents || [];
  const live = agents.filter((a) => (a.state || a.status) === "running");
  $("st-agents").textContent = agents.length ? `${live.length}/${agents.length}` : "0";
  $("st-agents").title = agents.map((a) => `${a.agent_id || a.id}: ${a.task || ""} (${a.state || a.status})`).join("\n");
  renderSkipped(d.skipped || []);
}

// -- skipped ranges: seqs the Supervisor gave up on, each with a retry ------------------------------

function applySkipped(r) {
  if (!state.dock) return;
  const rest = (state.dock.skipped || []).filter((x) => x.id !== r.id);
  state.dock.skipped = r.status === "open" ? [...rest, r].sort((a, b) => a.id - b.id) : rest;
  renderSkipped(state.dock.skipped);
}

function renderSkipped(ranges) {
  let box = $("skipped");
  if (!box) {
    box = h("section", { id: "skipped", class: "notice error", role: "status", dataset: { testid: "skipped-ranges" } });
    $("blockers").before(box);
  }
  box.hidden = ranges.length === 0;
  box.replaceChildren(...ranges.map((r) => h("div", { class: "row", dataset: { testid: "skipped-range", rangeId: r.id } },
    h("span", { title: r.reason }, t("skippedRange", { from: r.from_seq, to: r.to_seq })),
    h("button", { class: "ghost small", type: "button", dataset: { testid: "skipped-retry" },
      onclick: (e) => retrySkipped(e.currentTarget, r) }, t("retry")))));
}

async function retrySkipped(button, r) {
  button.disabled = true;
  button.textContent = t("retrying");
  try {
    await api("POST", `/api/meetings/${encodeURIComponent(meetingId)}/skipped/${r.id}/retry`);
  } catch (e) {
    button.disabled = false;
    button.textContent = t("retry");
    showNotice(e.message, "error");
  }
}

// -- intents ---------------------------------------------------------------------------------------

const ORDER = { detected: 0, clarifying: 1, approved: 2, executing: 3, failed: 4, applied: 5, rejected: 6, superseded: 7 };

function renderIntents() {
  const box = $("intents");
  const all = [...state.intents.values()].sort(
    (a, b) => (ORDER[a.status] ?? 9) - (ORDER[b.status] ?? 9) || a.created_at - b.created_at);
  box.replaceChildren(...all.map(intentEl));
  if (!all.length) box.append(h("p", { class: "muted empty" }, t("noIntents")));
  renderIntentCount();
}

function renderIntentCount() {
  const open = [...state.intents.values()].filter((i) => ["detected", "clarifying"].includes(i.status)).length;
  $("intent-count").textContent = state.intents.size ? String(state.intents.size) : "";
  const badge = $("intent-open");
  badge.textContent = open ? t("openCount", { n: open }) : "";
  badge.hidden = !open;
}

function renderIntent(it) {
  const old = document.querySelector(`[data-intent-id="${CSS.escape(it.id)}"]`);
  if (!old) return renderIntents();
  if (state.editing.has(it.id) && Number(old.dataset.revision) !== it.revision) state.editing.delete(it.id);
  old.replaceWith(intentEl(it));
  renderIntentCount();
}

function headline(it) {
  const p = it.payload || {};
  return p.title || p.text || "";
}

function field(label, value) {
  const missing = value === null || value === undefined || value === "";
  return h("div", { class: "field" }, h("span", { class: "k" }, label),
    h("span", { class: missing ? "v missing" : "v" }, missing ? t("notProvided") : value));
}

function evidenceEl(it) {
  const seqs = it.evidence_seqs || [];
  return h("div", { class: "evidence" },
    h("span", { class: "k" }, t("evidence")),
    h("blockquote", {}, it.evidence || ""),
    h("span", { class: "seq-links" }, seqs.map((s) => h("a", {
      href: `#u-${s}`, class: "seq-link mono", dataset: { testid: "evidence-seq" },
      onclick: (e) => { e.preventDefault(); flash(s); },
    }, `#${s}`))));
}

function flash(seq) {
  const el = state.utterances.get(seq);
  if (!el) return;
  el.scrollIntoView({ block: "center", behavior: "smooth" });
  el.classList.remove("flash");
  void el.offsetWidth;
  el.classList.add("flash");
}

// The words said and the calendar date they mean: "下周三 (2026-03-18)".
function dueText(p) {
  if (p.due_date_raw && p.due_date) return `${p.due_date_raw} (${p.due_date})`;
  return p.due_date_raw || p.due_date || null;
}

function intentEl(it) {
  const p = it.payload || {};
  const body = [];
  if (it.kind === "task") {
    body.push(h("div", { class: "fields" }, field(t("owner"), p.owner), field(t("due"), dueText(p)),
      p.priority && p.priority !== "unspecified" ? field(t("priority"), p.priority) : null));
  } else if (it.kind === "note" && p.body) {
    body.push(h("p", { class: "note-body" }, p.body));
  } else if (it.kind === "question" && p.candidates && p.candidates.length) {
    body.push(h("p", { class: "candidates" }, p.candidates.join(" / ")));
  }
  if (it.question) body.push(h("p", { class: "clarify" }, `? ${it.question}`));
  if (it.kind === "question" && p.about_field && ["detected", "clarifying", "approved", "applied"].includes(it.status)) {
    body.push(answerEl(it));
  }
  const actionable = ["detected", "clarifying", "failed"].includes(it.status); // approving a failed one retries
  // A person may edit anything still revisable, applied work included (it is re-applied at once).
  const editable = actionable || ["approved", "applied", "failed"].includes(it.status);
  const rejectable = actionable || it.status === "approved";
  const note = state.cardNotes.get(it.id) || failedNote(it);
  return h("article", {
    class: `intent kind-${it.kind} st-${it.status}`,
    dataset: { testid: "intent", intentId: it.id, status: it.status, revision: it.revision, kind: it.kind },
  },
  h("header", {},
    h("span", { class: `kind kind-${it.kind}` }, t(`kind_${it.kind}`)),
    h("span", { class: `status st-${it.status}`, dataset: { testid: "intent-status" } }, t(`status_${it.status}`)),
    h("span", { class: "rev mono", title: "revision" }, `${t("revision")} ${it.revision}`)),
  h("h3", { class: "headline" }, headline(it)),
  ...body,
  it.evidence ? evidenceEl(it) : null,
  ...people.personBits(it, act),
  note ? h("p", { class: "card-note", role: "alert", dataset: { testid: "intent-conflict" } }, note) : null,
  state.editing.has(it.id) ? editForm(it) : null,
  editable || rejectable ? h("footer", {},
    actionable ? h("button", { class: "primary small", dataset: { testid: "approve" }, type: "button",
      onclick: (e) => act(e.currentTarget, it, "approve", { revision: it.revision }) }, t("approve")) : null,
    rejectable ? h("button", { class: "ghost small", dataset: { testid: "reject" }, type: "button",
      onclick: (e) => act(e.currentTarget, it, "reject", { revision: it.revision, reason: "rejected in the dock" }) },
    t("reject")) : null,
    editable ? h("button", { class: "ghost small", dataset: { testid: "edit" }, type: "button",
      onclick: () => { state.editing.add(it.id); renderIntent(it); } }, t("edit")) : null,
  ) : null);
}

// A completion question is answered in place: a candidate, or anything the person types (the
// answer is a person's edit of the task the question asks about; the question then closes).
function answerEl(it) {
  const answer = (button, value) => act(button, it, "answer", { revision: it.revision, answer: value });
  const input = h("input", { type: "text", maxlength: "100", placeholder: t("otherAnswer"),
    dataset: { testid: "answer-input" } });
  const own = h("button", { class: "ghost small", type: "submit", dataset: { testid: "answer-submit" } }, t("answer"));
  return h("form", { class: "answer", dataset: { testid: "answer" },
    onsubmit: (e) => { e.preventDefault(); if (input.value.trim()) answer(own, input.value.trim()); } },
  ...(it.payload.candidates || []).map((c) => h("button", { class: "ghost small", type: "button",
    dataset: { testid: "answer-candidate", value: c }, onclick: (e) => answer(e.currentTarget, c) }, c)),
  input, own);
}

function failedNote(it) {
  return it.status === "failed" && it.error ? `${t("status_failed")}: ${it.error}` : null;
}

const EDITABLE = { task: ["title", "owner", "due_date_raw"], decision: ["text"], note: ["title", "body"], question: ["text"] };
const LABEL = { title: "task", owner: "owner", due_date_raw: "due", text: "text", body: "body" };

function editForm(it) {
  const keys = EDITABLE[it.kind] || [];
  const inputs = Object.fromEntries(keys.map((k) => [k, h("input", { name: k, value: it.payload[k] ?? "" })]));
  const form = h("form", { class: "edit-form", dataset: { testid: "edit-form" } },
    keys.map((k) => h("label", {}, h("span", {}, t(LABEL[k])), inputs[k])),
    h("div", { class: "row" },
      h("button", { class: "primary small", type: "submit" }, t("save")),
      h("button", { class: "ghost small", type: "button",
        onclick: () => { state.editing.delete(it.id); renderIntent(state.intents.get(it.id)); } }, t("cancel"))));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const payload = {};
    for (const k of keys) {
      const v = inputs[k].value.trim();
      payload[k] = v === "" && ["owner", "due_date_raw"].includes(k) ? null : v;
    }
    act(form.querySelector("button"), it, "edit", { revision: it.revision, payload }).then((ok) => {
      if (ok) state.editing.delete(it.id);
    });
  });
  return form;
}

async function act(button, it, verb, body) {
  if (button) button.disabled = true;
  state.cardNotes.delete(it.id);
  try {
    await api("POST", `/api/meetings/${encodeURIComponent(meetingId)}/intents/${encodeURIComponent(it.id)}/${verb}`, body);
    return true;
  } catch (e) {
    if (e instanceof ApiError && e.status === 409 && e.body.current_revision !== undefined) {
      state.cardNotes.set(it.id, e.body.reason === "already_decided"
        ? t("alreadyDecided", { status: t(e.body.current_status) || e.body.current_status })
        : t("conflict", { rev: e.body.current_revision }));
      // Fetch the intent as it is now, so the card shows what the next click would act on.
      const snap = await api("GET", `/api/meetings/${encodeURIComponent(meetingId)}`).catch(() => null);
      const fresh = snap && snap.intents.find((x) => x.id === it.id);
      if (fresh) state.intents.set(fresh.id, fresh);
    } else {
      state.cardNotes.set(it.id, people.refusal(e));
    }
    renderIntent(state.intents.get(it.id));
    return false;
  } finally {
    if (button && button.isConnected) button.disabled = false;
  }
}

// -- microphone ------------------------------------------------------------------------------------

let recorder = null;
let smoothed = 0;

async function startMic() {
  const btn = $("mic");
  btn.disabled = true;
  try {
    recorder = new Recorder((frame) => { uplink.frame(frame); renderRecTime(); }, (rms) => {
      smoothed = Math.max(rms, smoothed * 0.85);
      const db = 20 * Math.log10(smoothed + 1e-6);
      $("level").style.width = `${Math.max(0, Math.min(100, ((db + 60) / 60) * 100))}%`;
    });
    await recorder.start();
    people.rememberMic(meetingId, true);
    $("resume-mic").hidden = true;
    uplink.begin((state.dock && state.dock.received_ms) || 0);
    btn.setAttribute("aria-pressed", "true");
    btn.classList.add("on");
    btn.querySelector(".mic-label").textContent = t("micOff");
  } catch (e) {
    recorder = null;
    showNotice(t("micDenied") + e.message, "error");
  } finally {
    btn.disabled = !(state.meeting && state.meeting.status === "live");
  }
}

async function stopMic(byPerson) {
  if (byPerson) people.rememberMic(meetingId, false);
  uplink.end();
  const r = recorder;
  recorder = null;
  if (r) await r.stop();
  const btn = $("mic");
  btn.setAttribute("aria-pressed", "false");
  btn.classList.remove("on");
  btn.querySelector(".mic-label").textContent = t("micOn");
  $("level").style.width = "0%";
}

function renderRecTime() {
  const pending = uplink.pendingMs();
  $("rec-time").textContent = recorder || pending > 1000
    ? `${fmtMs(uplink.next)}${pending > 1000 ? ` · ${t("unacked")} ${(pending / 1000).toFixed(1)}s` : ""}` : "";
}

// -- finalize and minutes --------------------------------------------------------------------------

async function finalize() {
  const btn = $("finalize");
  btn.disabled = true;
  hideBlockers();
  if (recorder) await stopMic();
  try {
    let r = await api("POST", `/api/meetings/${encodeURIComponent(meetingId)}/finalize`, { wait_s: 0 })
      .catch((e) => e);
    const waitable = (b) => b.every((x) => x.kind !== "open_intents");
    if (r instanceof ApiError && r.status === 409 && r.body.blockers && waitable(r.body.blockers)) {
      // Only machines are still working (transcription, the Supervisor): wait for them.
      showNotice(t("finalizeWait"), "info");
      r = await api("POST", `/api/meetings/${encodeURIComponent(meetingId)}/finalize`, { wait_s: 30 })
        .catch((e) => e);
    }
    hideNotice();
    if (r instanceof ApiError) {
      // Shown in the blockers box (not a fading notice): the reason finalize refused stays visible.
      showBlockers(r.status === 409 && r.body.blockers ? r.body.blockers : [{ kind: r.body.error || "error", message: r.message }]);
      return;
    }
    state.minutes = null;
    await loadMinutes(r);
  } finally {
    btn.disabled = state.meeting && state.meeting.status === "ended";
  }
}

function showBlockers(blockers) {
  const box = $("blockers");
  const goIntent = (id) => {
    const card = document.querySelector(`article[data-intent-id="${CSS.escape(id)}"]`);
    if (card) { card.scrollIntoView({ block: "center" }); card.classList.add("flash"); }
  };
  box.replaceChildren(h("strong", {}, t("blockers")), h("ul", {}, people.blockerItems(blockers, goIntent, flash)));
  box.hidden = false;
}

function hideBlockers() {
  $("blockers").hidden = true;
}

async function loadMinutes(result) {
  let json;
  let md;
  if (result && result.minutes) {
    json = result.minutes;
    md = result.markdown;
  } else {
    try {
      json = await api("GET", `/api/meetings/${encodeURIComponent(meetingId)}/minutes.json`);
      md = await api("GET", `/api/meetings/${encodeURIComponent(meetingId)}/minutes.md`);
    } catch {
      return;
    }
  }
  state.minutes = { json, md };
  hideBlockers();
  renderMinutes(json, md);
}

function download(name, text, type) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = h("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

// CSV (a spreadsheet of the items) and iCalendar (dated tasks), rendered by the server.
function exportButton(base, ext, type) {
  return h("button", { class: "ghost small", type: "button", dataset: { testid: `download-${ext}` },
    onclick: async () => {
      try {
        const text = await api("GET", `/api/meetings/${encodeURIComponent(meetingId)}/minutes.${ext}`);
        download(`${base}.minutes.${ext}`, text, type);
      } catch (err) {
        showNotice(err.message, "error");
      }
    } }, `${ext.toUpperCase()} ↓`);
}

function renderMinutes(m, md) {
  const box = $("minutes");
  const np = t("notProvided");
  const base = (m.meeting && m.meeting.title ? m.meeting.title : meetingId).replace(/[\\/:*?"<>|]+/g, "_");
  const seqs = (xs) => (xs || []).map((s) => h("a", { href: `#u-${s}`, class: "seq-link mono",
    onclick: (e) => { e.preventDefault(); flash(s); } }, `#${s}`));
  box.replaceChildren(
    h("div", { class: "panel-head" }, h("h2", {}, t("minutes")),
      h("span", { class: "spacer" }),
      h("button", { class: "ghost small", type: "button", dataset: { testid: "download-json" },
        onclick: () => download(`${base}.minutes.json`, JSON.stringify(m, null, 2), "application/json") }, "JSON ↓"),
      h("button", { class: "ghost small", type: "button", dataset: { testid: "download-md" },
        onclick: () => download(`${base}.minutes.md`, md, "text/markdown") }, "Markdown ↓"),
      exportButton(base, "csv", "text/csv"), exportButton(base, "ics", "text/calendar")),
    m.summary ? h("section", {}, h("h3", {}, t("summary")), h("p", { class: "summary" }, m.summary)) : null,
    h("div", { class: "minutes-grid" },
      h("section", {}, h("h3", {}, `${t("actionItems")} (${m.action_items.length})`),
        h("table", { class: "items" }, h("thead", {}, h("tr", {}, h("th", {}, t("task")), h("th", {}, t("owner")),
          h("th", {}, t("due")), h("th", {}, t("evidence")))),
        h("tbody", {}, m.action_items.map((a) => h("tr", {},
          h("td", {}, a.task), h("td", { class: a.owner ? "" : "missing", dataset: { k: t("owner") } }, a.owner || np),
          h("td", { class: a.due_date_raw || a.due_date ? "" : "missing", dataset: { k: t("due") } }, dueText(a) || np),
          h("td", { class: "ev" }, h("q", {}, a.evidence), " ", seqs(a.evidence_seqs))))))),
      h("section", {}, h("h3", {}, `${t("decisions")} (${m.decisions.length})`),
        h("ul", { class: "plain" }, m.decisions.map((d) => h("li", {}, d.text, " ", seqs(d.evidence_seqs))))),
      m.open_questions.length ? h("section", {}, h("h3", {}, t("openQuestions")),
        h("ul", { class: "plain" }, m.open_questions.map((q) => h("li", {}, q.text, " ", seqs(q.evidence_seqs)))))
        : null));
  box.hidden = false;
}

// -- misc ------------------------------------------------------------------------------------------

let noticeTimer = null;
function showNotice(text, kind) {
  const el = $("notice");
  el.textContent = text;
  el.className = `notice ${kind || "info"}`;
  el.hidden = false;
  clearTimeout(noticeTimer);
  if (kind !== "info") noticeTimer = setTimeout(hideNotice, 8000);
}

function hideNotice() {
  $("notice").hidden = true;
}

$("mic").addEventListener("click", () => (recorder ? stopMic(true) : startMic()));
$("resume-mic").addEventListener("click", startMic);
$("reopen").addEventListener("click", () => people.reopen(meetingId).catch((e) => showNotice(people.refusal(e), "error")));
$("add-intent-slot").replaceWith(people.addForm(meetingId, (m) => showNotice(m, "error")));
$("finalize").addEventListener("click", finalize);
$("say").addEventListener("submit", async (e) => {
  e.preventDefault();
  const input = $("say-text");
  const text = input.value.trim();
  if (!text) return;
  try {
    await api("POST", `/api/meetings/${encodeURIComponent(meetingId)}/utterances`, { text });
    input.value = "";
  } catch (err) {
    showNotice(err.message, "error");
  }
});
$("token-form").addEventListener("submit", (e) => {
  e.preventDefault();
  setToken($("token-input").value.trim());
  $("token-panel").hidden = true;
  if (ws) ws.close();
  connect();
});
window.addEventListener("beforeunload", () => { if (ws) ws.onclose = null; });

function rerender() {
  applyI18n();
  renderMeeting();
  renderIntents();
  renderDock(state.dock);
  renderTranscriptMeta(false);
  $("mic").querySelector(".mic-label").textContent = t(recorder ? "micOff" : "micOn");
  if (state.minutes) renderMinutes(state.minutes.json, state.minutes.md);
  setConn(ws && ws.readyState === 1 ? "connected" : "connecting");
}

langToggle($("lang-toggle"), rerender);
applyI18n();
window.meetingdDock = { state, uplink }; // for debugging and the end-to-end test
connect();
