// The meeting list and the "new meeting" form.
import { api, ApiError, applyI18n, fmtTime, h, langToggle, setToken, t, token } from "./api.js";

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
  list.replaceChildren(...meetings.map((m) => h("li", { class: "meeting-item", dataset: { testid: "meeting-item" } },
    h("a", { href: `/meetings/${encodeURIComponent(m.id)}` },
      h("span", { class: "meeting-title" }, m.title),
      h("span", { class: "meta" }, `${fmtTime(m.created_at)} · ${m.language} · ${m.mode} · ${m.latest_seq} ¶`),
      h("span", { class: `pill status-${m.status}` }, t(m.status))))));
}

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
