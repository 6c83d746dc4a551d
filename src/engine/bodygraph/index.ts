/** Bodygraph SVG renderer (RULES 12): pure code, no framework imports. */
export {
  renderBodygraph,
  renderCompositeBodygraph,
  renderTransitBodygraph,
  bodygraphHeight,
  centerElementId,
  gateSides,
  escapeXml,
  ACTIVATION_SIDES,
  COMPOSITE_SIDES,
  COMPOSITE_KINDS,
  ARROW_PLACES,
  VIEWS,
  PLANET_GLYPHS,
  FONT_FAMILY,
  DEFAULT_SIZE,
  MIN_SIZE,
  MAX_SIZE,
  HEADER_MAX_LENGTH,
} from './render';
export type { BodygraphOptions, ChartDrawingOptions, CompositeDrawingOptions, DrawingKind, TextMode, ActivationSide } from './render';
export { PALETTES, THEMES, BOTH_PATTERN_ID, BOTH_FILL, BOTH_PEOPLE_PATTERN_ID, BOTH_PEOPLE_FILL } from './theme';
export type { Palette, ThemeName } from './theme';
export {
  VIEW_WIDTH,
  VIEW_HEIGHT,
  CENTER_SHAPES,
  GATE_PLACES,
  GATES,
  CHANNEL_ROUTES,
  CENTER_INNER_POINT,
  INTEGRATION_GATES,
  INTEGRATION_HUB,
  COLUMN,
  CAPTION,
  GATE_RADIUS,
  GATE_FONT_SIZE,
  CHANNEL_WIDTH,
  CHANNEL_CASING_WIDTH,
} from './layout';
export type { Point, CenterShape, GatePlace, GateGeometry, ChannelRoute } from './layout';
