import { Injectable, OnModuleInit } from '@nestjs/common';
import { ApiError } from '../../common/api-error';
import {
  type MeaningLanguage,
  type MeaningLibraries,
  MEANING_LANGUAGES,
  meaningLibraries,
  REFERENCE_KINDS,
  type ReferenceKind,
  referenceIndex,
  referenceItem,
  referenceLine,
} from '../../engine/meaning';

/**
 * The reference library from the API process's memory (engine/meaning, read at start like the advice): no queue,
 * it is a lookup. Items are found by their chart label or slug; unknown ones are 404 REFERENCE_NOT_FOUND.
 */
@Injectable()
export class ReferenceService implements OnModuleInit {
  private libraries!: MeaningLibraries;

  onModuleInit(): void {
    this.libraries = meaningLibraries();
  }

  index(language: MeaningLanguage): object {
    return referenceIndex(this.libraries[language]);
  }

  item(kind: string, id: string, language: MeaningLanguage): object {
    if (!(REFERENCE_KINDS as readonly string[]).includes(kind)) {
      throw new ApiError(404, 'REFERENCE_NOT_FOUND', `There is no kind "${kind.slice(0, 40)}" in the reference; kinds: ${REFERENCE_KINDS.join(', ')}.`, {
        kinds: [...REFERENCE_KINDS],
      });
    }
    const found = referenceItem(this.libraries[language], kind as ReferenceKind, id);
    if (!found) throw notFound(kind, id);
    return found;
  }

  line(gate: string, line: string, language: MeaningLanguage): object {
    const found = referenceLine(this.libraries[language], gate, line);
    if (!found) throw notFound('lines', `${gate}.${line}`, 'a gate 1–64 and a line 1–6');
    return found;
  }
}

function notFound(kind: string, id: string, expected?: string): ApiError {
  const hint = expected ?? 'GET /v1/reference lists every id and slug';
  // The id is echoed, at most as long as the longest real one (a cross's name).
  const shown = id.length > 120 ? `${id.slice(0, 120)}…` : id;
  return new ApiError(404, 'REFERENCE_NOT_FOUND', `There is no ${kind} item "${shown}" in the reference (${hint}).`, { kind, id: shown });
}

/**
 * The language of a reference answer: `lang` when given (validated by the DTO), else the first language of
 * Accept-Language (by q) that the library has, matching its primary subtag (de-AT → de; pt, pt-PT → pt-BR), else en.
 */
export function languageFor(lang: MeaningLanguage | undefined, acceptLanguage: string | undefined): MeaningLanguage {
  if (lang) return lang;
  if (!acceptLanguage) return 'en';
  const ranges = acceptLanguage
    .slice(0, 1000)
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q ? Number(q[1]) : 1, i };
    })
    .filter((r) => r.tag && r.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of ranges) {
    const exact = MEANING_LANGUAGES.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const primary = tag.split('-')[0];
    const byPrimary = MEANING_LANGUAGES.find((l) => l.split('-')[0].toLowerCase() === primary);
    if (byPrimary) return byPrimary;
  }
  return 'en';
}
