import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FeedAdapter, FeedEvents, InstrumentSeed, RawTick } from '../market.types.js';

/**
 * Replays recorded one-minute bars (the layout of shared/market-data:
 * `timestamp,open,high,low,close,volume[,…]`, files named `<CODE>_1m.csv`) labelled `replay`.
 * Each bar becomes four ticks inside its minute — open, then the extreme nearer the open, the
 * other extreme, and the close carrying the bar's volume — so the minutes the pipeline builds
 * equal the recorded bars exactly. Ticks keep their recorded times: a replayed chart shows the
 * recorded dates.
 */

export type ReplayBar = { time: number; open: string; high: string; low: string; close: string; volume: string };

const DECIMAL = /^\d+(\.\d+)?$/;

/** Parses a bar file; rows that are not a valid bar are skipped and counted. */
export function parseBarCsv(text: string): { bars: ReplayBar[]; skipped: number } {
  const lines = text.split('\n');
  const header = (lines[0] ?? '').trim().split(',');
  const at = (name: string) => header.indexOf(name);
  const [iTime, iOpen, iHigh, iLow, iClose, iVolume] = [
    at('timestamp'),
    at('open'),
    at('high'),
    at('low'),
    at('close'),
    at('volume'),
  ];
  if ([iTime, iOpen, iHigh, iLow, iClose].some((index) => index < 0)) return { bars: [], skipped: lines.length - 1 };
  const bars: ReplayBar[] = [];
  let skipped = 0;
  for (const line of lines.slice(1)) {
    if (line.trim() === '') continue;
    const cells = line.split(',');
    const time = Date.parse(cells[iTime] ?? '');
    const [open, high, low, close] = [cells[iOpen], cells[iHigh], cells[iLow], cells[iClose]];
    const volume = iVolume >= 0 && cells[iVolume] ? (cells[iVolume] as string) : '0';
    if (
      !Number.isFinite(time) ||
      ![open, high, low, close, volume].every((value) => value !== undefined && DECIMAL.test(value))
    ) {
      skipped += 1;
      continue;
    }
    bars.push({ time, open, high, low, close, volume } as ReplayBar);
  }
  return { bars, skipped };
}

export function barTicks(code: string, bar: ReplayBar): RawTick[] {
  const upFirst = Number(bar.close) >= Number(bar.open);
  const [first, second] = upFirst ? [bar.low, bar.high] : [bar.high, bar.low];
  return [
    { code, price: bar.open, time: bar.time, volume: '0' },
    { code, price: first, time: bar.time + 15_000, volume: '0' },
    { code, price: second, time: bar.time + 30_000, volume: '0' },
    { code, price: bar.close, time: bar.time + 59_000, volume: bar.volume },
  ];
}

/** The codes a replay directory has files for. */
export function replayCodes(directory: string): Set<string> {
  if (!existsSync(directory)) return new Set();
  return new Set(
    readdirSync(directory)
      .map((file) => /^([A-Z0-9.]+)_1m\.csv$/.exec(file)?.[1])
      .filter((code): code is string => code !== undefined),
  );
}

export type ReplayOptions = {
  directory: string;
  /** Recorded time per real time: 60 plays a recorded minute each second; 0 plays as fast as it can. */
  speed: number;
  /** Epoch milliseconds: paces the replay against real time. */
  now: () => number;
  log?: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
};

export class ReplayFeed implements FeedAdapter {
  readonly name = 'replay';
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  private resolveFinished: () => void = () => {};
  /** Resolves when every file has been played to its end. */
  readonly finished = new Promise<void>((resolve) => {
    this.resolveFinished = resolve;
  });

  constructor(private readonly options: ReplayOptions) {}

  async start(instruments: InstrumentSeed[], events: FeedEvents): Promise<void> {
    const tracks = instruments.flatMap((instrument) => {
      const file = path.join(this.options.directory, `${instrument.code}_1m.csv`);
      if (!existsSync(file)) return [];
      const { bars, skipped } = parseBarCsv(readFileSync(file, 'utf8'));
      if (skipped > 0) this.options.log?.warn({ file, skipped }, 'replay skipped rows that are not valid bars');
      return bars.length > 0 ? [{ code: instrument.code, bars, next: 0 }] : [];
    });
    events.status({ state: 'open', detail: `${tracks.length} recorded files` });
    const pending = () => tracks.some((track) => track.next < track.bars.length);
    const finish = () => {
      events.status({ state: 'closed', detail: 'replay finished' });
      this.resolveFinished();
    };
    if (!pending()) {
      finish();
      return;
    }

    if (this.options.speed <= 0) {
      // As fast as possible, yielding between chunks so the process stays responsive.
      const pump = () => {
        if (this.stopped) return;
        const ticks: RawTick[] = [];
        for (const track of tracks) {
          const end = Math.min(track.bars.length, track.next + 500);
          for (; track.next < end; track.next += 1)
            ticks.push(...barTicks(track.code, track.bars[track.next] as ReplayBar));
        }
        events.alive();
        if (ticks.length > 0) events.ticks(ticks);
        if (pending()) setImmediate(pump);
        else finish();
      };
      setImmediate(pump);
      return;
    }

    const startedAt = this.options.now();
    const firstTimes = tracks.map((track) => track.bars[0]?.time ?? 0);
    this.timer = setInterval(() => {
      const played = (this.options.now() - startedAt) * this.options.speed;
      const ticks: RawTick[] = [];
      tracks.forEach((track, index) => {
        const limit = (firstTimes[index] ?? 0) + played;
        while (track.next < track.bars.length && (track.bars[track.next]?.time ?? 0) <= limit) {
          ticks.push(...barTicks(track.code, track.bars[track.next] as ReplayBar));
          track.next += 1;
        }
      });
      events.alive();
      if (ticks.length > 0) events.ticks(ticks);
      if (!pending()) {
        if (this.timer) clearInterval(this.timer);
        finish();
      }
    }, 100);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
