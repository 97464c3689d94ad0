/**
 * What the security centre shows of a session or sign-in's client (#16): the browser and the
 * operating system read from the user agent (a few patterns, no parser library), and the client
 * address masked so a screen share does not give it away whole.
 */

export type ClientDevice = { browser: string | null; os: string | null };

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/\b(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/\bSamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/\b(?:Chrome|CriOS|Chromium)\/(\d+)/, 'Chrome'],
  [/\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function describeUserAgent(userAgent: string | null): ClientDevice {
  if (!userAgent) return { browser: null, os: null };
  let browser: string | null = null;
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(userAgent);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const os = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1] ?? null;
  return { browser, os };
}

/**
 * An address with its host part hidden: IPv4 keeps its first three bytes (203.0.113.x), IPv6 its
 * first three groups, the /48 a site gets (2001:db8:1:…); an IPv4-mapped IPv6 address reads as
 * IPv4. Anything else (no address recorded) answers null.
 */
export function maskIp(ip: string | null): string | null {
  if (!ip) return null;
  const address = ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(address);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.x`;
  if (!address.includes(':')) return null;
  const [head = ''] = address.split('::');
  const groups = head.split(':').filter((group) => group !== '');
  return groups.length === 0 ? '::…' : `${groups.slice(0, 3).join(':')}:…`;
}
