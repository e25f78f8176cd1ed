// Development aid: one throttled cold load, with the network timeline and the LCP element.
// DATA_DIR=<seeded data folder> serves that database (else an empty one); STACKS=1 prints what
// started each script-initiated request.
import { startServer as startE2eServer } from '../../../e2e/support/server';
import { startBenchServer } from '../api/processes';
import { adminLogin } from '../api/requests';
import { launchChromium, slow4g, cpuSlowdown } from '../web/browser';
import { startStaticSite } from '../web/static-server';
import { join } from 'node:path';
import { benchRoot } from '../paths';

const dataDir = process.env.DATA_DIR;
const startServer = () =>
  dataDir ? startBenchServer({ DATA_DIR: dataDir, DATABASE_URL: '' }, dataDir) : startE2eServer();

(async () => {
  const browser = await launchChromium();
  const server = await startServer();
  const plain = await startStaticSite(join(benchRoot, 'baseline', 'dist', 'details'));
  try {
    const accessToken = await adminLogin(server.url);
    for (const url of [`${server.url}${process.env.PATHNAME ?? '/'}`, `${plain.url}/`]) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.addInitScript(`localStorage.setItem('token', ${JSON.stringify(accessToken)})`);
      await page.addInitScript(
        `window.__lcp = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp.push({ t: Math.round(e.startTime), size: e.size, el: e.element ? e.element.tagName + ' ' + (e.element.textContent || '').slice(0, 40) : '' }); }).observe({ type: 'largest-contentful-paint', buffered: true });`,
      );
      const cdp = await context.newCDPSession(page);
      const events: string[] = [];
      let t0 = 0;
      const sent = new Map<string, { url: string; t: number }>();
      const frames = (stack: { callFrames: Array<{ functionName: string; url: string; lineNumber: number }> }) =>
        stack.callFrames
          .slice(0, 6)
          .map((f) => `${f.functionName}@${f.url.split('/').pop()}:${f.lineNumber}`)
          .join(' < ');
      cdp.on('Network.requestWillBeSent', (e) => {
        t0 ||= e.timestamp;
        sent.set(e.requestId, { url: e.request.url, t: e.timestamp });
        events.push(
          `${Math.round((e.timestamp - t0) * 1000)} send ${e.initiator.type} ${e.request.url.replace(/^http:\/\/[^/]+/, '')}`,
        );
        const stack = e.initiator.stack;
        if (process.env.STACKS && stack)
          events.push(
            `      ${frames(stack)}${stack.parent ? ` <= ${stack.parent.description ?? ''} ${frames(stack.parent)}` : ''}`,
          );
      });
      cdp.on('Network.responseReceived', (e) => {
        const s = sent.get(e.requestId);
        if (s)
          events.push(
            `${Math.round((s.t - t0) * 1000)}..${Math.round((e.timestamp - t0) * 1000)} hdr ${e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? ''} ${s.url.replace(/^http:\/\/[^/]+/, '')}`,
          );
      });
      cdp.on('Network.loadingFinished', (e) => {
        const s = sent.get(e.requestId);
        if (s)
          events.push(
            `   done ${Math.round((e.timestamp - t0) * 1000)} ${e.encodedDataLength} B ${s.url.replace(/^http:\/\/[^/]+/, '')}`,
          );
      });
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      await cdp.send('Network.emulateNetworkConditions', slow4g);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
      await page.goto(url);
      await page.waitForTimeout(6000);
      const lcp = await page.evaluate(() => (window as unknown as { __lcp: unknown }).__lcp);
      const timing = await page.evaluate(() =>
        JSON.stringify(performance.getEntriesByType('paint').map((p) => [p.name, Math.round(p.startTime)])),
      );
      console.log('====', url, JSON.stringify(lcp), timing);
      console.log(events.join('\n'));
      await context.close();
    }
  } finally {
    await plain.close();
    await server.stop();
    await browser.close();
  }
})();
