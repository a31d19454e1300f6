// The meeting list and the "new meeting" form.
import { addStrings, api, ApiError, applyI18n, fmtTime, h, langToggle, setToken, t, token } from "./api.js";

addStrings("zh", {
  rename: "改名", del: "删除", renamePrompt: "新的会议标题：", deleteConfirm: "删除会议「{title}」？转写、待办和录音都会删除，无法恢复。",
  search: "搜索转写和待办", searchBtn: "搜索", noHits: "没有找到。", upload: "上传录音", uploading: "上传中…",
  uploaded: "已上传 {s} 秒录音，正在转写。", hitItem: "条目", hitUtterance: "转写",
});
addStrings("en", {
  rename: "Rename", del: "Delete", renamePrompt: "New meeting title:", deleteConfirm: "Delete the meeting “{title}”? Its transcript, items and audio are removed for good.",
  search: "Search transcripts and items", searchBtn: "Search", noHits: "Nothing found.", upload: "Upload recording", uploading: "Uploading…",
  uploaded: "Uploaded {s} s of audio; transcribing.", hitItem: "item", hitUtterance: "transcript",
});

const list = document.getElementById("meeting-list");
const form = document.getElementById("new-meeting");
const formError = document.getElementById("form-error");

function split(s) {
  return s.split(/[,，、]/).map((x) => x.trim()).filter(Boolean);
}

async function load() {
  if (!token()) {
    document.getElementById("token-panel").hidden = false;
    return;
  }
  let meetings;
  try {
    ({ meetings } = await api("GET", "/api/meetings"));
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) document.getElementById("token-panel").hidden = false;
    list.replaceChildren(h("li", { class: "muted" }, e.message));
    return;
  }
  document.getElementById("token-panel").hidden = true;
  if (!meetings.length) {
    list.replaceChildren(h("li", { class: "muted empty" }, t("noMeetings")));
    return;
  }
  list.replaceChildren(...meetings.map(meetingItem));
}

function meetingItem(m) {
  const note = h("span", { class: "item-note", role: "status" });
  const fail = (e) => { note.textContent = e.message; };
  const rename = h("button", { class: "ghost small", type: "button", dataset: { testid: "rename-meeting" } }, t("rename"));
  rename.addEventListener("click", async () => {
    const title = (prompt(t("renamePrompt"), m.title) || "").trim();
    if (!title || title === m.title) return;
    try { await api("PATCH", `/api/meetings/${encodeURIComponent(m.id)}`, { title }); load(); } catch (e) { fail(e); }
  });
  const del = h("button", { class: "ghost small danger", type: "button", dataset: { testid: "delete-meeting" } }, t("del"));
  del.addEventListener("click", async () => {
    if (!confirm(t("deleteConfirm", { title: m.title }))) return;
    try { await api("DELETE", `/api/meetings/${encodeURIComponent(m.id)}`); load(); } catch (e) { fail(e); }
  });
  const actions = [rename, del];
  if (m.status === "live") {
    const file = h("input", { type: "file", accept: "audio/*,.wav,.flac,.mp3,.m4a", dataset: { testid: "upload-recording" } });
    file.addEventListener("change", () => file.files[0] && uploadRecording(m, file.files[0], note));
    actions.unshift(h("label", { class: "ghost small file-button" }, t("upload"), file));
  }
  return h("li", { class: "meeting-item", dataset: { testid: "meeting-item", meetingId: m.id } },
    h("a", { href: `/meetings/${encodeURIComponent(m.id)}` },
      h("span", { class: "meeting-title", dataset: { testid: "meeting-item-title" } }, m.title),
      h("span", { class: "meta" }, `${fmtTime(m.created_at)} · ${m.language} · ${m.mode} · ${m.latest_seq} ¶`),
      h("span", { class: `pill status-${m.status}` }, t(m.status))),
    h("div", { class: "item-actions" }, ...actions, note));
}

// A whole recording goes up as the body; the daemon decodes it and its VAD cuts it.
async function uploadRecording(m, blob, note) {
  note.textContent = t("uploading");
  try {
    const r = await fetch(`/api/meetings/${encodeURIComponent(m.id)}/recording`, {
      method: "POST", body: blob,
      headers: { Authorization: `Bearer ${token()}`, "Content-Type": "application/octet-stream" },
    });
    const data = await r.json();
    if (!r.ok) throw new ApiError(r.status, data);
    note.textContent = t("uploaded", { s: Math.round(data.duration_ms / 1000) });
  } catch (e) {
    note.textContent = e.message;
  }
}

const searchForm = document.getElementById("search-form");
const hits = document.getElementById("search-results");
searchForm.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const q = document.getElementById("search-input").value.trim();
  if (!q) { hits.replaceChildren(); return; }
  try {
    const { results } = await api("GET", `/api/search?q=${encodeURIComponent(q)}`);
    hits.replaceChildren(...(results.length ? results.map((r) => h("li", { class: "search-hit", dataset: { testid: "search-hit" } },
      h("a", { href: `/meetings/${encodeURIComponent(r.meeting_id)}` + (r.kind === "utterance" ? `#u-${r.seq}` : "") },
        h("span", { class: "meeting-title" }, r.title),
        h("span", { class: "pill subtle" }, r.kind === "intent" ? t("hitItem") : t("hitUtterance")),
        h("span", { class: "hit-text" }, r.text))))
      : [h("li", { class: "muted empty" }, t("noHits"))]));
  } catch (e) {
    hits.replaceChildren(h("li", { class: "muted" }, e.message));
  }
});

form.addEventListener("submit", async (ev) => {
  ev.preventDefault();
  formError.textContent = "";
  const f = new FormData(form);
  try {
    const m = await api("POST", "/api/meetings", {
      title: f.get("title"), language: f.get("language"), mode: f.get("mode"),
      participants: split(f.get("participants") || ""), glossary: split(f.get("glossary") || ""),
      agenda: (f.get("agenda") || "").trim(),
    });
    location.href = `/meetings/${encodeURIComponent(m.id)}`;
  } catch (e) {
    formError.textContent = e.message;
  }
});

document.getElementById("token-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  setToken(document.getElementById("token-input").value.trim());
  load();
});

langToggle(document.getElementById("lang-toggle"), () => { applyI18n(); load(); });
applyI18n();
load();
