/**
 * `npm run docs:examples`: writes src/modules/chart/openapi-examples.json from real engine output for
 * Ra Uru Hu's birth (trimmed where long), so the OpenAPI examples are true to what the service answers.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { advancedJob, chartJob, compositeJob, transitJob } from '../src/jobs/chart-jobs';
import type { BirthInput } from '../src/jobs/payloads';

const ra: BirthInput = { birthdate: '1948-04-09', birthtime: '00:14', location: 'montreal, quebec, canada', nodeType: 'true' };
const other: BirthInput = { birthdate: '1992-10-03', birthtime: '00:03', location: 'attleboro, massachusetts, usa', nodeType: 'true' };

const chart = JSON.parse(chartJob(ra));
const advanced = JSON.parse(advancedJob(ra));
const composite = JSON.parse(compositeJob({ person1: ra, person2: other }));
const transit = JSON.parse(transitJob({ ...ra, at: '2024-01-01T00:00:00Z' }));

const examples = { chart, advanced, composite, transit };
writeFileSync(join(__dirname, '..', 'src', 'modules', 'chart', 'openapi-examples.json'), `${JSON.stringify(examples, null, 1)}\n`);
console.log('wrote src/modules/chart/openapi-examples.json');
