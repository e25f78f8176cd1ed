// A browser's User-Agent in words a person recognises ("Firefox on Windows"), for the sessions list.

const browsers: ReadonlyArray<[name: string, pattern: RegExp]> = [
  // Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
  ['Edge', /\bEdg(?:e|A|iOS)?\//],
  ['Opera', /\b(?:OPR|Opera)\//],
  ['Samsung Internet', /\bSamsungBrowser\//],
  ['Firefox', /\b(?:Firefox|FxiOS)\//],
  ['Chrome', /\b(?:Chrome|CriOS)\//],
  ['Safari', /\bVersion\/[\d.]+.*\bSafari\//],
];

const systems: ReadonlyArray<[name: string, pattern: RegExp]> = [
  ['Android', /\bAndroid\b/],
  ['iPhone', /\biPhone\b/],
  ['iPad', /\biPad\b/],
  ['Windows', /\bWindows\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Linux', /\bLinux\b/],
];

const nameIn = (list: ReadonlyArray<[string, RegExp]>, text: string) =>
  list.find(([, pattern]) => pattern.test(text))?.[0];

/** "Browser on system", or what is known of it; 'Unknown browser' when the sign-in sent nothing. */
export function describeUserAgent(userAgent: string): string {
  const text = userAgent.trim();
  if (!text) return 'Unknown browser';
  const browser = nameIn(browsers, text);
  const system = nameIn(systems, text);
  if (browser && system) return `${browser} on ${system}`;
  if (browser || system) return (browser ?? system)!;
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
