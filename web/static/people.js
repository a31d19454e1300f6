// People first in the dock: what a person sets wins, the model's proposals wait for them, items and
// transcript lines can be added / fixed by hand, finalize blockers are listed live with a way to
// each, a closed meeting can be reopened, and a refreshed recording tab offers to resume the mic.
// Each export is a small block the dock calls; nothing here owns the dock's state.
import { addStrings, api, ApiError, h, t } from "./api.js";

addStrings("zh", {
  setByPerson: "人工设定", aiSuggests: "AI 建议修改：", accept: "采纳", dismiss: "保留原样",
  addByHand: "手动添加", add: "添加", fixText: "修改", reopen: "重新打开会议", buffered: "语音缓冲中",
  resumeMic: "录音在刷新前是开着的，点此继续录音", firstHeard: "原始识别：",
  blocker_asr_jobs: "还有 {n} 段音频在转写", blocker_unanalyzed: "Supervisor 还有 {n} 句未分析",
  blocker_open_intents: "{n} 个事项待处理：", blocker_subagents: "{n} 个后台任务仍在运行",
  blocker_changing: "会议仍在变化，请再试一次",
  err_needs_person: "这一项需要人来决定。", err_revision_mismatch: "这条已被更新（当前版本 {rev}），请确认后再操作。",
  err_invalid_input: "输入无效：{msg}", err_meeting_closed: "会议已结束，请先重新打开。",
  err_illegal_transition: "当前状态下不能这样操作。", err_not_found: "找不到这一项。",
});
addStrings("en", {
  setByPerson: "set by a person", aiSuggests: "AI suggests: ", accept: "Accept", dismiss: "Keep mine",
  addByHand: "Add by hand", add: "Add", fixText: "Fix", reopen: "Reopen meeting", buffered: "speech buffered",
  resumeMic: "The mic was on before the refresh: click to resume recording", firstHeard: "first heard as: ",
  blocker_asr_jobs: "{n} audio segment(s) still being transcribed",
  blocker_unanalyzed: "the Supervisor has {n} utterance(s) still to read",
  blocker_open_intents: "{n} item(s) not settled:", blocker_subagents: "{n} agent(s) still running",
  blocker_changing: "the meeting kept changing; finalize again",
  err_needs_person: "A person has to decide this.", err_revision_mismatch: "This item changed (now revision {rev}); review it and try again.",
  err_invalid_input: "Invalid input: {msg}", err_meeting_closed: "The meeting has ended; reopen it first.",
  err_illegal_transition: "That is not possible in the current state.", err_not_found: "Not found.",
});

const base = (meetingId) => `/api/meetings/${encodeURIComponent(meetingId)}`;

/** A refusal in the page's language (never the server's English or a stack). */
export function refusal(e) {
  if (!(e instanceof ApiError)) return String(e && e.message ? e.message : e);
  const code = e.body.reason || e.body.error;
  const key = `err_${code}`;
  const msg = t(key, { rev: e.body.current_revision ?? "", msg: e.body.message || "" });
  return msg === key ? (e.body.message || e.message) : msg;
}

/** The "set by a person" marker and the model's pending revision with accept / keep-mine. */
export function personBits(it, act) {
  const out = [];
  if ((it.set_by_person || []).length) {
    out.push(h("span", { class: "by-person", dataset: { testid: "set-by-person" },
      title: it.set_by_person.join(", ") }, `✎ ${t("setByPerson")}`));
  }
  const pend = it.pending_revision;
  if (pend) {
    const p = pend.payload || {};
    const what = Object.keys(p).filter((k) => JSON.stringify(p[k]) !== JSON.stringify((it.payload || {})[k]))
      .map((k) => `${t(k === "due_date_raw" ? "due" : k === "title" ? "task" : k)}: ${p[k] ?? t("notProvided")}`);
    out.push(h("div", { class: "pending-revision", dataset: { testid: "pending-revision" } },
      h("span", {}, t("aiSuggests") + what.join("; ")),
      h("button", { class: "primary small", type: "button", dataset: { testid: "accept-pending" },
        onclick: (e) => act(e.currentTarget, it, "accept", { revision: it.revision }) }, t("accept")),
      h("button", { class: "ghost small", type: "button", dataset: { testid: "dismiss-pending" },
        onclick: (e) => act(e.currentTarget, it, "edit", { revision: it.revision, payload: {} }) }, t("dismiss"))));
  }
  return out;
}

/** The add-by-hand form (task, decision, open question): applied at once, marked as a person's. */
export function addForm(meetingId, notify) {
  const kind = h("select", { name: "kind", dataset: { testid: "add-kind" } },
    ["task", "decision", "question"].map((k) => h("option", { value: k }, t(`kind_${k}`))));
  const text = h("input", { name: "text", dataset: { testid: "add-text" }, placeholder: t("addByHand") });
  const form = h("form", { class: "add-form row", dataset: { testid: "add-intent" } }, kind, text,
    h("button", { class: "ghost small", type: "submit" }, t("add")));
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const v = text.value.trim();
    if (!v) return;
    const payload = kind.value === "task" ? { title: v } : { text: v };
    try {
      await api("POST", `${base(meetingId)}/intents`, { kind: kind.value, payload });
      text.value = "";
    } catch (err) {
      notify(refusal(err));
    }
  });
  return form;
}

/** A ✎ on a transcript line: fix what was heard; the original stays as "heard as". */
export function utteranceTools(meetingId, u, notify) {
  const btn = h("button", { class: "ghost tiny fix", type: "button", dataset: { testid: "utterance-edit" },
    title: t("fixText") }, "✎");
  btn.addEventListener("click", () => {
    const li = btn.closest("li");
    const span = li.querySelector(".text");
    const input = h("input", { class: "fix-input", value: span.textContent, dataset: { testid: "utterance-edit-input" } });
    const form = h("form", { class: "fix-form" }, input, h("button", { class: "primary small", type: "submit" }, t("save")));
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      try {
        await api("POST", `${base(meetingId)}/utterances/${u.seq}/edit`, { text: input.value });
        form.remove();
        span.hidden = false;
      } catch (err) {
        notify(refusal(err));
      }
    });
    span.hidden = true;
    span.after(form);
    input.focus();
  });
  // ASR rewrites are shown word by word (dock.js); the whole first text only after a person corrected it.
  const corrected = u.text_raw && !(u.rewrites && u.rewrites.length);
  return [corrected ? h("span", { class: "heard-as", dataset: { testid: "heard-as" } }, t("firstHeard") + u.text_raw) : null, btn];
}

/** Finalize blockers, localized, each with a way to what blocks (a card or a transcript line). */
export function blockerItems(blockers, goIntent, goSeq) {
  return blockers.map((b) => {
    const n = b.kind === "asr_jobs" ? (b.pending || 0) + (b.processing || 0)
      : b.kind === "unanalyzed" ? b.latest_seq - b.analyzed_seq
        : b.kind === "open_intents" ? (b.intents || []).length
          : b.kind === "subagents" ? (b.agents || []).length : 0;
    const key = `blocker_${b.kind}`;
    const label = t(key, { n });
    const links = b.kind === "open_intents" ? (b.intents || []).map((i) => h("a", {
      href: "#", class: "blocker-link", dataset: { testid: "blocker-link", target: i.intent_id },
      onclick: (e) => { e.preventDefault(); goIntent(i.intent_id); } }, i.headline || i.intent_id))
      : b.kind === "unanalyzed" ? [h("a", { href: "#", class: "blocker-link", dataset: { testid: "blocker-link" },
        onclick: (e) => { e.preventDefault(); goSeq(b.analyzed_seq + 1); } }, `#${b.analyzed_seq + 1}`)] : [];
    return h("li", { dataset: { testid: "blocker", kind: b.kind } }, label === key ? (b.message || b.kind) : label,
      " ", ...links.flatMap((a, i) => (i ? [" · ", a] : [a])));
  });
}

/** Reopen an ended meeting. */
export async function reopen(meetingId) {
  return api("POST", `${base(meetingId)}/reopen`);
}

// The mic survives a refresh only as an offer: browsers need a click to open it again.
const micKey = (meetingId) => `meetingd.mic.${meetingId}`;
export function rememberMic(meetingId, on) {
  if (on) sessionStorage.setItem(micKey(meetingId), "1");
  else sessionStorage.removeItem(micKey(meetingId));
}
export function micWasOn(meetingId) {
  return sessionStorage.getItem(micKey(meetingId)) === "1";
}
