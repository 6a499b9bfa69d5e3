/**
 * The phone engines other than Chromium (issue 29): WebKit — the engine of every iPhone browser —
 * through Debian's WebKitWebDriver (webkit2gtk-driver, MiniBrowser under Xvfb, driven with
 * selenium-webdriver), and Firefox ESR through WebDriver BiDi (puppeteer-core). Both open the built
 * app over HTTPS on a non-localhost name, forja.test:
 * - WebKit: WebKitWebDriver runs in a mount namespace whose /etc/hosts maps forja.test to
 *   127.0.0.1 (`unshare -m`, root as in CI — WebKitGTK has no resolver switch, and its WebDriver
 *   turns an sslProxy into an https:// proxy an ordinary proxy cannot answer). The server's
 *   certificate is trusted for that host through `webkitgtk:browserOptions.certificates`, as a
 *   phone trusts it after installing the LAN CA.
 * - Firefox: a fresh profile with the LAN CA installed in its NSS store (certutil: what a phone's
 *   'install certificate' does), and `network.dns.localDomains` for the name.
 *
 * Both drivers offer the same small page API, in the terms a person uses: open a path, press a
 * button by its text, click into a field by its label and type keys into it (never a programmatic
 * fill), read the page's text. Keys are WebDriver / BiDi input actions: real key events sent to
 * the focused field, where the click left the caret.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Builder, type WebDriver, type WebElement } from 'selenium-webdriver';
import puppeteer, { type Browser as PuppeteerBrowser, type ElementHandle, type Page as PuppeteerPage } from 'puppeteer-core';
import { freePort, sleep } from './e2e';

export const ENGINE_HOST = 'forja.test';
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const FIREFOX = '/usr/bin/firefox-esr';

export type EngineName = 'webkit' | 'firefox';

/** What a test does with a page, the same on both engines. */
export interface EnginePage {
  engine: EngineName;
  /** Where `goto` opens paths from now on (another server: the same device opening another address). */
  setOrigin(origin: string): void;
  /** Opens `origin + path` (a full navigation, as typing the address or opening the installed app). */
  goto(pathname: string): Promise<void>;
  reload(): Promise<void>;
  url(): Promise<string>;
  /** The page's visible text (document.body.innerText). */
  text(): Promise<string>;
  /** Waits until the page's text contains `what`. */
  waitForText(what: string | RegExp, timeoutMs?: number): Promise<void>;
  /** Clicks the visible button (or link, or tab) whose text is `name`, inside `within` (a CSS selector) when given. */
  press(name: string | RegExp, within?: string): Promise<void>;
  /** Clicks into the field labelled `label` (its <label> or aria-label) and types `keys`, key by key. */
  typeInto(label: string | RegExp, keys: string, within?: string): Promise<void>;
  /** Clicks the first visible element matching `selector` (whose text matches `text` when given). */
  clickCss(selector: string, text?: string | RegExp): Promise<void>;
  /** Runs a function body in the page (`return …`), with `args` as `arguments`. */
  run<T>(body: string, ...args: unknown[]): Promise<T>;
  /** Sets the window/viewport width; answers the width the engine actually gives the page. */
  setWidth(width: number, height?: number): Promise<number>;
  screenshot(file: string): Promise<void>;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// In-page finders (the same code runs in both engines)
// ---------------------------------------------------------------------------------------------

/** Serialised matcher: a string matches exactly (trimmed); a RegExp by test(). */
type Matcher = { s: string } | { re: string; flags: string };
const matcher = (m: string | RegExp): Matcher => (typeof m === 'string' ? { s: m } : { re: m.source, flags: m.flags });

const FINDERS = `
  const visible = (el) => !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length) && getComputedStyle(el).visibility !== 'hidden';
  const matches = (m, text) => { const t = (text || '').replace(/\\s+/g, ' ').trim(); return 's' in m ? t === m.s : new RegExp(m.re, m.flags).test(t); };
  const scope = (within) => { if (!within) return [document]; return [...document.querySelectorAll(within)].filter(visible); };
`;

const FIND_BUTTON = `${FINDERS}
  const [m, within] = arguments;
  for (const root of scope(within)) {
    const els = [...root.querySelectorAll('button, a, [role=button], [role=tab], [role=menuitem], [role=option]')].filter(visible);
    const el = els.find((e) => matches(m, e.getAttribute('aria-label') || '') || matches(m, e.innerText));
    if (el) return el;
  }
  return null;`;

const FIND_FIELD = `${FINDERS}
  const [m, within] = arguments;
  for (const root of scope(within)) {
    for (const label of root.querySelectorAll('label')) {
      if (!matches(m, label.innerText)) continue;
      const el = label.htmlFor ? document.getElementById(label.htmlFor) : label.querySelector('input, textarea, select');
      if (el && visible(el)) return el;
    }
    const byAria = [...root.querySelectorAll('input, textarea, select')].find((e) => visible(e) && matches(m, e.getAttribute('aria-label') || e.getAttribute('placeholder') || ''));
    if (byAria) return byAria;
  }
  return null;`;

const FIND_CSS = `${FINDERS}
  const [selector, m] = arguments;
  return [...document.querySelectorAll(selector)].find((e) => visible(e) && (!m || matches(m, e.innerText))) || null;`;

async function poll<T>(what: string, timeoutMs: number, attempt: () => Promise<T | null | undefined | false>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  for (;;) {
    try {
      const r = await attempt();
      if (r) return r;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms: ${what}${last ? ` (${(last as Error).message})` : ''}`);
    await sleep(200);
  }
}

const describeMatcher = (m: string | RegExp) => (typeof m === 'string' ? `'${m}'` : String(m));

// ---------------------------------------------------------------------------------------------
// Xvfb (WebKitGTK draws into a real X display)
// ---------------------------------------------------------------------------------------------

export interface RunningXvfb {
  display: string;
  stop(): Promise<void>;
}

export async function startXvfb(): Promise<RunningXvfb> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const n = 90 + Math.floor(Math.random() * 400);
    if (existsSync(`/tmp/.X11-unix/X${n}`) || existsSync(`/tmp/.X${n}-lock`)) continue;
    const child = spawn('Xvfb', [`:${n}`, '-screen', '0', '1400x1000x24', '-nolisten', 'tcp'], { stdio: 'ignore' });
    const ready = await poll(`Xvfb :${n}`, 10_000, async () => existsSync(`/tmp/.X11-unix/X${n}`) || child.exitCode !== null).catch(() => false);
    if (ready && child.exitCode === null) {
      return {
        display: `:${n}`,
        stop: async () => {
          if (child.exitCode === null) {
            const exited = new Promise((r) => child.once('exit', r));
            child.kill('SIGTERM');
            await exited;
          }
        },
      };
    }
    child.kill('SIGKILL');
  }
  throw new Error('could not start Xvfb');
}

// ---------------------------------------------------------------------------------------------
// WebKit
// ---------------------------------------------------------------------------------------------

async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  await poll(`port ${port}`, timeoutMs, () =>
    new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => (s.destroy(), resolve(true)));
      s.on('error', () => resolve(false));
    }),
  );
}

export interface WebKitOptions {
  origin: string;
  /** The server's certificate (PEM file), trusted for ENGINE_HOST. */
  certFile: string;
  display: string;
}

/** A WebKit page: MiniBrowser through WebKitWebDriver, its own fresh (ephemeral) storage — a new device. */
export async function openWebKit(opts: WebKitOptions): Promise<EnginePage> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'forja-webkit-'));
  const hosts = path.join(dir, 'hosts');
  writeFileSync(hosts, `127.0.0.1 localhost\n::1 localhost\n127.0.0.1 ${ENGINE_HOST}\n`);
  const port = await freePort();
  const driverLog: string[] = [];
  const driver: ChildProcess = spawn(
    'unshare',
    ['-m', 'sh', '-c', `mount --bind "${hosts}" /etc/hosts && exec WebKitWebDriver --port=${port} --host=127.0.0.1`],
    { env: { ...process.env, DISPLAY: opts.display, LANG: 'C.UTF-8' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  driver.stdout?.on('data', (c: Buffer) => driverLog.push(c.toString()));
  driver.stderr?.on('data', (c: Buffer) => driverLog.push(c.toString()));
  try {
    await waitForPort(port, 15_000);
  } catch (e) {
    driver.kill('SIGKILL');
    throw new Error(`WebKitWebDriver did not start: ${(e as Error).message}\n${driverLog.join('')}`);
  }
  const wd: WebDriver = await new Builder()
    .usingServer(`http://127.0.0.1:${port}`)
    .withCapabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': {
        binary: MINIBROWSER,
        args: ['--automation'],
        certificates: [{ host: ENGINE_HOST, certificateFile: opts.certFile }],
      },
    })
    .build();
  await wd.manage().setTimeouts({ script: 30_000, pageLoad: 60_000 });

  const find = async (script: string, args: unknown[], what: string, timeoutMs = 20_000): Promise<WebElement> =>
    poll(what, timeoutMs, async () => (await wd.executeScript(script, ...args)) as WebElement | null);
  /** Finds and clicks, again while something still covers it (a closing list, a toast sliding away). */
  const findAndClick = (script: string, args: unknown[], what: string): Promise<WebElement> =>
    poll(`click ${what}`, 20_000, async () => {
      const el = await find(script, args, what);
      // A person scrolls the field to the middle of the screen first: at the bottom edge the
      // phone layout's fixed bar would take the tap.
      await wd.executeScript("arguments[0].scrollIntoView({ block: 'center' })", el);
      await el.click();
      return el;
    });

  let origin = opts.origin;
  return {
    engine: 'webkit',
    setOrigin: (o) => void (origin = o),
    goto: async (p) => void (await wd.get(origin + p)),
    reload: async () => void (await wd.navigate().refresh()),
    url: () => wd.getCurrentUrl(),
    text: async () => (await wd.executeScript('return document.body ? document.body.innerText : ""')) as string,
    async waitForText(what, timeoutMs = 30_000) {
      await poll(`text ${describeMatcher(what)}`, timeoutMs, async () => {
        const t = (await wd.executeScript('return document.body ? document.body.innerText : ""')) as string;
        return typeof what === 'string' ? t.includes(what) : what.test(t);
      });
    },
    async press(name, within) {
      await findAndClick(FIND_BUTTON, [matcher(name), within ?? null], `button ${describeMatcher(name)}`);
    },
    async typeInto(label, keys, within) {
      await findAndClick(FIND_FIELD, [matcher(label), within ?? null], `field ${describeMatcher(label)}`);
      // Keys go to whatever has the focus, where the tap left the caret (Element Send Keys would
      // move the caret to the end of the field first).
      await wd.actions().sendKeys(keys).perform();
    },
    async clickCss(selector, text) {
      await findAndClick(FIND_CSS, [selector, text ? matcher(text) : null], `${selector} ${text ? describeMatcher(text) : ''}`);
    },
    run: async <T>(body: string, ...args: unknown[]) => (await wd.executeScript(body, ...args)) as T,
    async setWidth(width, height = 844) {
      // Xvfb has no window manager: WebKitGTK applies a resize when X gets round to it, and on a
      // busy machine Set Window Rect returns before (CI once read 447 px after asking for 1280).
      // Ask again until the page has the width, as a person drags the window until it fits.
      const innerWidth = async () => (await wd.executeScript('return window.innerWidth')) as number;
      const before = await innerWidth();
      let seen = before;
      let previous = -1;
      await poll(`window ${width}×${height}`, 15_000, async () => {
        await wd.manage().window().setRect({ width, height });
        for (let i = 0; i < 10; i++) {
          seen = await innerWidth();
          if (seen === width) return true;
          await new Promise((r) => setTimeout(r, 100));
        }
        // MiniBrowser keeps a minimum width (its toolbar): asked narrower, it settles just above.
        const settledNarrower = seen === previous && seen < before && seen > width;
        previous = seen;
        return settledNarrower;
      }).catch(() => undefined);
      return seen;
    },
    screenshot: async (file) => writeFileSync(file, await wd.takeScreenshot(), 'base64'),
    async close() {
      await wd.quit().catch(() => undefined);
      driver.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Firefox
// ---------------------------------------------------------------------------------------------

export interface FirefoxOptions {
  origin: string;
  /** The LAN CA (PEM file) installed in the profile, as a phone installs it. */
  caFile: string;
}

export interface FirefoxEngine {
  browser: PuppeteerBrowser;
  newPage(): Promise<EnginePage>;
  close(): Promise<void>;
}

/** Firefox ESR with a fresh profile (a new device) that trusts the LAN CA. */
export async function launchFirefox(opts: FirefoxOptions): Promise<FirefoxEngine> {
  const profile = mkdtempSync(path.join(os.tmpdir(), 'forja-firefox-'));
  execFileSync('certutil', ['-N', '--empty-password', '-d', `sql:${profile}`]);
  execFileSync('certutil', ['-A', '-n', 'Forja LAN CA', '-t', 'C,,', '-i', opts.caFile, '-d', `sql:${profile}`]);
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    userDataDir: profile,
    protocolTimeout: 60_000,
    extraPrefsFirefox: {
      'network.dns.localDomains': ENGINE_HOST,
      'intl.accept_languages': 'pt-BR, pt',
      'intl.locale.requested': 'pt-BR',
    },
  });
  return {
    browser,
    newPage: async () => firefoxPage(await browser.newPage(), opts.origin),
    async close() {
      await browser.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

function firefoxPage(page: PuppeteerPage, firstOrigin: string): EnginePage {
  let origin = firstOrigin;
  page.setDefaultTimeout(30_000);
  const find = async (script: string, args: unknown[], what: string, timeoutMs = 20_000): Promise<ElementHandle<Element>> =>
    poll(what, timeoutMs, async () => {
      const handle = await page.evaluateHandle(new Function(script) as () => Element | null, ...(args as []));
      const el = handle.asElement() as ElementHandle<Element> | null;
      if (!el) await handle.dispose();
      return el;
    });
  const findAndClick = (script: string, args: unknown[], what: string): Promise<ElementHandle<Element>> =>
    poll(`click ${what}`, 20_000, async () => {
      const el = await find(script, args, what);
      await el.evaluate((e) => e.scrollIntoView({ block: 'center' }));
      await el.click();
      return el;
    });
  const bodyText = () => page.evaluate(() => (document.body ? document.body.innerText : ''));
  return {
    engine: 'firefox',
    setOrigin: (o) => void (origin = o),
    goto: async (p) => void (await page.goto(origin + p, { waitUntil: 'load' })),
    reload: async () => void (await page.reload({ waitUntil: 'load' })),
    url: async () => page.url(),
    text: bodyText,
    async waitForText(what, timeoutMs = 30_000) {
      await poll(`text ${describeMatcher(what)}`, timeoutMs, async () => {
        const t = await bodyText();
        return typeof what === 'string' ? t.includes(what) : what.test(t);
      });
    },
    async press(name, within) {
      await findAndClick(FIND_BUTTON, [matcher(name), within ?? null], `button ${describeMatcher(name)}`);
    },
    async typeInto(label, keys, within) {
      await findAndClick(FIND_FIELD, [matcher(label), within ?? null], `field ${describeMatcher(label)}`);
      await page.keyboard.type(keys);
    },
    async clickCss(selector, text) {
      await findAndClick(FIND_CSS, [selector, text ? matcher(text) : null], `${selector} ${text ? describeMatcher(text) : ''}`);
    },
    run: async <T>(body: string, ...args: unknown[]) => (await page.evaluate(new Function(body) as () => T, ...(args as []))) as T,
    async setWidth(width, height = 844) {
      await page.setViewport({ width, height });
      return page.evaluate(() => window.innerWidth);
    },
    screenshot: async (file) => void (await page.screenshot({ path: file as `${string}.png` })),
    close: () => page.close(),
  };
}
