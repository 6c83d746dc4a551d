import { Injectable } from '@nestjs/common';
import type { JsonAnswer } from '../../common/json-answer';
import { ApiError } from '../../common/api-error';
import type { RequestTrace } from '../../common/request-log';
import type {
  BodygraphInput,
  CompositeBodygraphInput,
  CompositeInput,
  DayInput,
  DrawingInput,
  ReportInput,
  TransitBodygraphInput,
  TransitInput,
} from './jobs/payloads';
import { birthInput, meaningInput, transitInstant, withChartMeaning, withMeaning } from '../birth/birth-input';
import { JobRunner } from '../queue/job-runner.service';
import type {
  ChartRequestDto,
  BodygraphRequestDto,
  CompositeBodygraphRequestDto,
  CompositeRequestDto,
  DayRequestDto,
  DrawingOptionsDto,
  PentaRequestDto,
  ReportRequestDto,
  TransitBodygraphRequestDto,
  TransitRequestDto,
} from './dto/chart-requests.dto';

/**
 * Normalises a request into a job payload (so equal questions share one job id) and runs it on a worker.
 * Nothing is computed here.
 */
@Injectable()
export class ChartService {
  constructor(private readonly jobs: JobRunner) {}

  /* Each operation answers the response body as text (JSON, or SVG for the drawing), computed by a worker. */

  /* A chart's and an advanced chart's job is the plain one; the API puts their meaning in (withChartMeaning). */

  chart(dto: ChartRequestDto, trace?: RequestTrace): Promise<JsonAnswer> {
    return withChartMeaning(dto, this.jobs.run('chart', birthInput(dto), trace));
  }

  advanced(dto: ChartRequestDto, trace?: RequestTrace): Promise<JsonAnswer> {
    return withChartMeaning(dto, this.jobs.run('advanced', birthInput(dto), trace));
  }

  composite(dto: CompositeRequestDto, trace?: RequestTrace): Promise<JsonAnswer> {
    const input: CompositeInput = { person1: birthInput(dto.person1), person2: birthInput(dto.person2), ...meaningInput(dto) };
    return withMeaning(dto, this.jobs.run('composite', input, trace));
  }

  transit(dto: TransitRequestDto, trace?: RequestTrace): Promise<JsonAnswer> {
    const input: TransitInput = { ...birthInput(dto), at: transitInstant(dto.at), ...meaningInput(dto) };
    return withMeaning(dto, this.jobs.run('transit', input, trace));
  }

  /* The drawings answer SVG text or, for format png, the PNG's bytes in base64 (see the controller). */

  bodygraph(dto: BodygraphRequestDto, trace?: RequestTrace): Promise<string> {
    const input: BodygraphInput = { ...birthInput(dto), ...drawingInput(dto), variables: dto.variables ?? false };
    return this.jobs.run('bodygraph', input, trace);
  }

  compositeBodygraph(dto: CompositeBodygraphRequestDto, trace?: RequestTrace): Promise<string> {
    const input: CompositeBodygraphInput = { person1: birthInput(dto.person1), person2: birthInput(dto.person2), ...drawingInput(dto) };
    if (dto.names) input.names = [dto.names[0].normalize('NFC').trim(), dto.names[1].normalize('NFC').trim()];
    return this.jobs.run('compositeBodygraph', input, trace);
  }

  transitBodygraph(dto: TransitBodygraphRequestDto, trace?: RequestTrace): Promise<string> {
    const input: TransitBodygraphInput = { ...birthInput(dto), at: transitInstant(dto.at), ...drawingInput(dto) };
    return this.jobs.run('transitBodygraph', input, trace);
  }

  /** A reading: HTML text, or for format pdf the PDF's bytes in base64 (see the controller). */
  report(dto: ReportRequestDto, trace?: RequestTrace): Promise<string> {
    return this.jobs.run('report', reportInput(dto), trace);
  }

  penta(dto: PentaRequestDto, trace?: RequestTrace): Promise<JsonAnswer> {
    return withMeaning(dto, this.jobs.run('penta', { members: dto.members.map(birthInput), ...meaningInput(dto) }, trace));
  }

  day(dto: DayRequestDto, trace?: RequestTrace): Promise<JsonAnswer> {
    return withMeaning(dto, this.jobs.run('day', dayInput(dto), trace));
  }
}

/** The day's birth data and the part of the day asked for (a time with a margin, or a window). */
export function dayInput(dto: DayRequestDto): DayInput {
  const { birthtime: _time, nodeType, ...place } = birthInput({ ...dto, birthtime: '00:00' });
  const input: DayInput = { ...place, nodeType, detail: dto.detail ?? 'summary', ...meaningInput(dto) };
  const refuse = (message: string) => new ApiError(400, 'VALIDATION_FAILED', message);
  if (dto.approximate !== undefined && dto.birthtime === undefined) throw refuse('approximate needs birthtime (the time it is a margin around).');
  if (dto.birthtime !== undefined && dto.approximate === undefined) throw refuse('birthtime needs approximate here ("±30m"); for an exact time use /v1/chart.');
  if ((dto.from === undefined) !== (dto.to === undefined)) throw refuse('from and to come together.');
  if (dto.birthtime !== undefined && dto.from !== undefined) throw refuse('Give either birthtime with approximate, or from and to, not both.');
  if (dto.birthtime !== undefined) {
    const m = /^±?(\d{1,3})(m|h)$/.exec(dto.approximate!)!;
    const minutes = Number(m[1]) * (m[2] === 'h' ? 60 : 1);
    if (minutes < 1 || minutes > 720) throw refuse('approximate must be between ±1m and ±12h.');
    input.span = { around: dto.birthtime, minutes };
  } else if (dto.from !== undefined) {
    if (!(dto.to! > dto.from)) throw refuse('to must come after from.');
    input.span = { from: dto.from, to: dto.to! };
  }
  return input;
}

/** The theme only for the HTML (the PDF is always light): PDFs of one birth share one job whatever theme was sent. */
export function reportInput(dto: ReportRequestDto): ReportInput {
  const format = dto.format ?? 'html';
  const input: ReportInput = { ...birthInput(dto), meaning: dto.meaning ?? 'en', format };
  if (format === 'html' && dto.theme) input.theme = dto.theme;
  return input;
}

export function drawingInput(dto: DrawingOptionsDto): DrawingInput {
  const input: DrawingInput = { size: dto.size ?? 800, theme: dto.theme ?? 'light', format: dto.format ?? 'svg', background: dto.background ?? 'theme' };
  // Only when given: a drawing without a header keeps its job id (and its kept results).
  if (dto.title) input.title = dto.title.normalize('NFC');
  if (dto.subtitle) input.subtitle = dto.subtitle.normalize('NFC');
  return input;
}
