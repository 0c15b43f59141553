import { fenToYuan } from '@forum/contracts';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The sandbox gateway's hosted checkout, in both languages (it stands in for a real gateway's own page). */
export function checkoutPage(trade: { intentId: string; amount: number; status: string }): string {
  const open = trade.status === 'waiting';
  const action = `/api/wallet/payments/sandbox/checkout/${encodeURIComponent(trade.intentId)}`;
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox payment · 沙盒支付</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #1a1a1a; }
  .amount { font-size: 2rem; margin: 1rem 0; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
  button { padding: .6rem 1.2rem; font-size: 1rem; cursor: pointer; }
  button[value=pay] { background: #1565c0; color: #fff; border: 0; border-radius: 4px; }
</style>
</head>
<body>
<h1>沙盒支付 · Sandbox payment</h1>
<p>这是开发用的模拟支付网关，不会产生真实扣款。 This is a simulated gateway for development: no real money moves.</p>
<p class="amount">¥ ${escape(fenToYuan(trade.amount))}</p>
<p>订单 · Order <code>${escape(trade.intentId)}</code></p>
${
  open
    ? `<form method="post" action="${escape(action)}">
  <div class="actions">
    <button type="submit" name="decision" value="pay">支付 · Pay</button>
    <button type="submit" name="decision" value="fail">支付失败 · Fail</button>
  </div>
</form>`
    : `<p>该订单已结束 · This order is finished (${escape(trade.status)}).</p>`
}
</body>
</html>`;
}
