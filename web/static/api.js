// Shared by the pages: the token, the JSON API, i18n and small DOM helpers.
// The token arrives once in the URL fragment (#token=T: never sent to the server in a path),
// is kept in localStorage, and the fragment is cleared so it does not linger in the address bar.

const TOKEN_KEY = "meetingd.token";
const LANG_KEY = "meetingd.lang";

export function token() {
  const m = /(?:^#|&)token=([^&]+)/.exec(location.hash);
  if (m) {
    const t = decodeURIComponent(m[1]);
    localStorage.setItem(TOKEN_KEY, t);
    sessionStorage.setItem(TOKEN_KEY, t);
    history.replaceState(null, "", location.pathname + location.search);
    return t;
  }
  return sessionStorage.getItem(TOKEN_KEY) || localStorage.getItem(TOKEN_KEY) || "";
}

export function setToken(t) {
  localStorage.setItem(TOKEN_KEY, t);
  sessionStorage.setItem(TOKEN_KEY, t);
}

export class ApiError extends Error {
  constructor(status, body) {
    super((body && (body.message || body.reason || body.error)) || `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

export async function api(method, path, body) {
  const init = { method, headers: { Authorization: `Bearer ${token()}` } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const r = await fetch(path, init);
  const type = r.headers.get("content-type") || "";
  const data = type.includes("json") ? await r.json() : await r.text();
  if (!r.ok) throw new ApiError(r.status, typeof data === "object" ? data : { message: data });
  return data;
}

// -- i18n -------------------------------------------------------------------------------------------

const STRINGS = {
  zh: {
    meetings: "会议", newMeeting: "新建会议", title: "标题", language: "语言", mode: "模式",
    participants: "参会人", glossary: "术语", agenda: "议程", heardAs: "听成了「{heard}」", start: "开始会议", noMeetings: "还没有会议。",
    modeRecord: "仅记录", modeSuggest: "建议（人工批准）", modeExecute: "执行（低风险自动）",
    commaHint: "用逗号分隔", open: "打开", live: "进行中", finalizing: "收尾中", ended: "已结束",
    transcript: "实时转写", intents: "待办与决定", micOn: "开始录音", micOff: "停止录音",
    recording: "录音", transcribing: "转写中", pendingSeq: "待分析", supervisor: "Supervisor",
    agents: "后台任务", idle: "空闲", running: "运行中", none: "无", on: "开", off: "关",
    finalize: "结束会议", approve: "批准", reject: "拒绝", edit: "编辑", save: "保存", cancel: "取消",
    evidence: "依据", owner: "负责人", due: "截止", priority: "优先级", notProvided: "未提供",
    revision: "版本", minutes: "会议纪要", summary: "摘要", decisions: "决定", actionItems: "行动项",
    openQuestions: "待解决问题", download: "下载", blockers: "暂时不能结束：",
    conflict: "这条已被更新（当前版本 {rev}），已刷新，请确认后再操作。",
    alreadyDecided: "这一版已经有人处理过了（当前状态：{status}）。",
    skippedRange: "未分析：#{from}–#{to}", retry: "重试", retrying: "重试中…",
    noIntents: "Supervisor 还没有提出任何事项。", emptyTranscript: "打开麦克风或输入一句话，转写会出现在这里。",
    typeUtterance: "输入一句话加入记录…", send: "发送", connecting: "连接中…", connected: "已连接",
    reconnecting: "重连中…", tokenNeeded: "需要访问令牌：请使用 meetingd serve 打印的链接打开，或在此粘贴令牌。",
    useToken: "使用令牌", finalizeWait: "正在等待转写和 Supervisor 完成…", step: "步骤", brain: "模型",
    kind_task: "任务", kind_decision: "决定", kind_note: "笔记", kind_question: "问题",
    status_detected: "待批准", status_clarifying: "待澄清", status_approved: "已批准", status_executing: "执行中",
    status_applied: "已生效", status_rejected: "已拒绝", status_superseded: "已取代", status_failed: "失败",
    micDenied: "无法使用麦克风：", meetingEnded: "会议已结束", back: "全部会议", reason: "原因（可选）",
    unacked: "未确认", notFound: "找不到这个会议。", openCount: "{n} 项待处理", task: "任务", text: "内容", body: "正文", question: "问题", home: "会议列表",
    langAuto: "自动识别", langZh: "中文", langEn: "English", langOther: "这句听起来是{lang}，与会议语言不同；请核对",
    answer: "回答", otherAnswer: "其他…",
  },
  en: {
    meetings: "Meetings", newMeeting: "New meeting", title: "Title", language: "Language", mode: "Mode",
    participants: "Participants", glossary: "Glossary", agenda: "Agenda", heardAs: "heard as “{heard}”", start: "Start meeting", noMeetings: "No meetings yet.",
    modeRecord: "Record only", modeSuggest: "Suggest (people approve)", modeExecute: "Execute (low risk auto)",
    commaHint: "comma separated", open: "Open", live: "Live", finalizing: "Finalizing", ended: "Ended",
    transcript: "Live transcript", intents: "Tasks & decisions", micOn: "Start mic", micOff: "Stop mic",
    recording: "Recording", transcribing: "Transcribing", pendingSeq: "Unanalyzed", supervisor: "Supervisor",
    agents: "Agents", idle: "idle", running: "running", none: "none", on: "on", off: "off",
    finalize: "Finalize", approve: "Approve", reject: "Reject", edit: "Edit", save: "Save", cancel: "Cancel",
    evidence: "Evidence", owner: "Owner", due: "Due", priority: "Priority", notProvided: "not provided",
    revision: "rev", minutes: "Minutes", summary: "Summary", decisions: "Decisions", actionItems: "Action items",
    openQuestions: "Open questions", download: "Download", blockers: "Cannot finalize yet:",
    conflict: "This item changed (now revision {rev}). The card is refreshed; review it and try again.",
    alreadyDecided: "Someone already decided this revision (now {status}).",
    skippedRange: "not analysed: #{from}–#{to}", retry: "retry", retrying: "retrying…",
    noIntents: "The Supervisor has not proposed anything yet.",
    emptyTranscript: "Turn on the mic or type a sentence; the transcript appears here.",
    typeUtterance: "Type a sentence into the record…", send: "Send", connecting: "Connecting…",
    connected: "Connected", reconnecting: "Reconnecting…",
    tokenNeeded: "An access token is needed: open the link printed by meetingd serve, or paste the token here.",
    useToken: "Use token", finalizeWait: "Waiting for transcription and the Supervisor to finish…",
    step: "step", brain: "brain",
    kind_task: "Task", kind_decision: "Decision", kind_note: "Note", kind_question: "Question",
    status_detected: "needs approval", status_clarifying: "clarifying", status_approved: "approved",
    status_executing: "executing", status_applied: "applied", status_rejected: "rejected",
    status_superseded: "superseded", status_failed: "failed",
    micDenied: "Microphone unavailable: ", meetingEnded: "Meeting ended", back: "All meetings",
    reason: "Reason (optional)", unacked: "unacked", notFound: "No such meeting.", openCount: "{n} to review", task: "Task", text: "Text", body: "Body",
    question: "Question", home: "Meetings",
    langAuto: "Detect", langZh: "中文", langEn: "English", langOther: "This sounded like {lang}, not the meeting's language; please check",
    answer: "Answer", otherAnswer: "Other…",
  },
};

// Strings added by a feature module (people.js …), so features do not all edit one table.
export function addStrings(l, more) {
  Object.assign(STRINGS[l], more);
}

export function lang() {
  const saved = localStorage.getItem(LANG_KEY);
  if (saved === "zh" || saved === "en") return saved;
  return (navigator.language || "en").toLowerCase().startsWith("zh") ? "zh" : "en";
}

export function setLang(l) {
  localStorage.setItem(LANG_KEY, l);
}

export function t(key, vars) {
  let s = STRINGS[lang()][key] ?? STRINGS.en[key] ?? key;
  if (vars) for (const [k, v] of Object.entries(vars)) s = s.replace(`{${k}}`, v);
  return s;
}

export function applyI18n(root = document) {
  document.documentElement.lang = lang() === "zh" ? "zh-CN" : "en";
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) el.placeholder = t(el.dataset.i18nPlaceholder);
}

// -- DOM ----------------------------------------------------------------------------------------------

export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "dataset") Object.assign(el.dataset, v);
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function fmtTime(ts) {
  return new Date(ts * 1000).toLocaleString(lang() === "zh" ? "zh-CN" : "en-GB", {
    month: "short", day: "numeric", hour: "2-digit", minute: "2-digit",
  });
}

export function fmtMs(ms) {
  if (ms === null || ms === undefined) return "";
  const s = Math.floor(ms / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

export function langToggle(el, onChange) {
  el.textContent = lang() === "zh" ? "EN" : "中文";
  el.addEventListener("click", () => {
    setLang(lang() === "zh" ? "en" : "zh");
    el.textContent = lang() === "zh" ? "EN" : "中文";
    onChange();
  });
}
