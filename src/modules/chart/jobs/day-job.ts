/**
 * POST /v1/chart/day on a worker: the windows of one chart each over the birth day (or the part given), what
 * holds for all of them, and how the rest is shared out over the hours.
 */
import { DAY_PIECES, dayChanges, dayWindow, type DayWindow, mergeDayChanges, summarizeDay } from '../../../engine/search/day';
import { localReading, resolveDaySpan } from '../../../engine/search/day-span';
import type { DayInput } from './payloads';
import { presentChart } from './present';
import { answerJson } from './chart-jobs';
import { Slicer } from '../../../jobs/slicer';

const HOUR_MS = 3_600_000;

/**
 * About 5 ms for a whole day: searched one body and side at a time and its windows' charts one at a time, with the
 * slicer given a turn between them (jobs/slicer.ts), so the worker's light jobs are not kept waiting.
 */
async function windowsOf(day: { startMs: number; endMs: number }, input: DayInput, slicer: Slicer): Promise<DayWindow[]> {
  const changes = [];
  for (const piece of DAY_PIECES) {
    changes.push(...dayChanges(piece, day.startMs, day.endMs, input.nodeType));
    await slicer.breathe();
  }
  const bounds = mergeDayChanges(changes, day.startMs, day.endMs);
  const windows: DayWindow[] = [];
  for (let i = 0; i <= bounds.length; i++) {
    windows.push(dayWindow(bounds, i, day.startMs, day.endMs, input.nodeType));
    await slicer.breathe();
  }
  return windows;
}

export async function dayJob(input: DayInput, slicer = new Slicer()): Promise<string> {
  return answerJson(await dayAnswer(input, slicer), input.meaning);
}

export async function dayAnswer(input: DayInput, slicer = new Slicer()) {
  const day = resolveDaySpan(input);
  const windows = await windowsOf(day, input, slicer);
  const hours = (a: number, b: number) => Math.round(((b - a) / HOUR_MS) * 1e4) / 1e4;
  return {
    birth: {
      date: input.birthdate,
      location: day.location,
      // `day` is what the answer covers (the windows, and the hours of `varying`): the part asked for, or the whole day.
      day: { from: localReading(day.startMs, day), to: localReading(day.endMs, day), hours: hours(day.startMs, day.endMs) },
      ...(input.span
        ? { wholeDay: { from: localReading(day.dayStartMs, day), to: localReading(day.dayEndMs, day), hours: hours(day.dayStartMs, day.dayEndMs) } }
        : {}),
    },
    windowCount: windows.length,
    windows: windows.map((w) => {
      const c = w.chart;
      const window = {
        from: localReading(w.startMs, day),
        to: localReading(w.endMs, day),
        hours: hours(w.startMs, w.endMs),
        changed: w.changed,
        type: c.type,
        authority: c.authority,
        profile: c.profile,
        definition: c.definition,
        incarnationCross: c.incarnationCross.name,
        definedCenters: c.definedCenters,
        activeChannels: c.activeChannels.map((ch) => `${ch.gate1}-${ch.gate2}`),
      };
      if (input.detail !== 'full') return window;
      // The window's whole chart as /v1/chart gives it, without the birth echo (one per answer, above).
      const { birth: _birth, ...chart } = presentChart(c, {
        date: input.birthdate,
        time: window.from.local.slice(0, 5),
        location: day.location,
        utcOffset: window.from.utcOffset,
        utc: window.from.utc,
      });
      return { ...window, chart };
    }),
    ...summarizeDay(windows),
  };
}
