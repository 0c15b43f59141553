const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The sandbox provider's consent page, in both languages (it stands in for a real provider's own page). */
export function approvePage(ticket: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox login · 沙盒登录</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #1a1a1a; }
  label { display: block; margin: 1rem 0 .25rem; }
  input { width: 100%; padding: .5rem; font-size: 1rem; box-sizing: border-box; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
  button { padding: .6rem 1.2rem; font-size: 1rem; cursor: pointer; }
  button[value=approve] { background: #1565c0; color: #fff; border: 0; border-radius: 4px; }
</style>
</head>
<body>
<h1>Sandbox login · 沙盒登录</h1>
<p>A local test provider: choose who you are there and approve. · 本地测试登录：填写身份后点击同意。</p>
<form method="post" action="/api/identity/oauth-sandbox/authorize">
  <input type="hidden" name="ticket" value="${escape(ticket)}">
  <label for="subject">Account at the provider · 账号</label>
  <input id="subject" name="subject" value="sandbox-user" maxlength="40" required>
  <label for="nickname">Display name · 昵称</label>
  <input id="nickname" name="nickname" value="Sandbox user" maxlength="30" required>
  <div class="actions">
    <button type="submit" name="decision" value="approve">Approve · 同意</button>
    <button type="submit" name="decision" value="deny">Deny · 拒绝</button>
  </div>
</form>
</body>
</html>`;
}
