/**
 * Swagger UI at /docs, with one plugin: a drawing answered as SVG shows as a picture in "Try it out", as a PNG does.
 *
 * Swagger UI shows an image/png answer as `<img src="blob:…">` but an image/svg+xml one as its XML text: it never
 * puts an answer's SVG into the page, where the SVG's scripts would run. The plugin shows it as `<img src="blob:…">`
 * made from that text instead. An SVG loaded through `<img>` is a picture only: the browser runs none of its
 * scripts and fetches nothing it links to, so this is as safe as the PNG case. /docs sends no Content-Security-Policy;
 * one would have to allow `img-src blob:` (the PNG picture needs it too).
 *
 * These functions run in the browser, not here: @nestjs/swagger writes their source text (Function.prototype.toString)
 * into /docs/swagger-ui-init.js. So they use nothing from this module's scope, only their arguments and the
 * browser's globals.
 */
import type { SwaggerCustomOptions } from '@nestjs/swagger';

/** The little of React that Swagger UI hands its plugins (as `system.React`) and the plugin uses (plain functions, no `this`). */
interface ReactLike {
  createElement: (type: unknown, props?: Record<string, unknown> | null, ...children: unknown[]) => unknown;
  useMemo: <T>(make: () => T, deps: unknown[]) => T;
  useEffect: (effect: () => void | (() => void), deps: unknown[]) => void;
}

/** Swagger UI's own global in the /docs page. */
declare const SwaggerUIBundle: { plugins: { DownloadUrl: unknown } };

/** The plugin @nestjs/swagger's page lists (it reports the document loaded); a `plugins` option replaces that list. */
export function downloadUrl(): unknown {
  return SwaggerUIBundle.plugins.DownloadUrl;
}

/** Wraps Swagger UI's response body view: an SVG answer becomes a picture; every other answer is left to the view. */
export function svgAsPicture({ React }: { React: ReactLike }) {
  return {
    wrapComponents: {
      responseBody: (Original: unknown) =>
        function ResponseBody(props: { content?: unknown; contentType?: string }) {
          const svg = typeof props.content === 'string' && /^image\/svg\+xml\b/i.test(props.contentType ?? '') ? props.content : null;
          // One blob URL per answer, released when the next answer replaces it.
          const url = React.useMemo(() => (svg === null ? null : URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }))), [svg]);
          React.useEffect(
            () => () => {
              if (url !== null) URL.revokeObjectURL(url);
            },
            [url],
          );
          if (url === null) return React.createElement(Original, props);
          const h = React.createElement;
          return h(
            'div',
            null,
            h('h5', null, 'Response body'),
            h('img', { src: url, alt: 'The drawing (SVG)', style: { display: 'block', maxWidth: '100%' } }),
            h('a', { href: url, download: 'drawing.svg' }, 'Download the SVG'),
          );
        },
    },
  };
}

/** SwaggerModule.setup's options for /docs. */
export const DOCS_UI_OPTIONS: SwaggerCustomOptions = { swaggerOptions: { plugins: [downloadUrl, svgAsPicture] } };
