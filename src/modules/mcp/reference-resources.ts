import { ErrorCode, McpError, type ReadResourceResult, type Resource, type ResourceTemplate } from '@modelcontextprotocol/sdk/types.js';
import { ApiError } from '../../common/api-error';
import { MEANING_LANGUAGES, type MeaningLanguage } from '../../engine/meaning';
import type { ReferenceService } from '../reference/reference.service';

/**
 * The reference library as MCP resources: the index in each language (listed), and every item through one URI
 * template, hd://reference/{lang}/{kind}/{id} (a line: hd://reference/{lang}/lines/51.5). The same answers as
 * GET /v1/reference….
 */
const INDEX_URI = (lang: MeaningLanguage) => `hd://reference/${lang}`;

export function referenceResources(): Resource[] {
  return MEANING_LANGUAGES.map((lang) => ({
    uri: INDEX_URI(lang),
    name: `reference-${lang}`,
    title: `Meaning library index (${lang})`,
    description: `Every gate, line, channel, circuit, center, type, authority, profile, definition, quarter, cross and variable, with its id and name (${lang}); read an item with the template hd://reference/{lang}/{kind}/{id}. Our texts, CC BY 4.0.`,
    mimeType: 'application/json',
  }));
}

export function referenceTemplates(): ResourceTemplate[] {
  return [
    {
      uriTemplate: 'hd://reference/{lang}/{kind}/{id}',
      name: 'reference-item',
      title: 'What one part of a chart means',
      description:
        'lang: en, de, es, pt-BR or fr; kind: gates, lines, channels, circuits, centers, types, authorities, profiles, definitions, quarters, crosses or variables; id: the label a chart answer uses or its slug (51, 51.5 for a line, 10-20, solar-plexus, 5-1, a cross slug).',
      mimeType: 'application/json',
    },
  ];
}

export function readReference(reference: ReferenceService, uri: string): ReadResourceResult {
  const m = /^hd:\/\/reference\/([A-Za-z-]+)(?:\/([a-z]+)\/(.+))?$/.exec(uri);
  const lang = MEANING_LANGUAGES.find((l) => l === m?.[1]);
  if (!m || !lang)
    throw new McpError(
      ErrorCode.InvalidParams,
      `Unknown resource ${uri}: use hd://reference/{lang} or hd://reference/{lang}/{kind}/{id}, lang one of ${MEANING_LANGUAGES.join(', ')}.`,
    );
  let value: object;
  try {
    if (!m[2]) value = reference.index(lang);
    else {
      const id = decodeURIComponent(m[3]);
      if (m[2] === 'lines') {
        const [gate, line] = id.split(/[.-]/);
        value = reference.line(gate ?? '', line ?? '', lang);
      } else value = reference.item(m[2], id, lang);
    }
  } catch (err) {
    if (err instanceof ApiError) throw new McpError(ErrorCode.InvalidParams, err.message);
    throw err;
  }
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value) }] };
}
